"""The end of a season: additional migration, scoring, season change and the end (K2.4-K3)."""

from __future__ import annotations

from birdgames.peacock.build import with_seats
from birdgames.peacock.cards import SEASONS_PER_GAME, SPECIES_BY_ID
from birdgames.peacock.events import (
    BirdsPassed,
    BirdsRemoved,
    BirdsSetAside,
    Event,
    GameOver,
    PhaseBegan,
    SeasonChanged,
    SeasonScored,
)
from birdgames.peacock.scoring import (
    distinct_species,
    flock_max,
    flock_text,
    group_counts,
    hunger_text,
    is_fed,
    rating,
    season_score,
)
from birdgames.peacock.setup import deal
from birdgames.peacock.state import (
    ADDITIONAL,
    DRAFT,
    OVER,
    SLOTS,
    Flock,
    Group,
    Pool,
    Seat,
    State,
    direction,
    other_season,
)


def start_additional(state: State, events: list[Event]) -> State:
    """K2.4 every unplaced bird passes to the next player in the season's direction."""
    n = len(state.seats)
    step_ = direction(state.season)
    received: list[tuple[str, ...]] = [()] * n
    for i, seat in enumerate(state.seats):
        pool = seat.pool
        unplaced = tuple(sorted(pool.drafted_birds + pool.aside))
        if unplaced:
            to = (i + step_) % n
            received[to] = unplaced
            events.append(BirdsPassed(i, to, unplaced))
    seats: list[Seat] = []
    waiting = False
    for i, seat in enumerate(state.seats):
        got = received[i]
        waiting = waiting or bool(got)
        seats.append(
            Seat(seat.hand, None, Pool((), (), (), got), seat.groups, not got, seat.season_scores)
        )
    state = with_seats(state, tuple(seats), ADDITIONAL)
    if not waiting:
        return finish_season(state, events)
    events.append(PhaseBegan(ADDITIONAL, state.round, state.season))
    return state


def finish_season(state: State, events: list[Event]) -> State:
    """K2.4 unplaced received birds leave; K2.5 scoring; then K2.6 or K3."""
    gone = state.gone
    seats: list[Seat] = []
    for i, seat in enumerate(state.seats):
        lost = seat.pool.received
        if lost:
            gone = tuple(sorted(gone + lost))
            events.append(BirdsRemoved(i, lost))
        points, flocks = season_score(seat, state.season)
        scores = (*seat.season_scores, points)
        events.append(SeasonScored(i, state.round, state.season, points, sum(scores), flocks))
        seats.append(Seat(seat.hand, None, Pool(), seat.groups, True, scores))
    if state.round >= SEASONS_PER_GAME:
        over = State(
            state.config,
            state.rng,
            state.season,
            state.round,
            OVER,
            tuple(seats),
            state.bird_deck,
            state.island_deck,
            state.boxed_birds,
            state.boxed_islands,
            gone,
        )
        totals = tuple(sum(seat.season_scores) for seat in seats)
        events.append(GameOver(totals, tuple(rating(t) for t in totals), winners(over)))
        return over
    return change_season(state, tuple(seats), gone, events)


def change_season(
    state: State, seats: tuple[Seat, ...], gone: tuple[str, ...], events: list[Event]
) -> State:
    """K2.6 flip the season, rotate every group, set aside birds that cannot stay, deal."""
    season = other_season(state.season)
    rnd = state.round + 1
    events.append(SeasonChanged(rnd, season))
    changed: list[Seat] = []
    for i, seat in enumerate(seats):
        aside: tuple[str, ...] = ()
        groups: list[Group] = []
        for index, before in enumerate(seat.groups):
            group = before
            counts = group_counts(group, season)
            for slot in SLOTS:
                flock = group.flock(slot)
                if flock is None:
                    continue
                species = SPECIES_BY_ID[flock.species]
                if not is_fed(species, counts):
                    leaving = flock.size
                    reason = hunger_text(species, counts, f"group {index}", season)
                    group = group.with_flock(slot, None)
                else:
                    most = flock_max(species, season, counts)
                    if flock.size <= most:
                        continue
                    # The most recently placed birds leave; the rest stay as they are.
                    leaving = flock.size - most
                    reason = f"{flock_text(flock.species)} holds at most {most} in {season.value}"
                    group = group.with_flock(slot, Flock(flock.species, most))
                aside = aside + (flock.species,) * leaving
                events.append(BirdsSetAside(i, flock.species, leaving, index, slot, reason))
            groups.append(group)
        pool = Pool((), (), tuple(sorted(aside)), ())
        changed.append(Seat(seat.hand, None, pool, tuple(groups), False, seat.season_scores))
    new_seats, birds, islands, dealt = deal(tuple(changed), state.bird_deck, state.island_deck, rnd)
    events.append(PhaseBegan(DRAFT, rnd, season))
    events.extend(dealt)
    return State(
        state.config,
        state.rng,
        season,
        rnd,
        DRAFT,
        new_seats,
        birds,
        islands,
        state.boxed_birds,
        state.boxed_islands,
        gone,
    )


# --- results ----------------------------------------------------------------------------


def totals(state: State) -> tuple[int, ...]:
    """Returns each player's running total."""
    return tuple(sum(seat.season_scores) for seat in state.seats)


def winners(state: State) -> tuple[int, ...]:
    """Returns the winners once the game is over (K3): total, then distinct species."""
    if state.phase is not OVER:
        return ()
    sums = totals(state)
    best = max(sums)
    tied = [i for i, t in enumerate(sums) if t == best]
    if len(tied) > 1:
        # K3 tie: most distinct species; still tied shares the win (DECISION).
        variety = {i: distinct_species(state.seats[i]) for i in tied}
        most = max(variety.values())
        tied = [i for i in tied if variety[i] == most]
    return tuple(tied)
