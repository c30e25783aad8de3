"""Checksum and shape validators shared by the PII recognizers and the gate's fast scan."""

from __future__ import annotations

import datetime
import ipaddress
import re
from collections.abc import Iterable
from itertools import cycle


def digits_of(value: str) -> str:
    return "".join(ch for ch in value if ch.isdigit())


def weighted_sum(digits: Iterable[int | str], weights: Iterable[int]) -> int:
    """The sum of each digit times its weight, pairwise: what most check digits are computed from. The weights may
    cover only the first digits (a check digit, a series' letter follow them)."""
    return sum(int(digit) * weight for digit, weight in zip(digits, weights, strict=False))


def mod_10_check_digit(digits: Iterable[int | str], weights: Iterable[int]) -> int:
    """The digit that makes the weighted sum a multiple of 10 (PESEL's, an Argentine CBU's blocks')."""
    return (10 - weighted_sum(digits, weights) % 10) % 10


def gs1_check_ok(code: str) -> bool:
    """GS1's check digit (GTIN-8, -12, -13, -14, a GSRN's 18 digits): weights 3 and 1 from the digit before it
    leftwards."""
    return mod_10_check_digit(reversed(code[:-1]), cycle((3, 1))) == int(code[-1])


def iso7064_mod97_ok(compact: str) -> bool:
    """ISO 7064's MOD 97-10 as IBANs and creditor references carry it: the first four characters (the code and its
    check digits) moved to the end, letters read as numbers (A is 10), the whole 1 modulo 97."""
    try:
        return int("".join(str(int(char, 36)) for char in compact[4:] + compact[:4])) % 97 == 1
    except ValueError:
        return False  # (a character that is no letter or digit)


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


PHONE_REGIONS = ("US", "GB", "DE", "FR", "IN", "CA", "AU", "NL", "ES", "IT", "IE")
_PHONE_SEPARATED = re.compile(r"\d[\s().\-/]+\d")
_DATE_OR_ADDRESS = re.compile(r"\d{1,4}([/.-])\d{1,2}\1\d{1,4}|\d{1,3}(?:\.\d{1,3}){3}")
_DIGIT_GROUP = re.compile(r"\d+")
_YEAR_RANGE = re.compile(r"(?:19|20)\d{2}\s?[-–/]\s?(?:19|20)\d{2}")
# A count with thousands separators (`1 234 567`): a first group of one digit, then groups of three. (Two
# digits first is also how some countries write phone numbers: `78 651 450`.)
_THOUSANDS = re.compile(r"\d(?:[ \u00a0\u202f]\d{3}){2,}")
# A date inside the run, with the hour after it (a firewall log's `2025/03/14 09:12:44`)
_DATE_INSIDE = re.compile(
    r"(?<!\d)(?:(?:19|20)\d{2}([/.-])\d{1,2}\1\d{1,2}|\d{1,2}([/.-])\d{1,2}\2(?:19|20)\d{2})(?!\d)")


def phone_score(candidate: str) -> float | None:
    """How sure a candidate digit run is a phone number, or None.

    A number written like one (a leading `+`, or digit groups with separators) counts when its length
    is possible in some region, so `+1 (241) 848-5709` (unassigned area code) is caught; a bare digit
    run is an amount, an epoch or an id far more often, so it must be a valid number of the default
    region. Valid numbers score higher than merely possible ones.
    """
    import phonenumbers

    bare = candidate.strip("()")
    if _DATE_OR_ADDRESS.fullmatch(bare) or _YEAR_RANGE.fullmatch(bare) or _DATE_INSIDE.search(bare) \
            or _THOUSANDS.fullmatch(bare):
        return None  # 14/08/2026, 2026-06-18, (10.0.12.31), (2021-2026): a date, an IPv4 address, years
    if candidate.count("(") != candidate.count(")"):
        return None  # `436 (1966`: a citation's page and year, cut off inside its parenthesis
    groups = _DIGIT_GROUP.findall(candidate)
    if not candidate.startswith("+") and len(groups) > 1 and any(len(group) >= 10 for group in groups):
        return None  # 125-2104567890: a ticket or account number; a number in groups has short groups
    if sum(len(group) == 1 for group in groups) >= 3:
        return None  # `1 -1 -1 460`: a log line's fields (a phone number has one one-digit group at most)
    if not candidate.startswith("+") and len(groups) > 1 and len(groups[-1]) == 1 and len(groups[-2]) >= 5:
        # `20-32458917-0`, `35202-4819273-5`, `34-5678901-2`, `784-1987-4521936-5`, `16482391-1`: an id's serial
        # and its check digit (a CUIT, a CNIC, an SSS number, an Emirates ID, a RUT); no numbering plan ends a
        # number with one digit after a long group. (Their cue rules and shapes say which id each is.)
        return None
    if korean_business_number_ok(candidate):
        return None  # a Korean company's registration number (red team 52)
    formatted = candidate.startswith("+") or bool(_PHONE_SEPARATED.search(candidate))
    regions = (None,) if candidate.startswith("+") else PHONE_REGIONS if formatted else PHONE_REGIONS[:1]
    kinds = phonenumbers.PhoneNumberType
    # Lines no one has at home (`+1 (800) 275-2273`, red team 44): free in the first region that reads the number as
    # valid (`1-800-799-7233` in the US, `0800 111 999` in Britain), or in a later one when the first reads it as
    # shared-cost (`1800 022 222`: Germany's, then Australia's and Ireland's); a shared-cost or universal access
    # number written as its region writes them (Britain's `0300 790 6268`, which government and charities use; red
    # team 58; not `030 5551 2345`, Berlin's in another grouping, nor `345-899-3560`, the Caymans'). A premium-rate
    # line stays a number: a scam's is evidence.
    shared = False
    possible = False
    for region in regions:
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            kind = phonenumbers.number_type(number)
            if kind == kinds.TOLL_FREE:
                return None
            if kind in (kinds.SHARED_COST, kinds.UAN) and not shared:
                national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
                if [len(group) for group in _DIGIT_GROUP.findall(national)] == \
                        [len(group) for group in _DIGIT_GROUP.findall(candidate)]:
                    return None
                shared = True
                continue
            if not shared:
                return 0.75  # (in any region: `06 12 55 56 78` is possible in the US, valid in France)
        possible = possible or (formatted and phonenumbers.is_possible_number(number))
    return 0.75 if shared else 0.5 if possible else None


def card_ok(value: str) -> bool:
    """Luhn-valid, 12 to 19 digits, not one repeated digit, and an issuer's prefix."""
    digits = digits_of(value)
    if not 12 <= len(digits) <= 19 or len(set(digits)) == 1 or _CARD_PREFIX.match(digits) is None:
        return False
    if len(digits) == 12 and _MAESTRO_PREFIX.match(digits) is None:
        return False
    if is_barcode(digits):
        return False
    return luhn_ok(digits)


def is_barcode(digits: str) -> bool:
    """A product's EAN-13 (`4000026015657`: German GS1 prefixes start with 4, as old 13-digit Visas do)."""
    return len(digits) == 13 and gs1_check_ok(digits)


def ip_ok(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return any(char not in "0:." for char in value)  # "::" and "0.0.0.0" name no host


def ipv6_before_port(value: str) -> str | None:
    """The IPv6 address of `address:port` written without brackets, as load balancers log a client
    (`2a01:4f8:c17:3a0b::1:51544`): only when the whole is no address and the part before the last
    colon is one with a `::` (so that no time, MAC or EUI-64 address with something after it is)."""
    address, _, port = value.rpartition(":")
    if not port.isdigit() or ip_ok(value) or not ip_ok(address):
        return None
    return address if "::" in address else None


def ssn_ok(value: str) -> bool:
    """A US SSN the SSA could have issued: not area 000, 666 or 9xx, group 00, serial 0000, nor one
    digit repeated."""
    digits = digits_of(value)
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return (len(digits) == 9 and area not in ("000", "666") and area[0] != "9" and group != "00"
            and serial != "0000" and len(set(digits)) > 1)


# Verhoeff's dihedral-group tables (India's Aadhaar ends in a Verhoeff check digit).
_VERHOEFF_MULTIPLY = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)
_VERHOEFF_PERMUTE = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4), (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7), (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 8, 5),
)


def verhoeff_ok(digits: str) -> bool:
    check = 0
    for index, char in enumerate(reversed(digits)):
        check = _VERHOEFF_MULTIPLY[check][_VERHOEFF_PERMUTE[index % 8][ord(char) - 48]]
    return check == 0


def aadhaar_ok(value: str) -> bool:
    """India's Aadhaar: 12 digits, the first neither 0 nor 1, a Verhoeff check digit."""
    digits = digits_of(value)
    return len(digits) == 12 and digits[0] not in "01" and verhoeff_ok(digits)


_TFN_WEIGHTS = (1, 4, 3, 7, 5, 8, 6, 9, 10)


def tfn_ok(value: str) -> bool:
    """Australia's tax file number: 9 digits whose weighted sum is a multiple of 11."""
    digits = digits_of(value)
    return len(digits) == 9 and weighted_sum(digits, _TFN_WEIGHTS) % 11 == 0


_MEDICARE_AU_WEIGHTS = (1, 3, 7, 9, 1, 3, 7, 9)


def australian_medicare_ok(value: str) -> bool:
    """An Australian Medicare card number: ten digits (eleven with the person's reference number), the first 2 to 6,
    the ninth the weighted sum of the first eight mod 10, the tenth the card's issue number (never 0)."""
    digits = digits_of(value)
    return (len(digits) in (10, 11) and digits[0] in "23456" and digits[9] != "0"
            and weighted_sum(digits[:8], _MEDICARE_AU_WEIGHTS) % 10 == int(digits[8]))


def sin_ok(value: str) -> bool:
    """Canada's social insurance number: 9 digits, Luhn, not starting with 0 or 8."""
    digits = digits_of(value)
    return len(digits) == 9 and digits[0] not in "08" and luhn_ok(digits)


# Italy's codice fiscale: the odd positions' values of each character (digits as A to J), then the
# check letter: the sum of all values mod 26.
_CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12,
                    14, 16, 10, 22, 25, 24, 23), strict=True))


def codice_fiscale_ok(value: str) -> bool:
    code = value.upper()
    if len(code) != 16 or not code.isalnum():
        return False
    total = 0
    for index, char in enumerate(code[:15]):
        total += _CF_ODD[char] if index % 2 == 0 else (int(char) if char.isdigit() else ord(char) - 65)
    return chr(65 + total % 26) == code[15]


def belgian_national_number_ok(value: str) -> bool:
    """Belgium's national register number (INSZ/NISS): the birth date (YYMMDD; the month raised by 20 or 40 when the
    date is unknown), a serial, and 97 less the first nine digits mod 97 (with a 2 before them for a birth from
    2000): `85.07.30-033.28`."""
    digits = digits_of(value)
    if len(digits) != 11 or not 0 <= int(digits[2:4]) % 20 <= 12:
        return False
    check = int(digits[9:])
    return any(97 - int(prefix + digits[:9]) % 97 == check for prefix in ("", "2"))


def cpf_ok(value: str) -> bool:
    """Brazil's CPF: 11 digits, not all one digit, two mod-11 check digits."""
    digits = [int(char) for char in digits_of(value)]
    if len(digits) != 11 or len(set(digits)) == 1:
        return False
    for length in (9, 10):
        check = sum(digit * (length + 1 - index) for index, digit in enumerate(digits[:length])) * 10 % 11 % 10
        if check != digits[length]:
            return False
    return True


def _digit_values(value: str) -> list[int]:
    return [int(char) for char in digits_of(value)]  # (full-width digits too: `int("３") == 3`)


_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
# (the first digit names a region: 1 north, 2 north-east, 3 east, 4 south-central, 5 south-west, 6 north-west,
# 7 Taiwan, 8 Hong Kong and Macau)
_CN_REGIONS = frozenset("1234568")


def chinese_resident_id_ok(value: str) -> bool:
    """A mainland resident identity number: 17 digits (region, birth date, order) and an ISO 7064 mod 11-2 check
    character (`X` for 10)."""
    compact = [char for char in value if not char.isspace()]
    digits = _digit_values("".join(compact[:17]))
    if len(compact) != 18 or len(digits) != 17 or str(digits[0]) not in _CN_REGIONS:
        return False
    year, month, day = (digits[6] * 1000 + digits[7] * 100 + digits[8] * 10 + digits[9],
                        digits[10] * 10 + digits[11], digits[12] * 10 + digits[13])
    if not (1900 <= year <= 2100 and 1 <= month <= 12 and 1 <= day <= 31):
        return False
    check = "10X98765432"[weighted_sum(digits, _CN_ID_WEIGHTS) % 11]
    last = compact[17]
    return bool((last.upper() in ("X", "Ｘ") and check == "X") or (last.isdigit() and str(int(last)) == check))


def japanese_my_number_ok(value: str) -> bool:
    """Japan's individual number (My Number): twelve digits, the last a mod-11 check digit."""
    digits = _digit_values(value)
    if len(digits) != 12 or len(set(digits)) == 1:
        return False
    total = sum(d * (n + 1 if n <= 6 else n - 5) for n, d in enumerate(reversed(digits[:11]), start=1))
    remainder = total % 11
    return digits[11] == (0 if remainder <= 1 else 11 - remainder)


def israeli_id_ok(value: str) -> bool:
    """An Israeli identity number (Teudat Zehut): up to nine digits (zero-padded), a Luhn-style check."""
    digits = _digit_values(value)
    if not 5 <= len(digits) <= 9 or len(set(digits)) == 1:
        return False
    digits = [0] * (9 - len(digits)) + digits
    total = 0
    for index, digit in enumerate(digits):
        product = digit * (1 + index % 2)
        total += product - 9 if product > 9 else product
    return total % 10 == 0


_INN_10 = (2, 4, 10, 3, 5, 9, 4, 6, 8)
_INN_11 = (7, 2, 4, 10, 3, 5, 9, 4, 6, 8)
_INN_12 = (3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)


def russian_inn_ok(value: str) -> bool:
    """A Russian taxpayer number (ИНН): ten digits (a company, one check digit) or twelve (a person, two)."""
    digits = _digit_values(value)
    if len(set(digits)) == 1:
        return False

    def check(weights: tuple[int, ...]) -> int:
        return weighted_sum(digits, weights) % 11 % 10

    if len(digits) == 10:
        return check(_INN_10) == digits[9]
    return len(digits) == 12 and check(_INN_11) == digits[10] and check(_INN_12) == digits[11]


def greek_afm_ok(value: str) -> bool:
    """A Greek tax number (ΑΦΜ): nine digits, the last the sum of the others times powers of two, mod 11 mod 10."""
    digits = _digit_values(value)
    if len(digits) != 9 or len(set(digits)) == 1:
        return False
    return sum(d << (8 - i) for i, d in enumerate(digits[:8])) % 11 % 10 == digits[8]


def emirates_id_ok(value: str) -> bool:
    """An Emirates ID: 784, the birth year, seven digits and a Luhn check digit (fifteen digits)."""
    digits = digits_of(value)
    return len(digits) == 15 and luhn_ok("".join(str(int(d)) for d in digits))


_TAIWAN_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"  # A=10 ... in this order


def taiwan_id_ok(value: str) -> bool:
    """A Taiwan national identification number: a letter (the place of registration, read as two digits), 1 or 2,
    seven digits and a check digit."""
    if len(value) != 10 or value[0] not in _TAIWAN_LETTERS or not value[1:].isascii() or not value[1:].isdigit():
        return False
    code = _TAIWAN_LETTERS.index(value[0]) + 10
    digits = [code // 10, code % 10] + [int(char) for char in value[1:]]
    weights = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
    return weighted_sum(digits, weights) % 10 == 0


# National numbers of Africa, the Gulf, Latin America and Asia (red team 43), each with the check its issuer
# publishes; where there is none, the parts a number must get right (a birth date, a place or province code).

def _date_exists(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def _birth_date_exists(yymmdd: str) -> bool:
    """A two-digit year's birth date (`900523`) that exists in the 1900s or the 2000s."""
    year, month, day = int(yymmdd[:2]), int(yymmdd[2:4]), int(yymmdd[4:6])
    return _date_exists(1900 + year, month, day) or _date_exists(2000 + year, month, day)


def south_african_id_ok(value: str) -> bool:
    """A South African identity number: the birth date (YYMMDD), a sequence (below 5000 for women), a citizenship
    digit (0 citizen, 1 permanent resident, 2 refugee), a digit that was once the race's and a Luhn check digit."""
    digits = digits_of(value)
    return len(digits) == 13 and digits[10] in "012" and _birth_date_exists(digits[:6]) and luhn_ok(digits)


def saudi_id_ok(value: str) -> bool:
    """A Saudi national ID (1...) or a resident's Iqama (2...): ten digits, the last a Luhn check digit."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] in "12" and luhn_ok(digits)


# (20, 23, 24, 27: a person's CUIL/CUIT; 30, 33, 34: a company's; 50, 51, 55: international)
_CUIT_TYPES = frozenset({"20", "23", "24", "27", "30", "33", "34", "50", "51", "55"})
_CUIT_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)


def cuit_ok(value: str) -> bool:
    """An Argentine CUIT or CUIL: a type, the DNI (eight digits), a mod-11 check digit (AFIP's weights 5 4 3 2 7 6 5
    4 3 2). A remainder that would make the check 10 is never issued: AFIP changes the type to 23 (or 33), which
    moves the remainder, so the check is always 0 to 9."""
    digits = digits_of(value)
    if len(digits) != 11 or digits[:2] not in _CUIT_TYPES:
        return False
    check = 11 - weighted_sum(digits, _CUIT_WEIGHTS) % 11
    return (0 if check == 11 else check) == int(digits[10])


_PERSONAL_CUIT_TYPES = frozenset({"20", "23", "24", "27"})


def personal_cuit_ok(value: str) -> bool:
    """A person's CUIT or CUIL; a company's (30, 33, 34) is public, in AFIP's register and on every invoice (red
    team 52: an employer's CUIT in a payroll agent's prompt)."""
    return digits_of(value)[:2] in _PERSONAL_CUIT_TYPES and cuit_ok(value)


# A legal entity's RUT is numbered from 50 million (a person's is below: about 27 million are issued so far).
_CHILEAN_COMPANY_RUT_MIN = 50_000_000


def personal_rut_ok(value: str) -> bool:
    """A person's RUN; a company's RUT is public (red team 52: an employer's `76.543.210-3`)."""
    return chilean_rut_ok(value) and int(_rut_body_and_check(value)[0]) < _CHILEAN_COMPANY_RUT_MIN


_RUC_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)
_PERSONAL_RUC_TYPES = frozenset({"10", "15", "17"})  # (20: a company's, public)


def personal_ruc_ok(value: str) -> bool:
    """A Peruvian RUC of a person (10 and the DNI, or 15 or 17), with its mod-11 check digit (red team 52)."""
    digits = value.strip()
    if len(digits) != 11 or not digits.isdigit() or digits[:2] not in _PERSONAL_RUC_TYPES:
        return False
    check = 11 - weighted_sum(digits, _RUC_WEIGHTS) % 11
    return {10: 0, 11: 1}.get(check, check) == int(digits[10])


_KOREAN_BRN_WEIGHTS = (1, 3, 7, 1, 3, 7, 1, 3, 5)
_KOREAN_BRN = re.compile(r"\d{3}-\d{2}-\d{5}")


def korean_business_number_ok(value: str) -> bool:
    """A Korean business registration number (사업자등록번호 `220-87-49137`): a company's, public; its check digit
    weighs the first nine 1 3 7 1 3 7 1 3 5, plus the tens of the ninth times five."""
    if _KOREAN_BRN.fullmatch(value) is None:
        return False
    digits = digits_of(value)
    total = weighted_sum(digits, _KOREAN_BRN_WEIGHTS) + int(digits[8]) * 5 // 10
    return (10 - total % 10) % 10 == int(digits[9])


def _rut_body_and_check(value: str) -> tuple[str, str]:
    """A RUT's number and its check character, without its dots, hyphen and spaces."""
    compact = value.replace(".", "").replace("-", "").replace(" ", "").upper()
    return compact[:-1], compact[-1:]


def chilean_rut_ok(value: str) -> bool:
    """A Chilean RUT/RUN: seven or eight digits and a mod-11 check character (weights 2 to 7 from the right; 10 is
    `K`, 11 is 0)."""
    body, check = _rut_body_and_check(value)
    if not 7 <= len(body) <= 8 or not body.isdigit() or len(set(body)) == 1:
        return False
    total = sum(int(d) * (2 + i % 6) for i, d in enumerate(reversed(body)))
    expected = 11 - total % 11
    return check == ("0" if expected == 11 else "K" if expected == 10 else str(expected))


_CBU_BANK_WEIGHTS = (7, 1, 3, 9, 7, 1, 3)
_CBU_ACCOUNT_WEIGHTS = (3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3)


def cbu_ok(value: str) -> bool:
    """An Argentine CBU (a bank account) or CVU (a wallet's): 22 digits in two blocks, each ending in a check digit
    (weights 7 1 3 9 7 1 3 for the bank and branch; 3 9 7 1 ... for the account)."""
    digits = digits_of(value)
    if len(digits) != 22 or len(set(digits)) == 1:
        return False
    return mod_10_check_digit(digits[:7], _CBU_BANK_WEIGHTS) == int(digits[7]) \
        and mod_10_check_digit(digits[8:21], _CBU_ACCOUNT_WEIGHTS) == int(digits[21])


_NRIC_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)
# A prefix's start value and its check letters by the weighted sum's remainder mod 11 (the M series of 2022 reads
# its table `KLJNPQRTUWX` from the end: ICA's `11 - remainder`).
_NRIC_SERIES = {"S": (0, "JZIHGFEDCBA"), "T": (4, "JZIHGFEDCBA"), "F": (0, "XWUTRQPNMLK"), "G": (4, "XWUTRQPNMLK"),
                "M": (3, "XWUTRQPNJLK")}


def nric_ok(value: str) -> bool:
    """A Singapore NRIC (S, T: citizens and permanent residents) or FIN (F, G, M: foreigners): seven digits and a
    check letter (weights 2 7 6 5 4 3 2, a start value for the series, mod 11 into the series' letters)."""
    code = value.strip().upper()
    if len(code) != 9 or code[0] not in _NRIC_SERIES or not code[1:8].isascii() or not code[1:8].isdigit():
        return False
    start, letters = _NRIC_SERIES[code[0]]
    total = start + weighted_sum(code[1:8], _NRIC_WEIGHTS)
    return letters[total % 11] == code[8]


def thai_id_ok(value: str) -> bool:
    """A Thai national identification number: thirteen digits (the first the holder's kind, 1 to 8), the last a
    mod-11 check digit (weights 13 down to 2)."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[0] not in "12345678":
        return False
    total = sum(int(d) * (13 - i) for i, d in enumerate(digits[:12]))
    return (11 - total % 11) % 10 == int(digits[12])


_HKID = re.compile(r"([A-Z]{1,2})(\d{6})\(?([0-9A])\)?")


def hkid_ok(value: str) -> bool:
    """A Hong Kong identity card number: one or two letters, six digits and a check digit (0-9 or A) the card
    prints in brackets; mod 11 with the letters as 10 to 35 and a missing second letter as 36."""
    match = _HKID.fullmatch(value.replace(" ", "").upper())
    if match is None:
        return False
    letters, digits, check = match.groups()
    values = [36 if len(letters) == 1 else ord(letters[0]) - 55, ord(letters[-1]) - 55]
    total = values[0] * 9 + values[1] * 8 + weighted_sum(digits, (7, 6, 5, 4, 3, 2))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


# A MyKad's place of birth: the states (01-16) and the codes for countries abroad (the National Registration
# Department's table; 17-20, 69, 70, 73, 80, 81, 94-97 are not assigned).
_MYKAD_PLACES = frozenset({*range(1, 17), *range(21, 69), 71, 72, *range(74, 80), *range(82, 94), 98, 99})


def mykad_ok(value: str) -> bool:
    """A Malaysian identity card (MyKad) number: the birth date (YYMMDD), the place of birth, a serial (odd for men).
    There is no check digit: the date and the place code are what a number of this length must get right."""
    digits = digits_of(value)
    return len(digits) == 12 and _birth_date_exists(digits[:6]) and int(digits[6:8]) in _MYKAD_PLACES


_RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
# Numbers issued from October 2020 on end in random digits, without the old check digit: a child born since then
# (a citizen's 3 or 4, a birth date from 2020-10-01), and any foreign resident registered since (5 to 8).
_RRN_RANDOM_SINCE = "201001"


def korean_rrn_ok(value: str) -> bool:
    """A Korean resident registration number: the birth date (YYMMDD), a digit for sex and century (1-4 citizens,
    5-8 foreign residents), six more, the last a mod-11 check digit on numbers issued before October 2020."""
    digits = digits_of(value)
    if len(digits) != 13 or digits[6] not in "12345678":
        return False
    century = 1900 if digits[6] in "1256" else 2000
    if not _date_exists(century + int(digits[:2]), int(digits[2:4]), int(digits[4:6])):
        return False
    if digits[6] in "5678" or (digits[6] in "34" and digits[:6] >= _RRN_RANDOM_SINCE):
        return True
    check = (11 - weighted_sum(digits, _RRN_WEIGHTS) % 11) % 10
    return check == int(digits[12])


def sa_tax_reference_ok(value: str) -> bool:
    """A South African income tax reference number (SARS): ten digits, the first 0, 1, 2, 3 or 9, Luhn."""
    digits = digits_of(value)
    return len(digits) == 10 and digits[0] in "01239" and luhn_ok(digits)


def pakistan_cnic_ok(value: str) -> bool:
    """A Pakistani CNIC: thirteen digits, the first the province (1 to 7), the last odd for men and even for women
    (never 0). NADRA publishes no check digit."""
    digits = digits_of(value)
    return len(digits) == 13 and digits[0] in "1234567" and digits[12] != "0" and len(set(digits)) > 2


_BANGLADESH_NID_LENGTHS = (10, 13, 17)


def bangladesh_nid_ok(value: str) -> bool:
    """A Bangladeshi national ID: ten digits (a smart card), thirteen (the old card), or seventeen (the birth year,
    then the thirteen). No check digit."""
    digits = digits_of(value)
    if len(digits) not in _BANGLADESH_NID_LENGTHS or len(set(digits)) == 1:
        return False
    return len(digits) != 17 or 1900 <= int(digits[:4]) <= 2030


# Nordic and Baltic personal numbers (red team 59), found wherever they are written by their checks and the birth
# date they begin with: a Swedish personnummer (Luhn over its ten digits; a samordningsnummer's day plus 60), a
# Norwegian fødselsnummer (two modulus-11 digits; a D-number's day plus 40), a Finnish henkilötunnus (its check
# character), an Estonian isikukood (its century and sex digit, then a two-pass modulus-11 digit).

def swedish_personnummer_ok(value: str) -> bool:
    digits = digits_of(value)[-10:]
    if len(digits) != 10:
        return False
    day = int(digits[4:6])
    return luhn_ok(digits) and _birth_date_exists(digits[:4] + f"{day - 60 if day > 60 else day:02d}")


_FODSELSNUMMER_WEIGHTS = ((3, 7, 6, 1, 8, 9, 4, 5, 2), (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))


def norwegian_fodselsnummer_ok(value: str) -> bool:
    if len(value) != 11 or not value.isdigit():
        return False
    for weights in _FODSELSNUMMER_WEIGHTS:
        check = 11 - weighted_sum(value[:len(weights)], weights) % 11
        if (0 if check == 11 else check) != int(value[len(weights)]):
            return False
    day = int(value[:2])
    return _birth_date_exists(value[4:6] + value[2:4] + f"{day - 40 if day > 40 else day:02d}")


_HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def finnish_hetu_ok(value: str) -> bool:
    if len(value) != 11 or not (value[:6] + value[7:10]).isdigit():
        return False
    return _HETU_CHECK[int(value[:6] + value[7:10]) % 31] == value[10] \
        and _birth_date_exists(value[4:6] + value[2:4] + value[:2])


def estonian_isikukood_ok(value: str) -> bool:
    if len(value) != 11 or not value.isdigit() or value[0] not in "123456":
        return False
    for weights in ((1, 2, 3, 4, 5, 6, 7, 8, 9, 1), (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)):
        check = weighted_sum(value[:10], weights) % 11
        if check != 10:
            break
    else:
        check = 0
    return check == int(value[10]) and _birth_date_exists(value[1:7])


def dea_number_ok(value: str) -> bool:
    """A US DEA registration number: a registrant type's letter, the registrant's initial (or 9), seven digits whose
    last is the check (the odd places' sum plus twice the even places', modulo 10; red team 59)."""
    digits = value[2:]
    if len(value) != 9 or not digits.isdigit():
        return False
    return weighted_sum(digits[:6], (1, 2, 1, 2, 1, 2)) % 10 == int(digits[6])


def austrian_svnr_ok(value: str) -> bool:
    """An Austrian social insurance number: a serial, its check digit (weights 3 7 9 over the serial, 5 8 4 2 1 6
    over the birth date, modulo 11), the birth date (DDMMYY; red team 60)."""
    digits = digits_of(value)
    if len(digits) != 10 or digits[0] == "0":
        return False
    check = weighted_sum(digits[:3] + digits[4:], (3, 7, 9, 5, 8, 4, 2, 1, 6)) % 11
    return check == int(digits[3])


def renavam_ok(value: str) -> bool:
    """A Brazilian RENAVAM code: ten digits and a check digit (weights 3 2 9 8 7 6 5 4 3 2, ten times the sum
    modulo 11, a remainder of 10 as 0)."""
    if len(value) != 11 or not value.isdigit():
        return False
    check = weighted_sum(value[:10], (3, 2, 9, 8, 7, 6, 5, 4, 3, 2)) * 10 % 11
    return (0 if check == 10 else check) == int(value[10])
