"""birdgames.adapters.openspiel passes OpenSpiel's own checks, and its bots play each engine."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from birdgames import codec, games, get_game
from birdgames.adapters import openspiel as adapter
from birdgames.encoding import get_encoding, information_state, information_state_size
from tests.profile import PROFILE

CASES = [
    (adapter.game_name(name), players)
    for name in sorted(games())
    for players in get_game(name).player_counts
] + [
    (adapter.game_name("peacock", simultaneous=True), players)
    for players in get_game("peacock").player_counts
]


# The quick reruns drive the same whole games with weaker bots (MCTS and ISMCTS simulations a
# move) and give random_sim_test one game per case instead of two.
QUICK = PROFILE == "quick"
SIMULATIONS = 5 if QUICK else 10
TABLE_SIMULATIONS = 2 if QUICK else 5
RANDOM_SIMS = 1 if QUICK else 2


def _load(short: str, players: int, **params: Any) -> Any:
    return pyspiel.load_game(short, {"players": players, **params})


def _deal(state: Any, seed: int) -> None:
    """Deals the game `seed`: the chance nodes of the deal take its bytes, lowest first."""
    while state.is_chance_node():
        state.apply_action(seed & 0xFF)
        seed >>= 8


def _draw(state: Any, rng: np.random.RandomState) -> None:
    """Takes a chance node's outcome at random, by its probabilities."""
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(outcomes, p=probabilities)))


def _engine(short: str) -> str:
    return short.removeprefix(adapter.PREFIX).removesuffix("_simultaneous")


@pytest.mark.parametrize(("short", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_openspiel_random_sim_test_passes(short: str, players: int) -> None:
    """pyspiel.random_sim_test plays random games and checks the game's API throughout,
    serializing and restoring states on the way."""
    game = _load(short, players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=RANDOM_SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(games()))
def test_openspiel_mcts_and_ismcts_play_a_whole_game(name: str) -> None:
    """OpenSpiel's MCTS (seat 0) and ISMCTS (seat 1) bots, SIMULATIONS a move, finish a
    game; its returns are zero-sum and name the engine's winners."""
    game = _load(adapter.game_name(name), 2)
    evaluator = adapter.HeuristicEvaluator()
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=rng),
        ismcts.ISMCTSBot(
            game, evaluator, 2.0, SIMULATIONS, random_state=rng, allow_inconsistent_action_sets=True
        ),
    ]
    state = game.new_initial_state()
    _deal(state, 11)
    while not state.is_terminal():
        if state.is_chance_node():
            _draw(state, rng)
            continue
        state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    winners = get_game(name).winners(state.engine_state)
    assert sum(returns) == pytest.approx(0.0)
    assert [p for p in range(2) if returns[p] >= 0 and p in winners] == list(winners)


@pytest.mark.parametrize("name", sorted(games()))
def test_openspiel_ismcts_plays_every_seat_at_the_largest_table(name: str) -> None:
    """ISMCTS in every seat (TABLE_SIMULATIONS a move, resampling each seat's information
    state through the engine's sample_state) finishes a game at the most players."""
    players = max(get_game(name).player_counts)
    game = _load(adapter.game_name(name), players)
    evaluator = adapter.HeuristicEvaluator()
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        2.0,
        TABLE_SIMULATIONS,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    _deal(state, 21)
    while not state.is_terminal():
        if state.is_chance_node():
            _draw(state, rng)
            continue
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(0.0)
    assert max(state.returns()) > 0


@pytest.mark.parametrize("name", sorted(games()))
def test_the_deal_is_the_engine_seed_and_actions_are_encoding_indices(name: str) -> None:
    """With deal_bits=6 the deal is one chance node of 64 outcomes and outcome d starts
    new_game(config, d); legal actions are the mask's indices."""
    engine, encoding = get_game(name), get_encoding(name)
    game = _load(adapter.game_name(name), 2, deal_bits=6)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 64
    state.apply_action(5)
    expected = engine.new_game(engine.default_config(2), 5)
    assert state.engine_state == expected
    player = state.current_player()
    mask = encoding.legal_mask(expected, player)
    assert state.legal_actions() == [i for i, on in enumerate(mask) if on]
    assert game.num_distinct_actions() == encoding.num_actions(engine.default_config(2))


@pytest.mark.parametrize("name", sorted(games()))
def test_tensors_and_strings_are_the_seat_s_observation(name: str) -> None:
    """observation_tensor is encoding.observe of the seat's view; the string its JSON."""
    engine, encoding = get_game(name), get_encoding(name)
    game = _load(adapter.game_name(name), 2)
    state = game.new_initial_state()
    _deal(state, 2)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    for player in range(2):
        view = engine.view(state.engine_state, player)
        tensor = state.observation_tensor(player)
        assert np.allclose(tensor, encoding.observe(view))
        assert state.observation_string(player) == codec.dumps(view)
        assert state.information_state_string(player).endswith(codec.dumps(view))
    assert state.observation_string(0) != state.observation_string(1)


@pytest.mark.parametrize("name", sorted(games()))
def test_a_resampled_state_keeps_the_seat_s_information_state(name: str) -> None:
    """resample_from_infostate (the engine's sample_state) changes only what the seat
    cannot see: its information state and legal actions stay the same."""
    game = _load(adapter.game_name(name), 2)
    state = game.new_initial_state()
    _deal(state, 9)
    for step in range(12):
        legal = state.legal_actions()
        state.apply_action(legal[step % len(legal)])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = False
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions(player) == state.legal_actions(player)
        differs |= sample.engine_state != state.engine_state
    assert differs
    # Played on, every seat's string is still its events' text (the sampling seat's, up to
    # the sample) and its view.
    for step in range(6):
        for seat in range(2):
            text = "\n".join(map(str, sample.seen(seat)))
            expected = f"p{seat}\n{text}\n{sample.observation_string(seat)}"
            assert sample.information_state_string(seat) == expected
        if sample.is_terminal():
            break
        if sample.is_chance_node():
            _draw(sample, np.random.RandomState(step))
            continue
        legal = sample.legal_actions()
        sample.apply_action(legal[step % len(legal)])


def test_perch_with_every_promo_passes_random_sim_test() -> None:
    """A config parameter with the promos (their blocks in the action space) passes too."""
    engine = get_game("perch_bop")
    config = attrs.evolve(
        engine.default_config(4), promos=frozenset({"yeti", "golden_goose", "eagle_of_justice"})
    )
    game = pyspiel.load_game(adapter.game_name("perch_bop"), {"config": codec.dumps(config)})
    assert game.num_distinct_actions() == get_encoding("perch_bop").num_actions(config)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_config_parameter_plays_that_config() -> None:
    """The `config` parameter (a config's JSON) picks expansions and promos."""
    engine = get_game("perch_bop")
    config = engine.default_config(3)
    text = codec.dumps(config)
    game = pyspiel.load_game(adapter.game_name("perch_bop"), {"config": text})
    assert game.num_players() == 3
    state = game.new_initial_state()
    _deal(state, 0)
    assert state.engine_state.config == config


def test_the_simultaneous_peacock_draft_is_a_simultaneous_node() -> None:
    """In birdgames_peacock_simultaneous every seat picks at once; the sequential game asks
    the lowest seat first."""
    simultaneous = _load(adapter.game_name("peacock", simultaneous=True), 3)
    state = simultaneous.new_initial_state()
    _deal(state, 4)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    picks = [state.legal_actions(p)[0] for p in range(3)]
    state.apply_actions(picks)
    sequential = _load(adapter.game_name("peacock"), 3).new_initial_state()
    _deal(sequential, 4)
    for player, pick in enumerate(picks):
        assert sequential.current_player() == player
        sequential.apply_action(pick)
    assert sequential.engine_state == state.engine_state


@pytest.mark.parametrize(("short", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_legal_actions_and_is_chance_node_answer_as_pyspiel_s_own(short: str, players: int) -> None:
    """The state answers legal_actions (of the seat to act, of every seat, of a joint move)
    and is_chance_node as pyspiel's C++ side does, at every node of a random game: deal,
    draws, turns, simultaneous picks and the end."""
    state = _load(short, players).new_initial_state()
    rng = np.random.RandomState(players)
    kinds: set[str] = set()
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in range(players):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        if state.is_terminal():
            kinds.add("terminal")
            break
        if state.is_chance_node():
            kinds.add("chance")
            _draw(state, rng)
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            kinds.add("simultaneous")
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(players)])
        else:
            kinds.add("seat")
            state.apply_action(int(rng.choice(state.legal_actions())))
    simultaneous = short.endswith("_simultaneous")
    assert kinds == {"chance", "seat", "terminal"} | ({"simultaneous"} if simultaneous else set())


@pytest.mark.parametrize(("short", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_the_information_state_tensor_is_the_observation_and_the_summary(
    short: str, players: int
) -> None:
    """information_state_tensor has information_state_tensor_size numbers: the seat's
    observation, then the encoding's summary of the events it has seen."""
    name = _engine(short)
    engine, encoding = get_game(name), get_encoding(name)
    game = _load(short, players)
    size = information_state_size(encoding, engine.default_config(players))
    assert (
        game.information_state_tensor_size()
        == size
        > encoding.observation_size(engine.default_config(players))
    )
    state = game.new_initial_state()
    assert state.information_state_tensor(0) == [0.0] * size
    _deal(state, 3)
    for step in range(30):
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([state.legal_actions(p)[0] for p in range(players)])
            continue
        legal = state.legal_actions()
        state.apply_action(legal[step % len(legal)])
    for player in range(players):
        view = engine.view(state.engine_state, player)
        expected = information_state(encoding, view, state.seen(player))
        assert np.allclose(state.information_state_tensor(player), expected)


@pytest.mark.parametrize("name", sorted(games()))
def test_strings_of_no_seat_raise_spiel_error(name: str) -> None:
    """At a terminal or chance node the default seat is no seat: OpenSpiel's SpielError."""
    game = _load(adapter.game_name(name), 2)
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        state.information_state_string()
    with pytest.raises(pyspiel.SpielError):
        state.observation_string(5)
    _deal(state, 1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    for method in (state.information_state_string, state.observation_string):
        with pytest.raises(pyspiel.SpielError):
            method()
    assert state.observation_string(0)  # a seat's view of the end is fine


def test_a_public_information_state_observer_is_refused() -> None:
    """A perfect-recall observer of public information only would need a public event log,
    which the game does not keep: asking for one is an error, not a leak."""
    game = _load(adapter.game_name("rookery"), 2)
    public = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="public information state"):
        game.make_py_observer(public)


@pytest.mark.parametrize("draw_bits", [0, 8])
@pytest.mark.parametrize("name", sorted(games()))
def test_each_seat_has_seen_what_the_engine_showed_it_at_every_step(
    name: str, draw_bits: int
) -> None:
    """A step's events are worked out when first read; a seat's events, asked for at any
    step, in any order of seats, and after a pickle round trip, are what the engine showed
    that seat, a draw's included (its step played from the state the draw's outcome made);
    and its information state string is their text, a line each, then its view, for an
    earlier position as well once later ones were asked for."""
    import pickle

    def text(state: Any, seat: int, events: list[Any]) -> str:
        lines = "\n".join(str(event) for event in events)
        return f"p{seat}\n{lines}\n{state.observation_string(seat)}"

    game = _load(adapter.game_name(name), 2, draw_bits=draw_bits)
    engine, encoding = get_game(name), get_encoding(name)
    state = game.new_initial_state()
    _deal(state, 17)
    rng = np.random.RandomState(17)
    shown: list[list[Any]] = [[], []]
    step = draws = 0
    while not state.is_terminal():
        before = state.engine_state
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        digits: list[int] = []
        while state.is_chance_node():  # the draw: its outcome reshuffles what no seat knows
            digits.append(int(rng.randint(1 << draw_bits)))
            state.apply_action(digits[-1])
        if digits:
            draws += 1
            before = encoding.shuffle_unseen(
                before, sum(d << (8 * i) for i, d in enumerate(digits))
            )
        _, events = engine.step(before, encoding.decode(before, player, action))
        for seat in (0, 1):
            shown[seat].extend(engine.visible_events(events, seat))
        step += 1
        if step % 7 == 0:  # ask now and then, the seats in turn or the other way round
            for seat in (0, 1) if step % 2 else (1, 0):
                assert state.seen(seat) == tuple(shown[seat])
                if step % 3 == 0:
                    assert state.information_state_string(seat) == text(state, seat, shown[seat])
        if step == 10:
            earlier = state.clone()
            earlier_texts = [text(state, seat, shown[seat]) for seat in (0, 1)]
    assert (draws > 0) == (draw_bits > 0)  # the draws' steps were read too
    restored = pickle.loads(pickle.dumps(state))
    assert [restored.seen(seat) for seat in (0, 1)] == [tuple(s) for s in shown]
    assert [state.seen(seat) for seat in (1, 0)] == [tuple(shown[1]), tuple(shown[0])]
    texts = [text(state, seat, shown[seat]) for seat in (0, 1)]
    assert [state.information_state_string(seat) for seat in (0, 1)] == texts
    assert [restored.information_state_string(seat) for seat in (1, 0)] == texts[::-1]
    assert [earlier.information_state_string(seat) for seat in (0, 1)] == earlier_texts


@pytest.mark.parametrize("name", sorted(games()))
def test_an_information_state_observer_gives_each_seat_its_information_state(name: str) -> None:
    """One perfect-recall observer, kept over a random game (its observation written over
    the seat's last one, its summary extended by the events since the seat's last one): at
    every step each seat's tensor is `information_state` of its view and the events it has
    seen, and so is that of an earlier position and of a branch off it in between."""
    from open_spiel.python.observation import make_observation

    game = _load(adapter.game_name(name), 2)
    engine, encoding = get_game(name), get_encoding(name)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))

    def check(state: Any, seat: int) -> None:
        observer.set_from(state, seat)
        view = engine.view(state.engine_state, seat)
        expected = information_state(encoding, view, state.seen(seat))
        assert np.array_equal(observer.tensor, np.asarray(expected, np.float32))

    def play(state: Any, rng: np.random.RandomState) -> None:
        player = state.current_player()
        if state.is_chance_node():
            _draw(state, rng)
        elif player < 0:
            state.apply_actions([state.legal_actions(p)[0] for p in range(2)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions(player))))

    state = game.new_initial_state()
    _deal(state, 7)
    rng = np.random.RandomState(7)
    earlier = branch = None
    steps = 0
    while not state.is_terminal() and steps < 120:
        if not state.is_chance_node():
            for seat in (steps % 2, 1 - steps % 2):  # the seats in either order
                check(state, seat)
                if earlier is not None and branch is not None and steps % 10 == 0:
                    check(earlier, seat)  # the observer's last position leads on from it
                    check(branch, seat)  # and this one leads on from another position
                    check(state, seat)
            steps += 1
        if steps == 40 and earlier is None:
            earlier = state.clone()
            branch = state.clone()
            for _ in range(6):
                if not branch.is_terminal():
                    play(branch, np.random.RandomState(99))
        play(state, rng)
    assert steps > 60


@pytest.mark.parametrize("name", sorted(games()))
def test_an_entity_observer_gives_each_seat_its_view_s_entities(name: str) -> None:
    """make_observation with {"entities": True}: at every step of a random game, each seat's
    tensor holds its view's entities (as floats) and `dict` the layout's tables."""
    from open_spiel.python.observation import make_observation

    game = _load(adapter.game_name(name), 2)
    engine, encoding = get_game(name), get_encoding(name)
    layout = encoding.entity_layout(engine.default_config(2))
    observer = make_observation(game, None, {"entities": True})
    assert observer.tensor.shape == (layout.size,)
    assert [(k, v.shape) for k, v in observer.dict.items()] == [
        (t.name, (t.rows, t.width)) for t in layout.tables
    ]
    state = game.new_initial_state()
    _deal(state, 5)
    rng = np.random.RandomState(5)
    steps = 0
    while not state.is_terminal() and steps < 150:
        if state.is_chance_node():
            _draw(state, rng)
            continue
        for seat in range(2):
            observer.set_from(state, seat)
            expected = encoding.entities(engine.view(state.engine_state, seat))
            assert observer.tensor.tolist() == [float(x) for x in expected]
        player = state.current_player()
        legal = state.legal_actions(player) if player >= 0 else None
        if legal is None:
            state.apply_actions([state.legal_actions(p)[0] for p in range(2)])
        else:
            state.apply_action(int(rng.choice(legal)))
        steps += 1
    assert steps > 20


@pytest.mark.parametrize(
    ("obs_type", "params", "message"),
    [
        (None, {"entities": 1}, "entities must be True or False"),
        (None, {"entities": True, "size": 3}, "the only observation parameter is entities"),
        (None, {"frames": 4}, "the only observation parameter is entities"),
        (
            pyspiel.IIGObservationType(perfect_recall=True),
            {"entities": True},
            "a seat's own observation only",
        ),
        (
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            ),
            {"entities": True},
            "a seat's own observation only",
        ),
    ],
)
def test_observer_parameters_other_than_a_seat_s_entities_are_refused(
    obs_type: Any, params: dict[str, Any], message: str
) -> None:
    """Only {"entities": bool} is a parameter, and entities are a seat's own observation:
    not a public one, nor an information state."""
    game = _load(adapter.game_name("rookery"), 2)
    with pytest.raises(ValueError, match=message):
        game.make_py_observer(obs_type, params)
