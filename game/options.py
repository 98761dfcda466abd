"""Game options: each game declares its settings with defaults, and values are validated here."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from game.core import OptionError


@dataclasses.dataclass(frozen=True)
class Option:
    """One setting of a game: its name, default, allowed values and a line of help."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # the value a record that does not name this option was played with: an option added later
    # (a house ruling) keeps older records and saves replaying under the rules they were played
    # by; None: the default
    absent: Any = None

    def validate(self, value: Any) -> Any:
        """Return `value` if it is allowed for this option, else raise OptionError saying why."""
        if self.choices:
            if value not in self.choices or type(value) is not type(self.default):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(f"option {self.name!r}: {value!r} is not one of {allowed}")
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r}: {value!r} is not true or false")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r}: {value!r} is not a whole number")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r}: {value} is below the minimum "
                                  f"{self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r}: {value} is above the maximum "
                                  f"{self.maximum}")
            return value
        raise OptionError(f"option {self.name!r} has an unsupported type")  # pragma: no cover

    def describe(self) -> str:
        """A one-line summary of the allowed values and the default."""
        if self.choices:
            allowed = " | ".join(str(c) for c in self.choices)
        elif isinstance(self.default, bool):
            allowed = "true | false"
        else:
            allowed = f"{self.minimum}..{self.maximum}"
        return f"{self.name}: {allowed} (default {self.default}) - {self.help}"


def resolve_options(specs: tuple[Option, ...],
                    given: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Merge `given` over the defaults, validating every value; unknown names are an error."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise OptionError("options must be a mapping of names to values, "
                          f"not {type(given).__name__}")
    given = dict(given)
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known), key=repr)
    if unknown:
        names = ", ".join(known) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} (this game's options: {names})")
    resolved = {spec.name: spec.validate(given.get(spec.name, spec.default)) for spec in specs}
    return MappingProxyType(resolved)
