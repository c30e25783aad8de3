"""The residual scan: defence in depth after the seal check.

A sealed file whose digest matches was produced by the redactor, so in the normal case this scan
finds nothing. It exists for a value pasted in and re-sealed by hand, and for forged seals. It
never loads spaCy (no NER) and imports presidio only for a file whose fast pattern scan
(`redactor.detection.fastscan`) flags a structured-PII candidate:

1. the raw text of each member file is scanned once with compiled regexes (C speed);
2. only if something is flagged (or the text hides ASCII behind `\\u00XX` escapes or text behind
   base64, which raw patterns cannot see) are the parsed records walked string by string, with the
   engine's notion of structure: values of secret-named keys must be redaction output, structural
   keys are not scanned for PII (the engine leaves them as they are), a list's items are what the
   engine reads them as (`list_items`: a header list's `[name, value]` pair, a flat `rawHeaders`, a
   command line's secret option and its argument), embedded JSON strings and base64-encoded text
   are walked;
3. PII candidates are confirmed by presidio's recognizers with the policy's thresholds; secrets
   need no confirmation (the secret detector's rules carry their own validators).

Policy allow-list values and the committed allow-list suppress a finding; each suppression is
returned too, so the report shows it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from redactor.detection.base import Span
from redactor.detection.fastscan import FastScanner
from redactor.engine import masked_preview
from redactor.errors import DetectorError
from redactor.formats.base import TraceFile
from redactor.formats.registry import FORMATS
from redactor.gate.allowlist import Allowlist
from redactor.gate.model import GateFinding
from redactor.mime import MIME_MARK, parse_mime_text
from redactor.policy import Policy
from redactor.replacement.tokens import is_marker, marker_spans
from redactor.structure import (
    BASE64_MARK,
    LIST_NAMED,
    LIST_PAIR,
    PAIR_NAME_FIELDS,
    PAIR_NAME_SPELLINGS,
    ROOT,
    TABLE_ROW_KEYS,
    NodeContext,
    StructureRules,
    cookie_header_spans,
    list_items,
    may_name_personal_number,
    may_name_secret,
    parse_base64_text,
    parse_embedded_json,
    raw_credential,
    row_cells,
    secret_option_name,
)

# `\u0040` for "@", `\u002d` for "-": legal JSON that a raw-text pattern cannot see through.
_ESCAPED_ASCII = re.compile(r"\\u00[2-7][0-9a-fA-F]")
# Every member whose value is a string that is not redaction output (a token, `<ENTITY>` from
# `replace`, or empty); JSON-escaped quotes too, for embedded JSON. Each key is then asked exactly
# (`may_name_secret`, once per distinct key): a list of words to look for first missed the secret names
# without one (`cvv`, `mnemonic`, `seed_phrase`, a policy's own `redact_keys`; round 41). (A
# case-insensitive pattern anchored on words is ~8x slower in `re`: no literal prefix to skip ahead with.)
_STRING_MEMBER = re.compile(r'"(?P<key>[^"\\]{1,160})\\?"\s*:\s*\\?"(?!\\?"|<[A-Z][A-Z0-9_]*(?::[0-9a-f]{12})?>\\?")')
# Keys a report shows as read: words joined by `_`, `-` or `.` (`gen_ai.input.messages`, `Content-Type`).
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:[.-][A-Za-z0-9_]+)*")
# The name of a name/value pair (an OTLP attribute's `key`, a k8s env entry's `name`, an AWS tag's `Key`):
# its value is what a member of that name holds. An SSM `SecureString` is a secret whatever its name.
_PAIR_NAME_FIELDS = sorted(PAIR_NAME_SPELLINGS)
_PAIR_NAME = re.compile(rf'"(?:{"|".join(_PAIR_NAME_FIELDS)})\\?"\s*:\s*\\?"(?P<key>[^"\\]{{1,160}})\\?"')
_SECURE_PARAMETER = re.compile(r'"Type\\?"\s*:\s*\\?"SecureString')
# A list's string followed by another that is not redaction output (`["x-api-key", "..."]`, a flat `rawHeaders`'
# `"Cookie", "sid=..."`, a command line's `"--password", "..."`): the first, preceded by `[` or `,` and followed
# by `,`, is no dict member; the walk reads such a pair when the first names a secret (`list_items`).
# (The next item is looked ahead at, not taken: it can name the secret of the item after it, `"-u", "--password"`.)
_STRING_ITEM = re.compile(
    r'[\[,]\s*\\?"(?P<key>[^"\\]{1,160})\\?"(?=\s*,\s*\\?"(?!\\?"|<[A-Z][A-Z0-9_]*(?::[0-9a-f]{12})?>\\?"))')
_MAX_CACHED_NAMES = 100_000  # (as `StructureRules.is_secret_name`: a store's lists may hold many distinct strings)
# A member whose value is a JSON integer of three digits or more (`"pin": 7391`, `"card_number": 4111...`) or a
# float (`"home_latitude": 51.50722`): the engine replaces one under a personal-data or secret name by its token,
# so one left is raw.
_NUMBER_MEMBER = re.compile(r'"(?P<key>[^"\\]{1,160})\\?"\s*:\s*-?(?:[1-9]\d{2}|\d{1,3}\.\d)')


@dataclass
class Flagged:
    """A finding with its value, for `--update-allowlist` only; the value is never rendered."""

    finding: GateFinding
    value: str


def listed_findings(items: list[Flagged], previews: bool = True, limit: int = 5) -> str:
    """`EMAIL_ADDRESS [ma…(38 chars)] (line 2), ...`: the first `limit` findings by entity type, masked preview
    (unless `previews` is False) and line; never a value."""
    shown = [item.finding.entity_type + (f" [{item.finding.preview}]" if previews else "")
             + (f" (line {item.finding.line})" if item.finding.line else "") for item in items[:limit]]
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(shown) + more


@dataclass(frozen=True)
class WalkPlan:
    """What the raw-text scan found: the flagged substrings (only strings containing one are
    scanned again), or None when every string must be scanned."""

    needles: frozenset[str] | None


@dataclass(frozen=True)
class _Ctx:
    """Where a string sits: its node, and whether the engine treats it as structure (then only
    secrets are looked for, since the engine leaves structure as it is)."""

    node: NodeContext
    structural: bool = False

    @property
    def secret_entity(self) -> str | None:
        return self.node.secret_entity


# A query result's column list, and the names in it (a `password` column's cells are secrets).
_COLUMNS = re.compile(r'\\?"columns\\?"\s*:\s*\[([^\]]{0,4000})\]')
_QUOTED_NAME = re.compile(r'\\?"([^"\\]{1,160})\\?"')


def _table_column_names(text: str) -> Iterator[str]:
    for columns in _COLUMNS.finditer(text):
        yield from (name.group(1) for name in _QUOTED_NAME.finditer(columns.group(1)))


# A JSON string that may be base64 (a `/` may be written `\/`), perhaps in a data URL or wrapped in lines.
_QUOTED_BASE64 = re.compile(r'"((?:data:[\w.+/;=-]{3,100};base64,)?(?:[A-Za-z0-9+_=-]|\\?/|\\r|\\n){24,})"')
_JSON_ESCAPES_IN_BASE64 = {"\\/": "/", "\\r": "\r", "\\n": "\n"}


def _hides_base64_text(text: str) -> bool:
    return any(parse_base64_text(_unescaped(m.group(1))) for m in _QUOTED_BASE64.finditer(text))


def _unescaped(quoted: str) -> str:
    for escape, char in _JSON_ESCAPES_IN_BASE64.items():
        quoted = quoted.replace(escape, char)
    return quoted


# The "JSON path" of a finding in a text file that is not a trace: the line number says where.
TEXT_PATH = "(text)"


class _Lines:
    """Line numbers of offsets in one text (1-based), and each line's bounds (without its newline)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(match.end() for match in re.finditer("\n", text))]

    def number(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def bounds(self, number: int) -> tuple[int, int]:
        start = self.starts[number - 1]
        end = self.starts[number] - 1 if number < len(self.starts) else len(self.text)
        return start, end


class ResidualScanner:
    def __init__(self, policy: Policy, allowlist: Allowlist | None) -> None:
        self.policy = policy
        self.allowlist = allowlist
        self.fast = FastScanner(policy.entities)
        self._pii: Any = None
        self._rules: dict[str, StructureRules] = {}
        self._number_keys: dict[str, bool] = {}
        self._secret_keys: dict[str, bool] = {}

    # ----- step 1: is a walk needed at all? ---------------------------------------------------

    def plan(self, text: str) -> WalkPlan | None:
        """None: the raw text is clean, no walk. Otherwise which strings the walk must scan."""
        needles = frozenset(text[h.start:h.end] for h in self.fast.scan(text))
        if _ESCAPED_ASCII.search(text) or _hides_base64_text(text):
            return WalkPlan(None)  # escapes or base64 hide what raw patterns see: scan every decoded string
        secret_member = any(self._names_secret(m.group("key")) for m in _STRING_MEMBER.finditer(text)) or (
            any(f'"{field}' in text for field in _PAIR_NAME_FIELDS)
            and any(self._names_secret(m.group("key")) for m in _PAIR_NAME.finditer(text))
        ) or _SECURE_PARAMETER.search(text) is not None or (
            '"columns"' in text and any(self._names_secret(name) for name in _table_column_names(text))
        ) or any(self._may_name_personal_number(m.group("key")) for m in _NUMBER_MEMBER.finditer(text)) or any(
            self._names_list_secret(m.group("key")) for m in _STRING_ITEM.finditer(text)
        )
        return WalkPlan(needles) if needles or secret_member else None

    def _names_secret(self, key: str) -> bool:
        known = self._secret_keys.get(key)  # (keys and header names repeat in every record)
        if known is None:
            known = may_name_secret(self.policy, key)
            if len(self._secret_keys) < _MAX_CACHED_NAMES:
                self._secret_keys[key] = known
        return known

    def _names_list_secret(self, item: str) -> bool:
        """A list's item naming the secret the next item holds: a header's name, or a secret option."""
        return self._names_secret(item) or secret_option_name(item, self._names_secret) is not None

    def _may_name_personal_number(self, key: str) -> bool:
        known = self._number_keys.get(key)  # (counts and times repeat their keys in every record)
        if known is None:
            known = self._number_keys[key] = may_name_personal_number(self.policy, key)
        return known

    # ----- step 2: walk -----------------------------------------------------------------------

    def scan_file(self, trace_file: TraceFile, format_name: str, display: str, plan: WalkPlan) -> list[Flagged]:
        rules = self._rules.get(format_name)
        if rules is None:
            rules = self._rules[format_name] = StructureRules(self.policy, FORMATS[format_name])
        walker = _Walker(rules, self.policy.max_depth)
        flagged: list[Flagged] = []
        for index, record in enumerate(trace_file.records):
            line = trace_file.line_numbers[index] if trace_file.layout == "jsonl" else None
            for ctx, text in walker.strings(record, _Ctx(ROOT), None, 0):
                flagged.extend(
                    Flagged(GateFinding(display, line, ctx.node.spelled_path(self._reported_key), span.entity_type,
                                        masked_preview(text[span.start:span.end]), span.detector),
                            text[span.start:span.end])
                    for span in self._spans(text, ctx, plan)
                )
        return flagged

    def _reported_key(self, key: str) -> str:
        """A dict key as a report may show it (reports end up in CI logs, SARIF and the committed
        allow-list): as read when it is a plain name in which the fast scan finds nothing; masked
        when it could be a value itself (`{"Jane Roe": {...}}`, `{"sk-proj-...": ...}`)."""
        if is_marker(key) or (_PLAIN_KEY.fullmatch(key) and not self.fast.scan(key)):
            return key
        return masked_preview(key)

    def _spans(self, text: str, ctx: _Ctx, plan: WalkPlan) -> list[Span]:
        if ctx.secret_entity is not None:
            # what redact replaces there (`Bearer <token>`: it keeps the scheme)
            held = raw_credential(text, ctx.secret_entity)
            if held is None or self._is_operator_output(ctx.secret_entity, held[1]):
                return []
            cookies = cookie_header_spans(ctx.node.value_key(), text)
            if cookies is not None:
                return [Span(c.start, c.end, c.entity or ctx.secret_entity, 1.0, "secret-named key") for c in cookies
                        if not self._is_operator_output(c.entity or ctx.secret_entity, text[c.start:c.end])]
            return [Span(len(held[0]), len(text), ctx.secret_entity, 1.0, "secret-named key")]
        if plan.needles is not None and not any(needle in text for needle in plan.needles):
            return []
        hits = self.fast.scan(text)
        secrets = [Span(h.start, h.end, h.entity_type, 1.0, h.rule) for h in hits if not h.confirm]
        if ctx.structural or not any(h.confirm for h in hits):
            return secrets
        return secrets + self._confirmed(text, secrets)

    def _confirmed(self, text: str, secrets: list[Span]) -> list[Span]:
        """Structured PII that presidio confirms in `text`, outside secrets and redaction tokens."""
        confirmed = [s for s in self._confirm(text) if not any(s.start < o.end and o.start < s.end for o in secrets)]
        if confirmed and "<" in text:
            markers = marker_spans(text)
            confirmed = [s for s in confirmed if not any(s.start < e and b < s.end for b, e in markers)]
        return confirmed

    # ----- text that is not a trace: names in a path, prose and exports under a fixture root -------

    def scan_string(self, text: str) -> list[Span]:
        """What the residual scan flags in one free-text string (a file or directory name)."""
        return self._spans(text, _Ctx(ROOT), WalkPlan(None))

    def scan_text(self, text: str, display: str) -> list[Flagged]:
        """A text file that is not a trace (prose, CSV, YAML, HTML, a log): one fast scan of the whole
        text; secrets are final, structured-PII candidates are confirmed on their own line. ASCII written
        as JSON escapes (`\u0040` for `@`, a JSONC file's) is read as what it spells (red team 32)."""
        if _ESCAPED_ASCII.search(text):
            text = _ESCAPED_ASCII.sub(lambda escape: chr(int(escape.group(0)[2:], 16)), text)
        hits = self.fast.scan(text)
        if not hits:
            return []
        lines = _Lines(text)
        secrets = [Span(h.start, h.end, h.entity_type, 1.0, h.rule) for h in hits if not h.confirm]
        flagged = [self._text_flag(display, lines, text, span) for span in secrets]
        for number in sorted({lines.number(h.start) for h in hits if h.confirm}):
            start, end = lines.bounds(number)
            line = text[start:end]
            inside = [replace(s, start=s.start - start, end=s.end - start) for s in secrets
                      if s.start < end and start < s.end]
            flagged.extend(self._text_flag(display, lines, text, replace(s, start=start + s.start, end=start + s.end))
                           for s in self._confirmed(line, inside))
        return flagged

    @staticmethod
    def _text_flag(display: str, lines: _Lines, text: str, span: Span) -> Flagged:
        value = text[span.start:span.end]
        return Flagged(GateFinding(display, lines.number(span.start), TEXT_PATH, span.entity_type,
                                   masked_preview(value), span.detector), value)

    def _confirm(self, text: str) -> list[Span]:
        if self._pii is None:
            from redactor.detection.pii import PiiDetector, quiet_presidio_logging

            quiet_presidio_logging()
            thresholds = {entity: rule.threshold for entity, rule in self.policy.entities.items()}
            self._pii = PiiDetector(thresholds, ner=False)
        spans: list[Span] = self._pii.find_structured(text)
        return spans

    def _is_operator_output(self, entity: str, value: str) -> bool:
        """What the policy's operator leaves under a secret-named key is not a residual secret."""
        rule = self.policy.entities.get(entity) or self.policy.entities.get("CREDENTIAL")
        if rule is None:
            return False
        if rule.operator == "replace":
            return value in (rule.params.get("new_value"), f"<{entity}>")
        if rule.operator == "mask":
            char = str(rule.params.get("masking_char", "*"))
            return value.count(char) >= min(len(value), int(rule.params.get("chars_to_mask", len(value))))
        return False

    # ----- step 3: suppressions ---------------------------------------------------------------

    def partition(self, flagged: list[Flagged]) -> tuple[list[Flagged], list[GateFinding]]:
        """(unsuppressed findings with values, suppressed findings labelled with their suppression)."""
        kept: list[Flagged] = []
        suppressed: list[GateFinding] = []
        for item in flagged:
            reason: str | None = None
            if self.policy.is_allowed_value(item.value):
                reason = f"policy '{self.policy.name}' allow list"
            elif self.allowlist is not None:
                entry = self.allowlist.match(item.value)
                if entry is not None:
                    reason = entry.describe()
            if reason is None:
                kept.append(item)
            else:
                f = item.finding
                suppressed.append(GateFinding(f.file, f.line, f.path, f.entity_type, f.preview, f.detector, reason))
        return kept, suppressed


class _Walker:
    """The engine's walk, read-only: the same `StructureRules` decide paths, structure and secret-named
    keys (OTLP attributes included), so the gate flags exactly what `redact` would have changed."""

    def __init__(self, rules: StructureRules, max_depth: int) -> None:
        self.rules = rules
        self.max_depth = max_depth

    def strings(self, value: Any, ctx: _Ctx, parent_key: str | None, depth: int) -> Iterator[tuple[_Ctx, str]]:
        if depth > self.max_depth:
            raise DetectorError(f"nesting deeper than {self.max_depth} levels")
        if isinstance(value, str):
            yield from self._string(value, ctx, depth)
        elif isinstance(value, list):
            # As the engine plans a list (`list_items`): a header list's pair, a flat header list's value and a
            # secret option's argument are what a member of their name holds; the names are read as keys are.
            for index, item, kind, name in list_items(parent_key, value, self.rules.is_secret_name):
                item_ctx = _Ctx(ctx.node.at_index(index), ctx.structural)
                if kind == LIST_PAIR:
                    yield from self.strings(item[0], _Ctx(item_ctx.node.at_index(0), ctx.structural), None, depth + 2)
                    yield from self._cell({name: item[1]}, name, item[1], 1, item_ctx, depth + 2)
                elif kind == LIST_NAMED:
                    yield from self._cell({name: item}, name, item, index, ctx, depth + 1)
                else:
                    yield from self.strings(item, item_ctx, parent_key, depth + 1)
        elif isinstance(value, dict):
            yield from self._members(value, ctx, parent_key, depth)

    def _members(self, value: Mapping[str, Any], ctx: _Ctx, parent_key: str | None,
                 depth: int, columns: list[str] | None = None) -> Iterator[tuple[_Ctx, str]]:
        """`columns`: those of the rows in this dict, named by its parent (as the engine plans them)."""
        attribute_name = self.rules.attribute_name(value)
        result_columns = self.rules.result_columns(value) if "manifest" in value else None
        for key, child in value.items():
            if attribute_name is not None and key in PAIR_NAME_FIELDS:
                if isinstance(child, str):  # scanned as the engine plans it (no NER there either)
                    yield _Ctx(ctx.node.child(key, ctx.node.shape + ".key", key, None), ctx.structural), child
                continue
            if not is_marker(key):
                yield _Ctx(ctx.node.for_key(), ctx.structural), key
            member = self.rules.member(value, key, child, ctx.node, parent_key, attribute_name)
            if type(child) in (int, float) \
                    and (entity := self.rules.number_entity(key, child, parent_key, value)) is not None:
                # a number that is personal data: the engine replaces it by a token (a string)
                yield _Ctx(ctx.node.child(key, member.shape, key, entity), ctx.structural), str(child)
                continue
            node = ctx.node.child(key, member.shape, member.effective_key,
                                  None if member.keep else member.secret_entity)
            rows_columns = (columns or self.rules.table_columns(value)) if key in TABLE_ROW_KEYS else None
            if rows_columns is not None and isinstance(child, list) and not member.keep:
                yield from self._rows(child, rows_columns, _Ctx(node, ctx.structural), depth + 1)
            elif result_columns is not None and key == "result" and isinstance(child, dict) and not member.keep:
                yield from self._members(child, _Ctx(node, ctx.structural), key, depth + 1, result_columns)
            else:
                yield from self.strings(child, _Ctx(node, ctx.structural or member.keep), key, depth + 1)

    def _rows(self, rows: list[Any], columns: list[str], ctx: _Ctx, depth: int) -> Iterator[tuple[_Ctx, str]]:
        """A query result's rows, each cell as the member of its column (as the engine plans them)."""
        for row_index, row in enumerate(rows):
            row_node = ctx.node.at_index(row_index)
            cells = row_cells(row)
            if cells is None or len(cells) != len(columns):
                yield from self.strings(row, _Ctx(row_node, ctx.structural), None, depth + 1)
                continue
            record = dict(zip(columns, cells, strict=True))
            for index, (column, cell) in enumerate(zip(columns, cells, strict=True)):
                yield from self._cell(record, column, cell, index, _Ctx(row_node, ctx.structural), depth + 1)

    def _cell(self, record: Mapping[str, Any], name: str, value: Any, index: int, ctx: _Ctx,
              depth: int) -> Iterator[tuple[_Ctx, str]]:
        """`value`, item `index` of the list at `ctx` (a query result's row, a header list's pair, a flat header
        list or a command line), as the member `name` of `record`, as the engine plans it (`cell_member`)."""
        member = self.rules.cell_member(record, name, value, ctx.node)
        node = ctx.node.cell(index, name, member.shape, None if member.keep else member.secret_entity)
        yield from self.strings(value, _Ctx(node, ctx.structural or member.keep), name, depth)

    def _string(self, text: str, ctx: _Ctx, depth: int) -> Iterator[tuple[_Ctx, str]]:
        """(The depth goes on inside a document in a string, as the engine counts it.)"""
        if depth > self.max_depth:
            raise DetectorError(f"nesting deeper than {self.max_depth} levels")
        if ctx.secret_entity is None:
            embedded = parse_embedded_json(text)
            if embedded is not None:
                yield from self.strings(embedded[0], _Ctx(ctx.node.embedded(), ctx.structural), None, depth + 1)
                return
            decoded = parse_base64_text(text)
            if decoded is not None:  # base64-encoded text, read as the engine reads it
                yield from self._string(decoded[0], _Ctx(ctx.node.embedded(BASE64_MARK), ctx.structural), depth + 1)
                return
            message = parse_mime_text(text)
            if message is not None:  # a raw e-mail's encoded parts, decoded as the engine decodes them
                for segment in message[0]:
                    yield from self._string(segment, _Ctx(ctx.node.embedded(MIME_MARK), ctx.structural), depth + 1)
                return
        yield ctx, text
