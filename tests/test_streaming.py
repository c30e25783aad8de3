"""Large JSONL stores are streamed; the result must equal the in-memory path byte for byte."""

from __future__ import annotations

import itertools
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

import redactor.streaming
from redactor.commands.redact import redact_one
from redactor.engine import Redactor
from redactor.seal import read_seal, sha256_bytes
from tests.conftest import make_redactor
from tests.test_engine import EMAIL, PLANTED, assert_nothing_planted, chronicle_envelope, write_jsonl

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


def test_streamed_equals_in_memory(tmp_path: Path, default_redactor: Redactor,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "store.jsonl"
    records = [chronicle_envelope(i, f"00000000-0000-4000-8000-{i:012d}") for i in range(1, 40)]
    # A value that is only *detectable* late in the store must still be scrubbed early on.
    records[0]["input_state"]["graph_state"]["note"] = "owner: late.finder@fabrikam.io"
    records[-1]["action_result"]["completion"] = "escalate to late.finder@fabrikam.io"
    write_jsonl(source, records)

    in_memory = redact_one(default_redactor, source, tmp_path / "a" / "store.jsonl", NOW)
    monkeypatch.setattr(redactor.streaming, "STREAM_THRESHOLD_BYTES", 1)
    monkeypatch.setattr(redactor.streaming, "CHUNK_CANDIDATES", 5)  # force several detection chunks
    streamed = redact_one(default_redactor, source, tmp_path / "b" / "store.jsonl", NOW)

    a = (tmp_path / "a" / "store.jsonl").read_bytes()
    b = (tmp_path / "b" / "store.jsonl").read_bytes()
    assert a == b
    assert_nothing_planted(b)
    assert "late.finder@fabrikam.io" not in b.decode()
    assert streamed.counts == in_memory.counts
    seal = read_seal(tmp_path / "b" / "store.jsonl.seal.json")
    assert seal.files["store.jsonl"] == sha256_bytes(b)
    assert all(value not in json.dumps(seal.document) for value in [*PLANTED, EMAIL])
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["store.jsonl", "store.jsonl.seal.json"]


def test_a_short_value_a_later_secret_key_makes_local_is_replaced_where_it_was_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Red team 29: `pin is 7391` in one record, `"account_pin": "7391"` in a later one. A short number under a
    secret-named key is not replaced wherever else it occurs; where a cue found it, it is. The streamed path
    had dropped that text's spans (the number read as propagated when it was found) and kept the PIN."""
    source = tmp_path / "pins.jsonl"
    write_jsonl(source, [{"type": "msg", "text": "my account pin is 7391, thanks"},
                         {"type": "profile", "security": {"account_pin": "7391"}}])
    no_ner = make_redactor(ner=False)
    redact_one(no_ner, source, tmp_path / "a" / "pins.jsonl", NOW)
    monkeypatch.setattr(redactor.streaming, "STREAM_THRESHOLD_BYTES", 1)
    monkeypatch.setattr(redactor.streaming, "CHUNK_CANDIDATES", 1)
    redact_one(no_ner, source, tmp_path / "b" / "pins.jsonl", NOW)
    a = (tmp_path / "a" / "pins.jsonl").read_bytes()
    assert a == (tmp_path / "b" / "pins.jsonl").read_bytes() and b"7391" not in a


def test_known_values_past_the_memory_limit_are_sharded(tmp_path: Path, default_redactor: Redactor,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past SHARD_VALUES known values, the rewrite runs once per shard of values (spilled to unnamed
    temp files): the bytes written are still those of the in-memory path, nothing raw is left on
    disk, and every value keeps its one token."""
    source = tmp_path / "store.jsonl"
    records = [chronicle_envelope(i, f"00000000-0000-4000-8000-{i:012d}") for i in range(1, 40)]
    records[0]["input_state"]["graph_state"]["note"] = "owner: late.finder@fabrikam.io"
    records[-1]["action_result"]["completion"] = "escalate to late.finder@fabrikam.io"
    for i, record in enumerate(records):  # values of many lengths, so that shards split by length
        contact = f"reach {'x' * (i % 7)}user{i}@fabrikam.io or +1 415 555 {i:04d}"
        record["input_state"]["graph_state"]["contact"] = contact
    write_jsonl(source, records)
    in_memory = redact_one(default_redactor, source, tmp_path / "a" / "store.jsonl", NOW)

    monkeypatch.setattr(redactor.streaming, "STREAM_THRESHOLD_BYTES", 1)
    monkeypatch.setattr(redactor.streaming, "CHUNK_CANDIDATES", 5)
    monkeypatch.setattr(redactor.streaming, "SHARD_VALUES", 4)
    passes: list[int] = []
    real_pass = redactor.streaming._rewrite_pass
    monkeypatch.setattr(redactor.streaming, "_rewrite_pass",
                        lambda *args, **kwargs: passes.append(1) or real_pass(*args, **kwargs))
    streamed = redact_one(default_redactor, source, tmp_path / "b" / "store.jsonl", NOW)

    a = (tmp_path / "a" / "store.jsonl").read_bytes()
    b = (tmp_path / "b" / "store.jsonl").read_bytes()
    assert len(passes) > 10  # really sharded: one pass per shard of at most 4 values
    assert a == b
    assert streamed.counts == in_memory.counts
    assert_nothing_planted(b)
    assert "late.finder@fabrikam.io" not in b.decode() and "@fabrikam.io" not in b.decode()
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["store.jsonl", "store.jsonl.seal.json"]


def test_shards_are_bounded_by_values_and_characters_longest_first(tmp_path: Path) -> None:
    from contextlib import ExitStack

    from redactor.streaming import KnownValueSpill, _read_spill_line

    values = [f"v{i:03d}" + "x" * (i % 40) for i in range(300)] + ["P" * 500]  # one value over the char bound
    with ExitStack() as stack:
        spill = KnownValueSpill(tmp_path, stack)
        spill.add((value, "API_KEY") for value in values)
        spill.add((value, "PERSON") for value in values[:50])  # seen again after a spill: a duplicate entry
        shards = [[_read_spill_line(line)[0] for line in (shard.seek(0), shard.read().splitlines())[1]]
                  for shard in spill.shards(max_values=40, max_chars=400)]
        assert list(tmp_path.iterdir()) == []  # unnamed files only
    placed = [value for shard in shards for value in set(shard)]
    assert sorted(placed) == sorted(values)  # every value in exactly one shard
    for shard in shards:
        distinct = set(shard)
        assert len(distinct) <= 40 and (sum(map(len, distinct)) <= 400 or len(distinct) == 1)
    lengths = [sorted({len(v) for v in shard}) for shard in shards if shard]
    assert all(earlier[0] >= later[-1] for earlier, later in itertools.pairwise(lengths))


@pytest.mark.parametrize("streamed", [False, True])
def test_numbers_are_written_back_as_they_were_written(tmp_path: Path, default_redactor: Redactor,
                                                       monkeypatch: pytest.MonkeyPatch, streamed: bool) -> None:
    """Red team 10: a redacted record's `1e5` came back as `100000.0`, `1.50` as `1.5` (Python's
    spelling), in the file and in a JSON document inside a string; only replaced values may change."""
    source = tmp_path / "store.jsonl"
    line = ('{"a": 1e5, "b": 1.50, "c": -0.0, "d": 1E+2, "n": [0.10, 7], "email": "jane.roe@corp.example.com", '
            '"s": "{\\"x\\": 2.50e-3, \\"e\\": \\"jane.roe@corp.example.com\\"}"}')
    source.write_text(line + "\n" + line.replace("jane.roe", "john.doe") + "\n", encoding="utf-8")
    if streamed:
        monkeypatch.setattr(redactor.streaming, "STREAM_THRESHOLD_BYTES", 1)
    redact_one(default_redactor, source, tmp_path / "out" / "store.jsonl", NOW)
    written = (tmp_path / "out" / "store.jsonl").read_text(encoding="utf-8")
    tokens = iter(re.findall(r"<EMAIL_ADDRESS:[0-9a-f]{12}>", written))
    expected = re.sub(r"(jane\.roe|john\.doe)@corp\.example\.com", lambda _: next(tokens),
                      source.read_text(encoding="utf-8"))
    assert written == expected
