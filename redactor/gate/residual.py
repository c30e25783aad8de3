"""The residual scan: defence in depth after the seal check.

A sealed file whose digest matches was produced by the redactor, so in the normal case this scan
finds nothing. It exists for a value pasted in and re-sealed by hand, and for forged seals. It
never loads spaCy (no NER) and imports presidio only for a file whose fast pattern scan
(`redactor.detection.fastscan`) flags a structured-PII candidate:

1. the raw text of each member file is scanned once with compiled regexes (C speed);
2. only if something is flagged (or the text hides ASCII behind `\\u00XX` escapes, which raw
   patterns cannot see) are the parsed records walked string by string, with the engine's notion
   of structure: values of secret-named keys must be redaction output, structural keys are not
   scanned for PII (the engine leaves them as they are), embedded JSON strings are walked;
3. PII candidates are confirmed by presidio's recognizers with the policy's thresholds; secrets
   need no confirmation (the secret detector's rules carry their own validators).

Policy allow-list values and the committed allow-list suppress a finding; each suppression is
returned too, so the report shows it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from redactor.detection.base import Span
from redactor.detection.fastscan import FastScanner
from redactor.detection.secrets import is_secret_key
from redactor.engine import (
    _TOOLISH_PARENTS,
    _TOOLISH_SIBLINGS,
    EMBEDDED_JSON_MARK,
    _child_path,
    _compile_structural_paths,
    _secret_entity_for_key,
    masked_preview,
)
from redactor.errors import DetectorError
from redactor.formats.base import TraceFile
from redactor.formats.otlp import OtlpJsonFormat
from redactor.formats.registry import FORMATS
from redactor.gate.allowlist import Allowlist
from redactor.gate.model import GateFinding
from redactor.policy import Policy
from redactor.replacement.tokens import is_marker, marker_spans

# `\u0040` for "@", `\u002d` for "-": legal JSON that a raw-text pattern cannot see through.
_ESCAPED_ASCII = re.compile(r"\\u00[2-7][0-9a-fA-F]")
# A JSON member whose key names a secret and whose value is a string (JSON-escaped quotes too,
# for embedded JSON): the walk then checks the key exactly with `is_secret_key`.
# Every member whose value is a string that is not redaction output (a token, `<ENTITY>` from
# `replace`, or empty); JSON-escaped quotes too, for embedded JSON. Only keys holding a secret word
# are then checked exactly with `is_secret_key`. (A case-insensitive pattern anchored on the words
# is ~8x slower in `re`: no literal prefix to skip ahead with.)
_STRING_MEMBER = re.compile(r'"(?P<key>[^"\\]{1,160})\\?"\s*:\s*\\?"(?!\\?"|<[A-Z][A-Z0-9_]*(?::[0-9a-f]{12})?>\\?")')
_SECRET_WORD = re.compile(r"pass|pwd|secret|token|key|auth|cookie|credential|jwt|ssn|iban|card|dob|birth")
_OTLP_SECRET_ATTRIBUTE = re.compile(r'"key"\s*:\s*\\?"(?P<key>[^"\\]{1,160})\\?"')


@dataclass
class Flagged:
    """A finding with its value, for `--update-allowlist` only; the value is never rendered."""

    finding: GateFinding
    value: str


@dataclass(frozen=True)
class WalkPlan:
    """What the raw-text scan found: the flagged substrings (only strings containing one are
    scanned again), or None when every string must be scanned."""

    needles: frozenset[str] | None


@dataclass(frozen=True)
class _Ctx:
    path: str
    secret_entity: str | None = None
    structural: bool = False


class ResidualScanner:
    def __init__(self, policy: Policy, allowlist: Allowlist | None) -> None:
        self.policy = policy
        self.allowlist = allowlist
        self.fast = FastScanner(policy.entities)
        self._pii: Any = None
        self._structural_res: dict[str, re.Pattern[str] | None] = {}

    # ----- step 1: is a walk needed at all? ---------------------------------------------------

    def plan(self, text: str) -> WalkPlan | None:
        """None: the raw text is clean, no walk. Otherwise which strings the walk must scan."""
        needles = frozenset(text[h.start:h.end] for h in self.fast.scan(text))
        if _ESCAPED_ASCII.search(text):
            return WalkPlan(None)  # escapes hide what raw patterns see: scan every decoded string
        secret_member = any(
            _SECRET_WORD.search(m.group("key").lower()) and self._names_secret(m.group("key"))
            for m in _STRING_MEMBER.finditer(text)
        ) or (
            '"key"' in text and any(self._names_secret(m.group("key")) for m in _OTLP_SECRET_ATTRIBUTE.finditer(text))
        )
        return WalkPlan(needles) if needles or secret_member else None

    def _names_secret(self, key: str) -> bool:
        return key.lower() in self.policy.redact_keys or is_secret_key(key)

    # ----- step 2: walk -----------------------------------------------------------------------

    def scan_file(self, trace_file: TraceFile, format_name: str, display: str, plan: WalkPlan) -> list[Flagged]:
        trace_format = FORMATS[format_name]
        structural_keys = trace_format.structural_keys | self.policy.structural_keys
        attributes = trace_format.structural_attributes if isinstance(trace_format, OtlpJsonFormat) else frozenset()
        if format_name not in self._structural_res:
            patterns = list(trace_format.structural_paths) + list(self.policy.structural_paths)
            self._structural_res[format_name] = _compile_structural_paths(patterns)
        walker = _Walker(self, structural_keys, attributes, self._structural_res[format_name])
        flagged: list[Flagged] = []
        for index, record in enumerate(trace_file.records):
            line = trace_file.line_numbers[index] if trace_file.layout == "jsonl" else None
            for ctx, text, is_key in walker.strings(record, _Ctx("$"), None, 0):
                flagged.extend(
                    Flagged(GateFinding(display, line, ctx.path + ("{key}" if is_key else ""), span.entity_type,
                                        masked_preview(text[span.start:span.end]), span.detector),
                            text[span.start:span.end])
                    for span in self._spans(text, ctx, plan)
                )
        return flagged

    def _spans(self, text: str, ctx: _Ctx, plan: WalkPlan) -> list[Span]:
        if ctx.secret_entity is not None:
            if not text or is_marker(text) or self._is_operator_output(ctx.secret_entity, text):
                return []
            return [Span(0, len(text), ctx.secret_entity, 1.0, "secret-named key")]
        if plan.needles is not None and not any(needle in text for needle in plan.needles):
            return []
        hits = self.fast.scan(text)
        secrets = [Span(h.start, h.end, h.entity_type, 1.0, h.rule) for h in hits if not h.confirm]
        if ctx.structural or not any(h.confirm for h in hits):
            return secrets
        confirmed = [s for s in self._confirm(text) if not any(s.start < o.end and o.start < s.end for o in secrets)]
        if confirmed and "<" in text:
            markers = marker_spans(text)
            confirmed = [s for s in confirmed if not any(s.start < e and b < s.end for b, e in markers)]
        return secrets + confirmed

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
    """Mirrors the engine's walk (`redactor.engine._TraceSession._walk`): same paths, same
    secret-named keys (OTLP attributes included), same structural keys."""

    def __init__(self, scanner: ResidualScanner, structural_keys: frozenset[str], attributes: frozenset[str],
                 structural_re: re.Pattern[str] | None) -> None:
        self.scanner = scanner
        self.structural_keys = structural_keys
        self.attributes = attributes
        self.structural_re = structural_re
        self.max_depth = scanner.policy.max_depth

    def strings(self, value: Any, ctx: _Ctx, parent_key: str | None, depth: int) -> Iterator[tuple[_Ctx, str, bool]]:
        if depth > self.max_depth:
            raise DetectorError(f"nesting deeper than {self.max_depth} levels")
        if isinstance(value, str):
            yield from self._string(value, ctx)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from self.strings(item, _Ctx(f"{ctx.path}[{index}]", ctx.secret_entity, ctx.structural),
                                       parent_key, depth + 1)
        elif isinstance(value, dict):
            yield from self._members(value, ctx, parent_key, depth)

    def _members(self, value: Mapping[str, Any], ctx: _Ctx, parent_key: str | None,
                 depth: int) -> Iterator[tuple[_Ctx, str, bool]]:
        attribute_key = value.get("key") if ("value" in value and len(value) <= 3) else None
        for key, child in value.items():
            path = _child_path(ctx.path, key)
            if isinstance(attribute_key, str) and key == "key":
                continue  # an OTLP attribute's name is structure
            if ctx.secret_entity is None and not is_marker(key):
                yield _Ctx(path, None, ctx.structural), key, True
            effective = attribute_key if isinstance(attribute_key, str) and key == "value" else key
            structural = ctx.structural or (ctx.secret_entity is None and self._is_structural(
                key, effective, path, value, parent_key))
            secret_entity = ctx.secret_entity
            if secret_entity is None and not structural and self.scanner._names_secret(effective):
                secret_entity = _secret_entity_for_key(effective)
            yield from self.strings(child, _Ctx(path, secret_entity, structural), key, depth + 1)

    def _is_structural(self, key: str, effective: str, path: str, parent: Mapping[str, Any],
                       parent_key: str | None) -> bool:
        if key in self.structural_keys or effective in self.attributes:
            return True
        if effective != key and effective in self.structural_keys:
            return True
        if self.structural_re is not None and self.structural_re.fullmatch(path):
            return True
        return key == "name" and (bool(_TOOLISH_SIBLINGS & parent.keys()) or parent_key in _TOOLISH_PARENTS)

    def _string(self, text: str, ctx: _Ctx) -> Iterator[tuple[_Ctx, str, bool]]:
        stripped = text.strip()
        if ctx.secret_entity is None and len(stripped) > 1 and stripped[0] in "{[" and stripped[-1] in "}]":
            try:
                embedded = json.loads(stripped)
            except (ValueError, RecursionError):
                embedded = None
            if isinstance(embedded, (dict, list)):
                yield from self.strings(embedded, _Ctx(ctx.path + EMBEDDED_JSON_MARK, None, ctx.structural),
                                       None, 0)
                return
        yield ctx, text, False

