"""agent-chronicle 1.x: redact inside the recorder, before an envelope leaves the process.

Three ways in, from weakest to strongest:

1. `string_redactor(redactor)` fits Chronicle's own `redactors=` setting (`str -> str`). Chronicle
   calls it on every string value separately, so it sees no keys: a password under a `password`
   key is only caught if its text looks like a secret, and tool names and ids pass through the
   detectors (which leave them alone, but spend time on them). Use it when nothing else is
   possible.
2. `RedactingControlPlaneClient(inner, redactor)` wraps any control-plane client (the HTTP one, or
   your own). Whole envelopes are redacted with structure awareness (ids, names, kinds, counters
   and timestamps kept; keys give context) before `append_envelopes`, and must still validate as
   `agentplane_primitives.models.Envelope`. Trace labels and span metadata are redacted too.
3. `JsonlEnvelopeStore(path, redactor)` is a control-plane client that keeps the recording in a
   local, sealed JSONL fixture (through `RedactingJsonlWriter`), and serves it back for replay.

Install with `chronicle.configure(client=...)`. Chronicle delivers from a background thread and,
by default, fails open: a batch that cannot be redacted is *dropped* (and quarantined if a
quarantine file is set), never sent raw. With `fail_open=False` the failure surfaces from
`chronicle.flush()` / the end of the span as `DeliveryError`.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redactor.capture._common import (
    CaptureError,
    QuarantineFile,
    describe_failure,
    redact_records,
    redaction_lock,
)
from redactor.capture.jsonl_writer import RedactingJsonlWriter

if TYPE_CHECKING:
    from agentplane_primitives.models import Envelope, Span, Trace

    from redactor.engine import Redactor

# Fields of a Trace / Span that carry free-form content; everything else is ids, states, times.
_FREE_FORM_FIELDS = ("name", "metadata", "attributes")
# What Chronicle's `truncate_json` appends to a cut string, and the metadata flag it sets
# (chronicle.framework.serialization.truncation_utils / interceptor.envelope_builder_utils).
_TRUNCATION_MARKER = "...[truncated]"
_TRUNCATED_KEY = "chronicle.truncated"
# The run of non-space characters the cut went through (at the end of the kept part).
_CUT_WORD = re.compile(r"\S+\Z")


def string_redactor(redactor: Redactor) -> Callable[[str], str]:
    """A `str -> str` redactor for `chronicle.configure(redactors=[...])`.

    Tokens are keyed, so a value gets the same token wherever Chronicle passes it in.
    """

    def _redact(text: str) -> str:
        with redaction_lock(redactor):
            return redactor.redact_text(text)

    return _redact


def envelope_to_json(envelope: Envelope) -> dict[str, Any]:
    """The JSON form Chronicle itself sends to the control plane."""
    dumped = envelope.model_dump(mode="json", exclude_none=True)
    assert isinstance(dumped, dict)
    return dumped


def capture_json(envelope: Envelope) -> dict[str, Any]:
    """The JSON form to redact: `envelope_to_json`, minus the fragments Chronicle's truncation cut.

    With `max_payload_bytes`, Chronicle cuts long strings *before* any client sees them, so a value
    that straddles the cut arrives as a fragment (`dana.whitfield@nort...[truncated]`, the first
    half of an API key) that no detector recognises, yet still betrays most of the value. The
    word the cut went through is dropped: it was already incomplete, and only the envelopes
    Chronicle marks as truncated are touched.
    """
    document = envelope_to_json(envelope)
    if document.get("metadata", {}).get(_TRUNCATED_KEY) is True:
        for section in ("input", "output"):
            if section in document:
                document[section] = _drop_cut_words(document[section])
    return document


def _drop_cut_words(value: Any) -> Any:
    if isinstance(value, str):
        if value.endswith(_TRUNCATION_MARKER):
            return _CUT_WORD.sub("", value[: -len(_TRUNCATION_MARKER)]) + _TRUNCATION_MARKER
        return value
    if isinstance(value, list):
        return [_drop_cut_words(item) for item in value]
    if isinstance(value, dict):
        return {key: _drop_cut_words(item) for key, item in value.items()}
    return value


def redact_envelopes(redactor: Redactor, envelopes: Sequence[Envelope], label: Path) -> list[Envelope]:
    """Redact envelopes as one unit; each result is re-validated as an `Envelope`."""
    from agentplane_primitives.models import Envelope

    batch = redact_records(redactor, [capture_json(e) for e in envelopes], label)
    try:
        return [Envelope.model_validate(record) for record in batch.records]
    except Exception as exc:  # the engine validates too; this is the belt to its braces
        raise CaptureError(f"{label}: a redacted envelope no longer validates "
                           f"({describe_failure(exc)}); nothing was sent") from None


def _redact_free_form(redactor: Redactor, model: Any) -> Any:
    """Redact the labels/metadata of a Trace or Span; ids, states and times are never touched."""
    document = model.model_dump(mode="json", exclude_none=True)
    free = {name: document[name] for name in _FREE_FORM_FIELDS if name in document}
    if not free:
        return model
    try:
        with redaction_lock(redactor):
            redacted = redactor.redact(free)
        return type(model).model_validate({**document, **redacted})
    except Exception as exc:
        raise CaptureError(f"{type(model).__name__.lower()} metadata could not be redacted: "
                           f"{describe_failure(exc)}; nothing was sent") from None


def _control_plane_error(exc: CaptureError) -> Exception:
    """Chronicle's delivery thread treats `ControlPlaneError` as a delivery failure (drop or raise)."""
    from chronicle import ControlPlaneError

    return ControlPlaneError(str(exc))


class RedactingControlPlaneClient:
    """Wraps a Chronicle `ControlPlaneClient`: everything written is redacted first.

    Reads (`read_span_envelopes`, used by replay) pass through: what is stored is already redacted.
    """

    def __init__(self, inner: Any, redactor: Redactor, *, quarantine: Path | str | None = None) -> None:
        self.inner = inner
        self.redactor = redactor
        self.quarantine = QuarantineFile(quarantine) if quarantine is not None else None
        self.label = Path(f"<chronicle:{type(inner).__name__}>")

    def upsert_trace(self, trace: Trace) -> None:
        self.inner.upsert_trace(self._guard([trace], lambda: _redact_free_form(self.redactor, trace)))

    def upsert_span(self, span: Span) -> None:
        self.inner.upsert_span(self._guard([span], lambda: _redact_free_form(self.redactor, span)))

    def append_envelopes(self, envelopes: Sequence[Envelope]) -> None:
        if not envelopes:
            return
        self.inner.append_envelopes(
            self._guard(envelopes, lambda: redact_envelopes(self.redactor, envelopes, self.label)))

    def read_span_envelopes(self, trace_id: str, span_id: str) -> list[Envelope]:
        result: list[Envelope] = self.inner.read_span_envelopes(trace_id, span_id)
        return result

    def close(self) -> None:
        self.inner.close()

    def _guard(self, originals: Sequence[Any], action: Callable[[], Any]) -> Any:
        try:
            return action()
        except CaptureError as exc:
            if self.quarantine is not None:
                try:
                    for original in originals:
                        self.quarantine.put(original.model_dump(mode="json"), self.label, str(exc))
                except CaptureError as failure:  # Chronicle must still see a delivery failure
                    raise _control_plane_error(CaptureError(f"{exc}; and {failure}")) from None
            raise _control_plane_error(exc) from None


class JsonlEnvelopeStore:
    """A Chronicle control-plane client backed by a local, redacted, sealed JSONL fixture.

    Envelopes are the fixture: one per line, as `agentplane_primitives.models.Envelope` JSON.
    Trace and span registrations are not stored (replay needs only the envelopes), but their
    labels are still redacted-and-dropped, never written anywhere. `close()` (also called by
    `chronicle.reset()`) seals the file.
    """

    def __init__(self, path: Path | str, redactor: Redactor, *, quarantine: Path | str | None = None,
                 fsync: bool = True) -> None:
        self.path = Path(path)
        self.writer = RedactingJsonlWriter(self.path, redactor, quarantine=quarantine, fsync=fsync)
        self._lock = threading.Lock()

    def upsert_trace(self, trace: Trace) -> None:
        """Nothing to store: a fixture is the span's envelopes."""

    def upsert_span(self, span: Span) -> None:
        """Nothing to store: a fixture is the span's envelopes."""

    def append_envelopes(self, envelopes: Sequence[Envelope]) -> None:
        if not envelopes:
            return
        try:
            self.writer.write_many([capture_json(envelope) for envelope in envelopes])
        except CaptureError as exc:
            raise _control_plane_error(exc) from None

    def read_span_envelopes(self, trace_id: str, span_id: str) -> list[Envelope]:
        return [e for e in load_envelopes(self.path) if e.trace_id == trace_id and e.span_id == span_id]

    def close(self) -> None:
        with self._lock:
            self.writer.close()

    def __enter__(self) -> JsonlEnvelopeStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def load_envelopes(path: Path | str) -> list[Envelope]:
    """Read a JSONL envelope fixture for `chronicle.replay(...)`.

    An envelope written twice (the open write of `emit_open`, then its close) is kept once, as
    its latest write, which is what the control plane does when the close arrives.
    """
    from agentplane_primitives.models import Envelope

    latest: dict[str, Envelope] = {}
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record: Mapping[str, Any] = json.loads(line)
                envelope = Envelope.model_validate(record)
            except Exception as exc:
                raise CaptureError(f"{path}: line {number} is not an envelope ({type(exc).__name__})") from None
            latest.pop(envelope.envelope_id, None)
            latest[envelope.envelope_id] = envelope
    return list(latest.values())
