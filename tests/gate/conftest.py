"""Real git repositories with the gate installed, two ways:

* `pre-commit`: the framework, installed with `pre-commit install`, using this project's
  `.pre-commit-hooks.yaml` through a `repo:` entry that points at a local hook repository (no
  network: pre-commit clones a local path). `language: python` would make pre-commit pip-install
  the package from the registry, so the manifest is used with `language: system` and the entry
  pointed at this virtualenv's `redactor`; everything else (id, files, pass_filenames) is the
  shipped manifest.
* `standalone`: `hooks/pre-commit` and `hooks/pre-merge-commit` copied into `.git/hooks`.

Both install the gate for `git commit` and for `git merge` (a clean merge runs pre-merge-commit),
as docs/gate.md says to.

Sealed fixtures are made once per session by the real `redactor redact` and copied in.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from tests.conftest import REDACTOR_BIN, ROOT, TEST_KEY, run_cli

GATE_POLICY = """\
extends: default
name: gate-test
# The shipped Chronicle example was recorded in mid-2026: keep it from expiring under the tests.
retention:
  default_max_age: 100y
"""
RAW_RECORDS = [
    {"type": "run.started", "run_id": "run_1", "input": {"email": "maria.lopez@fastmail.com",
                                                         "phone": "+44 20 7946 0958"}},
    {"type": "tool.succeeded", "run_id": "run_1", "tool": "pay",
     "arguments": "{\"card_number\": \"4111 1111 1111 1111\"}",
     "headers": {"Authorization": "Bearer sk-proj-Q3xv9LmP0aZ7bN2cR8dT1eY6fU4gH5iJ0kL9mN8oP7qR6sT5uV4wX3yZ2a"}},
    {"type": "run.completed", "run_id": "run_1", "output": "Refund sent to maria.lopez@fastmail.com"},
]
# The git hooks the gate runs in (docs/gate.md): `git commit`, and `git merge` without conflicts.
INSTALL_HOOK_TYPES = ("pre-commit", "pre-merge-commit")
PLANTED = (b"maria.lopez@fastmail.com", b"4111 1111 1111 1111", b"sk-proj-Q3xv9LmP0aZ7bN2cR8dT1eY6fU4gH5iJ0kL9mN8o",
           b"7946 0958")


def raw_jsonl() -> bytes:
    moment = datetime.now(timezone.utc) - timedelta(days=1)
    lines = []
    for index, record in enumerate(RAW_RECORDS):
        stamped = {**record, "timestamp": (moment + timedelta(seconds=index)).isoformat().replace("+00:00", "Z")}
        lines.append(json.dumps(stamped))
    return ("\n".join(lines) + "\n").encode("utf-8")


@dataclass(frozen=True)
class Sealed:
    """Bytes of a raw trace and of its redacted, sealed form (file and directory traces)."""

    root: Path  # contains fixtures/run.jsonl(+seal), fixtures/traces/invoice-currency/...
    raw: bytes
    policy: Path

    def read(self, rel: str) -> bytes:
        return (self.root / rel).read_bytes()


@pytest.fixture(scope="session")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> Sealed:
    base = tmp_path_factory.mktemp("sealed")
    policy = base / "gate-policy.yaml"
    policy.write_text(GATE_POLICY, encoding="utf-8")
    raw_dir = base / "raw"
    (raw_dir / "traces").mkdir(parents=True)
    raw = raw_jsonl()
    (raw_dir / "run.jsonl").write_bytes(raw)
    shutil.copytree(ROOT / "tests/data/chronicle-0.3/traces/invoice-currency", raw_dir / "traces/invoice-currency")
    out = base / "out" / "fixtures"
    for source, target in ((raw_dir / "run.jsonl", out), (raw_dir / "traces", out / "traces")):
        result = run_cli("redact", str(source), "-o", str(target), "--policy", str(policy), "--no-ner", "-q")
        assert result.returncode == 0, result.stderr
    assert (out / "run.jsonl.seal.json").is_file()
    assert (out / "traces/invoice-currency/redactor.seal.json").is_file()
    return Sealed(base / "out", raw, policy)


@dataclass
class Repo:
    path: Path
    env: dict[str, str]
    mode: str  # "pre-commit" or "standalone"

    def git(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(["git", *args], cwd=self.path, env=self.env, capture_output=True, text=True,
                                timeout=300, check=False)
        if check and result.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {result.stdout}{result.stderr}")
        return result

    def write(self, rel: str, data: bytes | str) -> Path:
        path = self.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        return path

    def add_sealed(self, sealed: Sealed, rel: str, target: str | None = None) -> None:
        """Copy a sealed trace (file + seal, or a directory) from the session's sealed set."""
        target = target or rel
        source = sealed.root / rel
        if source.is_dir():
            shutil.copytree(source, self.path / target)
        else:
            self.write(target, source.read_bytes())
            self.write(target + ".seal.json", (sealed.root / (rel + ".seal.json")).read_bytes())

    def commit(self, message: str) -> subprocess.CompletedProcess[str]:
        """A real `git commit` (hooks run); returns the result without raising."""
        return self.git("commit", "-m", message, check=False)

    def head_count(self) -> int:
        result = self.git("rev-list", "--count", "HEAD", check=False)
        return int(result.stdout.strip()) if result.returncode == 0 else 0

    def committed(self) -> set[str]:
        return set(self.git("ls-tree", "-r", "--name-only", "HEAD").stdout.split())

    def show(self, rel: str) -> bytes:
        return subprocess.run(["git", "show", f"HEAD:{rel}"], cwd=self.path, env=self.env, capture_output=True,
                              check=True).stdout


def git_env(tmp_path: Path) -> dict[str, str]:
    gitconfig = tmp_path / "gitconfig"
    gitconfig.write_text("[user]\n\tname = Gate Test\n\temail = gate@example.invalid\n[init]\n\tdefaultBranch = main\n"
                         "[commit]\n\tgpgsign = false\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({"GIT_CONFIG_GLOBAL": str(gitconfig), "GIT_CONFIG_NOSYSTEM": "1",
                "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "REDACTOR_KEY": TEST_KEY,
                "PRE_COMMIT_COLOR": "never", "NO_COLOR": "1"})
    return env


def hook_repository(tmp_path: Path, env: dict[str, str], policy: Path) -> tuple[Path, str]:
    """A local git repository holding this project's hook manifest (see module docstring)."""
    manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    for hook in manifest:
        assert hook["language"] == "python" and hook["entry"] == "redactor check"
        hook["language"] = "system"
        hook["entry"] = f"{REDACTOR_BIN} check --policy {policy}"
    hooks = tmp_path / "hook-repo"
    hooks.mkdir()
    (hooks / ".pre-commit-hooks.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    for args in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "hooks"]):
        subprocess.run(["git", *args], cwd=hooks, env=env, check=True, capture_output=True)
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hooks, env=env, check=True, capture_output=True,
                         text=True).stdout.strip()
    return hooks, rev


def make_repo(tmp_path: Path, mode: str, policy: Path, files: dict[str, bytes] | None = None) -> Repo:
    """A repository whose first commit (made through the hook) holds a README, the hook's
    configuration and `files` (e.g. the policy the hook names, when it is the repository's own)."""
    env = git_env(tmp_path)
    repo = Repo(tmp_path / "repo", env, mode)
    repo.path.mkdir()
    repo.git("init", "-q")
    repo.write("README.md", "test repository\n")
    for rel, data in (files or {}).items():
        repo.write(rel, data)
    if mode == "pre-commit":
        hooks, rev = hook_repository(tmp_path, env, policy)
        config = {"default_install_hook_types": list(INSTALL_HOOK_TYPES),
                  "repos": [{"repo": str(hooks), "rev": rev, "hooks": [{"id": "redactor-check"}]}]}
        repo.write(".pre-commit-config.yaml", yaml.safe_dump(config))
        installed = subprocess.run([str(REDACTOR_BIN.with_name("pre-commit")), "install"], cwd=repo.path, env=env,
                                   capture_output=True, text=True, check=False)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    else:
        for name in INSTALL_HOOK_TYPES:
            hook = repo.path / ".git/hooks" / name
            shutil.copy(ROOT / "hooks" / name, hook)
            hook.chmod(0o755)
        env.update({"REDACTOR_BIN": str(REDACTOR_BIN), "REDACTOR_CHECK_ARGS": f"--policy {policy}"})
    repo.git("add", "-A")
    first = repo.commit("initial")
    assert first.returncode == 0, first.stdout + first.stderr
    return repo


@pytest.fixture(params=["pre-commit", "standalone"])
def repo(request: pytest.FixtureRequest, tmp_path: Path, sealed: Sealed) -> Iterator[Repo]:
    yield make_repo(tmp_path, str(request.param), sealed.policy)
