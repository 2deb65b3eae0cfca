"""The contract page says what the package's promises do not cover."""

from pathlib import Path

CONTRACT = Path(__file__).resolve().parents[2] / "docs" / "contract.md"


def _promise(number: int) -> str:
    text = CONTRACT.read_text()
    return text.split(f"{number}. **", 1)[1].split(f"{number + 1}. **", 1)[0]


def test_the_immutability_promise_says_what_vars_of_a_state_hands_out() -> None:
    """A State's instance dict is its storage: the page says writing to it is not covered."""
    promise = _promise(1)
    assert "vars(state)" in promise
    assert "outside the contract" in promise
    assert "attrs.asdict(state)" in promise
