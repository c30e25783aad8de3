"""`redactor purge ROOT --expired`: remove fixtures whose retention has run out, with their seals.

A dry run by default: it lists what would go. With `apply`, it deletes. It is careful:
- only what it can identify as a sealed fixture is deleted: a seal that reads, whose digests match
  the bytes on disk, and (for a trace directory) nothing in the directory beyond the sealed files
  and the seal. Anything else that the seal calls expired is refused unless `force` is given,
  since the bytes on disk are not what was sealed and may be someone's new work;
- unsealed fixtures have no known age and are never purged (`redactor audit` reports them);
- nothing reached through a symbolic link, and nothing outside ROOT, is ever deleted; a trace
  directory is renamed aside first (so it vanishes at once) and then removed without following
  links;
- a file trace is deleted before its seal: an interruption leaves at worst an orphan seal, never
  an unsealed trace.

Seals are sidecars (`x.jsonl.seal.json`, `<dir>/redactor.seal.json`); there is no shared manifest
to edit, so removing a fixture and its seal is the whole job.
"""

from __future__ import annotations

import os
import shutil
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from redactor.atomic import TEMP_MARKER, fsync_directory
from redactor.commands.audit import (
    Auditor,
    FixtureReport,
    find_base,
    iter_fixtures,
    link_report,
    masked_text,
    trace_members,
)
from redactor.errors import FatalError
from redactor.formats.registry import DIRECTORY_SEAL
from redactor.policy import Policy
from redactor.seal import format_timestamp, seal_path_for


@dataclass
class PurgeItem:
    path: str  # relative to the base, as the audit reports it
    location: Path
    is_directory: bool
    expires_at: datetime | None
    action: str  # "remove" | "removed" | "refused"
    reason: str = ""
    removed: list[str] = field(default_factory=list)  # what was (or would be) deleted, relative to the base

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "kind": "directory" if self.is_directory else "file",
                "expires_at": format_timestamp(self.expires_at) if self.expires_at else None,
                "action": self.action, "reason": self.reason, "files": self.removed}


@dataclass
class PurgeReport:
    root: Path
    now: datetime
    applied: bool
    items: list[PurgeItem] = field(default_factory=list)
    masks: dict[str, str] = field(default_factory=dict)  # value found in a name -> its masked preview

    @property
    def refused(self) -> list[PurgeItem]:
        return [item for item in self.items if item.action == "refused"]

    def masked(self, text: str) -> str:
        return masked_text(text, self.masks)

    def to_dict(self) -> dict[str, Any]:
        items = [item.to_dict() for item in self.items]
        for entry in items:  # a name that holds an e-mail or a phone number is shown masked, as audit shows it
            entry["path"], entry["reason"] = self.masked(entry["path"]), self.masked(entry["reason"])
            entry["files"] = [self.masked(name) for name in entry["files"]]
        return {
            "items": items,
            "summary": {"root": self.masked(str(self.root)), "now": format_timestamp(self.now), "applied": self.applied,
                        "removed": sum(item.action == "removed" for item in self.items),
                        "would_remove": sum(item.action == "remove" for item in self.items),
                        "refused": len(self.refused)},
        }


def run(root: Path, policy: Policy, now: datetime, apply: bool, force: bool = False,
        base: Path | None = None) -> PurgeReport:
    if not root.exists():
        raise FatalError(f"{root}: no such file or directory")
    if root.is_symlink():
        raise FatalError(f"{root}: is a symbolic link; give the real directory")
    container = root if root.is_dir() else root.parent  # a single trace file: its seal is beside it
    resolved_base = (base or find_base(root)).resolve()
    report = PurgeReport(root=root, now=now, applied=apply)
    auditor = Auditor(policy, now, scan=False)  # expiry needs no content scan
    for location, path, is_link in iter_fixtures(root, resolved_base, policy):
        if is_link:
            # Never negotiable, not even with --force, and never read through to learn its age.
            link = link_report(location, path)
            auditor.scan_path(link, report.masks)
            report.items.append(PurgeItem(link.path, location, location.is_dir(), None, "refused",
                                          f"{location.name} is a symbolic link; not followed"))
            continue
        fixture = auditor.inspect(location, path)
        if not fixture.expired:
            continue
        auditor.scan_path(fixture, report.masks)
        item = _plan(fixture, container, resolved_base, force)
        if apply and item.action == "remove":
            _delete(item)
            item.action = "removed"
        report.items.append(item)
    return report


def _plan(fixture: FixtureReport, root: Path, base: Path, force: bool) -> PurgeItem:
    assert fixture.assessment is not None
    location = fixture.location
    item = PurgeItem(fixture.path, location, fixture.is_directory, fixture.assessment.expires_at, "remove")
    seal = seal_path_for(location, fixture.is_directory)
    real_root = root.resolve()
    unsafe = _unsafe(location, root, real_root) or _unsafe(seal, root, real_root)
    if unsafe:
        # Never negotiable, not even with --force: deleting through a link can reach anything.
        item.action, item.reason = "refused", unsafe
        return item
    doubt = _doubt(fixture)
    if doubt and not force:
        item.action, item.reason = "refused", f"{doubt}; not identified as a sealed fixture (--force removes it)"
        return item
    item.reason = f"forced: {doubt}" if doubt else "expired"
    if fixture.is_directory:
        item.removed = sorted(_relative(p, base) for p in location.rglob("*") if not p.is_dir())
    else:
        item.removed = [_relative(location, base), _relative(seal, base)]
    return item


def _doubt(fixture: FixtureReport) -> str | None:
    """Why the fixture on disk may not be the one the seal describes (None: it is)."""
    if not fixture.content_matches:
        return "its content does not match its seal"
    if fixture.is_directory:
        known = {member.name for member in trace_members(fixture.location)} | {DIRECTORY_SEAL}
        others = sorted(entry.name for entry in fixture.location.iterdir() if entry.name not in known)
        if others:
            return f"the directory also holds {', '.join(others)}"
    return None


def _unsafe(path: Path, root: Path, real_root: Path) -> str | None:
    """A reason not to touch `path`: a symbolic link anywhere between ROOT and it, or outside ROOT.

    Discovery builds every path as ROOT joined with names read from the directories below it, so
    walking those names from the real ROOT checks each step for a link without trusting resolve().
    """
    try:
        relative = path.relative_to(root)
    except ValueError:
        return "outside ROOT"
    current = real_root
    for part in relative.parts:
        if part in ("", ".", ".."):
            return "outside ROOT"
        current = current / part
        if current.is_symlink():
            return f"{part} is a symbolic link"
    return None


def _delete(item: PurgeItem) -> None:
    location = item.location
    if item.is_directory:
        # Rename aside first: the fixture disappears in one step, and a crash mid-way leaves a
        # temp-marked directory that discovery ignores rather than a half-deleted trace.
        aside = location.with_name(f".{location.name}{TEMP_MARKER}purge-{uuid.uuid4().hex[:8]}")
        os.rename(location, aside)
        fsync_directory(location.parent)
        shutil.rmtree(aside)  # does not follow symbolic links inside the tree
    else:
        seal = seal_path_for(location, False)
        location.unlink()
        seal.unlink(missing_ok=True)
        fsync_directory(location.parent)


def _relative(path: Path, base: Path) -> str:
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(base).as_posix()
    except ValueError:
        return absolute.as_posix()


def render(report: PurgeReport) -> str:
    lines = []
    verb = {"remove": "would remove", "removed": "removed", "refused": "refused"}
    listed = report.to_dict()
    for item, entry in zip(report.items, listed["items"], strict=True):
        when = format_timestamp(item.expires_at) if item.expires_at else "?"
        lines.append(f"{verb[item.action]}: {entry['path']} (expired {when}; {entry['reason']})")
        if item.action != "refused":
            lines.extend(f"    {name}" for name in entry["files"])
    summary = listed["summary"]
    if report.applied:
        lines.append(f"removed {summary['removed']} expired fixture(s); refused {summary['refused']}")
    else:
        lines.append(f"dry run: would remove {summary['would_remove']} expired fixture(s); refused "
                     f"{summary['refused']}; nothing deleted (use --apply)")
    return "\n".join(lines)
