"""A raw e-mail inside a string: base64 and quoted-printable parts and RFC 2047 encoded words are read
decoded and written back encoded. Every test redacts a real file with the CLI and reads the bytes."""

from __future__ import annotations

import base64
import json
import quopri
from pathlib import Path

import pytest

from redactor.mime import parse_mime_text
from tests.conftest import run_cli

HTML = "<p>Hi L\u00e9a,</p><p>we paid from card 4916 5346 7212 6912. Call me on +233 24 555 0187.</p>"
PLAIN = ("Guten Tag,\nbitte \u00fcberweisen Sie auf IBAN DE44 5001 0517 5407 3249 31.\n"
         "Mit freundlichen Gr\u00fc\u00dfen\nL\u00e9a M\u00fcller-Sch\u00f6n\nTel. +49 221 5550 1734\n")
PLANTED = ["4916 5346 7212 6912", "+233 24 555 0187", "DE44 5001 0517 5407 3249 31", "+49 221 5550 1734",
           "Margarethe Stollberg", "m.stollberg@gmx.example"]
IMAGE = base64.b64encode(bytes(range(256)) * 2).decode("ascii")


def wrapped(encoded: str) -> str:
    return "\r\n".join(encoded[i:i + 76] for i in range(0, len(encoded), 76))


def message() -> str:
    word = "=?UTF-8?B?" + base64.b64encode(b"Margarethe Stollberg").decode("ascii") + "?="
    return (f"From: {word} <m.stollberg@gmx.example>\r\nSubject: Rechnung RE-2025-0311\r\nMIME-Version: 1.0\r\n"
            'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n'
            "--b1\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            f"{wrapped(base64.b64encode(HTML.encode()).decode('ascii'))}\r\n"
            "--b1\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            f"{quopri.encodestring(PLAIN.encode()).decode('ascii').replace(chr(10), chr(13) + chr(10))}\r\n"
            "--b1\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            f"{wrapped(IMAGE)}\r\n--b1--\r\n")


def redact_message(tmp_path: Path, text: str, *flags: str) -> str:
    source = tmp_path / "mailbox.json"
    source.write_text(json.dumps({"uid": 9102, "rfc822": text}), encoding="utf-8")
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "-q", *flags)
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "mailbox.json").read_text(encoding="utf-8")
    return str(json.loads(written)["rfc822"])


@pytest.mark.parametrize("flags", [(), ("--no-ner",)], ids=["ner", "no-ner"])
def test_encoded_parts_and_words_are_redacted_and_encoded_again(tmp_path: Path, flags: tuple[str, ...]) -> None:
    out = redact_message(tmp_path, message(), *flags)
    decoded = parse_mime_text(out)
    assert decoded is not None
    readable = "".join(decoded[0])
    for value in PLANTED:
        assert value not in readable and value not in out
    assert "Subject: Rechnung RE-2025-0311\r\n" in out  # headers as written
    assert "<CREDIT_CARD:" in readable and "<IBAN_CODE:" in readable and "<PHONE_NUMBER:" in readable
    assert readable.startswith("From: <PERSON:")  # the encoded word, named by the address after it
    assert wrapped(IMAGE) in out  # an image part is not read, and written back as it was
    # the parts are still what their headers say: valid base64 with the same line width, and QP
    html_part = out.split("Content-Transfer-Encoding: base64\r\n\r\n", 1)[1].split("\r\n--b1", 1)[0]
    assert all(len(line) <= 76 for line in html_part.split("\r\n"))
    assert base64.b64decode(html_part.replace("\r\n", "")).decode("utf-8").startswith("<p>Hi ")


def test_a_message_with_nothing_to_redact_is_written_back_byte_for_byte(tmp_path: Path) -> None:
    text = ("Subject: =?UTF-8?Q?Lieferung_f=C3=BCr_Montag?=\r\nContent-Type: text/plain; charset=UTF-8\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\n\r\nDie Lieferung kommt am Montag =\r\num 10 Uhr.\r\n")
    assert redact_message(tmp_path, text, "--no-ner") == text


def test_what_is_not_a_message_stays_text() -> None:
    assert parse_mime_text("plain words, no encoded parts") is None
    assert parse_mime_text("Content-Transfer-Encoding: base64\r\n\r\nnot base64 at all!\r\n") is None
    assert parse_mime_text("a formula =?x?y?= that is no encoded word") is None


def test_a_kubernetes_secrets_and_a_docker_logins_base64_values(tmp_path: Path) -> None:
    """Red teams 17 and 18: `kubectl get secret -o yaml` printed a DSN with its password in base64 under
    `data:`, and `cat ~/.docker/config.json` a registry token in `"auth"`: both were kept."""
    def b64(text: str) -> str:
        return base64.b64encode(text.encode()).decode("ascii")

    certificate = base64.b64encode(bytes(range(40))).decode("ascii")
    kubectl = (f"apiVersion: v1\nkind: Secret\ndata:\n  DATABASE_URL: {b64('postgresql://app:v8T$kq2Lr!9zWm4E@db:5432/pay')}\n"
               f"  DB_PASSWORD: {b64('Tr0ub4dor&3xYz')}\n  DB_USER: {b64('payments_app')}\n  ca.crt: {certificate}\n"
               "metadata:\n  name: payments-db\n")
    docker = ('==> /home/ci/.docker/config.json <==\n{"auths": {"ghcr.io": {"auth": "'
              + b64("acmeci:ghp_0123456789abcdefghijABCDEFGHIJ012345") + '"}}}')
    source = tmp_path / "shell.json"
    source.write_text(json.dumps({"kubectl": kubectl, "cat": docker}), encoding="utf-8")
    assert run_cli("redact", str(source), "-o", str(tmp_path / "out"), "-q", "--no-ner").returncode == 0
    out = json.loads((tmp_path / "out" / "shell.json").read_text(encoding="utf-8"))
    lines = dict(line.strip().split(": ", 1) for line in out["kubectl"].splitlines()[3:7])
    assert base64.b64decode(lines["DATABASE_URL"]).decode().startswith("postgresql://app:<PASSWORD:")
    assert lines["DB_PASSWORD"].startswith("<PASSWORD:")  # a secret-named entry: replaced whole
    assert lines["DB_USER"] == b64("payments_app") and lines["ca.crt"] == certificate  # unchanged bytes
    auth = json.loads(out["cat"].split("\n", 1)[1])["auths"]["ghcr.io"]["auth"]
    assert base64.b64decode(auth).decode().startswith("acmeci:<ACCESS_TOKEN:")
    for raw in ("v8T$kq2Lr!9zWm4E", "Tr0ub4dor", "ghp_0123456789"):
        assert raw not in json.dumps(out) and raw not in "".join(base64.b64decode(v).decode("latin-1")
                                                                    for v in (lines["DATABASE_URL"], auth))


def test_a_secrets_last_applied_configuration_is_read_like_its_data_block(tmp_path: Path) -> None:
    """Red team 18: `kubectl get secret -o yaml` repeats the Secret as JSON in its
    `last-applied-configuration` annotation; the DSN's password stayed there in base64, and a
    secret-named entry whose base64 has no digit (`aHVudGVyMg==`) was taken for a bare `name=`."""
    def b64(text: str) -> str:
        return base64.b64encode(text.encode()).decode("ascii")

    dsn = "postgresql://payments_app:v8T$kq2Lr!9zWm4E@payments-db.internal:5432/payments"
    applied = json.dumps({"apiVersion": "v1", "kind": "Secret", "data": {
        "DATABASE_URL": b64(dsn), "DB_PASSWORD": b64("hunter2"), "DB_USER": b64("payments_app")}},
        separators=(",", ":"))
    kubectl = (f"apiVersion: v1\ndata:\n  DATABASE_URL: {b64(dsn)}\nkind: Secret\nmetadata:\n  annotations:\n"
               f"    kubectl.kubernetes.io/last-applied-configuration: |\n      {applied}\n  name: payments-db\n")
    source = tmp_path / "shell.json"
    source.write_text(json.dumps({"kubectl": kubectl}), encoding="utf-8")
    assert run_cli("redact", str(source), "-o", str(tmp_path / "out"), "-q", "--no-ner").returncode == 0
    written = (tmp_path / "out" / "shell.json").read_text(encoding="utf-8")
    text = json.loads(written)["kubectl"]
    data = json.loads(text.split("last-applied-configuration: |\n", 1)[1].split("\n", 1)[0].strip())["data"]
    assert base64.b64decode(data["DATABASE_URL"]).decode().startswith("postgresql://payments_app:<PASSWORD:")
    assert data["DB_PASSWORD"].startswith("<PASSWORD:") and data["DB_USER"] == b64("payments_app")
    assert b64(dsn) not in written and b64("hunter2") not in written
