"""The identity memo the bots keep answers in: same objects, same answer; equal objects are
asked again."""

from __future__ import annotations

from birdgames.identity import remembered


def test_an_answer_is_kept_for_the_same_objects_and_asked_again_for_equal_ones() -> None:
    calls: list[tuple[object, ...]] = []

    @remembered(4)
    def size(items: tuple[int, ...], extra: list[int]) -> int:
        calls.append((items, extra))
        return len(items) + len(extra)

    items, extra = (1, 2, 3), [4]
    assert size(items, extra) == 4
    assert size(items, extra) == 4
    assert len(calls) == 1
    assert size(tuple([1, 2, 3]), extra) == 4  # equal, not the same: asked again
    assert len(calls) == 2
    extra.append(5)  # the memo is for immutable values: a changed object keeps its answer
    assert size(items, extra) == 4
    size.forget()
    assert size(items, extra) == 5


def test_only_the_key_arguments_find_an_answer() -> None:
    """With `key=1` the second argument rides along: the first alone finds the answer."""
    seen: list[str] = []

    @remembered(4, key=1)
    def first(board: tuple[int, ...], viewer: str) -> int:
        seen.append(viewer)
        return sum(board)

    board = (1, 2)
    assert [first(board, "p0"), first(board, "p1")] == [3, 3]
    assert seen == ["p0"]


def test_it_keeps_at_most_size_keys() -> None:
    """Past `size` keys it starts again, so it never holds more than `size` answers."""
    asked: list[int] = []

    @remembered(2)
    def double(box: list[int]) -> int:
        asked.append(box[0])
        return 2 * box[0]

    boxes = [[n] for n in range(3)]
    for box in boxes:
        double(box)
    assert len(double._kept) <= 2
    double(boxes[2])
    assert asked == [0, 1, 2]
    double(boxes[0])
    assert asked == [0, 1, 2, 0]
