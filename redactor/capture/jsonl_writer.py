"""`RedactingJsonlWriter`: append envelopes to a JSONL store, redacted, one whole line at a time.

Guarantees, and how they are kept:

- **Nothing raw is written.** Each record (or batch) is redacted *before* any byte reaches the
  file. A redaction failure raises `CaptureError`; the raw record goes to the optional quarantine
  file (owner-only, refused inside a git work tree) and nowhere else.
- **One write per call; a torn tail is mended.** The redacted line(s) of one `write` or
  `write_many` are appended with a single `os.write` on an `O_APPEND` descriptor, then fsynced.
  A short write is cut back before raising.
  A kill can still tear a line: Linux stops a multi-page write to a regular file between pages
  when a fatal signal (SIGKILL) is pending, and power loss can tear one too. The torn bytes are
  already redacted (nothing raw is ever handed to `write`), and the next writer cuts them back (below).
- **Torn tail on open: truncated** (decision). A line without its newline was never
  acknowledged to the caller (`write` had not returned), and it is unparseable, so no reader can
  use it; cutting it back to the last complete line loses nothing that was promised and never
  keeps a fragment of unknown content. `torn_tail="fail"` raises instead, for callers who want to
  inspect the file by hand.
- **Unsealed content on open is re-redacted** (fail closed). If the file has content that its
  seal does not cover (a crash before `close`, or a file written by something else), or the seal
  was not made with this key and policy (no or another MAC, another policy digest), the seal
  cannot vouch for it, so the whole file is redacted again (idempotent for lines this writer
  wrote: tokens are never re-detected) and replaced atomically before anything is appended.
  `unsealed="fail"` raises instead.
- **The seal is brought up to date on close**, covering the whole file: digest, policy, counts
  (the previous seal's plus this session's) and the earliest recording time.
- **One writer per file**: an exclusive `flock` is held while open; a second writer fails fast.
- **The path must not be a symbolic link** (fail closed). Appending through a link writes into a
  file the caller did not name, and re-redacting its unsealed content would replace the *link* with
  the redacted copy while the raw target stays where it was, looking done. A link is refused with a
  `CaptureError` naming the path (also when it appears between the check and the open: `O_NOFOLLOW`).

Per-record redaction is consistent across the whole file because pseudonyms are keyed: the same
value gets the same token in every call. (What a per-record redaction cannot do is scrub, in
record 2, a value that only the context of record 1 revealed; `write_many` redacts a batch as one
unit, so group records that belong together.)
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from redactor.capture._common import CaptureError, QuarantineFile, describe_failure, redact_records, write_whole
from redactor.errors import FatalError, SealError
from redactor.faults import killpoint
from redactor.formats.base import escape_lone_surrogates

if TYPE_CHECKING:
    from redactor.engine import Redactor
    from redactor.seal import Seal

TornTail = Literal["truncate", "fail"]
Unsealed = Literal["redact", "fail"]
DATA_FILE_MODE = 0o644


def dumps_line(record: Mapping[str, Any]) -> str:
    """One JSONL line. `json.dumps` escapes every control character, so a record is one line."""
    return escape_lone_surrogates(json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)) + "\n"


def _symlink_refusal(path: Path) -> str:
    return (f"{path}: is a symbolic link; refusing to write through it (its target would keep any raw "
            "content, and a re-redaction would replace the link, not the target): name the real file")


class RedactingJsonlWriter:
    """Append-only, redacting, sealed JSONL writer. Thread-safe; usable as a context manager."""

    def __init__(
        self,
        path: Path | str,
        redactor: Redactor,
        *,
        quarantine: Path | str | None = None,
        torn_tail: TornTail = "truncate",
        unsealed: Unsealed = "redact",
        fsync: bool = True,
        postprocess: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        """`postprocess` is applied to each redacted record before it is written: a format can
        restore what redaction made invalid for it (`otel.restore_value_types`). It sees only
        redacted records."""
        from redactor.seal import seal_path_for

        self.path = Path(path)
        self.redactor = redactor
        self.quarantine = QuarantineFile(quarantine) if quarantine is not None else None
        self.seal_path = seal_path_for(self.path, is_directory=False)
        self._fsync = fsync
        self._postprocess = postprocess
        self._lock = threading.Lock()
        self._closed = False
        self.counts: Counter[str] = Counter()  # this session's counts (never values)
        self.records_written = 0
        self.torn_bytes_removed = 0
        self.recovered = False  # unsealed content was re-redacted on open
        self._format_name: str | None = None
        self._earliest: datetime | None = None
        self._previous: Seal | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_symlink():
            raise CaptureError(_symlink_refusal(self.path))
        self._created = not self.path.exists()
        self._fd = self._open_locked()
        try:
            self._recover(torn_tail, unsealed)
        except BaseException:
            os.close(self._fd)
            raise

    # ----- public API -------------------------------------------------------------------------

    def write(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Redact one record and append it as one line. Returns the redacted record."""
        return self.write_many([record])[0]

    def write_many(self, records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Redact records as one unit and append all their lines with a single write."""
        if not records:
            return []
        with self._lock:
            if self._closed:
                raise CaptureError(f"{self.path}: the writer is closed")
            try:
                batch = redact_records(self.redactor, records, self.path)
                if self._postprocess is not None:
                    batch.records = [self._postprocess(record) for record in batch.records]
                data = "".join(dumps_line(record) for record in batch.records).encode("utf-8")
            except Exception as exc:
                note = self._quarantine(records, exc)
                raise CaptureError(f"{self.path}: {describe_failure(exc)}{note}") from None
            self._append(data)
            self._note(batch.counts, batch.format_name, batch.records)
            self.records_written += len(batch.records)
            return batch.records

    def _append(self, data: bytes) -> None:
        """Append and (optionally) fsync; an I/O failure (disk full, quota, EIO) is a `CaptureError`.

        Callers (an exporter thread, Chronicle's delivery thread) handle `CaptureError` as "not
        written"; a bare `OSError` would escape them. So a failed fsync also cuts the line back:
        nothing that was reported as not written may stay in the file.
        """
        start = os.fstat(self._fd).st_size
        try:
            write_whole(self._fd, data)
            killpoint("capture-after-write")  # appended, seal not yet updated
            if self._fsync:
                os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, start)
            raise CaptureError(f"{self.path}: cannot append ({exc.strerror or type(exc).__name__}); "
                               "nothing was written") from None

    def close(self) -> None:
        """Bring the seal up to date (it covers the whole file), then release the file."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._finish()
            finally:
                os.close(self._fd)

    def __enter__(self) -> RedactingJsonlWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ----- opening ----------------------------------------------------------------------------

    def _open_locked(self) -> int:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                         DATA_FILE_MODE)
        except OSError:
            if self.path.is_symlink():  # (ELOOP: a link put there after the check in __init__)
                raise CaptureError(_symlink_refusal(self.path)) from None
            raise
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no advisory locks to take
            return fd
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise CaptureError(f"{self.path}: another writer has this file open") from None
        return fd

    def _recover(self, torn_tail: TornTail, unsealed: Unsealed) -> None:
        from redactor.seal import read_seal, sha256_bytes

        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            if torn_tail == "fail":
                raise CaptureError(f"{self.path}: ends with a torn line ({len(data) - keep} bytes after the "
                                   "last newline); refusing to append (torn_tail='fail')")
            os.ftruncate(self._fd, keep)
            os.fsync(self._fd)
            self.torn_bytes_removed = len(data) - keep
            data = data[:keep]
        if self.seal_path.is_file():
            try:
                self._previous = self._trusted(read_seal(self.seal_path))
            except SealError:
                self._previous = None
        if self._previous is not None:
            self.counts.update({k: int(v) for k, v in self._previous.document.get("counts", {}).items()})
            self._format_name = str(self._previous.document.get("format") or "") or None
            self._earliest = self._previous.recorded_at
        if not data.strip():
            return
        sealed = self._previous is not None and self._previous.files.get(self.path.name) == sha256_bytes(data)
        if sealed:
            return
        if unsealed == "fail":
            raise CaptureError(f"{self.path}: has content its seal does not cover (or a seal this key and "
                               "policy did not make); refusing to append (unsealed='fail')")
        self._reredact()

    def _trusted(self, seal: Seal) -> Seal | None:
        """The seal, if this writer may build on it; None otherwise (the file is then re-redacted).

        A digest only proves the file is what the seal's author saw; it does not prove the author
        was this redactor. A seal without this key's MAC (hand-made, or stripped) or made under
        another policy vouches for nothing here: trusting it would let `close` re-seal foreign raw
        content with a valid MAC and the current policy, which the gate then accepts as redacted.
        """
        from redactor.seal import mac_problem

        if mac_problem(seal, self.redactor.key) is not None:
            return None
        if seal.policy_digest != self.redactor.policy.digest:
            return None
        return seal

    def _reredact(self) -> None:
        """Redact the existing file again and replace it atomically, then re-take the lock."""
        from redactor.atomic import atomic_write_bytes
        from redactor.formats.registry import load_trace

        try:
            trace = load_trace(self.path)
            result = self.redactor.redact_trace(trace)
        except Exception as exc:
            raise CaptureError(f"{self.path}: existing unsealed content could not be re-redacted: "
                               f"{describe_failure(exc)}; nothing was changed") from None
        atomic_write_bytes(self.path, trace.files[0].to_bytes())
        os.close(self._fd)
        self._fd = self._open_locked()
        self._note(result.counts, trace.format_name, trace.all_records())
        self.recovered = True

    # ----- bookkeeping ------------------------------------------------------------------------

    def _note(self, counts: Counter[str], format_name: str, records: Sequence[Any]) -> None:
        from redactor.seal import earliest_timestamp

        self.counts.update(counts)
        if self._format_name is None or self._format_name == "json":
            self._format_name = format_name
        moment = earliest_timestamp(list(records))
        if moment is not None and (self._earliest is None or moment < self._earliest):
            self._earliest = moment

    def _quarantine(self, records: Sequence[Any], exc: BaseException) -> str:
        """Keep the raw records in the quarantine file, if one is set; the end of the error message."""
        if self.quarantine is None:
            return "; nothing was written"
        reason = describe_failure(exc)
        try:
            for record in records:
                self.quarantine.put(record, self.path, reason)
        except CaptureError as failure:
            # Still a CaptureError for the caller: the record was refused either way.
            return f"; nothing was written, and {failure}"
        return f"; nothing was written, the raw record(s) went to the quarantine file {self.quarantine.path}"

    def _finish(self) -> None:
        from redactor.seal import build_seal, write_seal

        data = self.path.read_bytes()
        if not data:
            if self._created:
                # Nothing was captured: an empty file is not a trace (the gate would reject it).
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            return
        previous = self._previous
        if previous is not None and self.records_written == 0 and not self.recovered \
                and not self.torn_bytes_removed:
            return  # untouched: keep the seal (and its timestamps) as it is
        try:
            document = build_seal(
                files={self.path.name: data},
                format_name=self._format_name or "json",
                policy_name=self.redactor.policy.name,
                policy_digest=self.redactor.policy.digest,
                counts=self.counts,
                recorded_at=self._earliest,
                redacted_at=datetime.now(timezone.utc),
                key=self.redactor.key,
                access_class=previous.access_class if previous is not None else None,
            )
            write_seal(self.seal_path, document)
        except FatalError:
            raise
        except OSError as exc:
            raise SealError(f"{self.seal_path}: cannot write the seal ({exc.strerror})") from None
