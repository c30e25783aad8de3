"""Secret detection: our declarative rules (`secret_rules.RULES`) plus detect-secrets' regex plugins.

The detect-secrets plugins are instantiated directly and only their `denylist` regexes are used,
with positions from `finditer` (their `analyze_string` yields values without offsets, and for
GitHub/GitLab only the prefix group). Deliberately *not* used:

* the settings singleton (`default_settings`, `transient_settings`, `scan_line`): global state,
  and it would enable plugins and filters we have not reviewed;
* `Base64HighEntropyString`, `HexHighEntropyString`, `KeywordDetector`: they flag hashes, UUIDs
  and ids, which traces are full of and replay needs intact;
* `PrivateKeyDetector`: it matches the `BEGIN ... PRIVATE KEY` line only, so its span would leave
  the key material behind (and a header quoted in prose is not a key); `pem_private_key` spans
  the block;
* `IPPublicDetector`: an IP address is PII, handled (and typed) by the PII detector.

Every candidate that overlaps one of the project's redaction markers (`<API_KEY:0a1b2c3d4e5f>`,
`<REDACTED_PAYLOAD sha256=... bytes=...>`) is dropped, so running the detector on redacted output
finds nothing new (idempotent redaction). Overlapping candidates are resolved longest first, then
by rule priority (vendor formats over generic ones), then by score.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ahocorasick_rs import AhoCorasick
from detect_secrets.plugins.artifactory import ArtifactoryDetector
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.cloudant import CloudantDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.ibm_cloud_iam import IbmCloudIamDetector
from detect_secrets.plugins.ibm_cos_hmac import IbmCosHmacDetector
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.softlayer import SoftlayerDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

from redactor.detection.base import SECRET_ENTITY_TYPES, Span, rule_detector
from redactor.detection.secret_rules import (
    GENERIC,
    RULES,
    VENDOR,
    SecretRule,
    Validator,
    aws_secret_ok,
    discord_token_ok,
    is_secret_key,
    jwt_header_ok,
    normalize_key,
    url_password_ok,
)
from redactor.errors import DetectorError

__all__ = [
    "DETECT_SECRETS_PLUGINS",
    "EXCLUDED_DETECT_SECRETS_PLUGINS",
    "SecretDetector",
    "is_secret_key",
    "might_contain_secret",
    "normalize_key",
]

# Redaction markers (see redactor.replacement.tokens; repeated here so detection does not depend
# on the replacement layer). A candidate overlapping one is never reported.
_MARKER_RE = re.compile(r"<[A-Z][A-Z0-9_]*:[0-9a-f]{12}>|<REDACTED_PAYLOAD sha256=[0-9a-f]{64} bytes=\d+>")


def _jwt_formally_valid(match: re.Match[str], value: str) -> bool:
    # detect-secrets' own check (every segment base64url, header and payload JSON) plus ours.
    return bool(JwtTokenDetector.is_formally_valid(value)) and jwt_header_ok(match, value)


def _aws_secret_valid(match: re.Match[str], value: str) -> bool:
    # denylist[0] is the key id (always valid); denylist[1] the 40-char secret after "aws...key".
    return len(value) == 20 or aws_secret_ok(match, value)


def _not_an_account_sid(_match: re.Match[str], value: str) -> bool:
    return not value.startswith("AC")


@dataclass(frozen=True)
class PluginSpec:
    """How one detect-secrets plugin is used: its entity type, prefilter keywords, and for each
    regex of its `denylist` the group holding the value (0 = whole match)."""

    plugin: Any  # a detect_secrets RegexBasedDetector subclass (untyped package)
    entity_type: str
    keywords: tuple[str, ...]
    groups: tuple[int, ...]
    validator: Validator | None = None
    strip_prefix: str = ""  # e.g. "AccountKey=": the name is not the secret
    cut_at_space: bool = False  # npm's `npm_.+` runs to the end of the line
    # Below our own vendor rules: on an equal span, ours names the format more exactly.
    priority: int = VENDOR - 5

    @property
    def name(self) -> str:
        return f"detect_secrets.{self.plugin.__name__}"


DETECT_SECRETS_PLUGINS: tuple[PluginSpec, ...] = (
    # Its AP... "password" shape matches ordinary upper-case words: only near the vendor's name.
    PluginSpec(ArtifactoryDetector, "API_KEY", ("artifactory", "jfrog"), (0, 0)),
    PluginSpec(AWSKeyDetector, "CREDENTIAL", ("akia", "asia", "a3t", "abia", "acca", "aws"), (0, 1),
               validator=_aws_secret_valid),
    PluginSpec(AzureStorageKeyDetector, "CREDENTIAL", ("accountkey=",), (0,), strip_prefix="AccountKey="),
    PluginSpec(BasicAuthDetector, "PASSWORD", ("://",), (1,), validator=url_password_ok, priority=GENERIC - 1),
    # Its key patterns accept a bare "cl" prefix: only near the vendor's name.
    PluginSpec(CloudantDetector, "CREDENTIAL", ("cloudant",), (1, 1, 1, 1)),
    PluginSpec(DiscordBotTokenDetector, "ACCESS_TOKEN", (".",), (0,), validator=discord_token_ok),
    PluginSpec(GitHubTokenDetector, "ACCESS_TOKEN", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), (0,)),
    PluginSpec(GitLabTokenDetector, "ACCESS_TOKEN",
               ("glpat-", "gldt-", "glft-", "glsoat-", "glrt-", "gr1348941", "glcbt-", "glimt-", "glptt-",
                "glagent-", "gloas-"),
               (0, 0, 0, 0, 0, 0, 0)),
    # Both IBM patterns make the "ibm"/"cos" prefix optional (`token = "<44 chars>"` alone would
    # match): gate on the vendor's name.
    PluginSpec(IbmCloudIamDetector, "API_KEY", ("ibm",), (1,)),
    PluginSpec(IbmCosHmacDetector, "CREDENTIAL", ("ibm",), (1,)),
    PluginSpec(JwtTokenDetector, "JWT", ("eyj",), (0,), validator=_jwt_formally_valid),
    PluginSpec(MailchimpDetector, "API_KEY", ("-us",), (0,)),
    PluginSpec(NpmDetector, "ACCESS_TOKEN", ("_authtoken",), (1,), cut_at_space=True),
    PluginSpec(OpenAIDetector, "API_KEY", ("t3blbkfj",), (0,)),
    PluginSpec(PypiTokenDetector, "API_KEY", ("pypi-ag",), (0, 0)),
    PluginSpec(SendGridDetector, "API_KEY", ("sg.",), (0,)),
    PluginSpec(SlackDetector, "ACCESS_TOKEN", ("xox", "hooks.slack.com"), (0, 0)),
    PluginSpec(SoftlayerDetector, "API_KEY", ("softlayer",), (1, 1)),
    PluginSpec(SquareOAuthDetector, "CREDENTIAL", ("sq0csp-",), (0,)),
    PluginSpec(StripeDetector, "API_KEY", ("k_live_",), (0,)),
    # `\d{8,10}:` + 35 chars without boundaries also matches "<timestamp>:<identifier>".
    PluginSpec(TelegramBotTokenDetector, "ACCESS_TOKEN", ("telegram",), (0,)),
    # SK/AC + 32 chars is a prefixed hash as often as a Twilio SID; an AC account SID is the account's
    # public id (in every API URL), no secret.
    PluginSpec(TwilioKeyDetector, "API_KEY", ("twilio",), (0, 0), validator=_not_an_account_sid),
)

# detect-secrets 1.5.0 plugins deliberately left out, with the reason (see module docstring).
EXCLUDED_DETECT_SECRETS_PLUGINS: dict[str, str] = {
    "Base64HighEntropyString": "entropy alone flags hashes, UUIDs and base64 payloads",
    "HexHighEntropyString": "entropy alone flags hashes, git SHAs, span and trace ids",
    "KeywordDetector": "flags any value after a secret-ish word; secret_rules' assignment rules "
    "check the full key name instead",
    "PrivateKeyDetector": "spans only the BEGIN line; pem_private_key spans the whole block",
    "IPPublicDetector": "IP addresses are PII, typed and detected by the PII detector",
}

_LEAD_TRIM = " \t\r\n=:\"'"
_TAIL_TRIM = " \t\r\n\"'"


@dataclass(frozen=True, order=True)
class _Candidate:
    start: int
    end: int
    entity_type: str
    score: float
    priority: int
    detector: str


@dataclass(frozen=True)
class _CompiledPlugin:
    spec: PluginSpec
    patterns: tuple[tuple[re.Pattern[str], int], ...]


def _compile_plugin(spec: PluginSpec) -> _CompiledPlugin:
    try:
        denylist = tuple(spec.plugin().denylist)
    except Exception as exc:
        raise DetectorError(f"secret detector {spec.name} cannot be loaded: {type(exc).__name__}") from None
    if len(denylist) != len(spec.groups):
        # A detect-secrets upgrade changed the plugin: its group mapping must be reviewed.
        raise DetectorError(
            f"secret detector {spec.name}: expected {len(spec.groups)} patterns, found {len(denylist)}"
        )
    return _CompiledPlugin(spec, tuple(zip(denylist, spec.groups, strict=True)))


def _all_keywords(rules: Iterable[SecretRule], plugins: Iterable[PluginSpec]) -> tuple[str, ...]:
    keywords = {kw for rule in rules for kw in rule.keywords}
    keywords.update(kw for spec in plugins for kw in spec.keywords)
    # Shortest first: the cheapest and most often present keywords end the scan early.
    return tuple(sorted(keywords, key=lambda kw: (len(kw), kw)))


_DEFAULT_KEYWORDS = _all_keywords(RULES.values(), DETECT_SECRETS_PLUGINS)


def might_contain_secret(text: str) -> bool:
    """Cheap fast path: False means no rule of the default set can match `text`.

    Every rule and plugin has prefilter keywords, and none can match without one of them, so
    a False here is exact; a True only means "run the regexes".
    """
    lowered = text.lower()
    return any(kw in lowered for kw in _DEFAULT_KEYWORDS)


def _first_group(match: re.Match[str], groups: tuple[int | str, ...]) -> tuple[int, int] | None:
    for group in groups:
        if match.group(group) is not None:
            return match.span(group)
    return None


def _glued(text: str, start: int, end: int) -> bool:
    """detect-secrets' regexes have no token boundaries: `AKIA...` also matches inside a base64
    blob. A value glued to letters or digits on either side is a slice of something else."""
    return (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum())


def _placeholder_tail(value: str) -> bool:
    """`ghp_xxxx...`, `sk-proj-0000...`: docs and .env.example placeholders have the vendor prefix
    but a body of one or two repeated characters; 16 random characters never have < 5 distinct.
    Short values (a password like "pass") are left to the rules' own checks."""
    return len(value) >= 16 and len(set(value[-16:])) < 5


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _positions_by_keyword(keyword_sets: Iterable[Iterable[str]]) -> dict[str, tuple[int, ...]]:
    positions: dict[str, list[int]] = {}
    for position, keywords in enumerate(keyword_sets):
        for keyword in set(keywords):
            positions.setdefault(keyword, []).append(position)
    return {keyword: tuple(found) for keyword, found in positions.items()}


def _positions_for(by_keyword: dict[str, tuple[int, ...]], present: frozenset[str]) -> list[int]:
    return sorted({position for keyword in present for position in by_keyword.get(keyword, ())})


class SecretDetector:
    """Finds secrets in one string. Stateless after construction; safe to share."""

    def __init__(
        self,
        enabled_entities: frozenset[str] | None = None,
        *,
        rules: Mapping[str, SecretRule] | None = None,
        plugins: Iterable[PluginSpec] | None = None,
    ) -> None:
        """`enabled_entities`: entity types to report (None = all secret types). Non-secret types
        (a policy lists PII types too) are ignored. `rules` / `plugins` replace the defaults
        (tests, or a caller with its own rule set)."""
        wanted = frozenset(SECRET_ENTITY_TYPES) if enabled_entities is None else enabled_entities
        rule_map = RULES if rules is None else rules
        specs = DETECT_SECRETS_PLUGINS if plugins is None else tuple(plugins)
        self._rules: tuple[SecretRule, ...] = tuple(r for r in rule_map.values() if r.entity_type in wanted)
        self._plugins: tuple[_CompiledPlugin, ...] = tuple(
            _compile_plugin(spec) for spec in specs if spec.entity_type in wanted
        )
        self._keywords = _all_keywords(self._rules, (p.spec for p in self._plugins))
        # Which keywords occur, found in one pass; each rule then runs only if one of its own does.
        self._keyword_index = AhoCorasick(list(self._keywords)) if self._keywords else None
        # keyword -> the rules (plugins) it lets run, by position: with a hundred rules, testing each rule's
        # keywords against the text's costs more than looking up the few keywords the text holds.
        self._rules_by_keyword = _positions_by_keyword(rule.keywords for rule in self._rules)
        self._plugins_by_keyword = _positions_by_keyword(plugin.spec.keywords for plugin in self._plugins)

    @property
    def rule_names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self._rules) + tuple(p.spec.name for p in self._plugins)

    def might_contain_secret(self, text: str) -> bool:
        """False means none of this detector's rules can match `text` (see `find`)."""
        return bool(self._present_keywords(text.lower()))

    def find(self, text: str) -> list[Span]:
        """Non-overlapping secret spans in `text`, sorted by start."""
        if not text:
            return []
        present = self._present_keywords(text.lower())
        if not present:
            return []
        candidates: list[_Candidate] = []
        for position in _positions_for(self._rules_by_keyword, present):  # in the rules' own order
            rule = self._rules[position]
            candidates.extend(self._guard(rule.name, self._run_rule(rule, text)))
        for position in _positions_for(self._plugins_by_keyword, present):
            plugin = self._plugins[position]
            candidates.extend(self._guard(plugin.spec.name, self._run_plugin(plugin, text)))
        if not candidates:
            return []
        markers = [m.span() for m in _MARKER_RE.finditer(text)] if "<" in text else []
        return _resolve(candidates, markers)

    def _present_keywords(self, lowered: str) -> frozenset[str]:
        if self._keyword_index is None:
            return frozenset()
        try:
            found = self._keyword_index.find_matches_as_indexes(lowered, overlapping=True)
        except UnicodeEncodeError:  # lone surrogates (legal in JSON) cannot go to the automaton
            return frozenset(kw for kw in self._keywords if kw in lowered)
        return frozenset(self._keywords[index] for index, _, _ in found)

    @staticmethod
    def _guard(name: str, produced: Iterator[_Candidate]) -> list[_Candidate]:
        # Materialise inside the try: the rule's regex and validator run lazily in the iterator.
        # The message names the rule and the exception type, never the text or the exception's
        # message (which could quote it); `from None` keeps the text out of the traceback too.
        try:
            return list(produced)
        except Exception as exc:
            raise DetectorError(f"secret rule {name!r} failed: {type(exc).__name__}") from None

    @staticmethod
    def _run_rule(rule: SecretRule, text: str) -> Iterator[_Candidate]:
        for match in rule.pattern.finditer(text):
            span = _first_group(match, rule.groups)
            if span is None:
                continue
            start, end = _trim(text, *span)
            if start >= end:
                continue
            value = text[start:end]
            if rule.validator is not None and not rule.validator(match, value):
                continue
            if _placeholder_tail(value):
                continue
            yield _Candidate(start, end, rule.entity_type, rule.score, rule.priority, rule_detector(rule.name))

    @staticmethod
    def _run_plugin(plugin: _CompiledPlugin, text: str) -> Iterator[_Candidate]:
        spec = plugin.spec
        for pattern, group in plugin.patterns:
            for match in pattern.finditer(text):
                if match.group(group) is None:
                    continue
                start, end = match.span(group)
                # Some denylist regexes include the delimiter around the value (Artifactory) or
                # the field name (Azure); the value is what gets redacted.
                if spec.strip_prefix and text.startswith(spec.strip_prefix, start):
                    start += len(spec.strip_prefix)
                while start < end and text[start] in _LEAD_TRIM:
                    start += 1
                while end > start and text[end - 1] in _TAIL_TRIM:
                    end -= 1
                if spec.cut_at_space:
                    cut = re.search(r"[\s\"'`]", text[start:end])
                    if cut is not None:
                        end = start + cut.start()
                if start >= end or _glued(text, start, end):
                    continue
                value = text[start:end]
                if spec.validator is not None and not spec.validator(match, value):
                    continue
                if _placeholder_tail(value):
                    continue
                yield _Candidate(start, end, spec.entity_type, 1.0, spec.priority, spec.name)


def _resolve(candidates: list[_Candidate], markers: list[tuple[int, int]]) -> list[Span]:
    """Longest first, then priority, then score; a candidate overlapping a marker or an already
    chosen span is dropped. Returns spans sorted by start."""
    ordered = sorted(candidates, key=lambda c: (-(c.end - c.start), -c.priority, -c.score, c.start, c.detector))
    starts: list[int] = []
    ends: list[int] = []
    chosen: list[_Candidate] = []
    for cand in ordered:
        if any(cand.start < m_end and m_start < cand.end for m_start, m_end in markers):
            continue
        # Chosen intervals are disjoint and kept sorted, so only the neighbours can overlap.
        i = bisect.bisect_left(starts, cand.start)
        if i > 0 and ends[i - 1] > cand.start:
            continue
        if i < len(starts) and starts[i] < cand.end:
            continue
        starts.insert(i, cand.start)
        ends.insert(i, cand.end)
        chosen.insert(i, cand)
    return [Span(c.start, c.end, c.entity_type, c.score, c.detector) for c in chosen]
