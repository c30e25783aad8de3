"""Checksum and shape validators shared by the PII recognizers and the gate's fast scan."""

from __future__ import annotations

import re


def digits_of(value: str) -> str:
    return "".join(ch for ch in value if ch.isdigit())


def luhn_ok(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        digit = ord(char) - 48
        if index % 2:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


# Issuer prefixes (Visa, Mastercard incl. 2-series, Amex, Diners, Discover, JCB incl. the 15-digit
# 2131/1800 ranges, UnionPay, Maestro):
# a 16-digit nanosecond timestamp is Luhn-valid one time in ten, but never starts like a card.
_CARD_PREFIX = re.compile(
    r"4|5[0-8]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|3(?:0[0-5]|[5689])|6(?:011|5|4[4-9]|2|[37])|2131|1800"
)
# Only Maestro issues 12-digit cards; any other 12-digit run is far more likely an id.
_MAESTRO_PREFIX = re.compile(r"5[06-8]|6[37]")


def card_ok(value: str) -> bool:
    """Luhn-valid, 12 to 19 digits, not one repeated digit, and an issuer's prefix."""
    digits = digits_of(value)
    if not 12 <= len(digits) <= 19 or len(set(digits)) == 1 or _CARD_PREFIX.match(digits) is None:
        return False
    if len(digits) == 12 and _MAESTRO_PREFIX.match(digits) is None:
        return False
    return luhn_ok(digits)
