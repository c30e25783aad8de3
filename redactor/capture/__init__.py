"""Capture-time integrations: redact inside the recorder, before anything leaves the process.

- `redactor.capture.jsonl_writer`: `RedactingJsonlWriter`, a redacting, sealed, crash-safe JSONL writer;
- `redactor.capture.chronicle`: agent-chronicle 1.x client wrapper, local envelope store, `str` redactor;
- `redactor.capture.otel`: OpenTelemetry `RedactingSpanExporter` and `OtlpJsonFileExporter`;
- `redactor.capture.vcr`: VCR.py `before_record_request` / `before_record_response` hooks.

Each module imports its recorder library itself, so importing this package imports none of them.
See docs/capture.md.
"""
