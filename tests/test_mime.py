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
