"""redactor: make recorded AI-agent runs safe to commit.

Heavy dependencies (presidio, spaCy) are imported lazily so that `redactor --help`
and a gate run over sealed fixtures stay fast.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["Redactor", "__version__"]


def __getattr__(name: str) -> object:
    # Lazy re-export: importing the package must not pull in the detection stack.
    if name == "Redactor":
        from redactor.engine import Redactor

        return Redactor
    raise AttributeError(name)
