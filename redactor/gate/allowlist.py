"""Suppressions: a committed allow-list of known-safe values that a detector flags.

The file (`.redactor-allowlist.json` at the repository root) is committed, so anyone with the
repository can read it, and the gate must verify it on machines that do not hold the pseudonym
key (CI, a teammate's laptop). It therefore stores, per entry, a *slow salted hash* of the value,
never the value:

    scrypt(value, salt=<random per-file salt>, n=2**14, r=8, p=1) -> 32 bytes, hex

Why not the alternatives:
* a plain sha256 (detect-secrets' baseline does this) is fine for a 40-character random API key,
  but a phone number or an SSN has at most ~10^10 possibilities: a laptop reverses a sha256 of
  one in minutes. scrypt at these parameters costs ~30-60 ms and 16 MiB per guess, which turns
  the same enumeration into CPU-years and defeats GPU tables; the per-file salt defeats tables
  shared across repositories.
* an HMAC with the pseudonym key would be safer still, but then the gate could not verify a
  suppression without the key, and the key must never be in CI logs or in the repository.

Even so, the allow-list is for *public* values (test card numbers, documentation addresses,
example tokens). A real person's data is never suppressed: redact it. Each entry also stores the
value's length (so the gate hashes only candidates of the right length) and the entity type, the
reason and where it was first seen (a file and a JSON path, never the value).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from redactor.errors import FatalError
from redactor.seal import format_timestamp

ALLOWLIST_NAME = ".redactor-allowlist.json"
SCHEMA = 1
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
_SCRYPT_MAXMEM = 64 * 1024 * 1024


class AllowlistError(FatalError):
    """The allow-list cannot be read: the gate refuses to guess (exit 2)."""


@dataclass(frozen=True)
class AllowEntry:
    digest: str
    entity_type: str
    length: int
    reason: str
    added_at: str
    first_seen: str  # "<file> <json path>": where it was flagged when added

    @property
    def id(self) -> str:
        return self.digest[:12]

    def describe(self) -> str:
        return f"allow-list entry {self.id} ({self.reason})"


class Allowlist:
    def __init__(self, salt: bytes, entries: list[AllowEntry], label: str) -> None:
        self.salt = salt
        self.entries = entries
        self.label = label
        self._lengths = {entry.length for entry in entries}
        self._by_digest = {entry.digest: entry for entry in entries}
        self._digests: dict[str, str] = {}

    @classmethod
    def empty(cls, label: str) -> Allowlist:
        return cls(secrets.token_bytes(16), [], label)

    @classmethod
    def parse(cls, data: bytes, label: str) -> Allowlist:
        def fail(message: str) -> AllowlistError:
            return AllowlistError(f"{label}: {message}")

        try:
            document = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise fail("not valid JSON") from None
        if not isinstance(document, dict) or document.get("redactor_allowlist") != SCHEMA:
            raise fail(f"not a redactor allow-list of schema {SCHEMA}")
        hashing = document.get("hash")
        expected = {"algorithm": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P}
        if not isinstance(hashing, dict) or {k: hashing.get(k) for k in expected} != expected:
            raise fail(f"'hash' must be {expected} plus a hex 'salt'")
        try:
            salt = bytes.fromhex(str(hashing.get("salt")))
        except ValueError:
            raise fail("'hash.salt' must be hex") from None
        if len(salt) < 16:
            raise fail("'hash.salt' must be at least 16 bytes")
        raw_entries = document.get("entries")
        if not isinstance(raw_entries, list):
            raise fail("'entries' must be a list")
        entries = []
        for index, raw in enumerate(raw_entries):
            try:
                entry = AllowEntry(**raw)
            except TypeError:
                raise fail(f"entries[{index}] must have exactly {', '.join(AllowEntry.__annotations__)}") from None
            if not isinstance(entry.length, int) or len(entry.digest) != 64:
                raise fail(f"entries[{index}] has a malformed digest or length")
            entries.append(entry)
        return cls(salt, entries, label)

    def digest(self, value: str) -> str:
        cached = self._digests.get(value)
        if cached is None:
            cached = hashlib.scrypt(value.encode("utf-8", "surrogatepass"), salt=self.salt, n=SCRYPT_N,
                                    r=SCRYPT_R, p=SCRYPT_P, maxmem=_SCRYPT_MAXMEM, dklen=32).hex()
            self._digests[value] = cached
        return cached

    def match(self, value: str) -> AllowEntry | None:
        if len(value) not in self._lengths:  # most candidates never pay for a hash
            return None
        return self._by_digest.get(self.digest(value))

    def add(self, value: str, entity_type: str, reason: str, first_seen: str, now: datetime) -> AllowEntry:
        existing = self.match(value)
        if existing is not None:
            return existing
        entry = AllowEntry(self.digest(value), entity_type, len(value), reason, format_timestamp(now), first_seen)
        self.entries.append(entry)
        self._lengths.add(entry.length)
        self._by_digest[entry.digest] = entry
        return entry

    def to_bytes(self) -> bytes:
        document: dict[str, Any] = {
            "redactor_allowlist": SCHEMA,
            "comment": "Known-safe values accepted by `redactor check`. Values are never stored: each "
                       "entry is scrypt(value, salt). Add entries with `redactor check "
                       "--update-allowlist --reason ...`; see docs/gate.md.",
            "hash": {"algorithm": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P, "salt": self.salt.hex()},
            "entries": [asdict(e) for e in sorted(self.entries, key=lambda e: (e.added_at, e.digest))],
        }
        return (json.dumps(document, indent=2, sort_keys=True) + "\n").encode("utf-8")
