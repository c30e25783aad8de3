"""Rendering a `CheckReport`: a table for people (and pre-commit's output), JSON for tools, and
SARIF 2.1.0 for code-scanning upload. No renderer ever sees a value: findings carry the entity
type, the JSON path and a masked preview only."""

from __future__ import annotations

import json
from typing import Any

from redactor import __version__
from redactor.gate.model import (
    BLOCKED,
    DELETED,
    EXCLUDED,
    REASON_TITLES,
    CheckReport,
    GateFinding,
    TraceCheck,
)

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_INFO_URI = "https://example.invalid/redactor/docs/gate.md"


def _where(finding: GateFinding) -> str:
    line = f" (line {finding.line})" if finding.line else ""
    return f"{finding.entity_type} at {finding.path}{line}"


def _finding_list(check: TraceCheck) -> str:
    by_file: dict[str, list[str]] = {}
    for finding in check.findings:
        by_file.setdefault(finding.file, []).append(_where(finding))
    parts = []
    for file, items in by_file.items():
        prefix = f"{file}: " if check.is_directory else ""
        parts.append(prefix + ", ".join(items))
    return "; ".join(parts)


def render_table(report: CheckReport) -> str:
    """One line per blocked trace (reason; findings as entity type + JSON path; the fix), one
    line per suppression, then the summary line."""
    lines: list[str] = []
    for check in report.results:
        if check.status == BLOCKED:
            reasons = "; ".join(reason.message for reason in check.reasons)
            findings = f" | findings: {_finding_list(check)}" if check.findings else ""
            lines.append(f"BLOCKED {check.display}: {reasons}{findings} | fix: {check.fix}")
        if check.status == EXCLUDED:
            lines.append(f"SUPPRESSED {check.display}: {check.note}")
        if check.status == DELETED and check.note != "deleted":
            lines.append(f"NOTE {check.display}: {check.note}")
        for finding in check.suppressed:
            lines.append(f"SUPPRESSED {finding.file}: {_where(finding)} [{finding.preview}] by {finding.suppressed_by}")
    if report.policy_changed:
        lines.append(f"NOTE {', '.join(report.policy_changed)}: the policy changes in this commit; every path was "
                     "checked under the policy at HEAD as well (what only the staged policy lets through is blocked)")
    summary = report.summary()
    verdict = "blocked" if report.blocked else "ok"
    lines.append(
        f"redactor check ({report.source}, policy '{report.policy_name}'): {verdict}: "
        f"{summary['blocked']} blocked, {summary['passed']} passed, {summary['ignored']} not fixtures, "
        f"{summary['excluded']} excluded, {summary['deleted']} deleted; "
        f"{summary['suppressed_findings']} finding(s) suppressed"
        + (f"; {summary['allowlist_added']} allow-list entr(ies) added" if summary["allowlist_added"] else "")
    )
    return "\n".join(lines)


def render_json(report: CheckReport) -> str:
    document = {
        "tool": "redactor",
        "version": __version__,
        "source": report.source,
        "policy": report.policy_name,
        "policy_changed": list(report.policy_changed),
        "blocked": report.blocked,
        "results": [check.to_dict() for check in report.results],
        "summary": report.summary(),
    }
    return json.dumps(document, indent=2)


def _location(uri: str, line: int | None) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"}}
    if line:
        physical["region"] = {"startLine": line}
    return {"physicalLocation": physical}


def render_sarif(report: CheckReport) -> str:
    """SARIF 2.1.0: one rule per reason code and per residual entity type; suppressed findings
    are results with an external suppression, as code-scanning expects."""
    rules: list[dict[str, Any]] = []
    rule_index: dict[str, int] = {}

    def rule(rule_id: str, text: str) -> int:
        if rule_id not in rule_index:
            rule_index[rule_id] = len(rules)
            rules.append({"id": rule_id, "name": rule_id.replace("-", " ").title().replace(" ", ""),
                          "shortDescription": {"text": text}, "helpUri": _INFO_URI,
                          "defaultConfiguration": {"level": "error"}})
        return rule_index[rule_id]

    results: list[dict[str, Any]] = []
    for check in report.results:
        uri = check.rel if not check.is_directory else f"{check.rel}/"
        for reason in check.reasons:
            results.append({
                "ruleId": reason.code, "ruleIndex": rule(reason.code, REASON_TITLES.get(reason.code, reason.code)),
                "level": "error",
                "message": {"text": f"{reason.message}. Fix: {check.fix}"},
                "locations": [_location(uri, None)],
            })
        for finding, suppressed in [(f, False) for f in check.findings] + [(f, True) for f in check.suppressed]:
            rule_id = f"residual/{finding.entity_type}"
            entry: dict[str, Any] = {
                "ruleId": rule_id, "ruleIndex": rule(rule_id, f"Residual {finding.entity_type} in a fixture"),
                "level": "error",
                "message": {"text": f"{finding.entity_type} at JSON path {finding.path} [{finding.preview}], "
                                    f"found by {finding.detector}"},
                "locations": [_location(_member_uri(check, finding), finding.line)],
                "properties": {"jsonPath": finding.path},
            }
            if suppressed:
                entry["suppressions"] = [{"kind": "external", "justification": finding.suppressed_by or ""}]
            results.append(entry)
        if check.status == EXCLUDED:
            rule_id = "excluded-by-policy"
            results.append({
                "ruleId": rule_id, "ruleIndex": rule(rule_id, "Fixture path excluded by the policy"),
                "level": "note", "message": {"text": check.note or "excluded"},
                "locations": [_location(uri, None)],
                "suppressions": [{"kind": "external", "justification": check.note or ""}],
            })
    document = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "redactor", "version": __version__, "informationUri": _INFO_URI,
                                "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "repository root"}}},
            "results": results,
        }],
    }
    return json.dumps(document, indent=2)


def _member_uri(check: TraceCheck, finding: GateFinding) -> str:
    if not check.is_directory:
        return check.rel
    return f"{check.rel}/{finding.file.rsplit('/', 1)[-1]}"


RENDERERS = {"table": render_table, "json": render_json, "sarif": render_sarif}
