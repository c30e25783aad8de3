"""Shared detection types. Detectors only *find*; replacement lives in `redactor.replacement`."""

from __future__ import annotations

import re
from dataclasses import dataclass

# An email address's `@` as texts write it: plain, URL-encoded (a query string, a request path) or as
# an HTML character reference (`hollis.b&#x40;quarry-lane.com`, `&commat;`).
# (and encoded twice, the percent sign's own encoding before it: `rafael.ibarra-soto%2540cobaltridge.io`; red team 47)
AT_SIGN_FORMS = r"@|%40|%2540|&#0*64;|&#[xX]0*40;|&commat;"
AT_SIGN = re.compile(AT_SIGN_FORMS)
# An AWS resource name up to its resource (`arn:aws:secretsmanager:eu-west-1:123456789012:`), whose resource
# part may read as a secret or an address (`secret:prod/db-Xk3P9q`): a name, never a value.
ARN_PREFIX = r"\barn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:"


@dataclass(frozen=True, order=True)
class Span:
    """A detected sensitive span inside one string: `text[start:end]`."""

    start: int
    end: int
    entity_type: str  # e.g. EMAIL_ADDRESS, API_KEY, PASSWORD
    score: float = 1.0
    detector: str = ""  # which rule / recognizer found it (never the value)


# Entity types used by the secret side. PII types are presidio's own names.
SECRET_ENTITY_TYPES: tuple[str, ...] = (
    "API_KEY",
    "ACCESS_TOKEN",
    "PRIVATE_KEY",
    "JWT",
    "PASSWORD",
    "CREDENTIAL",
)

# The types NER (spaCy) finds in free text; pattern rules find them too (names by their parts, cues).
NER_ENTITIES = ("PERSON", "LOCATION")

PII_ENTITY_TYPES: tuple[str, ...] = (
    "EMAIL_ADDRESS",
    "PHONE_NUMBER",
    "CREDIT_CARD",
    "IBAN_CODE",
    "US_SSN",
    "IP_ADDRESS",
    "PERSON",
    "LOCATION",
    "STREET_ADDRESS",
    "DATE_OF_BIRTH",  # a date after a cue (DOB, born on); see redactor.detection.cues
    "ID_NUMBER",  # passport, driver's licence, medical record, bank account, routing, tax, NHS numbers
    "CRYPTO",  # a wallet's address: Bitcoin by its checksum (presidio's recognizer), Ethereum after its cue
)


def rule_detector(rule_name: str) -> str:
    """The `detector` of a span found by one of our secret rules (`secret_rules.cookie_header`)."""
    return f"secret_rules.{rule_name}"
