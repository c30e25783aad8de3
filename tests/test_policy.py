from __future__ import annotations

from pathlib import Path

import pytest

from redactor.errors import PolicyError
from redactor.policy import POLICY_DIR, load_policy


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_policies_validate() -> None:
    default = load_policy("default")
    strict = load_policy("strict")
    assert default.name == "default" and strict.name == "strict"
    assert default.digest != strict.digest
    assert strict.payload_threshold < default.payload_threshold
    assert default.payload_threshold == 32 * 1024


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: x\nentities: {EMAIL_ADDRESS: {}}\nbogus: 1\n", "unknown key(s): bogus"),
        ("name: x\nentities: {NOT_AN_ENTITY: {}}\n", "unknown entity type 'NOT_AN_ENTITY'"),
        ("name: x\nentities: {EMAIL_ADDRESS: {operator: shred}}\n", "unknown operator 'shred'"),
        ("name: x\nentities: {EMAIL_ADDRESS: {operator: hash}}\n", "operator 'hash' is refused"),
        ("name: x\nentities: {EMAIL_ADDRESS: {threshold: 2}}\n", "threshold must be a number between 0 and 1"),
        ("name: x\nentities: {EMAIL_ADDRESS: {operator: mask, params: {new_value: a}}}\n", "not valid for 'mask'"),
        ("name: x\nentities: {EMAIL_ADDRESS: {}}\npayload_threshold: 12parsecs\n", "payload_threshold"),
        ("name: x\nentities: {EMAIL_ADDRESS: {}}\nallow: {patterns: ['(']}\n", "invalid regular expression"),
        ("entities: {EMAIL_ADDRESS: {}}\n", "'name' is required"),
        ("name: x\n", "'entities' is required"),
        ("name: x\nentities: [1, 2\n", "not valid YAML"),
        ("- just\n- a list\n", "must be a YAML mapping"),
    ],
)
def test_bad_policies_fail_loudly(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PolicyError) as excinfo:
        load_policy(path)
    assert message in str(excinfo.value)
    assert str(path) in str(excinfo.value)


def test_presidio_validates_operator_params(tmp_path: Path) -> None:
    # masking_char must be one character: presidio's own validation rejects it.
    path = write(tmp_path, "name: x\nentities: {EMAIL_ADDRESS: {operator: mask, params: "
                           "{masking_char: '##', chars_to_mask: 3, from_end: true}}}\n")
    with pytest.raises(PolicyError, match="EMAIL_ADDRESS"):
        load_policy(path)


def test_missing_policy_never_falls_back(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="unknown policy"):
        load_policy("does-not-exist")
    with pytest.raises(PolicyError, match="not found"):
        load_policy(tmp_path / "missing.yaml")


def test_a_bare_name_is_always_a_shipped_policy_never_a_file_of_that_name_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Red team 32: a file called `default` at a repository's top became the policy the gate checked with (and
    `extends: default` read it too); a directory called `default` broke every command."""
    (tmp_path / "default").write_text("name: default\nfixtures: {include: [nothing/**], exclude: ['**']}\n")
    (tmp_path / "strict").mkdir()
    (tmp_path / "team.yaml").write_text("extends: default\nname: team\n")
    monkeypatch.chdir(tmp_path)
    shipped = load_policy("default")
    assert shipped.source == str(POLICY_DIR / "default.yaml") and shipped.fixtures
    assert load_policy("strict").source == str(POLICY_DIR / "strict.yaml")
    team = load_policy("team.yaml")  # a path: read here, and its `extends: default` is the shipped one
    assert team.name == "team" and team.fixtures == shipped.fixtures


def test_extends_inherits_and_overrides(tmp_path: Path) -> None:
    path = write(tmp_path, "extends: default\nname: team\npayload_threshold: 1KiB\n")
    policy = load_policy(path)
    assert policy.name == "team"
    assert policy.payload_threshold == 1024
    assert "EMAIL_ADDRESS" in policy.entities
