"""The shipped raw examples, redacted through the real CLI: judged against the planted manifest."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

MANIFEST = json.loads((ROOT / "tests" / "data" / "planted.json").read_text(encoding="utf-8"))
RAW = ROOT / "examples" / "raw"


def _strings(value: Any) -> Iterator[str]:
    """Every string of a JSON document, keys included, descending into JSON-in-string."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)
    elif isinstance(value, str):
        yield value
        stripped = value.strip()
        if stripped[:1] in "{[":
            with contextlib.suppress(ValueError):
                yield from _strings(json.loads(stripped))


def _documents(path: Path) -> Iterator[Any]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        yield from (json.loads(line) for line in text.splitlines() if line.strip())
    else:
        yield json.loads(text)


@pytest.fixture(scope="module")
def redacted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("redacted")
    result = run_cli("redact", str(RAW), "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out


def _output_for(redacted: Path, manifest_path: str) -> Path:
    return redacted / Path(manifest_path).relative_to("examples/raw")


@pytest.mark.slow
@pytest.mark.parametrize("planted", MANIFEST["planted"], ids=lambda p: f"{p['entity_type']}")
def test_no_planted_value_survives_anywhere(redacted: Path, planted: dict[str, Any]) -> None:
    value = planted["value"]
    for manifest_path in planted["files"]:
        out = _output_for(redacted, manifest_path)
        raw_bytes = out.read_text(encoding="utf-8")
        assert value not in raw_bytes, f"{planted['entity_type']} survived in the bytes of {manifest_path}"
        for document in _documents(out):
            assert not any(value in s for s in _strings(document)), (
                f"{planted['entity_type']} survived (decoded) in {manifest_path}"
            )


@pytest.mark.slow
@pytest.mark.parametrize("decoy", MANIFEST["decoys"], ids=lambda d: f"{d['kind']}")
def test_decoys_survive_untouched(redacted: Path, decoy: dict[str, Any]) -> None:
    if not isinstance(decoy["value"], str):  # token counts: numbers are never touched, check the bytes
        for manifest_path in decoy["files"]:
            text = _output_for(redacted, manifest_path).read_text(encoding="utf-8")
            assert re.search(rf"(?<![\d.]){decoy['value']}(?![\d.])", text)
        return
    for manifest_path in decoy["files"]:
        strings = [s for doc in _documents(_output_for(redacted, manifest_path)) for s in _strings(doc)]
        assert any(decoy["value"] in s for s in strings), f"{decoy['kind']} damaged in {manifest_path}"


@pytest.mark.slow
def test_every_output_is_sealed_and_1x_envelopes_validate(redacted: Path) -> None:
    from agentplane_primitives.models import Envelope

    for name in ("chronicle0-store.jsonl", "agent-chronicle-1x.jsonl", "agent-chronicle-1x-single.json",
                 "otel-genai.json", "events.jsonl"):
        assert (redacted / f"{name}.seal.json").is_file()
    assert (redacted / "chronicle0-trace" / "redactor.seal.json").is_file()
    envelopes = [*_documents(redacted / "agent-chronicle-1x.jsonl"),
                 *_documents(redacted / "agent-chronicle-1x-single.json")]
    assert len(envelopes) == 12
    for envelope in envelopes:
        Envelope.model_validate(envelope)


@pytest.mark.slow
def test_large_strings_are_digested(redacted: Path) -> None:
    for manifest_path in {entry["file"] for entry in MANIFEST["large_strings"]}:
        text = _output_for(redacted, manifest_path).read_text(encoding="utf-8")
        assert "<REDACTED_PAYLOAD sha256=" in text
