"""Secret-named parameters *inside* text: URL query strings, form bodies, header lines, and JSON or
YAML fragments that are not parseable on their own (a log line quoting `"password": "..."`).

Structured documents are handled by the engine's key awareness; this covers the same rule when
the key and its value are both inside one string, e.g.
`https://example.com/reset?token=rst_abc&uid=7` or `PGPASSWORD=hunter2 psql ...`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redactor.detection.base import Span

# name=value (query strings, form bodies, env assignments). The value stops at a separator.
_ASSIGNMENT = re.compile(r"(?<![\w.-])([A-Za-z][\w.-]{1,60})=([^&\s\"'#;,<>]{3,})")
# "name": "value" / 'name': 'value' / name: value inside unparseable text.
_QUOTED_PAIR = re.compile(r"[\"']([A-Za-z][\w.-]{1,60})[\"']\s*:\s*[\"']([^\"'\\\s]{3,})[\"']")
_HEADER_LINE = re.compile(r"(?im)^\s*([A-Za-z][\w-]{1,60})\s*:\s*(?!Bearer\b|Basic\b)(\S{6,})\s*$")
_CHEAP_GATE = re.compile(r"[=:]")


def find_keyed_secrets(text: str, is_secret_key: Callable[[str], bool], entity_for: Callable[[str], str]) -> list[Span]:
    """Spans of values whose name (in the same string) is secret-named. Each span is the value only."""
    if not _CHEAP_GATE.search(text):
        return []
    spans: list[Span] = []
    for pattern in (_ASSIGNMENT, _QUOTED_PAIR, _HEADER_LINE):
        for match in pattern.finditer(text):
            name = match.group(1)
            if is_secret_key(name):
                spans.append(Span(match.start(2), match.end(2), entity_for(name), 1.0, "secret-named parameter"))
    return spans
