"""Fast pattern scan: compiled regexes with validators, no presidio, no spaCy.

The pre-commit gate runs this over every fixture it checks. It is a *prefilter*: it says which
strings might hold structured PII (so that only those reach presidio, whose import alone costs
about a second) and it finds secrets outright with the project's own `SecretDetector`, which is
keyword-gated regexes with validators already (no presidio, no spaCy).

PII patterns are deliberately a little wider than presidio's (presidio confirms with the
policy's thresholds), but each carries a validator that removes the common decoys of a trace
cheaply: Luhn plus issuer prefix for cards, ISO 13616 mod-97 for IBANs, the SSA's never-issued
ranges for SSNs, `ipaddress` for IPs, digit counts for phones. Known recall gaps (documented in
docs/gate.md): bare 10-digit phone numbers without separators, and PII typed in ways presidio
itself would not find.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from redactor.detection.base import AT_SIGN, AT_SIGN_FORMS
from redactor.detection.decoys import overlaps, protected_regions
from redactor.detection.pii import BITCOIN_ADDRESS, STREET_ADDRESS_PATTERN
from redactor.detection.secrets import SecretDetector
from redactor.detection.validators import (
    card_ok,
    digits_of,
    ip_ok,
    ipv6_before_port,
    iso7064_mod97_ok,
    phone_score,
    ssn_ok,
)
from redactor.replacement.tokens import marker_spans


@dataclass(frozen=True)
class Hit:
    """A candidate span in one text. `confirm` means presidio must confirm it (PII)."""

    start: int
    end: int
    entity_type: str
    rule: str
    confirm: bool


@dataclass(frozen=True)
class _PiiPattern:
    entity_type: str
    name: str
    pattern: re.Pattern[str]
    validator: Callable[[str], bool]
    triggers: tuple[str, ...]  # one of them must occur in the text at all (cheap `in` tests); none: always


_IBAN_LENGTHS = {
    "AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
    "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
    "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "AE": 23, "SA": 24, "IL": 23, "BR": 29,
}


def iban_ok(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    expected = _IBAN_LENGTHS.get(compact[:2])
    if not (15 <= len(compact) <= 34) or (expected is not None and len(compact) != expected):
        return False
    return iso7064_mod97_ok(compact)


_DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}:\d{2}")


def phone_ok(value: str) -> bool:
    """Shape, then the engine's own acceptance test (`validators.phone_score`), so the gate flags
    exactly the numbers `redact` would have replaced, without importing presidio."""
    if not 8 <= len(digits_of(value)) <= 15 or _DATE_LIKE.search(value):
        return False
    return phone_score(value) is not None


def email_ok(value: str) -> bool:
    local, _, domain = value.rpartition("@")
    return bool(local) and "." in domain and not domain.startswith(("-", ".")) and ".." not in value


def ipv6_ok(value: str) -> bool:
    return ip_ok(value) or ipv6_before_port(value) is not None  # (`[addr]` is bracketed, `addr:port` not)


def _always(_value: str) -> bool:
    return True


PII_PATTERNS: tuple[_PiiPattern, ...] = (
    _PiiPattern("EMAIL_ADDRESS", "email", re.compile(
        r"(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}(?![\w-])"
    ), email_ok, ("@",)),
    # ... with its `@` URL-encoded or an HTML entity (`login_hint=jane%40x.io`, `jane&#64;x.io`), as `redact` reads it
    _PiiPattern("EMAIL_ADDRESS", "encoded_email", re.compile(
        rf"(?<![\w.+-])[A-Za-z0-9._+-]{{1,64}}(?:{AT_SIGN_FORMS.removeprefix('@|')})[A-Za-z0-9-]{{1,63}}"
        r"(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}(?![\w-])"
    ), lambda value: email_ok(AT_SIGN.sub("@", value)), ("%40", "&#", "&commat;")),
    _PiiPattern("CREDIT_CARD", "card", re.compile(r"(?<![\d.-])\d(?:[ -]?\d){11,18}(?![\d.])"), card_ok, ()),
    _PiiPattern("IBAN_CODE", "iban", re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b"), iban_ok, ()),
    _PiiPattern("US_SSN", "ssn", re.compile(r"(?<![\d.-])\d{3}([- .])\d{2}\1\d{4}(?![\d.-])"), ssn_ok, ()),
    _PiiPattern("IP_ADDRESS", "ipv4", re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)"), ip_ok, (".",)),
    _PiiPattern("IP_ADDRESS", "ipv6", re.compile(
        r"(?<![\w:.])(?=[0-9A-Fa-f:]*:[0-9A-Fa-f]*:)[0-9A-Fa-f:]{3,39}(?![\w:])"
    ), ipv6_ok, (":",)),
    _PiiPattern("PHONE_NUMBER", "phone", re.compile(
        r"(?<![\w+.-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,5}\)[ .-]?|\d{2,5}[ .-])\d{2,5}[ .-]\d{3,5}(?![\w-]|\.\d)"
        r"|(?<![\w+])\+\d{8,14}(?!\w)"
    ), phone_ok, ()),
    _PiiPattern("STREET_ADDRESS", "street", re.compile(STREET_ADDRESS_PATTERN), _always, ()),
    # (the shape is rare; presidio's checksum test confirms it)
    _PiiPattern("CRYPTO", "bitcoin_address", BITCOIN_ADDRESS, _always, ()),
)


class FastScanner:
    """Secrets (final) and structured-PII candidates (to be confirmed) for one policy's entities."""

    def __init__(self, enabled: Collection[str]) -> None:
        self.enabled = frozenset(enabled)
        self.secrets = SecretDetector(enabled_entities=self.enabled)
        self._pii = tuple(spec for spec in PII_PATTERNS if spec.entity_type in self.enabled)

    def scan(self, text: str) -> list[Hit]:
        """Candidate spans in `text`: secrets (final) and structured PII (to be confirmed).

        Hits that overlap a redaction token are dropped (tokens are what redaction leaves
        behind), and PII hits inside a decoy (UUID, digest, timestamp, version, URL, path) are
        dropped the way the engine drops them.
        """
        hits = [Hit(span.start, span.end, span.entity_type, span.detector, confirm=False)
                for span in self.secrets.find(text)]
        pii: list[Hit] = []
        for spec in self._pii:
            if spec.triggers and not any(trigger in text for trigger in spec.triggers):
                continue
            pii.extend(Hit(m.start(), m.end(), spec.entity_type, spec.name, confirm=True)
                       for m in spec.pattern.finditer(text) if spec.validator(m.group(0)))
        if pii:
            regions = protected_regions(text)
            hits.extend(hit for hit in pii if not overlaps(hit.start, hit.end, regions))
        if hits and "<" in text:
            markers = marker_spans(text)
            hits = [hit for hit in hits if not overlaps(hit.start, hit.end, markers)]
        return hits
