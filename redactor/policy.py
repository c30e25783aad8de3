"""Policy files: YAML, validated strictly. An unknown key, a bad type or an unknown operator is a
`PolicyError` naming the file and the key. There is no silent fallback to a built-in default:
`load_policy` is the only way to get a `Policy`, and it needs a file that validates.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from redactor.detection.base import PII_ENTITY_TYPES, SECRET_ENTITY_TYPES
from redactor.errors import PolicyError

POLICY_DIR = Path(__file__).resolve().parent.parent / "policies"
KNOWN_ENTITIES = frozenset(PII_ENTITY_TYPES + SECRET_ENTITY_TYPES)
# `hash` is deliberately absent: an unkeyed hash of a phone number is reversible by enumeration.
KNOWN_OPERATORS: dict[str, frozenset[str]] = {
    "pseudonymize": frozenset(),
    "replace": frozenset({"new_value"}),
    "mask": frozenset({"masking_char", "chars_to_mask", "from_end"}),
    "redact": frozenset(),
}
_SIZE_RE = re.compile(r"^\s*(\d+)\s*(B|KiB|MiB|KB|MB)?\s*$")
_SIZE_UNITS = {None: 1, "B": 1, "KiB": 1024, "MiB": 1024 * 1024, "KB": 1000, "MB": 1000 * 1000}


@dataclass(frozen=True)
class EntityRule:
    operator: str
    threshold: float
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Policy:
    name: str
    source: str  # path of the file it was read from
    digest: str  # sha256 of the canonical policy content: changes whenever the policy does
    entities: Mapping[str, EntityRule]
    ner: bool
    structural_keys: frozenset[str]
    structural_paths: tuple[str, ...]
    redact_keys: frozenset[str]
    allow_values: frozenset[str]
    allow_patterns: tuple[re.Pattern[str], ...]
    payload_threshold: int
    max_depth: int
    fixtures: tuple[str, ...]
    fixture_excludes: tuple[str, ...]
    raw: Mapping[str, Any]  # validated document, for sections owned by other modules (retention, access)

    def enabled(self, entity_type: str) -> bool:
        return entity_type in self.entities

    def is_allowed_value(self, value: str) -> bool:
        if value in self.allow_values:
            return True
        return any(pattern.fullmatch(value) for pattern in self.allow_patterns)


# The schema: key -> (type, required). Nested sections are validated by their own function.
_TOP_LEVEL_KEYS = {
    "name",
    "description",
    "extends",
    "entities",
    "ner",
    "structural_keys",
    "structural_paths",
    "redact_keys",
    "allow",
    "payload_threshold",
    "max_depth",
    "fixtures",
    "retention",
    "access",
}


# Reads one policy file: its bytes, or None when there is no such file. The default reads the disk;
# the pre-commit gate passes one that reads the files a repository tracks from the git index, so that
# a policy and every policy it `extends` are the ones being committed.
PolicyReader = Callable[[Path], "bytes | None"]


def load_policy(spec: str | Path | None = None, check_operators: bool = True,
                read: PolicyReader | None = None) -> Policy:
    """Load a policy by name (`default`, `strict`: files in `policies/`) or by path. `read` reads
    the policy file and each file it `extends` (default: from disk)."""
    path = resolve_policy_path(spec)
    document = _read_yaml(path, read or _read_from_disk, ())
    policy = build_policy(document, source=str(path))
    if check_operators:
        validate_operators(policy)
    return policy


def resolve_policy_path(spec: str | Path | None) -> Path:
    """A policy's file: a path when `spec` reads as one (a `.yaml`/`.yml` file, or a name with a directory in
    it), else the shipped policy of that name. Never a file that merely exists under the bare name in the
    working directory: the gate runs at a repository's top, where a file called `default` committed with
    the fixtures would otherwise become the policy that checks them (red team 32)."""
    if spec is None:
        spec = "default"
    candidate = Path(spec)
    if candidate.suffix in {".yaml", ".yml"} or len(candidate.parts) > 1:
        if not candidate.is_file():
            raise PolicyError(f"policy file not found: {candidate}")
        return candidate
    named = POLICY_DIR / f"{spec}.yaml"
    if not named.is_file():
        raise PolicyError(f"unknown policy {spec!r}: no file {named}")
    return named


def _read_from_disk(path: Path) -> bytes:
    return path.read_bytes()


def _read_yaml(path: Path, read: PolicyReader, extended_by: tuple[Path, ...]) -> dict[str, Any]:
    try:
        data = read(path)
        if data is None:
            raise PolicyError(f"policy file not found: {path}")
        document = yaml.safe_load(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise PolicyError(f"{path}: cannot read policy: {exc.__class__.__name__}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise PolicyError(f"{path}: not valid YAML{where}") from None
    if not isinstance(document, dict):
        raise PolicyError(f"{path}: a policy must be a YAML mapping")
    if "extends" in document:
        parent_spec = document["extends"]
        if not isinstance(parent_spec, str):
            raise PolicyError(f"{path}: 'extends' must be a policy name or path")
        parent_path = resolve_policy_path(parent_spec)
        chain = (*extended_by, path.resolve())
        if parent_path.resolve() in chain:
            raise PolicyError(f"{path}: a policy cannot extend itself (nor a policy that extends it)")
        parent = _read_yaml(parent_path, read, chain)
        parent.pop("name", None)
        merged = {**parent, **{k: v for k, v in document.items() if k != "extends"}}
        return merged
    return document


def build_policy(document: Mapping[str, Any], source: str) -> Policy:
    def fail(message: str) -> PolicyError:
        return PolicyError(f"{source}: {message}")

    unknown = sorted(set(document) - _TOP_LEVEL_KEYS)
    if unknown:
        raise fail(f"unknown key(s): {', '.join(unknown)} (allowed: {', '.join(sorted(_TOP_LEVEL_KEYS))})")
    name = document.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", name):
        raise fail("'name' is required: lowercase letters, digits, '-', '_' or '.'")

    entities = _entities(document.get("entities"), fail)
    ner = document.get("ner", True)
    if not isinstance(ner, bool):
        raise fail("'ner' must be true or false")

    allow = document.get("allow", {}) or {}
    if not isinstance(allow, dict) or set(allow) - {"values", "patterns"}:
        raise fail("'allow' takes only 'values' and 'patterns'")
    allow_values = _string_list(allow.get("values", []), "allow.values", fail)
    allow_patterns: list[re.Pattern[str]] = []
    for raw_pattern in _string_list(allow.get("patterns", []), "allow.patterns", fail):
        try:
            allow_patterns.append(re.compile(raw_pattern))
        except re.error:
            raise fail(f"allow.patterns: invalid regular expression {raw_pattern!r}") from None

    fixtures = document.get("fixtures", {}) or {}
    if not isinstance(fixtures, dict) or set(fixtures) - {"include", "exclude"}:
        raise fail("'fixtures' takes only 'include' and 'exclude' (lists of globs)")

    max_depth = document.get("max_depth", 256)
    if not isinstance(max_depth, int) or isinstance(max_depth, bool) or not 8 <= max_depth <= 10_000:
        raise fail("'max_depth' must be an integer between 8 and 10000")

    # Validate sections owned by other modules here too, so a bad policy fails at load time.
    for section in ("retention", "access"):
        if section in document and not isinstance(document[section], dict):
            raise fail(f"'{section}' must be a mapping")

    policy = Policy(
        name=name,
        source=source,
        digest=policy_digest(document),
        entities=entities,
        ner=ner,
        structural_keys=frozenset(_string_list(document.get("structural_keys", []), "structural_keys", fail)),
        structural_paths=tuple(_string_list(document.get("structural_paths", []), "structural_paths", fail)),
        redact_keys=frozenset(
            k.lower() for k in _string_list(document.get("redact_keys", []), "redact_keys", fail)
        ),
        allow_values=frozenset(allow_values),
        allow_patterns=tuple(allow_patterns),
        payload_threshold=parse_size(document.get("payload_threshold", "32KiB"), fail),
        max_depth=max_depth,
        fixtures=tuple(_string_list(fixtures.get("include", []), "fixtures.include", fail)),
        fixture_excludes=tuple(_string_list(fixtures.get("exclude", []), "fixtures.exclude", fail)),
        raw=dict(document),
    )
    _validate_extensions(policy, fail)
    return policy


def _validate_extensions(policy: Policy, fail: Any) -> None:
    """Sections validated by the modules that own them (retention/access), imported lazily."""
    if "retention" in policy.raw or "access" in policy.raw:
        try:
            from redactor import retention
        except ImportError:  # pragma: no cover - the module ships with the package
            raise fail("this redactor version does not support 'retention'/'access'") from None
        retention.validate_policy_sections(policy)


def _entities(value: Any, fail: Any) -> dict[str, EntityRule]:
    if not isinstance(value, dict) or not value:
        raise fail("'entities' is required: a mapping of entity type -> {operator, threshold}")
    rules: dict[str, EntityRule] = {}
    for entity, raw_spec in value.items():
        if entity not in KNOWN_ENTITIES:
            raise fail(f"entities: unknown entity type {entity!r} (known: {', '.join(sorted(KNOWN_ENTITIES))})")
        spec = raw_spec or {}
        if not isinstance(spec, dict):
            raise fail(f"entities.{entity}: must be a mapping")
        extra = set(spec) - {"operator", "threshold", "params"}
        if extra:
            raise fail(f"entities.{entity}: unknown key(s) {', '.join(sorted(extra))}")
        operator = spec.get("operator", "pseudonymize")
        if operator == "hash":
            raise fail(f"entities.{entity}: operator 'hash' is refused (unkeyed hashes are reversible); "
                       "use 'pseudonymize' (keyed HMAC)")
        if operator not in KNOWN_OPERATORS:
            raise fail(f"entities.{entity}: unknown operator {operator!r} (known: {', '.join(KNOWN_OPERATORS)})")
        threshold = spec.get("threshold", 0.5)
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
            raise fail(f"entities.{entity}.threshold must be a number between 0 and 1")
        params = spec.get("params", {}) or {}
        if not isinstance(params, dict):
            raise fail(f"entities.{entity}.params must be a mapping")
        bad_params = set(params) - KNOWN_OPERATORS[operator]
        if bad_params:
            raise fail(f"entities.{entity}.params: {', '.join(sorted(bad_params))} not valid for {operator!r}")
        rules[entity] = EntityRule(operator=operator, threshold=float(threshold), params=dict(params))
    return rules


def validate_operators(policy: Policy) -> None:
    """Have presidio-anonymizer validate every operator and its parameters before anything runs.

    Separate from parsing because importing presidio-anonymizer costs about a second: the gate,
    which never runs an operator, parses the policy without it (`check_operators=False`).
    """
    from redactor.replacement.operators import validate_operator

    for entity, rule in policy.entities.items():
        try:
            validate_operator(rule.operator, rule.params)
        except ValueError as exc:
            raise PolicyError(f"{policy.source}: entities.{entity}: {exc}") from None


def _string_list(value: Any, where: str, fail: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise fail(f"'{where}' must be a list of strings")
    return list(value)


def parse_size(value: Any, fail: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        size = value
    elif isinstance(value, str) and (match := _SIZE_RE.match(value)):
        size = int(match.group(1)) * _SIZE_UNITS[match.group(2)]
    else:
        raise fail(f"'payload_threshold' must be a size such as 32KiB, got {value!r}")
    if size < 64:
        raise fail("'payload_threshold' must be at least 64 bytes")
    return size


def policy_digest(document: Mapping[str, Any]) -> str:
    canonical = yaml.safe_dump(dict(document), sort_keys=True, default_flow_style=False).encode("utf-8")
    return "sha256:" + hashlib.sha256(canonical).hexdigest()
