"""Retention and access rules: strict policy parsing, glob matching, expiry at the boundary, class
placement. Pure evaluation over real seals (built by `redactor.seal.build_seal`, the writer's code)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from redactor import retention
from redactor.errors import PolicyError
from redactor.policy import Policy, load_policy
from redactor.seal import Seal, build_seal
from tests.commands.store import POLICY_YAML, invoke, write_policy

RECORDED = datetime(2026, 1, 1, tzinfo=timezone.utc)


@pytest.fixture
def policy(tmp_path: Path) -> Policy:
    return load_policy(write_policy(tmp_path))


def seal(recorded_at: datetime | None = RECORDED, access_class: str | None = None) -> Seal:
    document = build_seal(files={"x.jsonl": b"{}\n"}, format_name="json", policy_name="p", policy_digest="d",
                          counts={}, recorded_at=recorded_at, redacted_at=RECORDED, key=None,
                          access_class=access_class)
    return Seal(document)


# ----- durations -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "days"), [("1d", 1), ("90d", 90), ("12w", 84), ("1y", 365), ("10y", 3650)])
def test_durations_parse(text: str, days: int) -> None:
    assert retention.parse_duration(text, "k", "f.yaml") == timedelta(days=days)


@pytest.mark.parametrize("text", ["90x", "90", "0d", "-1d", "1.5w", "d", " 90d", "90D", "90 d", 90, None, True])
def test_bad_durations_are_errors(text: object) -> None:
    with pytest.raises(PolicyError, match=r"f\.yaml: k: invalid duration .*use e\.g\. 30d, 12w, 365d"):
        retention.parse_duration(text, "k", "f.yaml")


def test_90x_in_a_policy_names_file_and_key(tmp_path: Path) -> None:
    path = write_policy(tmp_path, POLICY_YAML.replace("max_age: 1w", "max_age: 90x"))
    with pytest.raises(PolicyError) as caught:
        load_policy(path)
    assert str(caught.value) == (f"{path}: retention.rules[1].max_age: invalid duration '90x' "
                                 "(use e.g. 30d, 12w, 365d)")


@pytest.mark.parametrize(
    "command", [["audit", "ROOT"], ["purge", "ROOT", "--expired"], ["redact", "ROOT", "-o", "OUT"]]
)
def test_90x_is_a_clear_cli_error_with_exit_2(tmp_path: Path, command: list[str]) -> None:
    path = write_policy(tmp_path, POLICY_YAML.replace("default_max_age: 30d", "default_max_age: 90x"))
    (tmp_path / "store").mkdir()
    args = [str(tmp_path / "store") if a == "ROOT" else str(tmp_path / "out") if a == "OUT" else a for a in command]
    result = invoke(*args, "--policy", str(path))
    assert result.exit_code == 2
    assert f"{path}: retention.default_max_age: invalid duration '90x'" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


# ----- strict validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  default_max_age: 30d\n", "  default_max_age: 30d\n  keep_forever: true\n",
         "retention: unknown key(s) keep_forever"),
        ("  default_max_age: 30d\n", "", "retention.default_max_age is required"),
        ("      max_age: 365d\n", "      max_age: 365d\n      owner: x\n", "retention.rules[0]: unknown key(s) owner"),
        ('    - paths: ["fixtures/incidents/**"]\n      max_age: 365d\n',
         '    - paths: ["fixtures/incidents/**"]\n      classes: [vip]\n      max_age: 365d\n',
         "retention.rules[0].classes: unknown access class 'vip'"),
        ('    - paths: ["fixtures/adhoc/**"]\n', "    - paths: []\n", "'retention.rules[1].paths' must be a non-empty"),
        ('    - paths: ["fixtures/adhoc/**"]\n', '    - paths: ["../elsewhere/**"]\n', "without '..'"),
        ("  default_class: internal\n", "  default_class: vip\n", "access.default_class: unknown access class 'vip'"),
        ("  default_class: internal\n", "", "access.default_class is required"),
        ("    secret: {committable: false}\n", "    secret: {committable: no-way}\n",
         "'access.classes.secret.committable' must be true or false"),
        ("    secret: {committable: false}\n", "    secret: {committable: false, allowed_paths: [x/**]}\n",
         "not committable cannot have allowed_paths"),
        ("    secret: {committable: false}\n", "    secret: {committable: false, readers: [a]}\n",
         "access.classes.secret: unknown key(s) readers"),
        ('    restricted: {owners: ["@security-team"]', "    restricted: {owners: [1]",
         "'access.classes.restricted.owners' must be a list"),
        ("      classes: [public]\n", "      classes: [publc]\n", "access.rules[0].classes: unknown access class"),
        ("  rules:\n    - paths: [\"fixtures/public/**\"]", "  roles:\n    - paths: [\"fixtures/public/**\"]",
         "access: unknown key(s) roles"),
    ],
)
def test_sections_are_validated_strictly(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in POLICY_YAML
    path = write_policy(tmp_path, POLICY_YAML.replace(old, new, 1))
    with pytest.raises(PolicyError, match=r"^" + str(path).replace(".", r"\.") + ": ") as caught:
        load_policy(path)
    assert message in str(caught.value)


def test_retention_classes_need_an_access_section(tmp_path: Path) -> None:
    text = ("name: t\nentities: {EMAIL_ADDRESS: {}}\nretention:\n  default_max_age: 30d\n  rules:\n"
            "    - {paths: ['**'], classes: [public], max_age: 1y}\n")
    with pytest.raises(PolicyError, match="no access classes are defined"):
        load_policy(write_policy(tmp_path, text))


def test_shipped_policies_define_retention_and_access() -> None:
    for name in ("default", "strict"):
        rules = retention.rules_for(load_policy(name))
        assert rules.default_max_age is not None
        assert {"public", "internal", "restricted", "secret"} <= set(rules.classes)
        assert rules.classes["secret"].committable is False
        assert rules.classes["restricted"].owners


# ----- globs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "pattern", "expected"),
    [
        ("fixtures/incidents/a.jsonl", "fixtures/incidents/**", True),
        ("fixtures/incidents/2026/run-1", "fixtures/incidents/**", True),
        ("fixtures/incidents", "fixtures/incidents/**", False),  # as in .gitignore: the contents
        ("fixtures/incidents-old/a.jsonl", "fixtures/incidents/**", False),
        ("fixtures/a.jsonl", "fixtures/*.jsonl", True),
        ("fixtures/sub/a.jsonl", "fixtures/*.jsonl", False),
        ("fixtures/sub/a.jsonl", "fixtures/**/*.jsonl", True),
        ("fixtures/a.jsonl", "fixtures/**/*.jsonl", True),
        ("other/fixtures/a.jsonl", "fixtures/**", False),
        ("anything/at/all", "**", True),
        ("fixtures/a1.json", "fixtures/a?.json", True),
        ("fixtures/a.json", "fixtures/a[.json", False),
    ],
)
def test_path_globs(path: str, pattern: str, expected: bool) -> None:
    assert retention.path_matches(path, pattern) is expected


# ----- expiry -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("offset", "expired"),
    [(timedelta(seconds=-1), False), (timedelta(0), True), (timedelta(seconds=1), True)],
    ids=["one-second-before", "exactly-at", "one-second-after"],
)
def test_expiry_boundary(policy: Policy, offset: timedelta, expired: bool) -> None:
    boundary = RECORDED + timedelta(days=30)
    assessment = retention.assess(policy, "fixtures/a.jsonl", seal(), boundary + offset)
    assert assessment.expires_at == boundary
    assert assessment.expired is expired
    assert [v.kind for v in assessment.violations] == (["expired"] if expired else [])


def test_first_matching_rule_wins_and_default_applies_otherwise(policy: Policy) -> None:
    now = RECORDED + timedelta(days=100)
    incident = retention.assess(policy, "fixtures/incidents/a.jsonl", seal(access_class="restricted"), now)
    assert (incident.retention_rule, incident.max_age, incident.expired) == (
        "retention.rules[0]", timedelta(days=365), False)
    adhoc = retention.assess(policy, "fixtures/adhoc/a.jsonl", seal(), RECORDED + timedelta(days=7))
    assert (adhoc.retention_rule, adhoc.expired) == ("retention.rules[1]", True)
    plain = retention.assess(policy, "fixtures/a.jsonl", seal(), now)
    assert (plain.retention_rule, plain.max_age, plain.expired) == (
        "retention.default_max_age", timedelta(days=30), True)
    assert plain.age == timedelta(days=100)


def test_class_scoped_retention_rule(tmp_path: Path) -> None:
    text = POLICY_YAML.replace("  rules:\n    - paths: [\"fixtures/incidents/**\"]",
                               "  rules:\n    - {paths: ['**'], classes: [public], max_age: 10y}\n"
                               "    - paths: [\"fixtures/incidents/**\"]", 1)
    policy = load_policy(write_policy(tmp_path, text))
    now = RECORDED + timedelta(days=1000)
    assert not retention.evaluate(policy, "fixtures/public/a.jsonl", seal(access_class="public"), now)
    internal = retention.evaluate(policy, "fixtures/b.jsonl", seal(access_class="internal"), now)
    assert [v.kind for v in internal] == ["expired"]


def test_no_retention_section_means_nothing_expires() -> None:
    policy = load_policy("default")
    bare = Policy(**{**policy.__dict__, "raw": {k: v for k, v in policy.raw.items()
                                                if k not in ("retention", "access")}})
    assessment = retention.assess(bare, "fixtures/a.jsonl", seal(), RECORDED + timedelta(days=10_000))
    assert (assessment.expired, assessment.expires_at, assessment.violations) == (False, None, [])


def test_a_seal_without_recording_time_fails_closed(policy: Policy) -> None:
    broken = Seal({**seal().document, "recorded_at": "yesterday-ish"})
    assert [v.kind for v in retention.evaluate(policy, "fixtures/a.jsonl", broken, RECORDED)] == [
        "no-recording-time"]


def test_unsealed_fixture_has_no_retention_verdict(policy: Policy) -> None:
    assert retention.evaluate(policy, "fixtures/a.jsonl", None, RECORDED) == []


def test_naive_now_is_refused(policy: Policy) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        retention.evaluate(policy, "fixtures/a.jsonl", seal(), datetime(2026, 1, 2))


# ----- access classes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "access_class", "expected"),
    [
        ("fixtures/incidents/a.jsonl", "restricted", []),
        ("fixtures/a.jsonl", "restricted", ["class-not-allowed"]),
        ("fixtures/a.jsonl", "secret", ["class-not-committable"]),
        ("fixtures/incidents/a.jsonl", "secret", ["class-not-committable"]),
        ("fixtures/public/a.jsonl", "internal", ["class-not-allowed"]),
        ("fixtures/public/a.jsonl", None, ["class-not-allowed"]),  # default_class: internal
        ("fixtures/public/a.jsonl", "public", []),
        ("fixtures/a.jsonl", "public", []),
        ("elsewhere/a.jsonl", "internal", ["class-not-allowed"]),
        ("fixtures/a.jsonl", "top-secret", ["class-unknown"]),
    ],
)
def test_class_placement(policy: Policy, path: str, access_class: str | None, expected: list[str]) -> None:
    violations = retention.evaluate(policy, path, seal(access_class=access_class), RECORDED + timedelta(days=1))
    assert [v.kind for v in violations] == expected


def test_messages_name_rule_and_owners(policy: Policy) -> None:
    now = RECORDED + timedelta(days=1)
    restricted = retention.evaluate(policy, "fixtures/a.jsonl", seal(access_class="restricted"), now)
    assert restricted[0].message == ("access class 'restricted' may only live under fixtures/incidents/** "
                                     "(owners: @security-team)")
    assessment = retention.assess(policy, "fixtures/incidents/a", seal(access_class="restricted"), now)
    assert assessment.owners == ("@security-team",)
    public = retention.evaluate(policy, "fixtures/public/a.jsonl", seal(access_class="internal"), now)
    assert public[0].message == "access.rules[0] allows only public here, not 'internal'"


def test_the_documented_example_policy_validates(tmp_path: Path) -> None:
    import re

    docs = (Path(__file__).resolve().parent.parent / "docs" / "policy.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", docs, re.S)
    assert example is not None
    policy = load_policy(write_policy(tmp_path, example.group(1)))
    rules = retention.rules_for(policy)
    assert rules.default_max_age == timedelta(days=90) and rules.default_class == "internal"


# ----- recording times that cannot be believed (red team 21) ----------------------------------


@pytest.mark.parametrize("value", ["²³", "٣٤", 1e30, -1e20, 10**30, "9999-12-31T23:59:59-05:00",
                                   "0001-01-01T00:00:00+05:00", "", "yesterday"])
def test_garbled_timestamps_are_unreadable_not_errors(value: object) -> None:
    from redactor.seal import parse_timestamp

    assert parse_timestamp(value) is None


def test_a_recording_time_later_than_the_redaction_is_clamped_in_the_seal() -> None:
    future = Seal(build_seal(files={"x.jsonl": b"{}\n"}, format_name="json", policy_name="p", policy_digest="d",
                             counts={}, recorded_at=datetime(2099, 6, 1, tzinfo=timezone.utc),
                             redacted_at=RECORDED, key=None))
    assert future.recorded_at == RECORDED
    assert future.document["recorded_at_source"].startswith("redaction time")


def future_seal(recorded_at: str, redacted_at: str = "2026-01-01T00:00:00Z") -> Seal:
    """A seal as an older redactor wrote it, or as edited on a machine without the key."""
    return Seal({**seal().document, "recorded_at": recorded_at, "redacted_at": redacted_at})


def test_year_9999_recording_time_is_a_violation_not_an_overflow(policy: Policy) -> None:
    assessment = retention.assess(policy, "fixtures/a.jsonl", future_seal("9999-12-31T23:59:59Z"), RECORDED)
    assert assessment.expires_at is None and not assessment.expired
    assert [v.kind for v in assessment.violations] == [retention.RECORDED_IN_FUTURE]
    assert "9999-12-31T23:59:59Z" in assessment.violations[0].message


@pytest.mark.parametrize(("recorded", "redacted", "now", "violation"), [
    ("2099-06-01T00:00:00Z", "2099-06-01T00:00:00Z", RECORDED, True),  # later than the clock
    ("2026-03-01T00:00:00Z", "2026-01-01T00:00:00Z", datetime(2026, 3, 2, tzinfo=timezone.utc), True),
    ("2026-01-01T12:00:00Z", "2026-01-01T00:00:00Z", RECORDED, False),  # within a day of skew
    ("2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z", RECORDED, False),
])
def test_recording_time_in_the_future_or_after_redaction_is_reported(
        policy: Policy, recorded: str, redacted: str, now: datetime, violation: bool) -> None:
    kinds = [v.kind for v in retention.evaluate(policy, "fixtures/a.jsonl", future_seal(recorded, redacted), now)]
    assert (retention.RECORDED_IN_FUTURE in kinds) is violation
