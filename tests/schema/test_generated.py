"""The committed schemas, declarations and field docstrings are what the generator writes."""

from scripts.write_schemas import DOCS, FIELD_DOCS, WEB_TYPES, generated, stale


def test_the_committed_files_are_what_the_generator_writes() -> None:
    """`python scripts/write_schemas.py` would change nothing: rerun it after a change to a
    document class or a field docstring."""
    assert not stale(), f"out of date, rerun scripts/write_schemas.py: {stale()}"


def test_the_generator_writes_every_engine_and_kind() -> None:
    """Seven schemas and a declaration file per engine, in the docs and the web example."""
    files = generated()
    assert FIELD_DOCS in files
    assert len([p for p in files if p.suffix == ".json" and DOCS in p.parents]) == 3 * 7
    assert len([p for p in files if WEB_TYPES in p.parents]) == 3
