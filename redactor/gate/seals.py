"""Seal verification against the *staged* bytes.

The seal on disk may be fine while the index holds something else, so the gate parses the seal
from the bytes it will commit (`redactor.seal.read_seal` reads a path) and checks, in order:
schema, member set and digests, policy digest, and the MAC when the pseudonym key is here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from redactor.gate.model import FORGED, MODIFIED, OLDER_POLICY, SEAL_INVALID, TraceCheck
from redactor.policy import Policy
from redactor.replacement.keys import PseudonymKey
from redactor.seal import Seal, mac_problem, seal_problem, sha256_bytes


def parse_seal(data: bytes) -> Seal | str:
    """A Seal, or why the bytes are not one (fail closed on anything unexpected)."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "not valid JSON"
    problem = seal_problem(document)
    return problem if problem is not None else Seal(document)


def verify(
    check: TraceCheck, seal: Seal, members: Mapping[str, bytes], policy: Policy, key: PseudonymKey | None
) -> None:
    """Block `check` for every way the seal fails to vouch for `members` (name -> staged bytes)."""
    sealed = dict(seal.files)
    if check.is_directory:
        extra = sorted(set(members) - set(sealed))
        missing = sorted(set(sealed) - set(members))
        changed = sorted(n for n in set(members) & set(sealed) if sha256_bytes(members[n]) != sealed[n])
        problems = ([f"{n} changed" for n in changed] + [f"{n} not in the seal" for n in extra]
                    + [f"{n} missing" for n in missing])
        if problems:
            check.block(MODIFIED, "; ".join(problems))
    else:
        # One member. Its name in the seal is the name it was redacted under; a rename keeps the
        # content (and so the digest), which is what the seal vouches for.
        (data,) = members.values()
        if len(sealed) != 1:
            check.block(SEAL_INVALID, f"a file seal must list exactly one file, this one lists {len(sealed)}")
        elif sha256_bytes(data) != next(iter(sealed.values())):
            check.block(MODIFIED, "the staged bytes do not match the digest in the seal")
    if seal.policy_digest != policy.digest:
        check.block(OLDER_POLICY, f"sealed under '{seal.policy_name}' {seal.policy_digest[:19]}…, "
                                  f"current policy '{policy.name}' is {policy.digest[:19]}…")
    problem = mac_problem(seal, key)
    if problem is not None:
        check.block(FORGED, problem)
