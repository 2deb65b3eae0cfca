"""Each engine's generated thawed.py is what scripts/write_thawed.py writes from its State."""

from scripts.write_thawed import generated, stale


def test_thawed_modules_are_up_to_date() -> None:
    """`python scripts/write_thawed.py` would change nothing: rerun it after changing a State
    or a part the working copy thaws."""
    assert generated()  # at least one engine has one
    assert not stale(), f"out of date, rerun scripts/write_thawed.py: {stale()}"
