"""Encoded text inside a string: a raw e-mail's parts (an IMAP fetch, a `.eml` a tool read), and the
base64 values of a Kubernetes Secret or a Docker `config.json` as a command printed them.

Mail carries text in encodings no pattern reads: a part's body in base64 or quoted-printable
(`L=C3=A9a M=C3=BCller`), a header's RFC 2047 encoded words (`=?UTF-8?B?TWFyZ2FyZXRoZQ==?=`);
`kubectl get secret -o yaml` prints `DATABASE_URL: cG9zdGdyZXM6Ly9...` under `data:`, and a Docker
login's `"auth": "dXNlcjpnaHBf..."` is `user:token`. The text is cut into segments: the text as
written between them, and each encoded piece decoded.
Every segment is redacted as a text of its own; `MimeStyle.dumps` writes the message back, each
decoded segment encoded again as it was, and byte for byte as it was where nothing in it changed.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import quopri
import re
from dataclasses import dataclass
from typing import Any

from redactor.detection.secret_rules import is_secret_key

MIME_MARK = "#mime"

# A part's transfer encoding, its header block ending at the first blank line.
_TRANSFER_ENCODING = re.compile(r"(?im)^Content-Transfer-Encoding:[ \t]*(base64|quoted-printable)[ \t]*\r?$")
_HEADER_BLOCK_END = re.compile(r"\r?\n\r?\n")
_CHARSET = re.compile(r"""(?i)charset=["']?([\w.-]+)""")
_CONTENT_TYPE = re.compile(r"(?im)^Content-Type:[ \t]*([\w.+-]+/[\w.+-]+)")
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/]+={0,2}")
# Where a part's body ends: the next boundary line (`--boundary`), or the end of the message.
_BOUNDARY_LINE = re.compile(r"\r?\n--")
_ENCODED_WORD = re.compile(r"=\?([\w.-]+)\?([BbQq])\?([^?\s]*)\?=")
# Parts whose bodies are text (an attachment's image or PDF is not read).
_TEXT_TYPES = re.compile(r"(?i)text/|message/|application/(?:json|xml|x-vcard)")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Segment:
    kind: str  # "text" (as written), "base64", "quoted-printable", "word-b", "word-q"
    original: str  # the segment as written in the message
    decoded: str  # what it says ("text": the same)
    charset: str = "utf-8"
    newline: str = "\n"
    width: int = 76


@dataclass(frozen=True)
class MimeStyle:
    segments: tuple[Segment, ...]

    def dumps(self, value: Any) -> str:
        return "".join(_encoded(segment, str(text)) for segment, text in zip(self.segments, value, strict=True))


def _encoded(segment: Segment, text: str) -> str:
    if segment.kind == "text":
        return text
    if text == segment.decoded:
        return segment.original  # unchanged: byte for byte
    raw = text.encode(segment.charset, "replace")
    if segment.kind == "base64":
        return _base64_lines(raw, segment.width, segment.newline)
    if segment.kind == "quoted-printable":
        return segment.newline.join(_quoted_printable_line(line) for line in raw.split(b"\n"))
    if segment.kind == "base64-value":
        return base64.b64encode(raw).decode("ascii")
    return f"=?{segment.charset}?B?{base64.b64encode(raw).decode('ascii')}?="  # an encoded word


def _base64_lines(raw: bytes, width: int, newline: str) -> str:
    encoded = base64.b64encode(raw).decode("ascii")
    return newline.join(encoded[i:i + width] for i in range(0, len(encoded), width))


def _quoted_printable_line(line: bytes) -> str:
    """One line in quoted-printable, with no soft line breaks: re-wrapping at 76 columns would cut
    words and ids the message wrote whole (`RE-2025-0311`); a line may be 998 long."""
    out = []
    for index, byte in enumerate(line):
        trailing_space = byte in (9, 32) and index == len(line) - 1
        plain = (33 <= byte <= 126 and byte != 61) or (byte in (9, 32) and not trailing_space)
        out.append(chr(byte) if plain else f"={byte:02X}")
    return "".join(out)


def parse_mime_text(text: str) -> tuple[list[str], MimeStyle] | None:
    """The segments of a message with encoded parts or words, and how to write it back; else None."""
    if "Content-Transfer-Encoding" not in text and "=?" not in text and "data:" not in text \
            and '"auth"' not in text and '"data"' not in text:
        return None
    found = sorted(_encoded_bodies(text) + _encoded_words(text) + _base64_values(text), key=lambda item: item[0])
    segments: list[Segment] = []
    position = 0
    for start, end, segment in found:
        if start < position:
            continue  # (an encoded word inside a decoded body is read there)
        if start > position:
            segments.append(Segment("text", text[position:start], text[position:start]))
        segments.append(segment)
        position = end
    if not any(segment.kind != "text" for segment in segments):
        return None
    if position < len(text):
        segments.append(Segment("text", text[position:], text[position:]))
    return [segment.decoded for segment in segments], MimeStyle(tuple(segments))


def _encoded_bodies(text: str) -> list[tuple[int, int, Segment]]:
    bodies: list[tuple[int, int, Segment]] = []
    for header in _TRANSFER_ENCODING.finditer(text):
        block_end = _HEADER_BLOCK_END.search(text, header.end())
        if block_end is None:
            continue
        part_start = text.rfind("\n--", 0, header.start()) + 1
        part_headers = text[part_start:block_end.start()]
        content_type = _CONTENT_TYPE.search(part_headers)
        if content_type is not None and not _TEXT_TYPES.match(content_type.group(1)):
            continue
        charset_match = _CHARSET.search(part_headers)
        charset = charset_match.group(1).lower() if charset_match else "utf-8"
        if not _writable_charset(charset):
            charset = "utf-8"  # (a body labelled `idna` is still read; it must decode and re-encode as written)
        start = block_end.end()
        boundary = _BOUNDARY_LINE.search(text, start)
        end = boundary.start() if boundary else len(text)
        newline = "\r\n" if "\r\n" in text[header.start():start] else "\n"
        decoder = _base64_body if header.group(1).lower() == "base64" else _quoted_printable_body
        segment = decoder(text[start:end].rstrip("\r\n"), charset, newline)
        if segment is not None:
            bodies.append((start, start + len(segment.original), segment))
    return bodies


def _base64_body(body: str, charset: str, newline: str) -> Segment | None:
    lines = body.split(newline)
    if not lines or not all(_BASE64_LINE.fullmatch(line) for line in lines):
        return None
    try:
        decoded = base64.b64decode("".join(lines), validate=True).decode(charset)
    except (binascii.Error, ValueError, LookupError):
        return None
    if _CONTROL.search(decoded):
        return None
    # (written back as it was written: the same line width, or it is left alone)
    if _base64_lines(decoded.encode(charset, "replace"), len(lines[0]), newline) != body:
        return None
    return Segment("base64", body, decoded, charset, newline, len(lines[0]))


def _quoted_printable_body(body: str, charset: str, newline: str) -> Segment | None:
    if "=" not in body:
        return None  # nothing encoded: the text as written is what it says
    try:
        decoded = quopri.decodestring(body.replace(newline, "\n").encode("ascii")).decode(charset)
    except (UnicodeError, ValueError, LookupError):
        return None
    if _CONTROL.search(decoded):
        return None
    return Segment("quoted-printable", body, decoded, charset, newline)


# A Secret's `data:` block as kubectl prints it (its values, indented under it), and a Docker `"auth"`.
# (A ConfigMap's `data` is plain text: a value is read only if it decodes to text and encodes back to itself.)
_DATA_BLOCK = re.compile(r"(?m)^([ \t]*)data:[ \t]*\r?\n((?:\1[ \t]+[\w.-]+:[ \t]*\S*[ \t]*\r?\n?)+)")
_DATA_VALUE = re.compile(r"(?m)^[ \t]+([\w.-]+):[ \t]*([A-Za-z0-9+/]{8,}={0,2})[ \t]*\r?$")
_DOCKER_AUTH = re.compile(r"\"auth\"[ \t]*:[ \t]*\"([A-Za-z0-9+/]{8,}={0,2})\"")
# The same Secret as JSON inside the text (`kubectl.kubernetes.io/last-applied-configuration`, `-o json`).
_JSON_DATA_BLOCK = re.compile(r"\"data\"[ \t]*:[ \t]*\{([^{}]*)\}")
_JSON_DATA_VALUE = re.compile(r"\"([\w.-]+)\"[ \t]*:[ \t]*\"([A-Za-z0-9+/]{8,}={0,2})\"")


def _base64_values(text: str) -> list[tuple[int, int, Segment]]:
    values: list[tuple[int, int, Segment]] = []
    spans = [m.span(1) for m in _DOCKER_AUTH.finditer(text)] if '"auth"' in text else []
    if "data:" in text:
        for block in _DATA_BLOCK.finditer(text):
            # (a secret-named entry, `DB_PASSWORD: <base64>`, is replaced whole as it is written: decoded, a
            # password would be read as prose)
            spans += [(block.start(2) + m.start(2), block.start(2) + m.end(2))
                      for m in _DATA_VALUE.finditer(block.group(2)) if not is_secret_key(m.group(1))]
    if '"data"' in text:
        for block in _JSON_DATA_BLOCK.finditer(text):
            spans += [(block.start(1) + m.start(2), block.start(1) + m.end(2))
                      for m in _JSON_DATA_VALUE.finditer(block.group(1)) if not is_secret_key(m.group(1))]
    for start, end in spans:
        encoded = text[start:end]
        try:
            decoded = base64.b64decode(encoded, validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        # (text only, and written back byte for byte: a key's or a certificate's bytes are left alone)
        if decoded and not _CONTROL.search(decoded) and base64.b64encode(decoded.encode()).decode() == encoded:
            values.append((start, end, Segment("base64-value", encoded, decoded)))
    return values


def _writable_charset(charset: str) -> bool:
    """A text encoding the redacted text can be written back in. (`idna` and `punycode` name codecs too, but
    they refuse the `replace` handler: read as such, a message would fail where it is written back.)"""
    try:
        codecs.lookup(charset)
        "\u00e9\u2014".encode(charset, "replace")
    except (LookupError, UnicodeError, ValueError):
        return False
    return True


def _encoded_words(text: str) -> list[tuple[int, int, Segment]]:
    words: list[tuple[int, int, Segment]] = []
    if "=?" not in text:
        return words
    for word in _ENCODED_WORD.finditer(text):
        charset, encoding, payload = word.group(1).lower(), word.group(2).lower(), word.group(3)
        if not _writable_charset(charset):
            charset = "utf-8"  # (`=?idna?Q?...?=`: read as UTF-8, and written back so if it changes)
        try:
            raw = base64.b64decode(payload, validate=True) if encoding == "b" else \
                quopri.decodestring(payload.encode("ascii"), header=True)
            decoded = raw.decode(charset)
        except (binascii.Error, ValueError, LookupError, UnicodeError):
            continue
        if not _CONTROL.search(decoded):
            words.append((word.start(), word.end(), Segment("word-" + encoding, word.group(0), decoded, charset)))
    return words
