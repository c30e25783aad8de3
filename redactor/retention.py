"""Retention and access policy: how long a sealed fixture may be kept, and where each class may live.

This module is pure: it reads no file and asks no clock. Callers pass the policy, the fixture's
repository-relative path, its seal and `now`, so the gate, `redactor audit` and `redactor purge`
agree exactly, and tests are exact.

API for the pre-commit gate (and anyone else)::

    from redactor import retention
    violations = retention.evaluate(policy, "fixtures/incidents/x.jsonl", seal, now)
    # -> list[retention.Violation]; empty means retention and access rules hold.
    #    Each has .kind (one of VIOLATION_KINDS), .message (never a value) and .to_dict().

    assessment = retention.assess(policy, path, seal, now)
    # -> Assessment: access class, owners, matched retention rule, max age, expires_at, age,
    #    expired flag and the same violations. `evaluate` is `assess(...).violations`.

`evaluate` covers only what the policy's `retention` and `access` sections decide (expiry and
class placement). Whether a seal exists, matches the bytes, or was made under the current policy
is the caller's job (the gate and the audit each check it); pass `seal=None` for an unsealed
fixture and this module returns no violation for it, since it cannot know its age or class.

Policy sections (validated strictly by `validate_policy_sections`, called by `redactor.policy`)::

    retention:
      default_max_age: 90d          # required when the section is present
      rules:                        # first matching rule wins; no match -> default_max_age
        - paths: ["fixtures/incidents/**"]
          classes: [restricted]     # optional: the rule applies only to these access classes
          max_age: 365d
    access:
      default_class: internal       # class of a fixture whose seal records none
      classes:
        public:     {description: "...", allowed_paths: ["fixtures/**"]}
        restricted: {owners: ["@security"], allowed_paths: ["fixtures/incidents/**"]}
        secret:     {committable: false}
      rules:                        # path -> classes allowed there; first matching rule wins
        - paths: ["fixtures/public/**"]
          classes: [public]

Durations are `<integer><unit>` with unit d (days), w (weeks) or y (365 days), e.g. 30d, 12w, 1y.
A fixture expires at `recorded_at + max_age`; from that instant on (inclusive) it is expired.
Without a `retention` section nothing expires; without an `access` section there are no classes
and no placement rules (a class recorded in a seal is then reported but not checked).

Path globs are matched against the POSIX path relative to the repository root: `*` and `?` stay
within one path segment, `**` spans any number of segments (including none). A trace directory is
matched by its directory path (`fixtures/traces/run-1`), a file trace by its file path.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from redactor.errors import PolicyError
from redactor.seal import Seal, format_timestamp

if TYPE_CHECKING:
    from redactor.policy import Policy

# Stable identifiers: `redactor audit --fail-on` and the gate's reports use them.
EXPIRED = "expired"
CLASS_NOT_ALLOWED = "class-not-allowed"
CLASS_NOT_COMMITTABLE = "class-not-committable"
CLASS_UNKNOWN = "class-unknown"
NO_RECORDING_TIME = "no-recording-time"
RECORDED_IN_FUTURE = "recorded-in-future"
VIOLATION_KINDS = (EXPIRED, CLASS_NOT_ALLOWED, CLASS_NOT_COMMITTABLE, CLASS_UNKNOWN, NO_RECORDING_TIME,
                   RECORDED_IN_FUTURE)
# Clock skew tolerated between the machine that sealed a fixture and the one checking it.
FUTURE_SKEW = timedelta(days=1)

_DURATION_RE = re.compile(r"([1-9][0-9]{0,5})([dwy])")
_DURATION_DAYS = {"d": 1, "w": 7, "y": 365}
_DURATION_HINT = "use e.g. 30d, 12w, 365d"
_RETENTION_KEYS = frozenset({"default_max_age", "rules"})
_RETENTION_RULE_KEYS = frozenset({"paths", "classes", "max_age", "description"})
_ACCESS_KEYS = frozenset({"classes", "default_class", "rules"})
_CLASS_KEYS = frozenset({"description", "owners", "allowed_paths", "committable"})
_ACCESS_RULE_KEYS = frozenset({"paths", "classes", "description"})
_CLASS_NAME_RE = re.compile(r"[a-z][a-z0-9_-]*")


@dataclass(frozen=True)
class Violation:
    """One broken rule. `message` names the rule and the class, never anything from the content."""

    kind: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "message": self.message}


@dataclass(frozen=True)
class RetentionRule:
    paths: tuple[str, ...]
    classes: frozenset[str] | None  # None: any class
    max_age: timedelta
    label: str  # "retention.rules[1]", for reports


@dataclass(frozen=True)
class AccessClass:
    name: str
    description: str = ""
    owners: tuple[str, ...] = ()
    allowed_paths: tuple[str, ...] = ()  # empty: anywhere a fixture may live
    committable: bool = True


@dataclass(frozen=True)
class AccessRule:
    paths: tuple[str, ...]
    classes: frozenset[str]
    label: str


@dataclass(frozen=True)
class RetentionPolicy:
    """The parsed `retention` and `access` sections of one policy."""

    default_max_age: timedelta | None  # None: no retention section, nothing expires
    retention_rules: tuple[RetentionRule, ...] = ()
    classes: Mapping[str, AccessClass] = field(default_factory=dict)
    default_class: str | None = None
    access_rules: tuple[AccessRule, ...] = ()

    def retention_rule_for(self, path: str, access_class: str | None) -> RetentionRule | None:
        for rule in self.retention_rules:
            if rule.classes is not None and access_class not in rule.classes:
                continue
            if matches_any(path, rule.paths):
                return rule
        return None


@dataclass(frozen=True)
class Assessment:
    """What the policy says about one fixture at one instant."""

    path: str
    access_class: str | None
    owners: tuple[str, ...]
    retention_rule: str | None  # label of the matching rule, "retention.default_max_age", or None
    max_age: timedelta | None
    recorded_at: datetime | None
    expires_at: datetime | None
    age: timedelta | None
    expired: bool
    violations: list[Violation]


# ----- durations and globs ---------------------------------------------------------------------


def parse_duration(value: Any, where: str, source: str) -> timedelta:
    """Strict: `90d`, `12w`, `1y` (365 days). Anything else (90x, 90, -1d, 1.5w, 0d) is an error."""
    text = value if isinstance(value, str) else None
    match = _DURATION_RE.fullmatch(text) if text is not None else None
    if match is None:
        shown = value if isinstance(value, str) else repr(value)
        raise PolicyError(f"{source}: {where}: invalid duration '{shown}' ({_DURATION_HINT})")
    return timedelta(days=int(match.group(1)) * _DURATION_DAYS[match.group(2)])


def format_duration(delta: timedelta) -> str:
    days = delta.days
    if days % 365 == 0:
        return f"{days // 365}y"
    if days % 7 == 0:
        return f"{days // 7}w"
    return f"{days}d"


@lru_cache(maxsize=1024)
def _glob_regex(pattern: str, ignore_case: bool = False) -> re.Pattern[str]:
    parts: list[str] = []
    segments = pattern.strip("/").split("/")
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "**":
            # Any number of whole segments, including none: "a/**/b" matches "a/b".
            parts.append(".*" if last else "(?:[^/]+/)*")
            continue
        regex = "".join(
            "[^/]*" if char == "*" else "[^/]" if char == "?" else re.escape(char) for char in segment
        )
        parts.append(regex if last else regex + "/")
    return re.compile("".join(parts), re.IGNORECASE if ignore_case else 0)


def path_matches(path: str, pattern: str, ignore_case: bool = False) -> bool:
    return _glob_regex(pattern, ignore_case).fullmatch(path.strip("/")) is not None


def matches_any(path: str, patterns: Iterable[str]) -> bool:
    return any(path_matches(path, pattern) for pattern in patterns)


# ----- validation ------------------------------------------------------------------------------


def validate_policy_sections(policy: Policy) -> None:
    """Called by `redactor.policy` at load time: a bad section fails the whole policy."""
    rules_for(policy)


def rules_for(policy: Policy) -> RetentionPolicy:
    """Parse (and validate) the policy's `retention` and `access` sections."""
    return _parse(policy.raw, policy.source)


def _parse(raw: Mapping[str, Any], source: str) -> RetentionPolicy:
    def fail(message: str) -> PolicyError:
        return PolicyError(f"{source}: {message}")

    classes: dict[str, AccessClass] = {}
    default_class: str | None = None
    access_rules: list[AccessRule] = []
    access = raw.get("access")
    if access is not None:
        _mapping(access, "access", _ACCESS_KEYS, fail)
        class_specs = access.get("classes")
        if not isinstance(class_specs, dict) or not class_specs:
            raise fail("access.classes is required: a mapping of class name -> {owners, allowed_paths, "
                       "committable, description}")
        for name, spec in class_specs.items():
            classes[name] = _access_class(name, spec, fail)
        default_class = access.get("default_class")
        if default_class is None:
            raise fail("access.default_class is required (the class of a fixture whose seal records none)")
        _known_class(default_class, "access.default_class", classes, fail)
        for index, spec in enumerate(_list(access.get("rules", []), "access.rules", fail)):
            where = f"access.rules[{index}]"
            _mapping(spec, where, _ACCESS_RULE_KEYS, fail)
            rule_classes = _class_list(spec.get("classes"), f"{where}.classes", classes, fail, required=True)
            assert rule_classes is not None
            paths = _globs(spec.get("paths"), f"{where}.paths", fail)
            access_rules.append(AccessRule(paths, rule_classes, where))

    default_max_age: timedelta | None = None
    retention_rules: list[RetentionRule] = []
    retention = raw.get("retention")
    if retention is not None:
        _mapping(retention, "retention", _RETENTION_KEYS, fail)
        if "default_max_age" not in retention:
            raise fail("retention.default_max_age is required (e.g. 90d): every fixture needs a maximum age")
        default_max_age = parse_duration(retention["default_max_age"], "retention.default_max_age", source)
        for index, spec in enumerate(_list(retention.get("rules", []), "retention.rules", fail)):
            where = f"retention.rules[{index}]"
            _mapping(spec, where, _RETENTION_RULE_KEYS, fail)
            if "max_age" not in spec:
                raise fail(f"{where}.max_age is required (e.g. 30d)")
            max_age = parse_duration(spec["max_age"], f"{where}.max_age", source)
            if "classes" in spec and not classes:
                raise fail(f"{where}.classes: no access classes are defined (add an 'access' section)")
            retention_rules.append(RetentionRule(
                paths=_globs(spec.get("paths"), f"{where}.paths", fail),
                classes=_class_list(spec.get("classes"), f"{where}.classes", classes, fail, required=False),
                max_age=max_age,
                label=where,
            ))
    return RetentionPolicy(
        default_max_age, tuple(retention_rules), classes, default_class, tuple(access_rules)
    )


def _mapping(value: Any, where: str, allowed: frozenset[str], fail: Any) -> None:
    if not isinstance(value, dict):
        raise fail(f"'{where}' must be a mapping")
    unknown = sorted(str(key) for key in set(value) - allowed)
    if unknown:
        raise fail(f"{where}: unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})")


def _list(value: Any, where: str, fail: Any) -> list[Any]:
    if not isinstance(value, list):
        raise fail(f"'{where}' must be a list")
    return value


def _globs(value: Any, where: str, fail: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(item, str) and item for item in value):
        raise fail(f"'{where}' must be a non-empty list of path globs (e.g. \"fixtures/incidents/**\")")
    for pattern in value:
        if pattern.startswith("/") or ".." in pattern.split("/"):
            raise fail(f"{where}: '{pattern}' must be relative to the repository root, without '..'")
    return tuple(value)


def _known_class(name: Any, where: str, classes: Mapping[str, AccessClass], fail: Any) -> str:
    if not isinstance(name, str) or name not in classes:
        raise fail(f"{where}: unknown access class {name!r} (defined: {', '.join(sorted(classes))})")
    return name


def _class_list(
    value: Any, where: str, classes: Mapping[str, AccessClass], fail: Any, required: bool
) -> frozenset[str] | None:
    if value is None and not required:
        return None
    if not isinstance(value, list) or not value:
        raise fail(f"'{where}' must be a non-empty list of access classes")
    return frozenset(_known_class(item, where, classes, fail) for item in value)


def _access_class(name: Any, spec: Any, fail: Any) -> AccessClass:
    if not isinstance(name, str) or not _CLASS_NAME_RE.fullmatch(name):
        raise fail(f"access.classes: invalid class name {name!r} (lowercase letters, digits, '-', '_')")
    where = f"access.classes.{name}"
    spec = {} if spec is None else spec
    _mapping(spec, where, _CLASS_KEYS, fail)
    description = spec.get("description", "")
    if not isinstance(description, str):
        raise fail(f"'{where}.description' must be a string")
    committable = spec.get("committable", True)
    if not isinstance(committable, bool):
        raise fail(f"'{where}.committable' must be true or false")
    owners = spec.get("owners", [])
    if not isinstance(owners, list) or not all(isinstance(owner, str) and owner for owner in owners):
        raise fail(f"'{where}.owners' must be a list of owner names (e.g. \"@security-team\")")
    allowed_paths: tuple[str, ...] = ()
    if "allowed_paths" in spec:
        allowed_paths = _globs(spec["allowed_paths"], f"{where}.allowed_paths", fail)
    if not committable and allowed_paths:
        raise fail(f"{where}: a class that is not committable cannot have allowed_paths")
    return AccessClass(name, description, tuple(owners), allowed_paths, committable)


# ----- evaluation ------------------------------------------------------------------------------


def evaluate(policy: Policy, path: str, seal: Seal | None, now: datetime) -> list[Violation]:
    """Retention and access violations of the fixture at `path` (repo-relative) at instant `now`."""
    return assess(policy, path, seal, now).violations


def assess(policy: Policy, path: str, seal: Seal | None, now: datetime) -> Assessment:
    return assess_with(rules_for(policy), path, seal, now)


def assess_with(rules: RetentionPolicy, path: str, seal: Seal | None, now: datetime) -> Assessment:
    """`assess` with already-parsed rules (audits of thousands of fixtures parse the policy once)."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    path = path.strip("/")
    if seal is None:
        return Assessment(path, None, (), None, None, None, None, None, False, [])
    violations: list[Violation] = []
    access_class = seal.access_class or rules.default_class
    owners: tuple[str, ...] = ()
    if access_class is not None and rules.classes:
        definition = rules.classes.get(access_class)
        if definition is None:
            violations.append(Violation(CLASS_UNKNOWN, f"access class '{access_class}' is not defined by the "
                                        f"policy (defined: {', '.join(sorted(rules.classes))})"))
        else:
            owners = definition.owners
            violations.extend(_placement(rules, definition, path))

    rule = rules.retention_rule_for(path, access_class)
    max_age = rule.max_age if rule is not None else rules.default_max_age
    label = rule.label if rule is not None else ("retention.default_max_age" if max_age is not None else None)
    recorded_at = seal.recorded_at
    expires_at = _expiry(recorded_at, max_age)
    age = now - recorded_at if recorded_at is not None else None
    expired = expires_at is not None and now >= expires_at
    future = _future_problem(seal, now)
    if future is not None:
        # An age that is negative cannot be checked against a limit either (a fixture "recorded" in
        # 2099 would never expire): reported whether or not the policy has a retention section.
        violations.append(Violation(RECORDED_IN_FUTURE, future))
    if max_age is not None and recorded_at is None:
        # Fail closed: an age that cannot be known cannot be shown to be within the limit.
        violations.append(Violation(NO_RECORDING_TIME, "the seal has no readable recording time, so its "
                                    "age cannot be checked; re-seal it with `redactor redact --in-place`"))
    if expired:
        assert expires_at is not None and max_age is not None
        violations.append(Violation(EXPIRED, f"expired at {_iso(expires_at)} (max age "
                                    f"{format_duration(max_age)} from {label}); remove it with "
                                    "`redactor purge --expired --apply`"))
    return Assessment(path, access_class, owners, label, max_age, recorded_at, expires_at, age, expired,
                      violations)


def _expiry(recorded_at: datetime | None, max_age: timedelta | None) -> datetime | None:
    if recorded_at is None or max_age is None:
        return None
    try:
        return recorded_at + max_age
    except OverflowError:
        # Past year 9999: no expiry instant exists. `_future_problem` reports such a recording time.
        return None


def _future_problem(seal: Seal, now: datetime) -> str | None:
    """Why the seal's recording time cannot be believed, or None: later than now, or than the
    redaction that sealed it (a recording cannot postdate its redaction; `redact` clamps it)."""
    recorded_at = seal.recorded_at
    if recorded_at is None:
        return None
    redacted_at = seal.redacted_at
    fix = ("its age cannot be checked; delete its seal and redact it again with `redactor redact --in-place` "
           "(a recording time later than the redaction is then replaced by the redaction time)")
    if recorded_at - now > FUTURE_SKEW:
        return f"recorded at {_iso(recorded_at)}, in the future: {fix}"
    if redacted_at is not None and recorded_at - redacted_at > FUTURE_SKEW:
        return f"recorded at {_iso(recorded_at)}, after its redaction at {_iso(redacted_at)}: {fix}"
    return None


def _placement(rules: RetentionPolicy, definition: AccessClass, path: str) -> list[Violation]:
    name = definition.name
    owners = f" (owners: {', '.join(definition.owners)})" if definition.owners else ""
    if not definition.committable:
        return [Violation(CLASS_NOT_COMMITTABLE, f"access class '{name}' may never be committed{owners}")]
    problems: list[Violation] = []
    if definition.allowed_paths and not matches_any(path, definition.allowed_paths):
        problems.append(Violation(CLASS_NOT_ALLOWED, f"access class '{name}' may only live under "
                                  f"{', '.join(definition.allowed_paths)}{owners}"))
    for rule in rules.access_rules:
        if matches_any(path, rule.paths):
            if name not in rule.classes:
                problems.append(Violation(CLASS_NOT_ALLOWED, f"{rule.label} allows only "
                                          f"{', '.join(sorted(rule.classes))} here, not '{name}'{owners}"))
            break  # first matching rule wins
    return problems


def _iso(moment: datetime) -> str:
    return format_timestamp(moment)
