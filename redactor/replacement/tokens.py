"""Redaction tokens: `<EMAIL_ADDRESS:3f9a0c1b2d4e>` and payload placeholders.

Tokens name the entity type, are easy to recognise (the gate and the detectors skip them,
which makes redaction idempotent), and are too short and structured to look like a secret.
"""

from __future__ import annotations

import hashlib
import re

from redactor.replacement.keys import PseudonymKey

TOKEN_HEX_LENGTH = 12
TOKEN_RE = re.compile(r"<[A-Z][A-Z0-9_]*:[0-9a-f]{12}>")
PAYLOAD_RE = re.compile(r"<REDACTED_PAYLOAD sha256=[0-9a-f]{64} bytes=\d+>")
# A token inside XML or HTML is written with its brackets escaped (`<Name>&lt;PERSON:0ef333b3b7a5&gt;</Name>`): a
# bare `<` there would make the document ill-formed, and a replayed tool's XML parser would fail on it.
ESCAPED_TOKEN_RE = re.compile(r"&lt;[A-Z][A-Z0-9_]*:[0-9a-f]{12}&gt;")
ANY_MARKER_RE = re.compile(f"{TOKEN_RE.pattern}|{PAYLOAD_RE.pattern}|{ESCAPED_TOKEN_RE.pattern}")
# A string that is a markup document: it begins with a tag (or a declaration) and closes one.
_MARKUP_DOCUMENT = re.compile(r"\s*<(?:\?xml|!DOCTYPE|[A-Za-z][\w:.-]*[\s/>])")
_CLOSING_TAG = re.compile(r"</[A-Za-z][\w:.-]*\s*>|/>")


_GROUP_SEPARATORS = re.compile(r"[ -]")


def canonical_value(entity_type: str, value: str) -> str:
    """The value a token is computed from: a card or an IBAN written in groups is the same number,
    so `5425 2334 3010 9903` and `5425233430109903` get one token (replay may link the two)."""
    if entity_type == "CREDIT_CARD":
        return _GROUP_SEPARATORS.sub("", value)
    if entity_type == "IBAN_CODE":
        return _GROUP_SEPARATORS.sub("", value).upper()
    return value


def pseudonym(key: PseudonymKey, entity_type: str, value: str) -> str:
    # The MAC covers the value only, so one value keeps one token even if two detectors type it
    # differently; the entity type in the token is chosen once per trace by the engine.
    canonical = canonical_value(entity_type, value)
    digest = key.mac(b"pseudonym\x00" + canonical.encode("utf-8", "surrogatepass"))
    return f"<{entity_type}:{digest[:TOKEN_HEX_LENGTH]}>"


def payload_placeholder(value: str) -> str:
    raw = value.encode("utf-8", "surrogatepass")
    return f"<REDACTED_PAYLOAD sha256={hashlib.sha256(raw).hexdigest()} bytes={len(raw)}>"


def is_marker(value: str) -> bool:
    # Called on every string of every trace: a token starts with "<" (or its escape), most strings do not.
    return value[:1] in ("<", "&") and ANY_MARKER_RE.fullmatch(value) is not None


def marker_spans(text: str) -> list[tuple[int, int]]:
    if "<" not in text and "&lt;" not in text:
        return []
    return [match.span() for match in ANY_MARKER_RE.finditer(text)]


def is_markup_document(text: str) -> bool:
    """An XML or HTML document in a string (`<Tenant><Name>...</Name></Tenant>`, `<?xml ...?>`, an email's HTML
    body): a replacement in it is escaped (`ESCAPED_TOKEN_RE`). Prose that quotes a tag is not one."""
    return text[:1] in ("<", " ", "\t", "\n", "\r") and _MARKUP_DOCUMENT.match(text) is not None \
        and _CLOSING_TAG.search(text) is not None


def escaped_for_markup(replacement: str) -> str:
    return replacement.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
