"""`redactor keygen`: create the pseudonym key file outside the repository."""

from __future__ import annotations

from pathlib import Path

from redactor.replacement.keys import generate_key_file, key_file_path


def run(path: Path | None, if_missing: bool) -> tuple[Path, bool]:
    target = path or key_file_path()
    return target, generate_key_file(target, if_missing=if_missing)
