"""Decoys: values that look sensitive to a naive detector but carry the structure replay needs.

Each filter is a small named function returning the regions of a text it protects. They are
composed in order (vcrpy style). PII findings that overlap a protected region are dropped, and a
string that is *entirely* a decoy is not analysed at all. Secret rules are not filtered here:
a secret can legitimately sit inside a URL, so the secret rules carry their own exclusions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redactor.replacement.tokens import marker_spans

Region = tuple[int, int]

_UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
# Digests and ids: lowercase hex runs of 7+ chars with a digit and a letter (git SHAs, sha1/sha256,
# span/trace ids; an all-digit run is a number, maybe a card); uppercase hex only at exact digest lengths (md5,
# sha1, sha256), because an uppercase run such as an IBAN (DE89370400440532013000) is all hex too.
_HEX = re.compile(
    r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,}\b"
    r"|\b(?=[0-9A-F]*[A-F])(?:[0-9A-F]{32}|[0-9A-F]{40}|[0-9A-F]{64})\b"
)
_TIMESTAMP = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
)
# Up to three numeric parts (four would be an IPv4 address), or any number after a "v".
_VERSION = re.compile(
    r"(?<![\w.])(?:v\d+(?:\.\d+){1,3}|\d+\.\d+(?:\.\d+)?)(?:[-+][0-9A-Za-z.]+)?\b(?![.]\d)"
)
_MODEL_NAME = re.compile(r"\b(?:gpt|claude|gemini|llama|mistral|o\d)[\w.-]*\d{4}-?\d{2}-?\d{2}\b", re.IGNORECASE)
# Paths and URLs never cover an "@": an email address inside one is still PII.
_PATH = re.compile(r"(?<![\w@])(?:~|\.{1,2})?/(?:[\w.-]+/)*[\w.-]+")
# scheme://host/path without credentials; the query string is not protected (it may hold tokens).
_URL = re.compile(r"\bhttps?://(?![^/\s]*@)[\w.-]+(?::\d+)?(?:/[^\s?#\"'<>@]*)?")
_CALL_ID = re.compile(r"\b(?:call|toolu|tool|run|msg|req|chatcmpl|resp|span|trace|env)[_-][A-Za-z0-9_-]{3,}\b")

# Browser user agents: product tokens and platform comments ("like Gecko" is not a place).
_USER_AGENT = re.compile(r"\b(?:Mozilla|Opera|Dalvik)/\d+(?:\.\d+)*(?:\s+(?:\([^)]*\)|[\w.-]+/[\w.-]+))+")
# Human-readable record ids: ORD-2026-004417, JIRA-1234 (letters, a hyphen, digits). Not letters
# glued to digits: that is the shape of an IBAN (DE89370400440532013000).
_TICKET_ID = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d[\d-]*\d\b")

DecoyFilter = Callable[[str], list[Region]]


def uuid_regions(text: str) -> list[Region]:
    return [m.span() for m in _UUID.finditer(text)] if "-" in text else []


def hex_digest_regions(text: str) -> list[Region]:
    return [m.span() for m in _HEX.finditer(text)]


def timestamp_regions(text: str) -> list[Region]:
    return [m.span() for m in _TIMESTAMP.finditer(text)] if "-" in text else []


def version_regions(text: str) -> list[Region]:
    return [m.span() for m in _VERSION.finditer(text)] if "." in text else []


def model_name_regions(text: str) -> list[Region]:
    return [m.span() for m in _MODEL_NAME.finditer(text)]


def path_regions(text: str) -> list[Region]:
    return [m.span() for m in _PATH.finditer(text)] if "/" in text else []


def url_regions(text: str) -> list[Region]:
    return [m.span() for m in _URL.finditer(text)] if "://" in text else []


def call_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _CALL_ID.finditer(text)]


def user_agent_regions(text: str) -> list[Region]:
    return [m.span() for m in _USER_AGENT.finditer(text)] if "/" in text else []


def ticket_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _TICKET_ID.finditer(text)]


def redaction_marker_regions(text: str) -> list[Region]:
    return marker_spans(text)


DECOY_FILTERS: tuple[DecoyFilter, ...] = (
    redaction_marker_regions,
    uuid_regions,
    hex_digest_regions,
    timestamp_regions,
    model_name_regions,
    version_regions,
    url_regions,
    path_regions,
    call_id_regions,
    user_agent_regions,
    ticket_id_regions,
)


def protected_regions(text: str) -> list[Region]:
    regions: list[Region] = []
    for decoy_filter in DECOY_FILTERS:
        regions.extend(decoy_filter(text))
    return regions


def is_entirely_decoy(text: str, regions: list[Region] | None = None) -> bool:
    """True when one protected region covers the whole string (after trimming whitespace).
    `regions`: the text's protected regions, when the caller has them already."""
    stripped = text.strip()
    if not stripped:
        return True
    offset = text.index(stripped[0])
    end = offset + len(stripped)
    covering = protected_regions(text) if regions is None else regions
    return any(start <= offset and stop >= end for start, stop in covering)


def overlaps(start: int, end: int, regions: list[Region]) -> bool:
    return any(start < stop and region_start < end for region_start, stop in regions)
