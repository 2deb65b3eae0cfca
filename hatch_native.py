"""The compiled build's rewrite of a state module's attrs classes into mypyc-native classes.

A class made with `attrs.frozen` is never native under mypyc: compiled code reads its fields
through Python attribute lookups and builds it through attrs' Python `__init__`. mypyc makes a
class native when it is written as `attr.s` with `attr.ib(type=...)` fields and an `__init__`
of `object.__setattr__` calls, each compiled into a direct store. Written that way in the
sources, the classes would read worse and lose their annotations (pyright types an
`attr.ib(type=X | None)` field as Any), so the sources keep `attrs.frozen` and the compiled
build (hatch_build.py) rewrites its copy of them with `native_source` before compiling.

The rewrite keeps each class's fields, types, defaults, equality, hash and repr (attrs still
makes them) and adds `__reduce__` (copy and pickle; mypyc's own would not call `__init__`).
A class without slots (`slots=False`) carries notes in its instance dict; a native instance
has no dict, so the rewrite declares each of `notes` (a tuple or None) as an attribute of such
a class.
tests/perf/test_native_build.py holds the rewrite to the classes it rewrites.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

_FROZEN = "attrs.frozen"
_CACHED_HASH = "_attrs_cached_hash"  # where attrs keeps a cached hash (birdgames.fields)


def _is_frozen(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target) == _FROZEN


def _options(decorator: ast.expr) -> tuple[bool, bool]:
    """Returns whether the class has slots and whether it caches its hash: the only options
    the rewrite keeps (any other would change what the rewritten `__init__` or attrs make)."""
    if not isinstance(decorator, ast.Call):
        return True, False
    if decorator.args:
        raise ValueError(f"{ast.unparse(decorator)}: positional options are not rewritten")
    options = {"slots": True, "cache_hash": False}
    for keyword in decorator.keywords:
        if keyword.arg not in options:
            raise ValueError(f"{ast.unparse(decorator)}: {keyword.arg} is not rewritten")
        options[keyword.arg] = ast.literal_eval(keyword.value)
    return options["slots"], options["cache_hash"]


def _is_class_var(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return ast.unparse(target) in ("ClassVar", "typing.ClassVar")


def _statements(text: str) -> list[ast.stmt]:
    return ast.parse(text).body


def _rewrite(cls: ast.ClassDef, notes: Iterable[str]) -> ast.ClassDef:
    (decorator,) = cls.decorator_list
    if cls.bases or cls.keywords:
        raise ValueError(f"{cls.name}: a class with bases is not rewritten")
    slots, cache_hash = _options(decorator)
    options = ""
    fields: list[tuple[str, str, str | None]] = []  # name, type, default
    body: list[ast.stmt] = []
    for statement in cls.body:
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and not _is_class_var(statement.annotation)
        ):
            name = statement.target.id
            kind = ast.unparse(statement.annotation)
            default = None if statement.value is None else ast.unparse(statement.value)
            if default is not None and default.startswith(("attrs.field", "attr.ib")):
                raise ValueError(f"{cls.name}.{name}: a field() default is not rewritten")
            fields.append((name, kind, default))
            tail = "" if default is None else f", default={default}"
            body += _statements(f"{name} = attr.ib(type={kind}{tail})")
        else:
            body.append(statement)
    if not slots:
        body += _statements("".join(f"{note}: tuple[object, ...] | None\n" for note in notes))
    params = "".join(
        f", {name}: {kind}" + ("" if default is None else f" = {default}")
        for name, kind, default in fields
    )
    stores = "".join(f'    object.__setattr__(self, "{name}", {name})\n' for name, _, _ in fields)
    values = "".join(f"self.{name}, " for name, _, _ in fields)
    if cache_hash:
        # attrs caches a hash only through its own __init__: the rewrite keeps the cache itself
        # (and attrs' equality, hash=False leaving this __hash__ alone).
        options = ", hash=False"
        body += _statements(f"{_CACHED_HASH}: int | None")
        stores += f'    object.__setattr__(self, "{_CACHED_HASH}", None)\n'
        body += _statements(
            "def __hash__(self) -> int:\n"
            f"    cached = self.{_CACHED_HASH}\n"
            "    if cached is None:\n"
            f"        cached = hash(({values}))\n"
            f'        object.__setattr__(self, "{_CACHED_HASH}", cached)\n'
            "    return cached\n"
        )
    body += _statements(f"def __init__(self{params}) -> None:\n" + (stores or "    pass\n"))
    body += _statements(
        f"def __reduce__(self) -> tuple[type[{cls.name}], tuple[object, ...]]:\n"
        f"    return ({cls.name}, ({values}))\n"
    )
    native = f"attr.s(frozen=True, init=False, order=False{options})"
    cls.decorator_list = [ast.parse(native, mode="eval").body]
    cls.body = body
    return cls


def native_source(text: str, notes: Iterable[str] = ()) -> str:
    """Returns the module `text` with every `attrs.frozen` class rewritten as a native one."""
    notes = tuple(notes)
    module = ast.parse(text)
    body: list[ast.stmt] = []
    rewritten = False
    for statement in module.body:
        if not (
            isinstance(statement, ast.ClassDef)
            and any(_is_frozen(d) for d in statement.decorator_list)
        ):
            body.append(statement)
            continue
        if len(statement.decorator_list) != 1:
            raise ValueError(f"{statement.name}: other decorators are not rewritten")
        body.append(_rewrite(statement, notes))
        rewritten = True
        # mypyc keeps no docstring of a native class: set after it, for help() and the docs
        # (through setattr: mypy refuses an assignment to a class attribute not declared).
        doc = ast.get_docstring(statement, clean=False)
        if doc is not None:
            body += _statements(f"setattr({statement.name}, '__doc__', {doc!r})")
    if rewritten:
        at = _after_docstring_and_future(module)
        body[at:at] = _statements("import attr")
    module.body = body
    return ast.unparse(ast.fix_missing_locations(module)) + "\n"


def _after_docstring_and_future(module: ast.Module) -> int:
    k = 0
    body = module.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        k = 1
    while k < len(body):
        statement = body[k]
        if not (isinstance(statement, ast.ImportFrom) and statement.module == "__future__"):
            break
        k += 1
    return k
