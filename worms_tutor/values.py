"""Fast construction and copy-with-changes for the engine's frozen dataclasses (hot in searches).

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, which costs
about a microsecond per value made; the engine makes millions of them. Both helpers fill the
instance dictionary directly instead. They suit classes without ``__post_init__`` and without
``default_factory`` fields: a field left out of ``build`` reads the class default, as
dataclasses keep plain defaults as class attributes.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def build(cls: type[T], **fields: Any) -> T:
    """A new ``cls`` with ``fields`` (the rest keep their defaults), without ``__init__``."""
    value = object.__new__(cls)
    value.__dict__.update(fields)
    return value


def evolve(value: T, **changes: Any) -> T:
    """Like ``dataclasses.replace``, without re-running ``__init__``."""
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    return copy
