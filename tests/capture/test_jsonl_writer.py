"""RedactingJsonlWriter on real files: redaction before write, whole lines, quarantine, recovery, seal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from redactor.capture._common import CaptureError
from redactor.capture.jsonl_writer import RedactingJsonlWriter
from redactor.engine import Redactor
from redactor.seal import read_seal, sha256_bytes
from tests.capture import planted
from tests.conftest import ROOT, TEST_KEY


def event(index: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"type": "tool.succeeded", "id": f"evt-{index:04d}", "ts": "2026-03-01T10:00:00Z", "text": text,
            **extra}


def sensitive_event(index: int) -> dict[str, Any]:
    return event(index, f"I am {planted.PERSON}, write to {planted.EMAIL} or call {planted.PHONE}; "
                        f"card {planted.CARD}", api_key=planted.OPENAI_KEY,
                 headers={"Authorization": planted.BEARER}, db={"password": planted.PASSWORD})


def lines_of(path: Path) -> list[dict[str, Any]]:
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return [json.loads(line) for line in data.decode("utf-8").splitlines()]


def test_records_are_redacted_before_they_reach_the_file(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor) as writer:
        returned = writer.write(sensitive_event(1))
        writer.write_many([sensitive_event(2), event(3, "nothing to see")])
    data = path.read_bytes()
    assert planted.leaked(data) == []
    records = lines_of(path)
    assert len(records) == 3
    assert records[0] == returned
    # Structure kept: keys, ids, types, timestamps.
    assert [r["id"] for r in records] == ["evt-0001", "evt-0002", "evt-0003"]
    assert records[2]["text"] == "nothing to see"
    # Keyed pseudonyms: the same value has the same token in separate writes.
    assert records[0]["api_key"] == records[1]["api_key"]
    assert records[0]["api_key"].startswith("<")


def test_seal_covers_the_whole_file_on_close(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor) as writer:
        writer.write(sensitive_event(1))
    seal = read_seal(path.with_name("run.jsonl.seal.json"))
    assert seal.files == {"run.jsonl": sha256_bytes(path.read_bytes())}
    assert seal.policy_name == "default"
    counts = seal.document["counts"]
    assert counts["EMAIL_ADDRESS"] == 1 and counts["PASSWORD"] == 1
    assert seal.document["recorded_at"] == "2026-03-01T10:00:00Z"
    # A second session appends and brings the same seal up to date; counts accumulate.
    with RedactingJsonlWriter(path, redactor) as writer:
        assert not writer.recovered
        writer.write(sensitive_event(2))
    seal = read_seal(path.with_name("run.jsonl.seal.json"))
    assert seal.files == {"run.jsonl": sha256_bytes(path.read_bytes())}
    assert seal.document["counts"]["EMAIL_ADDRESS"] == 2
    assert planted.leaked(path.with_name("run.jsonl.seal.json").read_bytes()) == []


def test_redaction_failure_writes_nothing_and_quarantines_the_raw_record(
    redactor: Redactor, tmp_path: Path
) -> None:
    path = tmp_path / "store" / "run.jsonl"
    quarantine = tmp_path / "private" / "quarantine.jsonl"
    too_deep: dict[str, Any] = {"secret": planted.OPENAI_KEY}
    for _ in range(redactor.policy.max_depth + 5):
        too_deep = {"nested": too_deep}
    with RedactingJsonlWriter(path, redactor, quarantine=quarantine) as writer:
        writer.write(event(1, "before"))
        with pytest.raises(CaptureError) as failure:
            writer.write(event(2, planted.EMAIL, payload=too_deep))
        writer.write(event(3, "after"))
    assert planted.leaked(str(failure.value)) == []
    assert "quarantine" in str(failure.value)
    records = lines_of(path)
    assert [r["id"] for r in records] == ["evt-0001", "evt-0003"]
    assert planted.leaked(path.read_bytes()) == []
    # Nothing lost: the raw record is in the owner-only quarantine file.
    assert quarantine.stat().st_mode & 0o777 == 0o600
    entry = json.loads(quarantine.read_text(encoding="utf-8").splitlines()[0])
    assert entry["record"]["text"] == planted.EMAIL
    assert planted.EMAIL not in entry["reason"]


def test_unserialisable_record_is_refused_without_writing(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor) as writer, pytest.raises(CaptureError):
        writer.write({"text": planted.EMAIL, "when": object()})
    assert not path.exists()  # nothing was captured: no empty trace is left behind


def test_quarantine_inside_a_git_work_tree_is_refused(redactor: Redactor, tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    with pytest.raises(CaptureError, match="git work tree"):
        RedactingJsonlWriter(tmp_path / "out.jsonl", redactor, quarantine=tmp_path / "repo" / "q" / "raw.jsonl")


def test_existing_quarantine_file_is_tightened_to_owner_only(redactor: Redactor, tmp_path: Path) -> None:
    quarantine = tmp_path / "quarantine.jsonl"
    quarantine.write_text("")
    quarantine.chmod(0o644)
    with RedactingJsonlWriter(tmp_path / "run.jsonl", redactor, quarantine=quarantine) as writer, \
            pytest.raises(CaptureError):
        writer.write({"x": float("nan")})
    assert quarantine.stat().st_mode & 0o777 == 0o600


def test_torn_tail_is_truncated_on_open(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor) as writer:
        writer.write(event(1, "complete"))
    complete = path.read_bytes()
    torn = b'{"type":"tool.succeeded","text":"' + planted.EMAIL.encode()
    with path.open("ab") as handle:
        handle.write(torn)
    with pytest.raises(CaptureError, match="torn line"):
        RedactingJsonlWriter(path, redactor, torn_tail="fail")
    assert path.read_bytes() == complete + torn  # fail closed: untouched
    with RedactingJsonlWriter(path, redactor) as writer:
        assert writer.torn_bytes_removed == len(torn)
        writer.write(event(2, "next"))
    assert planted.leaked(path.read_bytes()) == []
    assert [r["id"] for r in lines_of(path)] == ["evt-0001", "evt-0002"]
    assert read_seal(path.with_name("run.jsonl.seal.json")).files["run.jsonl"] == sha256_bytes(path.read_bytes())


def test_unsealed_existing_content_is_redacted_before_appending(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "legacy.jsonl"
    path.write_text(json.dumps(sensitive_event(1)) + "\n", encoding="utf-8")
    with pytest.raises(CaptureError, match="seal does not cover"):
        RedactingJsonlWriter(path, redactor, unsealed="fail")
    with RedactingJsonlWriter(path, redactor) as writer:
        assert writer.recovered
        assert planted.leaked(path.read_bytes()) == []
        writer.write(sensitive_event(2))
    assert planted.leaked(path.read_bytes()) == []
    records = lines_of(path)
    assert records[0]["api_key"] == records[1]["api_key"]
    seal = read_seal(path.with_name("legacy.jsonl.seal.json"))
    assert seal.files["legacy.jsonl"] == sha256_bytes(path.read_bytes())


def test_one_writer_per_file(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor) as writer:
        writer.write(event(1, "x"))
        with pytest.raises(CaptureError, match="another writer"):
            RedactingJsonlWriter(path, redactor)
    with pytest.raises(CaptureError, match="closed"):
        writer.write(event(2, "y"))


_KILLED_WRITER = """
import sys
from redactor.engine import Redactor
from redactor.capture.jsonl_writer import RedactingJsonlWriter
writer = RedactingJsonlWriter(sys.argv[1], Redactor.from_policy("default"))
text = "contact %s, " % sys.argv[2] + "filler " * 2000
index = 0
while True:
    writer.write({"type": "event", "id": "e%d" % index, "text": text})
    index += 1
    if index == 1:
        print("ready", flush=True)
"""


@pytest.mark.slow
def test_a_killed_writer_leaves_only_redacted_bytes_and_the_next_writer_mends_the_tail(
        redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "killed.jsonl"
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(path), planted.EMAIL],
                             stdout=subprocess.PIPE, env=env, cwd=tmp_path)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == b"ready"
        time.sleep(0.5)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    data = path.read_bytes()
    # SIGKILL may land inside a multi-page write (Linux stops it between pages), so the tail can be
    # torn; what is there, torn tail included, was redacted before it was written.
    assert planted.leaked(data) == []
    complete = data[:data.rfind(b"\n") + 1]
    assert len([json.loads(line) for line in complete.splitlines()]) >= 1
    # The crash left no seal; the next writer cuts a torn tail back and re-seals what is there.
    assert not path.with_name("killed.jsonl.seal.json").exists()
    with RedactingJsonlWriter(path, redactor) as writer:
        assert writer.torn_bytes_removed == len(data) - len(complete)
    mended = path.read_bytes()
    assert mended.endswith(b"\n")
    assert [json.loads(line)["id"] for line in mended.splitlines()] == [
        json.loads(line)["id"] for line in complete.splitlines()]
    assert planted.leaked(mended) == []
    seal = read_seal(path.with_name("killed.jsonl.seal.json"))
    assert seal.files["killed.jsonl"] == sha256_bytes(mended)


def test_concurrent_writers_threads_produce_whole_redacted_lines(redactor: Redactor, tmp_path: Path) -> None:
    import threading

    path = tmp_path / "threads.jsonl"
    with RedactingJsonlWriter(path, redactor, fsync=False) as writer:
        def work(offset: int) -> None:
            for index in range(offset, offset + 10):
                writer.write(sensitive_event(index))

        threads = [threading.Thread(target=work, args=(offset,)) for offset in range(0, 40, 10)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    records = lines_of(path)
    assert sorted(r["id"] for r in records) == [f"evt-{i:04d}" for i in range(40)]
    assert planted.leaked(path.read_bytes()) == []
    assert len({r["api_key"] for r in records}) == 1


@pytest.mark.parametrize("forgery", ["no MAC", "another policy"])
def test_a_seal_this_key_and_policy_did_not_make_vouches_for_nothing(
    redactor: Redactor, tmp_path: Path, forgery: str
) -> None:
    """Raw content next to a seal whose digest matches, but that is MAC-less or names another
    policy, must be re-redacted before the writer appends and re-seals it with its own MAC."""
    from datetime import datetime, timezone

    from redactor.seal import build_seal, write_seal

    path = tmp_path / "run.jsonl"
    raw = (json.dumps(event(1, f"Customer {planted.PERSON} wrote from {planted.EMAIL}")) + "\n").encode()
    path.write_bytes(raw)
    write_seal(path.with_name("run.jsonl.seal.json"), build_seal(
        files={"run.jsonl": raw}, format_name="json", policy_name="default",
        policy_digest=redactor.policy.digest if forgery == "no MAC" else "sha256:" + "0" * 64,
        counts={}, recorded_at=None, redacted_at=datetime.now(timezone.utc),
        key=None if forgery == "no MAC" else redactor.key))
    with RedactingJsonlWriter(path, redactor) as writer:
        assert writer.recovered
        writer.write(event(2, "hello"))
    data = path.read_bytes()
    assert planted.leaked(data) == [] and planted.PERSON.encode() not in data
    assert [r["id"] for r in lines_of(path)] == ["evt-0001", "evt-0002"]
    assert read_seal(path.with_name("run.jsonl.seal.json")).files == {"run.jsonl": sha256_bytes(data)}


def test_a_record_the_quarantine_cannot_encode_as_json_is_still_kept(redactor: Redactor, tmp_path: Path) -> None:
    quarantine = tmp_path / "private" / "quarantine.jsonl"
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor, quarantine=quarantine) as writer, \
            pytest.raises(CaptureError, match="quarantine file") as failure:
        writer.write({"text": planted.EMAIL, "by_pair": {(1, 2): planted.EMAIL}})
    assert planted.leaked(str(failure.value)) == []
    assert not path.exists()
    entry = json.loads(quarantine.read_text(encoding="utf-8"))
    assert entry["record"] == {"text": planted.EMAIL, "by_pair": {"(1, 2)": planted.EMAIL}}


def test_a_quarantine_that_cannot_be_written_is_still_a_capture_error(redactor: Redactor, tmp_path: Path) -> None:
    not_a_directory = tmp_path / "taken"
    not_a_directory.write_text("a file where the quarantine's directory should be\n")
    path = tmp_path / "run.jsonl"
    with RedactingJsonlWriter(path, redactor, quarantine=not_a_directory / "q.jsonl") as writer, \
            pytest.raises(CaptureError, match="raw record was not kept") as failure:
        writer.write({"text": planted.EMAIL, "when": object()})
    assert planted.leaked(str(failure.value)) == []
    assert not path.exists()


def test_a_symbolic_link_as_the_output_path_is_refused(redactor: Redactor, tmp_path: Path) -> None:
    """Writing through a link would leave the raw target where it was (a re-redaction replaces the
    link with the redacted copy): the writer refuses it, naming the path, and touches neither."""
    target = tmp_path / "raw.jsonl"
    raw = (json.dumps(sensitive_event(1)) + "\n").encode()
    target.write_bytes(raw)
    link = tmp_path / "run.jsonl"
    link.symlink_to(target)
    with pytest.raises(CaptureError, match="symbolic link") as failure:
        RedactingJsonlWriter(link, redactor)
    assert str(link) in str(failure.value)
    assert planted.leaked(str(failure.value)) == []
    assert link.is_symlink() and target.read_bytes() == raw
    assert not link.with_name("run.jsonl.seal.json").exists()
    dangling = tmp_path / "new.jsonl"
    dangling.symlink_to(tmp_path / "elsewhere.jsonl")  # a link to a file not there yet: refused too
    with pytest.raises(CaptureError, match="symbolic link"):
        RedactingJsonlWriter(dangling, redactor)
    assert not (tmp_path / "elsewhere.jsonl").exists()
