"""Where the web server keeps its games: a small interface and its SQLite implementation.

A table is its settings (game, config, seed, mode, links, names, bots) and the list of its
actions; the server replays the actions to rebuild the game. Saves are whole `LiveRecord`
documents kept beside the table they belong to. Every call commits before it returns, so a
step written here survives the server being killed the moment after.

A deployment that wants another database implements `Store` and passes it to `create_app`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final, Protocol

import attrs

# "bgws" (birdgames web store) in the file's header: a SQLite file without it is not ours.
APPLICATION_ID: Final = 0x62677773
SCHEMA_VERSION: Final = 1

_SCHEMA: Final = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL
);
CREATE TABLE steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    step INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, step)
);
CREATE TABLE saves (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    steps INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX saves_by_table ON saves(table_id);
"""


class StoreError(Exception):
    """The database cannot be used: not ours, corrupt, or from a newer server."""


@attrs.frozen
class TableRow:
    """A table's settings as stored; `settings` is the server's JSON document of them."""

    id: str
    settings: str


@attrs.frozen
class SaveRow:
    """One save of a table: the LiveRecord's JSON text after `steps` steps."""

    id: str
    table_id: str
    steps: int
    record: str


class Store(Protocol):
    """What the server needs from a database."""

    def tables(self) -> Iterator[tuple[TableRow, tuple[str, ...]]]:
        """Yields every table with its actions' JSON texts in step order."""
        ...

    def add_table(self, row: TableRow, actions: Sequence[str]) -> None: ...

    def update_settings(self, row: TableRow) -> None: ...

    def append_step(self, table_id: str, step: int, action: str) -> None:
        """Stores the action of step `step` (counted from 0)."""
        ...

    def truncate(self, table_id: str, steps: int) -> None:
        """Forgets every step from `steps` on (an undo)."""
        ...

    def add_save(self, save: SaveRow) -> None: ...

    def saves(self, table_id: str) -> tuple[SaveRow, ...]:
        """Returns the table's saves, oldest first."""
        ...

    def close(self) -> None: ...


class SQLiteStore:
    """A `Store` in one SQLite file (WAL mode), or in memory for `":memory:"`."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the database {self.path}: {error}") from None
        try:
            self._open()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(
                f"{self.path} is not a usable birdgames web database ({error}); "
                "move it away or point --db at another file"
            ) from None
        except StoreError:
            self._db.close()
            raise

    def _open(self) -> None:
        db = self._db
        # Reading the header first: a file that is not SQLite at all fails here, untouched.
        application_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if application_id == 0 and version == 0 and objects == 0:
            self._create()
        elif application_id != APPLICATION_ID:
            raise StoreError(
                f"{self.path} is a SQLite database of another program (application id "
                f"{application_id:#x}), not a birdgames web database; point --db at another file"
            )
        elif version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer server (schema {version}; this one "
                f"reads {SCHEMA_VERSION})"
            )
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise StoreError(f"{self.path} is damaged: {check}")
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL loses no committed transaction when the process is killed.
            db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA foreign_keys = ON")

    def _create(self) -> None:
        self._db.executescript(
            "BEGIN;"
            + _SCHEMA
            + f"PRAGMA application_id = {APPLICATION_ID};"
            + f"PRAGMA user_version = {SCHEMA_VERSION};"
            + "COMMIT;"
        )

    class _Transaction:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> None:
            if not self.db.in_transaction:
                self.db.execute("BEGIN")

        def __exit__(self, kind: object, value: object, traceback: object) -> None:
            if not self.db.in_transaction:
                return
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> SQLiteStore._Transaction:
        return SQLiteStore._Transaction(self._db)

    def tables(self) -> Iterator[tuple[TableRow, tuple[str, ...]]]:
        actions: dict[str, list[str]] = {}
        for table_id, action in self._db.execute(
            "SELECT table_id, action FROM steps ORDER BY table_id, step"
        ):
            actions.setdefault(table_id, []).append(action)
        for table_id, settings in self._db.execute("SELECT id, settings FROM tables ORDER BY id"):
            yield TableRow(table_id, settings), tuple(actions.get(table_id, ()))

    def add_table(self, row: TableRow, actions: Sequence[str]) -> None:
        with self._transaction():
            self._db.execute("INSERT INTO tables VALUES (?, ?)", (row.id, row.settings))
            self._db.executemany(
                "INSERT INTO steps VALUES (?, ?, ?)",
                [(row.id, step, action) for step, action in enumerate(actions)],
            )

    def update_settings(self, row: TableRow) -> None:
        with self._transaction():
            self._db.execute("UPDATE tables SET settings = ? WHERE id = ?", (row.settings, row.id))

    def append_step(self, table_id: str, step: int, action: str) -> None:
        with self._transaction():
            self._db.execute("INSERT INTO steps VALUES (?, ?, ?)", (table_id, step, action))

    def truncate(self, table_id: str, steps: int) -> None:
        with self._transaction():
            self._db.execute(
                "DELETE FROM steps WHERE table_id = ? AND step >= ?", (table_id, steps)
            )

    def add_save(self, save: SaveRow) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO saves VALUES (?, ?, ?, ?)",
                (save.id, save.table_id, save.steps, save.record),
            )

    def saves(self, table_id: str) -> tuple[SaveRow, ...]:
        rows = self._db.execute(
            "SELECT id, table_id, steps, record FROM saves WHERE table_id = ? ORDER BY rowid",
            (table_id,),
        )
        return tuple(SaveRow(*row) for row in rows)

    def close(self) -> None:
        self._db.close()


def settings_document(settings: dict[str, object]) -> str:
    """Returns the stored text of a table's settings (sorted keys: stable across runs)."""
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))
