"""A package's names given from their modules when first asked for (PEP 562 `__getattr__`).

`from arbiter_tournament.core.commands import RecordResult` loads the module of the results alone, not the pairing
engine; `arbiter_tournament.core.teams.is_team_event` no team tie-breaks: `arbiter result` and the TUI's first screen
load what they use, not every module a package has (docs/performance.md).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping


def lazy_names(package: str, modules: Mapping[str, tuple[str, ...]],
               namespace: dict[str, Any]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for `package`: each name of `modules[m]` comes from `m` (a module of the
    package, or a dotted name of another), imported the first time the name is asked for and kept in
    `namespace` (the package's globals) from then on."""
    module_of = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module if "." in module else f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(module_of))

    return __getattr__, __dir__
