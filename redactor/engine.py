"""The redaction engine: structure-preserving scrubbing of one trace at a time.

A trace is processed in three steps, so that each distinct string is analysed once:
1. collect: walk every record; classify each string by where it sits (structural, secret-named
   key, embedded JSON, large payload, or text to analyse) and gather distinct candidates;
2. detect: secrets and structured PII per distinct candidate, NER in one batch over free text;
   every value found becomes a known value of the trace, with one entity type and one token;
3. rewrite: walk again, replacing detected spans *and every other occurrence of a known value*
   (in any string or dict key of the trace) through presidio-anonymizer operators.
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate, chain
from pathlib import Path
from typing import Any, Generic, TypeVar

from redactor.detection.base import AT_SIGN, NER_ENTITIES, SECRET_ENTITY_TYPES, Span
from redactor.detection.cues import (
    CHECKED_DETECTORS,
    SPELLED_NAME,
    family_name_end,
    is_name_word,
    is_plausible_person,
    name_parts,
    names_from_mailbox,
)
from redactor.detection.decoys import (
    followed_by_legal_form,
    four_part_version_regions,
    in_code_position,
    is_entirely_decoy,
    time_zone_regions,
)
from redactor.detection.escapes import decoded_with_origins, is_calendar_text, may_hold_references
from redactor.detection.letters import without_accents
from redactor.detection.names import native_script_aliases
from redactor.detection.secret_rules import is_obvious_placeholder
from redactor.errors import InputError, RedactionError
from redactor.formats.base import Trace, TraceFile, TraceFormat
from redactor.formats.registry import FORMATS, format_of
from redactor.mime import MIME_MARK, MimeStyle, parse_mime_text
from redactor.policy import Policy, load_policy, validate_operators
from redactor.replacement.keys import PseudonymKey, load_key
from redactor.replacement.operators import Anonymizer, build_operator_config
from redactor.replacement.tokens import is_marker, marker_spans, payload_placeholder, pseudonym
from redactor.replacement.value_index import KnownValueIndex
from redactor.structure import (
    ANY_DIGIT,
    BASE64_MARK,
    EMBEDDED_JSON_MARK,
    LIST_NAME,
    LIST_NAMED,
    LIST_PAIR,
    PAIR_NAME_FIELDS,
    ROOT,
    TABLE_COLUMN_KEYS,
    TABLE_ROW_KEYS,
    UNEXPECTED_VALUE_LISTS,
    Base64Style,
    CookieSpan,
    EmbeddedStyle,
    JsonLinesStyle,
    Member,
    NodeContext,
    StructureRules,
    answered_turns,
    base64_texts_in,
    cookie_header_spans,
    cookie_values,
    csv_tables,
    form_fields,
    frame_tables,
    is_identifier_value,
    json_members_in_text,
    key_segment,
    list_items,
    may_be_stream_event,
    may_hold_json_members,
    message_fields,
    notebook_line_lists,
    parse_base64_text,
    parse_embedded_json,
    raw_credential,
    reads_as_cjk_name,
    row_cells,
    split_auth_scheme,
    sql_tables,
    stream_pieces,
)

PAYLOAD_ENTITY = "LARGE_PAYLOAD"
# Non-breaking and typographic spaces and hyphens, read as the plain ones (one character for one, so every
# offset stays): a card or an IBAN grouped with U+00A0 or U+2007, a phone with U+202F, an SSN with U+2011,
# as word processors and web pages write them. What is replaced is the value as written.
_SAME_WIDTH_SEPARATORS = str.maketrans({
    "\u00a0": " ", "\u2007": " ", "\u2009": " ", "\u200a": " ", "\u202f": " ", "\u2002": " ", "\u2003": " ",
    "\u2004": " ", "\u2005": " ", "\u2006": " ", "\u2008": " ", "\u205f": " ", "\u2010": "-", "\u2011": "-",
    "\u2012": "-", "\u2013": "-", "\u2212": "-",
    # full-width digits, `＠` and the ideographic space of East Asian input methods (`４１１１ １１１１ ...`)
    **{chr(0xFF10 + digit): str(digit) for digit in range(10)}, "\uff20": "@", "\u3000": " ", "\uff0d": "-",
    # and the digits of Arabic (`٠٥٠٤٧٢٨٣١٦`), Persian and Urdu, Devanagari, Bengali and Thai (red team 48)
    **{chr(zero + digit): str(digit) for zero in (0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50) for digit in range(10)},
})
# Zero-width characters and the soft hyphen: invisible, so a value reads whole with them inside.
_ZERO_WIDTH_CHARS = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_ZERO_WIDTH = re.compile("[" + "".join(sorted(_ZERO_WIDTH_CHARS)) + "]")
_NER_WORD_CORROBORATION = 2
NER_DETECTOR = "SpacyRecognizer"  # presidio's recognizer name on spans found by spaCy NER
NATIVE_SCRIPT_DETECTOR = "name in its own script"  # (see `names.native_script_aliases`)
V = TypeVar("V")
# Secrets beat structured PII, which beats NER guesses, when spans overlap.
_PRIORITY = {"secret": 0, "pii": 1, "ner": 2}
MIN_KNOWN_VALUE_LENGTH = 4
_BARE_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
# Numbers a pattern takes for a phone or an identity number by their shape alone (see `identifiers`).
_NUMBER_GUESS_TYPES = frozenset({"PHONE_NUMBER", "ID_NUMBER"})
# A JSON number under an identifier key shields its digits from those guesses from this size on (a phone
# number has at least seven digits; smaller ids are no such guess anyway).
_MIN_NUMERIC_IDENTIFIER = 1_000_000
_DOTTED_QUAD = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
_LETTER = re.compile(r"[^\W\d_]")
_VERSION_KEY = re.compile(r"(?i)version|firmware|build|release")
# A secret this short and made of lower-case letters only is a default or a dictionary word
# (`postgres`, `admin`, `password`): replaced where it was found, never wherever the word occurs.
_WORD_SECRET_MAX_LENGTH = 12
# What a secret-named key also holds that is no credential, and must not be replaced wherever else it
# occurs (it still is where it was found): a word (`postgres`, `SELECT` from a lexer's `token`), a
# resource name (`payments-api-tls`, `pg-credentials`), a path (`PWD: /workspace/app`), a short number
# (a CSV `pass` column's `1482`).
_LOOKS_LIKE_A_NAME = re.compile(
    rf"([\"']?)[A-Za-z]{{1,{_WORD_SECRET_MAX_LENGTH - 1}}}\1|[a-z]+(?:[-_.][a-z]+)+|(?:~|\.{{1,2}})?/[^\s]*|\d{{1,7}}"
)
# What a record's plan lists: (kind, container, key, text, ctx[, holder, style, inner plan] or
# [, stream, position] for a _PIECE). The rewrite writes `container[key]`; for a dict key (_KEY) `key`
# is the key itself.
_KEY, _TEXT, _SECRET, _PAYLOAD, _EMBEDDED, _PIECE, _KEPT = range(7)
# A structural value (an id, a code) that is, whole, a value the trace holds as personal data elsewhere: a FHIR
# Patient's `id` that is the NHS number of its `identifier` (red team 58). Ids that short or without a digit are
# no such value; a date is as often an event's as a birth's, a place a site's.
_KEPT_VALUE_MIN = 6
_KEPT_VALUE_NOT_REPLACED = frozenset({"DATE_OF_BIRTH", "LOCATION"})
Plan = list[tuple[Any, ...]]


@dataclass
class StreamText:
    """The pieces of one streamed text (see `structure.stream_pieces`), in order. The text is analysed
    joined, and each span found in it is written into the piece where it starts: the pieces still join
    to the redacted text, and no piece keeps a part of a value cut across events."""

    pieces: list[str] = field(default_factory=list)
    contexts: list[NodeContext] = field(default_factory=list)
    lines: list[int | None] = field(default_factory=list)  # each piece's JSONL line, for findings
    joined: str | None = None  # set when the pieces were collected for detection
    rewritten: list[str] | None = None


@dataclass(frozen=True)
class Finding:
    """One thing that is (or would be) redacted. Carries no value: only a masked preview."""

    file: str
    line: int | None
    path: str
    entity_type: str
    preview: str
    detector: str

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "path": self.path, "entity_type": self.entity_type,
                "preview": self.preview, "detector": self.detector}


@dataclass
class TraceResult:
    trace: Trace  # the redacted trace (records replaced)
    findings: list[Finding] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)


def masked_preview(value: str) -> str:
    """Enough to recognise a finding in a report, never enough to recover it."""
    if len(value) >= 12:
        return f"{value[:2]}…({len(value)} chars)"
    return f"…({len(value)} chars)"


# When strings give one value several types, the most specific wins: named secret types (and any other
# type a policy adds) first, then these in order: the generic credential, the PII patterns, the generic
# digit pattern (phone), NER guesses last.
_TYPE_SPECIFICITY = ("CREDENTIAL", "US_SSN", "CREDIT_CARD", "IBAN_CODE", "CRYPTO", "ID_NUMBER", "EMAIL_ADDRESS",
                     "IP_ADDRESS", "STREET_ADDRESS", "DATE_OF_BIRTH", "PHONE_NUMBER", "PERSON", "LOCATION")


def _type_rank(entity: str) -> tuple[int, str]:
    return (_TYPE_SPECIFICITY.index(entity) if entity in _TYPE_SPECIFICITY else -1), entity


class _BoundedCache(Generic[V]):
    """Text -> result, dropped wholesale when full: cheap, and memory stays bounded (at most
    `max_entries` texts of at most `max_text_length` characters) however large the input."""

    def __init__(self, max_entries: int = 20_000, max_text_length: int = 2048) -> None:
        self._entries: dict[str, V] = {}
        self._max_entries = max_entries
        self._max_text_length = max_text_length

    def get(self, text: str) -> V | None:
        return self._entries.get(text)

    def clear(self) -> None:
        self._entries.clear()

    def put(self, text: str, value: V) -> None:
        if len(text) > self._max_text_length:
            return
        if len(self._entries) >= self._max_entries:
            self._entries.clear()
        self._entries[text] = value


class Redactor:
    """Redacts traces under one policy with one pseudonym key. Heavy detectors load lazily."""

    def __init__(
        self, policy: Policy, key: PseudonymKey | None, ner: bool | None = None, scan_only: bool = False
    ) -> None:
        """`scan_only` redactors (the gate's residual scan) need no key: their output is never written."""
        from redactor.detection.pii import PiiDetector, quiet_presidio_logging
        from redactor.detection.secrets import SecretDetector

        quiet_presidio_logging()
        self.policy = policy
        self.key = key
        needs_key = any(rule.operator == "pseudonymize" for rule in policy.entities.values())
        if needs_key and key is None and not scan_only:
            from redactor.errors import KeyConfigError

            raise KeyConfigError("the policy uses 'pseudonymize', which needs a key (set REDACTOR_KEY)")
        if not scan_only:
            validate_operators(policy)  # a Policy built in code gets the same check as one from YAML
        self.ner = policy.ner if ner is None else ner
        enabled = frozenset(policy.entities)
        self._secrets = SecretDetector(enabled_entities=enabled)
        thresholds = {entity: rule.threshold for entity, rule in policy.entities.items()}
        self._pii = PiiDetector(thresholds, ner=self.ner)
        self._structure_rules: dict[str, StructureRules] = {}
        # Detection depends only on the text and this redactor's policy, so results are shared
        # across the traces of one run: system prompts and tool results repeat from trace to trace.
        self._detection_cache: _BoundedCache[list[tuple[int, Span]]] = _BoundedCache()
        self._ner_cache: _BoundedCache[list[tuple[int, Span]]] = _BoundedCache()

    @classmethod
    def from_policy(
        cls, policy: str | Path | Policy | None = None, *, key: PseudonymKey | None = None, ner: bool | None = None
    ) -> Redactor:
        resolved = policy if isinstance(policy, Policy) else load_policy(policy)
        return cls(resolved, key if key is not None else load_key(required=True), ner=ner)

    # ----- public API -------------------------------------------------------------------------

    def redact(self, obj: Any) -> Any:
        """Redact one JSON-like object (a whole trace, or one envelope) and return the new object;
        `obj` itself is left as it was."""
        copied = copy.deepcopy(obj)  # the rewrite works in place
        session = TraceSession(self, format_of(copied), label="<object>")
        planned = session.collect(copied)
        session.detect()
        return session.rewrite(copied, planned)

    def redact_text(self, text: str) -> str:
        session = TraceSession(self, FORMATS["json"], label="<text>")
        planned = session.collect(text)
        session.detect()
        result = session.rewrite(text, planned)
        assert isinstance(result, str)
        return result

    def redact_trace(self, trace: Trace, record_findings: bool = True) -> TraceResult:
        """Redact every record of `trace` in place. Without `record_findings` only the counts are
        kept (a redaction run reports counts; a scan lists findings)."""
        trace_format = FORMATS[trace.format_name]
        session = TraceSession(self, trace_format, label=str(trace.root))
        session.record_findings = record_findings
        plans = []
        for trace_file in trace.files:
            session.current_file = str(trace.path_of(trace_file))
            file_plans = []
            for index, record in enumerate(trace_file.records):
                session.current_line = _line_of(trace_file, index)
                file_plans.append(session.collect(record))
            plans.append(file_plans)
        session.detect()
        result = TraceResult(trace=trace)
        for trace_file, file_plans in zip(trace.files, plans, strict=True):
            session.current_file = str(trace.path_of(trace_file))
            new_records = []
            rewritten_before = session.rewritten_records
            for index, record in enumerate(trace_file.records):
                line = _line_of(trace_file, index)
                session.current_line = line
                new_record = session.rewrite(record, file_plans[index])
                problem = trace_format.validate(new_record)
                if problem:
                    _raise_invalid(trace, trace_file, index, trace_format, problem, line)
                new_records.append(new_record)
            trace_file.records = new_records
            trace_file.modified = session.rewritten_records != rewritten_before
        result.findings = session.findings
        result.counts = session.counts
        return result

    def warm_up(self) -> None:
        """Load models and recognizers now (they load lazily), so forked workers share them."""
        self._pii.warm_up()
        if self.key is not None:
            self.anonymizer(lambda text: text)

    # ----- internals shared with the session --------------------------------------------------

    def structure_rules(self, trace_format: TraceFormat) -> StructureRules:
        rules = self._structure_rules.get(trace_format.name)
        if rules is None:
            rules = self._structure_rules[trace_format.name] = StructureRules(self.policy, trace_format)
        return rules

    def anonymizer(self, token_for: Callable[[str], str]) -> Anonymizer:
        operators = {
            entity: build_operator_config(rule.operator, rule.params, token_for)
            for entity, rule in self.policy.entities.items()
        }
        return Anonymizer(operators)


# A name part this long is also replaced in lower case (`thanks, priya`) and in capitals: shorter ones are
# words too often (`said`, `can`, `sun`).
_CASE_FORM_PART_MIN = 5


def _is_short_name(value: str, entity: str) -> bool:
    """A three-letter name written with its capital (`Mai`, `Ana`, `Kim`) or a three-character Chinese or Korean
    name (`陈慧玲`, `박서연`: most are two or three; red team 52): as distinctive as a longer one."""
    return entity == "PERSON" and len(value) == 3 and (
        (value.isalpha() and value[0].isupper() and value[1:].islower()) or reads_as_cjk_name(value))


_BASE64_RUN_MIN = 26  # a quoted run of 24 base64 characters and its quotes


def _string_leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for child in value.values():
            yield from _string_leaves(child)
    elif isinstance(value, list):
        for child in value:
            yield from _string_leaves(child)


def is_propagated(value: str, entity: str) -> bool:
    """Whether a sensitive value found once is also replaced wherever else it occurs in the trace.

    Not when it is too short to be told from ordinary text (a three-letter name with its capital is
    long enough), a common word of agent traces, a name that is also an ordinary word (`Green`), or a
    secret-named key's value that reads as a name rather than a credential (`_LOOKS_LIKE_A_NAME`):
    `{"password": "password"}` or `POSTGRES_PASSWORD: postgres` must not rename every `password` key
    or turn the image `postgres:16.2` into a token, nor `PWD: /workspace/app` every path under it.
    Such values are still replaced where a detector or a secret-named key found them.
    """
    if len(value) < MIN_KNOWN_VALUE_LENGTH and not _is_short_name(value, entity):
        return False
    from redactor.detection.pii import common_words, name_words

    if value.lower() in common_words() or (entity == "PERSON" and value.lower() in name_words()):
        return False  # (`Ms Green` is replaced where she is named, `the Green button` is not)
    return not (entity in SECRET_ENTITY_TYPES and _LOOKS_LIKE_A_NAME.fullmatch(value) is not None)


# Characters whose URL encoding differs from the value as written: `Jane Doe` -> `Jane+Doe`, `Jane%20Doe`.
_URL_SPECIAL = frozenset(" @/:+&=?#%,;\"'")
# What a query string or a form body carries in words (an email's `%40` form is found by its recognizer).
_URL_ENCODED_ENTITIES = frozenset({"PERSON", "LOCATION", "STREET_ADDRESS", "PASSWORD", "CREDENTIAL", "ACCESS_TOKEN",
                                   "API_KEY", "PHONE_NUMBER", "CREDIT_CARD", "ID_NUMBER", "US_SSN", "IBAN_CODE",
                                   "DATE_OF_BIRTH"})


_FAMILY_FIRST = re.compile(r"([^\W\d_][\w'’-]*(?: [^\W\d_][\w'’-]*)?), ([^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*)?)")


def canonical_value(value: str, entity: str) -> str:
    """What a value's token is computed from: one token for the ways one value is written. A mailbox
    with its `@` encoded (`ravi.iyer%40contoso.com` is `ravi.iyer@contoso.com`); a name family name
    first (`Okafor, Hyacinth` is `Hyacinth Okafor`). (Not a mailbox in other case: a dict keyed by both
    spellings, a deduplication report's, must keep two keys.)"""
    if entity == "EMAIL_ADDRESS":
        return AT_SIGN.sub("@", value)
    natural = in_given_name_order(value) if entity == "PERSON" else None
    return natural if natural is not None else value


def in_given_name_order(name: str) -> str | None:
    """`Okafor, Hyacinth` as prose writes it, `Hyacinth Okafor`; None for a name not written family first."""
    family_first = _FAMILY_FIRST.fullmatch(name)
    return None if family_first is None else f"{family_first[2]} {family_first[1]}"


# The last part of a credential URL's path when it is random (20 characters or more, letters and digits).
_URL_SECRET_SEGMENT = re.compile(r"\Ahttps?://[^/\s]+/\S*/(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])([A-Za-z0-9_-]{20,})/?\Z")
_SLUGGABLE_NAME = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){1,2}")


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
# (and its compact form, HL7's, DICOM's and NCPDP's DOB: `19840312`; red team 55)
_ISO_DATE = re.compile(r"((?:19|20)\d{2})-?(\d{2})-?(\d{2})")
_NUMERIC_DATE = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})")
_WORDED_DATE = re.compile(r"(?:(\d{1,2})(?:st|nd|rd|th)? ([A-Z][a-z]+),? (\d{4})"
                          r"|([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4}))")


def _date_parts(value: str) -> tuple[int, int, int] | None:
    """(year, month, day) of a date written in full, when the writing says which part is the day (ISO order, a
    month's name, or a day after the 12th): `1988-03-21`, `21 March 1988`, `March 21, 1988`, `21/03/1988`."""
    if iso := _ISO_DATE.fullmatch(value):
        year, month, day = int(iso[1]), int(iso[2]), int(iso[3])
    elif numeric := _NUMERIC_DATE.fullmatch(value):
        first, second, year = int(numeric[1]), int(numeric[3]), int(numeric[4])
        if first > 12 >= second:
            day, month = first, second
        elif second > 12 >= first:
            month, day = first, second
        else:
            return None  # `03/11/1979`: the 3rd of November or the 11th of March
    elif worded := _WORDED_DATE.fullmatch(value.strip()):
        day_text, month_name, year_text = (worded[1], worded[2], worded[3]) if worded[1] else (
            worded[5], worded[4], worded[6])
        month = next((index + 1 for index, name in enumerate(_MONTHS)
                      if len(month_name) >= 3 and name.lower().startswith(month_name.lower())), 0)
        day, year = int(day_text), int(year_text)
    else:
        return None
    return (year, month, day) if 1 <= month <= 12 and 1 <= day <= 31 and 1900 <= year <= 2100 else None


def birth_date_forms(value: str) -> set[str]:
    """The other ways one birth date is written (each gets the date's token): a tool's `1988-03-21` is the
    caller's `21 March 1988` or `March 21, 1988` and a form's `21/03/1988` or `03/21/1988`. A full date with its
    year, known as someone's birth date, is that date wherever the trace writes it."""
    parts = _date_parts(value)
    if parts is None:
        return set()
    year, month, day = parts
    name = _MONTHS[month - 1]
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    forms = {f"{year}-{month:02d}-{day:02d}", f"{year}{month:02d}{day:02d}", f"{day:02d}/{month:02d}/{year}",
             f"{month:02d}/{day:02d}/{year}",
             f"{day}/{month}/{year}", f"{month}/{day}/{year}", f"{day:02d}.{month:02d}.{year}",
             f"{day:02d}-{month:02d}-{year}", f"{month:02d}-{day:02d}-{year}"}
    for month_word in {name, name[:3]}:
        forms |= {f"{day} {month_word} {year}", f"{day:02d} {month_word} {year}", f"{month_word} {day}, {year}",
                  f"{month_word} {day} {year}", f"{day}{suffix} {month_word} {year}",
                  f"{month_word} {day}{suffix}, {year}", f"{day} {month_word.upper()} {year}"}
    forms.discard(value)
    return forms


_SPELLED_NAME = re.compile(SPELLED_NAME)


_SPACED_CJK_NAME = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]{1,3} [\u4e00-\u9fff\u3400-\u4dbf\u3040-\u30ff]{1,4}"
                              r"|[\uac00-\ud7a3]{1,2} [\uac00-\ud7a3]{1,3}")


def written_forms(value: str, entity: str) -> set[str]:
    """The other ways a trace writes one value: JSON-escaped in a text that quotes a JSON body
    (`Tom\\u00e1s Ybarra`), URL-encoded in a query string or a form body (`Kenji+Watanabe`,
    `Oluwaseun%20Adeyemi`, `%2B234+803+555+0142`), a name in capitals (a CV's header) or joined by
    underscores (a file name).
    Each form gets the value's token."""
    from urllib.parse import quote, quote_plus

    forms = {json.dumps(value)[1:-1]}
    if entity in _URL_ENCODED_ENTITIES and (not _URL_SPECIAL.isdisjoint(value) or not value.isascii()):
        with contextlib.suppress(UnicodeEncodeError):  # a lone surrogate has no UTF-8 form to encode
            forms |= {quote(value, safe=""), quote_plus(value, safe="")}
    natural = in_given_name_order(value) if entity == "PERSON" else None
    if natural is not None:
        # A list's `Bergström, Astrid`: the name as prose writes it, with the same token.
        forms |= {value.upper(), natural, natural.upper(), natural.replace(" ", "_")}
    elif entity == "PERSON" and " " in value:
        if _SPACED_CJK_NAME.fullmatch(value):
            # A Chinese, Japanese or Korean name written with a blank between family and given name (`中村 直美`) is
            # written without one too (`中村直美です`, red team 56), and with an ideographic space.
            forms |= {value.replace(" ", ""), value.replace(" ", "\u3000")}
        forms |= {value.upper(), value.replace(" ", "_")}  # a CV's header; a file name (`paystub_Kwame_Mensah`)
        if _SLUGGABLE_NAME.fullmatch(value):
            forms.add(value.lower().replace(" ", "-"))  # a profile's URL (`linkedin.com/in/siobhan-gallagher`)
        given, _, family = value.rpartition(" ")
        # Family name first: a bank statement or a ticket (`Ochoa-Brandt, Marisol`), in capitals too; an
        # airline reservation (`WHITCOMBE/ELEANOR`, a double-barrelled name without its hyphen:
        # `ADEBAYOPRYCE/OLUWASEUN`); a vCard's `N:` line (`Ochoa-Brandt;Marisol`); a register's capitals
        # (`ESPOSITO GIULIA nata a Napoli`).
        forms |= {f"{family}, {given}", f"{family}, {given}".upper(), f"{family}/{given}".upper(),
                  f"{family.replace('-', '')}/{given}".upper(), f"{family};{given}", f"{family} {given}".upper()}
    if entity == "PERSON" and _SPELLED_NAME.fullmatch(value):
        # a name spelled out (`K-O-W-A-L-S-K-I`) as a speech-to-text words array writes it too: `k-o-w-a-l-s-k-i`
        # (red team 51)
        forms.add(value.lower())
    if entity == "DATE_OF_BIRTH":
        forms |= birth_date_forms(value)  # a form's `1988-03-21`, the caller's `21 March 1988`
    if entity == "STREET_ADDRESS":
        forms.add(value.upper())  # a shipping label, a reservation's address line
    if entity == "PERSON" and not value.isascii() and (folded := without_accents(value)) != value:
        forms |= {folded} | written_forms(folded, entity)  # `Zielinski, Piotr` for `Piotr Zieliński`
    if entity in SECRET_ENTITY_TYPES and (secret_segment := _URL_SECRET_SEGMENT.search(value)) is not None:
        # A webhook URL's secret, the last part of its path, quoted alone (`the token in the webhook
        # (kX9mP2qR7sT4vW8yZ1aB3cD5)`; red team 58)
        forms.add(secret_segment.group(1))
    forms.discard(value)
    return forms


def _line_of(trace_file: TraceFile, index: int) -> int | None:
    """The source line of a JSONL file's record `index` (None in a JSON file)."""
    return trace_file.line_numbers[index] if trace_file.layout == "jsonl" else None


def _raise_invalid(trace: Trace, trace_file: Any, index: int, trace_format: TraceFormat, problem: str,
                   line: int | None) -> None:
    """A redacted record failed its format's schema: say whether the input already did (the file is
    read again; the record in memory was rewritten in place)."""
    from redactor.formats.registry import load_trace

    where = f"{trace.path_of(trace_file)}" + (f" (line {line})" if line else "")
    original = next(f for f in load_trace(trace.root).files if f.relpath == trace_file.relpath).records[index]
    if trace_format.validate(original):
        raise InputError(where, f"{problem} (already before redaction; nothing was written)")
    raise RedactionError(f"{where}: after redaction, {problem}")


_IDENTIFIER_JOINERS = frozenset("-._@%=")


def _inside_identifier(text: str, start: int, end: int) -> bool:
    """Glued into a host name or an identifier (`lumen-store.com`, `lumen.zendesk.com`, `priya_test`); a
    sentence's full stop after the word is no joiner. (A path's `/` is: `/Users/priya/` is her home.)"""
    before = text[start - 1] if start > 0 else ""
    after = text[end:end + 2]
    return before in _IDENTIFIER_JOINERS or (len(after) == 2 and after[0] in _IDENTIFIER_JOINERS and after[1].isalnum())


def _inside_time_zone(text: str, start: int, end: int) -> bool:
    return "/" in text and any(s <= start and end <= e for s, e in time_zone_regions(text))


def _is_one_word_ner_guess(text: str, span: Span) -> bool:
    return span.detector == NER_DETECTOR and _is_one_word_guess(text, span)


def _is_one_word_guess(text: str, span: Span) -> bool:
    return span.entity_type in NER_ENTITIES and not any(c.isspace() for c in text[span.start:span.end])


class TraceSession:
    """State for one trace: distinct candidates, detections, known values, tokens, findings."""

    def __init__(self, redactor: Redactor, trace_format: TraceFormat, label: str) -> None:
        self.r = redactor
        self.policy = redactor.policy
        self.format = trace_format
        self.rules = redactor.structure_rules(trace_format)
        self.current_file = label
        self.current_line: int | None = None
        self.candidates: set[str] = set()
        self._texts_gathered: set[str] = set()  # candidate texts `_collect_text` has read (see there)
        self.ner_candidates: set[str] = set()
        self.secret_values: dict[str, str] = {}  # whole values under secret-named keys -> entity
        self.detected: dict[str, list[Span]] = {}
        self.value_type: dict[str, str] = {}
        self.written_as: dict[str, str] = {}  # another form of a known value (see `written_forms`) -> the value
        # Texts read with their character references decoded (`escapes`): the decoded text -> the text as
        # written and where each decoded character starts in it; and each value found in such a text as
        # the text writes it (`&#43;1 984&#45;555...`) -> the value (`+1 984-555-...`).
        self._decoded_texts: dict[str, tuple[str, list[int]]] = {}
        # a text base64-encoded inside another (see `_collect_base64_run`) -> the run that encodes it
        self._base64_runs: dict[str, str] = {}
        self._line_lists = 0  # texts written as lists of lines, read joined (`notebook_line_lists`)
        # a calendar's texts, as written, unfolded and where each character came from (`_note_folded_forms`)
        self._calendar_texts: list[tuple[str, str, list[int]]] = []
        self.referenced_forms: dict[str, str] = {}
        self.local_type: dict[str, str] = {}  # values replaced only where found (one-word NER guesses)
        self.ner_word_strings: dict[str, int] = {}  # one-word NER guess -> distinct strings NER found it in
        self.known_index: KnownValueIndex | None = None
        # Values only NER ever found, and their index: searched after the others, so that a value known
        # from stronger evidence wins where the two overlap (`Onboard Siddharth`, NER's, against
        # `Siddharth Raghunathan`, a contact record's).
        self.guessed: set[str] = set()
        self.guess_index: KnownValueIndex | None = None
        # Name parts in lower case (`priya`): replaced in prose, never inside a host name, a path or an
        # identifier (`lumen-store.com` when `Lumen Store Suporte` signed a mail).
        self.name_part_case_forms: set[str] = set()
        # Values the trace keeps under identifier keys (`github_run_id`): digits found there are no phone
        # number or identity number anywhere else in the trace either.
        self.identifiers: set[str] = set()
        # Dotted quads the trace writes as versions somewhere (`firmware 4.2.1.17`, `app_version: 3.2.1.9`):
        # no IPv4 address wherever else it writes them (`e.g. 4.2.1.17` in a tool's description).
        self.versions: set[str] = set()
        # Each distinct string is rewritten once per trace (bounded: a streamed store is unbounded).
        self.rewritten: _BoundedCache[tuple[str, list[Span]]] = _BoundedCache(max_entries=50_000)
        self.findings: list[Finding] = []
        self.record_findings = True
        self.counts: Counter[str] = Counter()
        self._anonymizer: Anonymizer | None = None
        # Set by the streamed path when `value_type` holds one shard of the known values at a time
        # (one rewrite pass per shard): a secret-named key's value then waits for its shard's pass.
        self.sharded = False
        self.replace_payloads = True  # with shards, only the first pass replaces large payloads
        self.rewritten_records = 0  # records in which `rewrite` changed something
        # Streamed text pieces are joined across the records of a trace held in memory; a streamed store
        # (records never held together) turns this off, and each piece is then a text of its own.
        self.join_streams = True
        self.streams: dict[tuple[Any, ...], StreamText] = {}
        self._stream_of: dict[tuple[int, Any], tuple[Any, ...]] = {}  # (id(container), key) -> stream
        # The answers to the turn before in the chat being walked (see `answered_turns`): id(the dict that holds
        # one) -> (its key, the member name it is read as).
        self._answers: dict[int, tuple[str, str]] = {}

    # ----- the walk (once per record) ---------------------------------------------------------

    def plan(self, record: Any, collect: bool) -> tuple[list[Any], Plan]:
        """Walk `record` once: list every string and dict key that the rewrite may have to change
        (structural values, numbers and markers are left out), and with `collect` gather the distinct
        candidates for detection. Returns (holder, plan): the record sits in `holder[0]`, so that a
        record that is itself a string can be replaced like any other slot."""
        holder: list[Any] = [record]
        slots: Plan = []
        self._plan_value(holder, 0, record, ROOT, 0, slots, collect, None)
        return holder, slots

    def _plan_value(
        self, container: Any, key: Any, value: Any, ctx: NodeContext, depth: int, slots: Plan, collect: bool,
        parent_key: str | None,
    ) -> None:
        if depth > self.policy.max_depth:
            raise InputError(self.current_file, f"nesting deeper than {self.policy.max_depth} levels")
        if isinstance(value, str):
            self._plan_string(container, key, value, ctx, slots, collect, depth=depth)
        elif isinstance(value, dict):
            self._plan_dict(value, ctx, depth, slots, collect, parent_key)
        elif isinstance(value, list):
            item_shape = ctx.shape + "[*]"
            answers = answered_turns(value) if value and isinstance(value[0], dict) and "role" in value[0] else {}
            self._answers.update(answers)
            for index, item, kind, name in list_items(parent_key, value, self.rules.is_secret_name):
                if kind == LIST_PAIR:
                    self._plan_pair(item, name, ctx.at_index(index, item_shape), depth + 1, slots, collect)
                elif kind == LIST_NAME:  # a flat header list's name: read as a key is, without NER
                    self._plan_string(value, index, item, ctx.at_index(index, item_shape), slots, collect, ner=False,
                                      depth=depth + 1)
                elif kind == LIST_NAMED:
                    self._plan_named(value, index, name, item, ctx, depth + 1, slots, collect)
                else:
                    self._plan_value(value, index, item, ctx.at_index(index, item_shape), depth + 1, slots, collect,
                                     parent_key)
            for holder in answers:  # (an answer left unplanned: no stale id stays behind)
                self._answers.pop(holder, None)

    def _plan_pair(self, item: list[Any], name: str, ctx: NodeContext, depth: int, slots: Plan,
                   collect: bool) -> None:
        """A `[name, value]` entry of a header, cookie or query list: the value as the member `name`."""
        self._plan_string(item, 0, name, ctx.at_index(0), slots, collect, ner=False, depth=depth)
        self._plan_named(item, 1, name, item[1], ctx, depth, slots, collect)

    def _plan_named(self, items: list[Any], index: int, name: str, text: str, ctx: NodeContext, depth: int,
                    slots: Plan, collect: bool) -> None:
        """`items[index]` as the member `name` (`ctx`: the list's): a pair's value, a flat header list's, the
        value of a command line's secret option."""
        member = self.rules.cell_member({name: text}, name, text, ctx)
        if not member.keep:
            self._plan_member(items, index, text, member, ctx.cell(index, name, member.shape, member.secret_entity),
                              depth, slots, collect, name)

    def _plan_dict(
        self, value: dict[str, Any], ctx: NodeContext, depth: int, slots: Plan, collect: bool,
        parent_key: str | None, columns: list[str] | None = None, unexpected_of: str | None = None,
    ) -> None:
        """`columns`: those of the rows in this dict, named by its parent (see `result_columns`); `unexpected_of`:
        the column whose failing values this dict lists (see `expectation_column`)."""
        rules = self.rules
        attribute_name = rules.attribute_name(value)
        answer = self._answers.pop(id(value), None) if self._answers else None
        if columns is None and not TABLE_COLUMN_KEYS.isdisjoint(value):
            columns = rules.table_columns(value)
        result_columns = rules.result_columns(value) if "manifest" in value else None
        expected_column = rules.expectation_column(value) if "expectation_config" in value else None
        pieces: list[tuple[Any, Any, tuple[str, ...]]] = \
            stream_pieces(value) if collect and self.join_streams and may_be_stream_event(value) else []
        if collect and self.join_streams and ("cell_type" in value or "output_type" in value):
            for lines in notebook_line_lists(value):
                self._line_lists += 1
                pieces += [(lines, index, ("lines", str(self._line_lists))) for index in range(len(lines))]
        for container, name, stream in pieces:
            self._stream_of[(id(container), name)] = (self.current_file, ctx.shape, *stream)
        for key, child in value.items():
            if attribute_name is not None and key in PAIR_NAME_FIELDS:
                # An OTLP attribute's name is structure, like a dict key: NER never renames it, but a
                # pattern or a known value does (an address used as an attribute name is still one).
                if isinstance(child, str):
                    self._plan_string(value, key, child, ctx.child(key, ctx.shape + ".key", key, None), slots,
                                      collect, ner=False, depth=depth)
                continue
            if not is_marker(key):
                if collect:
                    self.candidates.add(key)
                slots.append((_KEY, value, key, key, ctx))
            if not isinstance(child, (str, dict, list)):
                # booleans, null and numbers stay, but a number that is personal data (`"card_number": 4111...`)
                if type(child) in (int, float) \
                        and (entity := rules.number_entity(key, child, parent_key, value)) is not None:
                    self._plan_number(value, key, str(child), entity, ctx, slots, collect)
                elif collect and type(child) is int and child >= _MIN_NUMERIC_IDENTIFIER \
                        and is_identifier_value(key, str(child)) and not rules.is_secret_name(key):
                    # An id an API writes as a JSON number (`"run_id": 9512847736`, a GitHub run's `"id"`):
                    # its digits are no phone number where the trace writes them in text either.
                    self.identifiers.add(str(child))
                continue
            member = rules.member(value, key, child, ctx, parent_key, attribute_name)
            if answer is not None and key == answer[0] and not member.keep:
                asked = rules.member({answer[1]: child}, answer[1], child, ctx, parent_key, None)
                if not asked.keep:
                    member = Member(False, asked.effective_key, asked.secret_entity, member.shape, asked.ner)
            if member.keep:
                if type(child) is str and len(child) >= _KEPT_VALUE_MIN and ANY_DIGIT.search(child):
                    slots.append((_KEPT, value, key, child, ctx.child(key, member.shape, key, None)))
                continue
            child_ctx = ctx.child(key, member.shape, member.effective_key, member.secret_entity)
            if columns is not None and key in TABLE_ROW_KEYS and isinstance(child, list):
                self._plan_rows(child, columns, child_ctx, depth + 1, slots, collect)
            elif result_columns is not None and key == "result" and isinstance(child, dict):
                self._plan_dict(child, child_ctx, depth + 1, slots, collect, key, result_columns)
            elif expected_column is not None and key == "result" and isinstance(child, dict):
                self._plan_dict(child, child_ctx, depth + 1, slots, collect, key, unexpected_of=expected_column)
            elif unexpected_of is not None and key in UNEXPECTED_VALUE_LISTS and isinstance(child, list):
                self._plan_column_values(child, unexpected_of, child_ctx, depth + 1, slots, collect)
            else:
                self._plan_member(value, key, child, member, child_ctx, depth, slots, collect, key)
        for container, name, _ in pieces:  # (a piece that was never planned: no stale id stays behind)
            self._stream_of.pop((id(container), name), None)

    def _plan_number(self, container: dict[str, Any], key: str, digits: str, entity: str, ctx: NodeContext,
                     slots: Plan, collect: bool) -> None:
        """A JSON number that is personal data is replaced as a secret-named key's string is, by its token (a
        string), and its digits wherever else the trace writes them."""
        if collect:
            self.secret_values.setdefault(digits, entity)
        slots.append((_SECRET, container, key, digits, ctx.child(key, ctx.shape + key_segment(key), key, entity)))

    def _plan_member(self, container: Any, key: Any, child: Any, member: Member, ctx: NodeContext, depth: int,
                     slots: Plan, collect: bool, parent_key: str) -> None:
        if member.identifier and isinstance(child, str):
            # Not analysed (its digits are no phone number wherever else the trace writes them), but a
            # value the trace names elsewhere is still replaced in it.
            if collect:
                self.identifiers.add(child)
                if _DOTTED_QUAD.fullmatch(child) and _VERSION_KEY.search(str(key)):
                    self.versions.add(child)
            slots.append((_TEXT, container, key, child, ctx))
        elif not member.ner and isinstance(child, str):
            self._plan_string(container, key, child, ctx, slots, collect, ner=False, depth=depth)
        else:
            self._plan_value(container, key, child, ctx, depth + 1, slots, collect, parent_key)

    def _plan_rows(self, rows: list[Any], columns: list[str], ctx: NodeContext, depth: int, slots: Plan,
                   collect: bool) -> None:
        """A query result's rows: each cell planned as the member of its column of the row's record."""
        if depth > self.policy.max_depth:
            raise InputError(self.current_file, f"nesting deeper than {self.policy.max_depth} levels")
        for row_index, row in enumerate(rows):
            row_ctx = ctx.at_index(row_index)
            cells = row_cells(row)
            if cells is None or len(cells) != len(columns):
                self._plan_value(rows, row_index, row, row_ctx, depth + 1, slots, collect, None)
                continue
            record = dict(zip(columns, cells, strict=True))
            for index, (column, cell) in enumerate(zip(columns, cells, strict=True)):
                if not isinstance(cell, (str, dict, list)):
                    continue
                member = self.rules.cell_member(record, column, cell, row_ctx)
                if not member.keep:
                    cell_ctx = row_ctx.cell(index, column, member.shape, member.secret_entity)
                    self._plan_member(cells, index, cell, member, cell_ctx, depth + 1, slots, collect, column)

    def _plan_column_values(self, items: list[Any], column: str, ctx: NodeContext, depth: int, slots: Plan,
                            collect: bool) -> None:
        """Values of one column listed apart from their rows (`UNEXPECTED_VALUE_LISTS`): each planned as that
        column's member, a count's `{"value": ..., "count": n}` by its value."""
        for index, item in enumerate(items):
            item_ctx = ctx.at_index(index)
            holder: Any = item if isinstance(item, dict) and "value" in item else items
            slot: Any = "value" if holder is item else index
            cell = holder[slot]
            member = self.rules.cell_member({column: cell}, column, cell, item_ctx) if isinstance(cell, str) else None
            if member is None or member.keep or member.secret_entity is None:
                self._plan_value(items, index, item, item_ctx, depth + 1, slots, collect, None)
                continue
            cell_ctx = item_ctx.cell(index, column, member.shape, member.secret_entity)
            self._plan_member(holder, slot, cell, member, cell_ctx, depth + 1, slots, collect, column)

    def _plan_string(
        self, container: Any, key: Any, text: str, ctx: NodeContext, slots: Plan, collect: bool, ner: bool = True,
        depth: int = 0,
    ) -> None:
        if ctx.secret_entity is not None:
            held = raw_credential(text, ctx.secret_entity)
            if held is not None and not self.policy.is_allowed_value(text):
                if collect:
                    cookies = cookie_header_spans(ctx.value_key(), text)
                    if cookies is None:
                        self.secret_values.setdefault(held[1], ctx.secret_entity)
                        for cookie in cookie_values(ctx.value_key(), text):  # replaced wherever else they appear
                            self.secret_values.setdefault(cookie, ctx.secret_entity)
                    for span in cookies or ():
                        self.secret_values.setdefault(text[span.start:span.end], span.entity or ctx.secret_entity)
                slots.append((_SECRET, container, key, text, ctx))
            return
        if not text or is_marker(text):
            return
        if self._stream_of and (stream_key := self._stream_of.pop((id(container), key), None)) is not None:
            stream = self.streams.setdefault(stream_key, StreamText())
            slots.append((_PIECE, container, key, text, ctx, stream, len(stream.pieces)))
            stream.pieces.append(text)
            stream.contexts.append(ctx)
            stream.lines.append(self.current_line)
            return
        embedded: tuple[Any, EmbeddedStyle | JsonLinesStyle | Base64Style | MimeStyle] | None = \
            parse_embedded_json(text)
        mark = EMBEDDED_JSON_MARK
        if embedded is None:
            if self._utf8_size(text) > self.policy.payload_threshold:
                slots.append((_PAYLOAD, container, key, text, ctx))
                return
            embedded, mark = parse_base64_text(text), BASE64_MARK
            if embedded is None:
                embedded, mark = parse_mime_text(text), MIME_MARK
        if embedded is not None:
            # Redacted inside, then written back as it was written: JSON in its layout, base64 re-encoded.
            document, style = embedded
            inner_holder: list[Any] = [document]
            inner_slots: Plan = []
            segments = range(len(document)) if mark == MIME_MARK and collect and self.join_streams else range(0)
            for index in segments:
                # A message's segments are read as one text, like a stream's pieces: a header's encoded
                # word (`From: =?UTF-8?B?...?= <m.stollberg@...>`) is a name by what stands around it.
                self._stream_of[(id(document), index)] = (self.current_file, MIME_MARK, id(document))
            # (the depth goes on inside: a document in a string in a document... is one nesting)
            self._plan_value(inner_holder, 0, document, ctx.embedded(mark), depth + 1, inner_slots, collect, None)
            for index in segments:
                self._stream_of.pop((id(document), index), None)
            if inner_slots:
                slots.append((_EMBEDDED, container, key, text, ctx, inner_holder, style, inner_slots))
            return
        if collect:
            self._collect_text(text, ctx, ner)
        slots.append((_TEXT, container, key, text, ctx))

    def _collect_text(self, text: str, ctx: NodeContext, ner: bool) -> None:
        self.candidates.add(text)
        # Traces repeat strings (a role, a tool's name, a system prompt): what the text alone yields is
        # gathered from its first copy (until `detect_pending` forgets it with the secret values it fed);
        # what depends on where it sits (`ctx`, `ner`) from every copy.
        first_copy = text not in self._texts_gathered
        if first_copy:
            self._texts_gathered.add(text)
            self.versions.update(text[start:end] for start, end in four_part_version_regions(text)
                                 if _DOTTED_QUAD.fullmatch(text, start, end))
        if "\n" in text or "INSERT" in text or "insert" in text or "WHERE" in text or "where" in text:
            self._collect_csv_cells(text, ctx)
        # an HL7 v2 message's, a passport MRZ's, a SWIFT payment's personal fields
        for entity, value in message_fields(text) if first_copy else ():
            if self.policy.enabled(entity):
                self.secret_values.setdefault(value, entity)
        if "=" in text and ("&" in text or "?" in text or '="' in text):
            self._collect_form_fields(text, ctx)
        if may_hold_json_members(text):
            self._collect_json_members(text, ctx)
        if first_copy and len(text) > _BASE64_RUN_MIN and ("'" in text or '"' in text):
            for run, encoded_text in base64_texts_in(text):
                self._collect_base64_run(run, encoded_text, ctx, ner)
        decoded = decoded_with_origins(text) if first_copy and may_hold_references(text) else None
        if decoded is not None:
            self.candidates.add(decoded[0])
            self._decoded_texts.setdefault(decoded[0], (text, decoded[1]))
            if is_calendar_text(text):
                self._calendar_texts.append((text, *decoded))
        if ner and self.r.ner:
            from redactor.detection.pii import is_free_text

            # A text that holds a redaction token was redacted already: NER reads the tokens as new
            # context (`(<LOCATION:...> of Illinois)`) and would find more on each pass. The
            # deterministic detectors still run, so redacting redacted output changes nothing.
            if is_free_text(text) and not marker_spans(text):
                self.ner_candidates.add(text)
                if decoded is not None:
                    self.ner_candidates.add(decoded[0])

    def _collect_base64_run(self, run: str, encoded_text: str, ctx: NodeContext, ner: bool) -> None:
        """A quoted base64 run inside a text holds a text of its own (a streamed chunk's `bytes` in botocore's
        debug line; red team 55). That text, and each string of it if it is JSON, is analysed with the trace's
        others; where anything is found in it, the run is a value of that type, replaced whole wherever the
        trace holds it (inside a log line the run cannot be written back re-encoded: it is one token)."""
        embedded = parse_embedded_json(encoded_text)
        texts = [encoded_text, *(_string_leaves(embedded[0]) if embedded is not None else ())]
        for text in texts:
            self._base64_runs.setdefault(text, run)
            self._collect_text(text, ctx, ner)

    def _collect_streams(self) -> None:
        """Each streamed text, joined, is a candidate like any other text; joined tool arguments that
        form a JSON document are also walked as one (a secret-named key's value is a secret)."""
        for stream in self.streams.values():
            if stream.joined is not None:
                continue
            stream.joined = "".join(stream.pieces)
            ctx = stream.contexts[0]
            self._collect_text(stream.joined, ctx, ner=True)
            embedded = parse_embedded_json(stream.joined)
            if embedded is not None:
                document = embedded[0]
                self._plan_value([document], 0, document, ctx.embedded(), 0, [], True, None)

    def _collect_csv_cells(self, text: str, ctx: NodeContext) -> None:
        """A CSV table in a text (a file a tool read), or a SQL dump's rows: the cells of a column named like a
        sensitive key are that key's values, replaced wherever the trace holds them (in this text too)."""
        tables = chain(csv_tables(text), frame_tables(text)) if "\n" in text else ()
        for columns, rows in chain(tables, sql_tables(text)):
            record = dict.fromkeys(columns, "")
            for row in rows:
                for column, cell in zip(columns, row, strict=True):
                    entity = self._field_entity(record, column, cell.strip(), ctx) if cell.strip() else None
                    if entity is not None:
                        self.secret_values.setdefault(cell.strip(), entity)

    def _collect_form_fields(self, text: str, ctx: NodeContext) -> None:
        """A query string, a form body or a log line in a text: the value of a pair named like a
        sensitive key is that key's value, as written (`07%2F19%2F1992`) and decoded (`07/19/1992`)."""
        for name, raw, decoded in form_fields(text):
            entity = self._field_entity({name: decoded}, name, decoded, ctx)
            if entity is None and len(decoded) >= _BASE64_RUN_MIN and (encoded := parse_base64_text(decoded)):
                # a link's parameter that carries its recipient base64-encoded (a phishing or a tracking link's
                # `?id=a2F0aGFyaW5hLm11ZWxsZXJA...`; red team 56)
                self._collect_base64_run(raw, encoded[0], ctx, ner=False)
            if entity is None and raw != decoded:
                # A value the encoding hides from the patterns (a Twilio webhook's `SpeechResult=my+number+is+six+
                # two+eight...`, a checkout's `cc-number=4539+9509+...`; red team 47): analysed decoded, with the
                # trace's other texts (its ids and versions still shield their values), and what is found in it is
                # replaced in its encoded forms too (`written_forms`).
                self.candidates.add(decoded)
            if entity is None or is_obvious_placeholder(decoded):
                continue  # (`api_key="<your-api-key>"` in a README a tool read)
            self.secret_values.setdefault(decoded, entity)
            if raw != decoded:
                self.secret_values.setdefault(raw, entity)
                self.written_as.setdefault(raw, decoded)  # one token for both forms

    def _collect_json_members(self, text: str, ctx: NodeContext) -> None:
        """A log line's JSON frame (`{"connectorId": 1, "idTag": "B9EF3ECE"}` after a timestamp): a member named like
        personal data is that key's value. (A secret's member is the assignment rules', span by span: a Docker
        config's `"auth"` keeps its user inside the base64.)"""
        for name, value in json_members_in_text(text):
            entity = self._field_entity({name: value}, name, value, ctx)
            if entity is not None and entity not in SECRET_ENTITY_TYPES and not is_obvious_placeholder(value):
                self.secret_values.setdefault(value, entity)

    def _field_entity(self, record: dict[str, Any], name: str, value: str, ctx: NodeContext) -> str | None:
        """The entity of a field named `name` inside a text (a CSV column, a form pair), as the same
        key in a record would have it; a `customer_name` holding `Contoso Ltd` is no person."""
        member = self.rules.member(record, name, value, ctx, None, None)
        entity = member.secret_entity
        if entity is None or member.keep or (entity == "PERSON" and not is_plausible_person(value)):
            return None
        return entity

    def _utf8_size(self, text: str) -> int:
        return len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > self.policy.payload_threshold \
            else len(text)

    # ----- step 1: collect --------------------------------------------------------------------

    def collect(self, record: Any) -> tuple[list[Any], Plan]:
        """Gather the record's candidates; the returned plan lets `rewrite` skip a second walk."""
        return self.plan(record, collect=True)

    # ----- step 2: detect ---------------------------------------------------------------------

    def detect(self) -> None:
        """Analyse what was collected, then index every known value of the trace."""
        self.detect_pending(keep_spans=True)
        self.build_known_index()

    def detect_pending(self, keep_spans: bool) -> None:
        """Analyse the candidates collected so far and forget them (streaming calls this in chunks).

        With `keep_spans=False` only the trace's known values are kept: the rewrite pass finds
        every occurrence of them again through the known-value index, so memory stays bounded by
        the number of distinct sensitive values, not by the size of the trace.
        """
        self._collect_streams()
        pii = self.r._pii
        cache = self.r._detection_cache
        detected: dict[str, list[tuple[int, Span]]] = {}
        for text in self.candidates:
            ranked = cache.get(text)
            if ranked is None:
                ranked = self._detect_structured(text)
                cache.put(text, ranked)
            if ranked:
                detected[text] = list(ranked)
        ner_cache = self.r._ner_cache
        ner_inputs = [t for t in self.ner_candidates if ner_cache.get(t) is None and not is_entirely_decoy(t)]
        found_names = pii.find_names(ner_inputs)
        for text in ner_inputs:
            ner_cache.put(text, [(_PRIORITY["ner"], s) for s in found_names.get(text, [])])
        for text in self.ner_candidates:
            names = ner_cache.get(text)
            if names:
                detected.setdefault(text, []).extend(names)
        for value, entity in self.secret_values.items():
            self.note_value(value, entity)
        for text, ranked_spans in detected.items():
            kept = self._resolve(text, ranked_spans)
            kept = self._with_native_script_aliases(text, kept)
            if self.identifiers:
                # (a number only, found by its shape: a value with letters, or one that passes a check, is what
                # was found, a codice fiscale or an Aadhaar under a tool's `id` argument too)
                kept = [span for span in kept if span.entity_type not in _NUMBER_GUESS_TYPES
                        or text[span.start:span.end] not in self.identifiers
                        or _LETTER.search(text, span.start, span.end) is not None
                        or span.detector in CHECKED_DETECTORS]
            if self.versions:
                kept = [span for span in kept
                        if span.entity_type != "IP_ADDRESS" or text[span.start:span.end] not in self.versions]
            guesses = [_is_one_word_ner_guess(text, span) for span in kept]
            # (and a value that a secret-named key elsewhere may make a secret that is not propagated: a
            # streamed trace's `pin is 7391` before its `"account_pin": "7391"`, whose type decides it later)
            local = any(guess or not is_propagated(value := text[span.start:span.end], span.entity_type)
                        or _LOOKS_LIKE_A_NAME.fullmatch(value) is not None
                        for span, guess in zip(kept, guesses, strict=True))
            if kept and (keep_spans or local):
                self.detected[text] = kept
            written = self._decoded_texts.get(text)
            run = self._base64_runs.get(text)
            for span, guess in zip(kept, guesses, strict=True):
                value = text[span.start:span.end]
                if written is not None and (form := written[0][written[1][span.start]:written[1][span.end]]) != value:
                    self.referenced_forms.setdefault(form, value)
                if guess:
                    # Replaced where NER found it; wherever the word occurs only once NER found it in two
                    # strings: one wrong guess (`Vite`, `Warehouse`) would otherwise take every copy with it.
                    self.local_type.setdefault(value, span.entity_type)
                    self.ner_word_strings[value] = self.ner_word_strings.get(value, 0) + 1
                    if self.ner_word_strings[value] < _NER_WORD_CORROBORATION:
                        continue
                self.note_value(value, span.entity_type, guess=span.detector == NER_DETECTOR)
                if run is not None:
                    self.note_value(run, span.entity_type)
        self.candidates.clear()
        self._texts_gathered.clear()
        self.ner_candidates.clear()
        self.secret_values.clear()
        self._decoded_texts.clear()
        self._base64_runs.clear()

    @staticmethod
    def _with_native_script_aliases(text: str, kept: list[Span]) -> list[Span]:
        """A person's name and, in brackets after it, the same name in its own script
        (`names.native_script_aliases`)."""
        if "(" not in text:
            return kept
        names = [(span.start, span.end) for span in kept if span.entity_type == "PERSON"]
        taken = [(span.start, span.end) for span in kept]
        aliases = [Span(start, end, "PERSON", 0.85, NATIVE_SCRIPT_DETECTOR)
                   for start, end in native_script_aliases(text, names)
                   if not any(start < other_end and other_start < end for other_start, other_end in taken)]
        return sorted(kept + aliases, key=lambda span: span.start) if aliases else kept

    def _detect_structured(self, text: str) -> list[tuple[int, Span]]:
        """Secrets and pattern PII in `text`, ranked. Typographic spaces and hyphens read as plain ones;
        zero-width characters inside a value (`hollis\u200b@quarry-lane.com`, a soft hyphen) are read
        without them, and the span found covers them in the text as written."""
        ascii_only = text.isascii()
        probe = text if ascii_only else text.translate(_SAME_WIDTH_SEPARATORS)
        offsets: list[int] | None = None
        if not ascii_only and _ZERO_WIDTH.search(probe):
            offsets = [index for index, char in enumerate(probe) if char not in _ZERO_WIDTH_CHARS]
            probe = "".join(probe[index] for index in offsets)
        ranked = [(_PRIORITY["secret"], s) for s in self.r._secrets.find(probe)]
        ranked += [(_PRIORITY["pii"], s) for s in self.r._pii.find_structured(probe)]
        if offsets is None:
            return ranked
        return [(rank, Span(offsets[s.start], offsets[s.end - 1] + 1, s.entity_type, s.score, s.detector))
                for rank, s in ranked if s.end > s.start]

    def note_value(self, value: str, entity: str, guess: bool = False) -> None:
        """One entity type per value for the whole trace: the most specific (`_TYPE_SPECIFICITY`; a
        pattern or secret type always beats an NER guess). A fixed rule, never the order in which
        strings were analysed, which varies from run to run: the token must not. (`guess`: NER found
        it; a value some other evidence found too is no guess, in whichever order they came.)"""
        if entity in SECRET_ENTITY_TYPES and _BARE_EMAIL.fullmatch(value):
            # a mailbox under a cookie's or a credential's name (`Cookie: user=jane@...`) is still a mailbox:
            # its token must be the one every other trace gives it, whatever name held it here
            entity = "EMAIL_ADDRESS"
        current = self.value_type.get(value)
        if not guess:
            self.guessed.discard(value)
        elif current is None:
            self.guessed.add(value)
        if current is None or _type_rank(entity) < _type_rank(current):
            self.value_type[value] = entity
        if entity == "EMAIL_ADDRESS" and current is None and self.policy.enabled("PERSON"):
            names = names_from_mailbox(value)
            for name in names:  # replaced wherever the trace writes it
                self.note_value(name, "PERSON")
            if names:  # and the mailbox's name itself: a user name (`/Users/kwame.mensah/`, `@kwame.mensah`)
                self.note_value(AT_SIGN.split(value, maxsplit=1)[0], "PERSON")

    def _other_writing_of(self, form: str, value: str, entity: str) -> bool:
        """`form`, found as a name of its own, is `value` written without its accents (and perhaps family
        name first) or in capitals (a folio's `Guest: ANNELIESE VANDERMOLEN`): one person, one token."""
        return entity == "PERSON" and self.value_type.get(form) == "PERSON" and form not in self.written_as \
            and form not in self.guessed and ((not value.isascii() and form.isascii())
                                              or (form.isupper() and not value.isupper()))

    def build_known_index(self) -> None:
        # (sorted: where two values share a form, which one it joins must not depend on the order in which
        # strings were analysed)
        propagated = sorted((v, entity) for v, entity in self.value_type.items() if is_propagated(v, entity))
        for value, entity in propagated:
            for form in written_forms(value, entity):
                # (a form NER guessed as something else is this value's: `PRISCILLA VANTERPOOL` read as a
                # place, where a contact record says `Priscilla Vanterpool`; a name found written family
                # name first and without its accents is the accented name's: `Fernandez, Mateo`)
                if form not in self.value_type or (form in self.guessed and value not in self.guessed) \
                        or self._other_writing_of(form, value, entity):
                    self.value_type[form] = entity
                    self.written_as[form] = value  # one token for every form of the value
                    self.guessed.discard(form)
        for form, value in sorted(self.referenced_forms.items()):  # (`&#43;1 984&#45;555...` is `+1 984-555...`)
            found_type = self.value_type.get(value)
            if found_type is not None and form not in self.value_type and is_propagated(value, found_type):
                self.value_type[form] = found_type
                self.written_as[form] = self.written_as.get(value, value)
                if value in self.guessed:
                    self.guessed.add(form)
        for value, entity in propagated:
            if entity == "PERSON" and value not in self.guessed:  # (an NER guess's parts would multiply it)
                if " " in value and value.lower() not in self.value_type:
                    self.value_type[value.lower()] = entity  # chat in lower case: `this is priya raman`
                    self.written_as[value.lower()] = value
                for part in name_parts(value):
                    if is_propagated(part, entity):
                        # its own token: `Priya` is not `Priya Raman` (and its lower case even where NER
                        # guessed the part alone first: `yeah it's mateo` in a transcript)
                        if part not in self.value_type or part in self.guessed:
                            self.value_type[part] = entity  # (NER's `Mateo` as a place: the name's part)
                            self.guessed.discard(part)
                        self._note_case_forms(part, entity)
                        folded = without_accents(part)
                        if folded != part and folded not in self.value_type:
                            self.value_type[folded] = entity  # `Fernandez` for `Fernández`
                            self.written_as[folded] = part
                            self._note_case_forms(folded, entity)
                if " " not in value and is_name_word(value) and is_propagated(value, entity):
                    self._note_case_forms(value, entity)  # a given name known alone (`vorname: Jürgen`)
        self._index_known_values()
        if self.known_index is not None and self._note_folded_forms(self.known_index):
            self._index_known_values()

    def _index_known_values(self) -> None:
        known = [v for v, entity in self.value_type.items() if is_propagated(v, entity)]
        index = KnownValueIndex(v for v in known if self.written_as.get(v, v) not in self.guessed)
        self.known_index = index if index else None
        guesses = KnownValueIndex(v for v in known if self.written_as.get(v, v) in self.guessed)
        self.guess_index = guesses if guesses else None

    def _note_folded_forms(self, index: KnownValueIndex) -> bool:
        """A value known from elsewhere that a calendar folds across its lines (`C` then `\r\n hidinma`, where a
        mailbox made `Chidinma` known): its folded form is one more form of it. True if any was added."""
        added = False
        for original, decoded, origins in self._calendar_texts:
            for start, end in index.finditer(decoded):
                form, value = original[origins[start]:origins[end]], decoded[start:end]
                if form != value and form not in self.value_type:
                    self.value_type[form] = self.value_type[value]
                    self.written_as[form] = self.written_as.get(value, value)
                    added = True
        return added

    def _note_case_forms(self, name: str, entity: str) -> None:
        """A name's lower-case form (`thanks, priya`) and its capitals (a folio's `Guest: ANNELIESE`), with the
        name's token; short names are words too often."""
        if len(name) < _CASE_FORM_PART_MIN:
            return
        for form in (name.lower(), name.upper()):
            if form != name and form not in self.value_type:
                self.value_type[form] = entity
                self.written_as[form] = name
                self.name_part_case_forms.add(form)

    def _resolve(self, text: str, ranked: list[tuple[int, Span]]) -> list[Span]:
        """Drop allow-listed and marker-overlapping spans; keep non-overlapping, best first."""
        markers = marker_spans(text)
        ordered = sorted(ranked, key=lambda item: (item[0], -(item[1].end - item[1].start), -item[1].score))
        kept: list[Span] = []
        for _, span in ordered:
            if span.end <= span.start:
                continue
            value = text[span.start:span.end]
            if self.policy.is_allowed_value(value) or not self.policy.enabled(span.entity_type):
                continue
            if any(span.start < e and s < span.end for s, e in markers):
                continue
            if any(span.start < k.end and k.start < span.end for k in kept):
                continue
            kept.append(span)
        return sorted(kept)

    # ----- step 3: rewrite --------------------------------------------------------------------

    def rewrite(self, record: Any, planned: tuple[list[Any], Plan] | None = None) -> Any:
        """Redact one record *in place* (its plan from `collect`, or a fresh one) and return it."""
        holder, slots = planned if planned is not None else self.plan(record, collect=False)
        if self._apply(slots):
            self.rewritten_records += 1
        return holder[0]

    def _apply(self, slots: Plan) -> bool:
        """Rewrite every slot of a plan; True if anything changed. Dict keys are renamed last, in one
        rebuild per dict (keeping the order), after the values were written under their old keys."""
        changed = False
        renames: dict[int, tuple[dict[str, Any], dict[str, str]]] = {}
        already_rewritten = self.rewritten.get
        for slot in slots:
            kind, container, key, text, ctx = slot[:5]
            if kind == _KEPT:
                entity = self.value_type.get(text)
                if entity is not None and entity not in _KEPT_VALUE_NOT_REPLACED:
                    self._record(ctx, entity, text, "known value")
                    container[key] = self._apply_operator(entity, text)
                    changed = True
                continue
            if kind <= _TEXT:
                # Most keys and strings hold nothing and were seen before: the cache says so at once.
                cached = already_rewritten(text)
                if cached is not None and not cached[1]:
                    continue
            if kind == _KEY:
                new_key = self._replace(text, ctx, is_key=True)
                if new_key != text:
                    renames.setdefault(id(container), (container, {}))[1][text] = new_key
                continue
            if kind == _TEXT:
                new_text = self._replace(text, ctx)
            elif kind == _SECRET and (cookies := cookie_header_spans(ctx.value_key(), text)) is not None:
                new_text = self._replace_cookies(text, cookies, ctx)
            elif kind == _SECRET:
                scheme, secret = split_auth_scheme(text)
                if self.sharded and secret not in self.value_type:
                    continue
                entity = self.value_type.get(secret, ctx.secret_entity)
                self._record(ctx, entity, secret, "secret-named key")
                new_text = scheme + self._apply_operator(entity, secret)
            elif kind == _PAYLOAD:
                if not self.replace_payloads:
                    continue
                self._record(ctx, PAYLOAD_ENTITY, text, "payload threshold")
                new_text = payload_placeholder(text)
            elif kind == _PIECE:
                stream, position = slot[5:]
                if stream.rewritten is None:
                    stream.rewritten = self._rewrite_stream(stream)
                new_text = stream.rewritten[position]
            else:  # _EMBEDDED: rewrite the document inside the string, then write it back in its style
                inner_holder, style, inner_slots = slot[5:]
                if not self._apply(inner_slots):
                    continue
                new_text = style.dumps(inner_holder[0])
            if new_text != text:
                container[key] = new_text
                changed = True
        for container, names in renames.values():
            rebuilt = {names.get(name, name): child for name, child in container.items()}
            if len(rebuilt) != len(container):
                # Two keys written two ways of one value (`Jane Doe`, `JANE DOE`) would become one: never
                # merge members (data lost without a word); the trace is refused instead.
                raise RedactionError(f"{self.current_file}: two dict keys would be redacted to the same key; "
                                     "nothing was written")
            container.clear()
            container.update(rebuilt)
            changed = True
        return changed

    def _replace_cookies(self, header: str, cookies: list[CookieSpan], ctx: NodeContext) -> str:
        """A Cookie / Set-Cookie header under its key with each listed value replaced: names, `;` and
        attributes stay (see `cookie_header_spans`)."""
        parts: list[str] = []
        position = 0
        for span in cookies:
            cookie = header[span.start:span.end]
            if self.sharded and cookie not in self.value_type:
                continue  # (its shard's pass replaces it)
            entity = self.value_type.get(cookie, span.entity or ctx.secret_entity or "CREDENTIAL")
            self._record(ctx, entity, cookie, "secret-named key")
            parts += [header[position:span.start], self._apply_operator(entity, cookie)]
            position = span.end
        return "".join(parts) + header[position:]

    def _rewrite_stream(self, stream: StreamText) -> list[str]:
        """The pieces of `stream` after redaction: each span of the joined text becomes its replacement
        in the piece where it starts, and the rest of it is cut from the pieces it runs into."""
        joined = "".join(stream.pieces)
        spans = self._spans_for(joined)
        if not spans:
            return stream.pieces
        bounds = list(accumulate((len(piece) for piece in stream.pieces), initial=0))
        parts: list[list[str]] = [[] for _ in stream.pieces]

        def keep(start: int, end: int) -> None:
            first = bisect_right(bounds, start) - 1
            for index in range(first, len(stream.pieces)):
                if bounds[index] >= end:
                    break
                parts[index].append(joined[max(start, bounds[index]):min(end, bounds[index + 1])])

        position = 0
        anonymizer = self._anon()
        line = self.current_line
        for span in spans:
            keep(position, span.start)
            value = joined[span.start:span.end]
            index = bisect_right(bounds, span.start) - 1
            parts[index].append(anonymizer.apply(value, [Span(0, len(value), span.entity_type, span.score,
                                                             span.detector)]))
            self.current_line = stream.lines[index]  # (a finding names the event where the value starts)
            self._record(stream.contexts[index], span.entity_type, value, span.detector)
            position = span.end
        self.current_line = line
        keep(position, len(joined))
        return ["".join(chunks) for chunks in parts]

    def _token_for(self, value: str) -> str:
        entity = self.value_type.get(value) or self.local_type.get(value, "CREDENTIAL")
        if self.r.key is None:  # only reachable with non-pseudonymize operators
            return f"<{entity}>"
        return pseudonym(self.r.key, entity, canonical_value(self.written_as.get(value, value), entity))

    def _anon(self) -> Anonymizer:
        if self._anonymizer is None:
            self._anonymizer = self.r.anonymizer(self._token_for)
        return self._anonymizer

    def _spans_for(self, text: str) -> list[Span]:
        spans = list(self.detected.get(text, ()))
        if spans and self.sharded:
            # The text is rewritten now, whichever shard its values are in: their token types too.
            for span in spans:
                self.value_type.setdefault(text[span.start:span.end], span.entity_type)
        for index in (self.known_index, self.guess_index):
            if index is None:
                continue
            for start, found_end in index.finditer(text):
                found = text[start:found_end]
                if found in self.name_part_case_forms and _inside_identifier(text, start, found_end):
                    continue
                entity = self.value_type[found]
                if entity == "LOCATION" and _inside_time_zone(text, start, found_end):
                    continue  # `Europe/Stockholm` names a clock, and code reads it (zoneinfo): not where she is
                if entity in NER_ENTITIES and " " not in found and (in_code_position(text, start, found_end)
                                                                    or followed_by_legal_form(text, found_end)):
                    continue  # the fixture's `Alice` is known; `def alice():` and `Alice()` are code, and her
                    # family's name in `Rautenberg GmbH` is the firm's
                # (a guess is not stretched: NER's `Onboard Siddharth` would take the known `Raghunathan` with it)
                stretch = entity == "PERSON" and index is self.known_index
                end = self._full_name_end(text, start, found_end) if stretch else found_end
                overlapping = [s for s in spans if start < s.end and s.start < end]
                beyond = [s for s in overlapping if not (start <= s.start and s.end <= end)]
                if any(s.detector != NER_DETECTOR or (s.start <= start and end <= s.end) for s in beyond):
                    # A span of this text reaches beyond the known value: it wins if a pattern found it or
                    # it holds the whole value. NER cutting across it (`Onboard Siddharth`, where `Siddharth
                    # Raghunathan` is known) would leave the family name beside a token.
                    continue
                # A known value that covers what was found here (`Rosalind Achterberg`, known whole,
                # where NER saw only `Achterberg`) replaces it whole: no first name left beside a token.
                spans = [s for s in spans if s not in overlapping]
                spans.append(Span(start, end, entity, 1.0, "known-value"))
        if spans:
            markers = marker_spans(text)
            spans = [s for s in spans if not any(s.start < e and b < s.end for b, e in markers)]
        return sorted(spans)

    def _full_name_end(self, text: str, start: int, end: int) -> int:
        """A known name followed by its family name (see `family_name_end`) is replaced with it, as one
        full name (one token, the same wherever that full name is written)."""
        full_end = family_name_end(text, start, end)
        if full_end != end:
            self.value_type.setdefault(text[start:full_end], "PERSON")
        return full_end

    def _rewritten(self, text: str) -> tuple[str, list[Span]]:
        cached = self.rewritten.get(text)
        if cached is None:
            spans = self._spans_for(text)
            new_text = self._anon().apply(text, spans) if spans else text
            cached = (new_text, spans)
            self.rewritten.put(text, cached)
        return cached

    def _replace(self, text: str, ctx: NodeContext, is_key: bool = False) -> str:
        new_text, spans = self._rewritten(text)
        if is_key and any(_is_one_word_guess(text, span) for span in spans):
            # A key is structure: one capitalised word that NER once took for a name or a place
            # (`Name` in a SOQL query, `LinkedIn`) must not rename `"Name"` or `"LinkedIn__c"`.
            spans = [span for span in spans if not _is_one_word_guess(text, span)]
            new_text = self._anon().apply(text, spans) if spans else text
        if spans:
            where = ctx.for_key() if is_key else ctx
            for span in spans:
                self._record(where, span.entity_type, text[span.start:span.end], span.detector)
        return new_text

    def _record(self, ctx: NodeContext, entity: str, value: str, detector: str) -> None:
        self.counts[entity] += 1
        if self.record_findings:
            self.findings.append(Finding(self.current_file, self.current_line, self._report_path(ctx), entity,
                                         masked_preview(value), detector))

    def _report_path(self, ctx: NodeContext) -> str:
        """The JSON path of a finding, spelled with the *redacted* dict keys: the plan was made before
        any key was rewritten, and a report must never quote a sensitive key."""
        return ctx.spelled_path(lambda name: name if is_marker(name) else self._rewritten(name)[0])

    def _apply_operator(self, entity: str, value: str) -> str:
        span = Span(0, len(value), entity if self.policy.enabled(entity) else "CREDENTIAL", 1.0, "secret-named key")
        if not self.policy.enabled(span.entity_type):
            return self._token_for(value)
        return self._anon().apply(value, [span])
