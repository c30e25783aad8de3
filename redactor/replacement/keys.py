"""The pseudonymisation key: from `REDACTOR_KEY` (hex or text) or a key file outside the repository.

A key is required for the default operator. Without one the command fails (exit 2); it never
falls back to an unkeyed hash, which an attacker could reverse for low-entropy values.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import subprocess
from dataclasses import dataclass
from pathlib import Path

from redactor.atomic import atomic_write_bytes
from redactor.errors import KeyConfigError

KEY_ENV = "REDACTOR_KEY"
KEY_FILE_ENV = "REDACTOR_KEY_FILE"
MIN_KEY_BYTES = 16


def default_key_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "redactor" / "key"


def key_file_path() -> Path:
    configured = os.environ.get(KEY_FILE_ENV)
    return Path(configured).expanduser() if configured else default_key_file()


@dataclass(frozen=True)
class PseudonymKey:
    secret: bytes
    source: str  # "env:REDACTOR_KEY" or the key file's path: never the key itself

    @property
    def key_id(self) -> str:
        """A public identifier of the key, so a seal can say which key made it."""
        return hmac.new(self.secret, b"redactor key id", hashlib.sha256).hexdigest()[:16]

    def mac(self, message: bytes) -> str:
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()


def load_key(required: bool = True) -> PseudonymKey | None:
    env_value = os.environ.get(KEY_ENV)
    if env_value:
        secret = _decode(env_value)
        if len(secret) < MIN_KEY_BYTES:
            raise KeyConfigError(f"{KEY_ENV} is too short: at least {MIN_KEY_BYTES} bytes of key are needed")
        return PseudonymKey(secret=secret, source=f"env:{KEY_ENV}")
    path = key_file_path()
    if path.is_file():
        _refuse_key_inside_repository(path)
        _refuse_readable_by_others(path)
        secret = _decode(path.read_text(encoding="utf-8").strip())
        if len(secret) < MIN_KEY_BYTES:
            raise KeyConfigError(f"key file {path} is too short: at least {MIN_KEY_BYTES} bytes are needed")
        return PseudonymKey(secret=secret, source=str(path))
    if required:
        raise KeyConfigError(
            f"no pseudonymisation key: set {KEY_ENV}, or {KEY_FILE_ENV} to a key file outside the "
            f"repository, or run `redactor keygen` (writes {path})"
        )
    return None


def generate_key_file(path: Path, if_missing: bool = False) -> bool:
    """Create a 256-bit key file readable by the owner only. Returns False if it already existed."""
    if path.exists():
        if if_missing:
            return False
        raise KeyConfigError(f"{path} already exists; refusing to overwrite a key (pseudonyms would change)")
    _refuse_key_inside_repository(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    atomic_write_bytes(path, (secrets.token_hex(32) + "\n").encode("ascii"), mode=0o600)
    return True


def _decode(value: str) -> bytes:
    try:
        return bytes.fromhex(value) if len(value) % 2 == 0 else value.encode("utf-8")
    except ValueError:
        return value.encode("utf-8")


def _refuse_readable_by_others(path: Path) -> None:
    """Whoever can read the key can tell which token is which phone number (by computing them): like
    ssh with a private key, refuse a key file that group or others may read."""
    if os.name == "posix" and path.stat().st_mode & 0o077:
        raise KeyConfigError(f"key file {path} is readable by other users; run `chmod 600 {path}`")


def _refuse_key_inside_repository(path: Path) -> None:
    """A key committed next to the fixtures would let anyone reverse the pseudonyms."""
    directory = path.resolve().parent
    while not directory.exists():
        directory = directory.parent
    try:
        result = subprocess.run(
            ["git", "-C", str(directory), "rev-parse", "--show-toplevel"],
            capture_output=True, text=True, check=False, timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return
    if result.returncode == 0 and result.stdout.strip():
        raise KeyConfigError(
            f"key file {path} is inside the git work tree {result.stdout.strip()}; keep keys outside repositories"
        )
