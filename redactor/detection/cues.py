"""Values known by the words around them: `DOB: 1984-03-12`, `passport no. X1234567`, `routing
number 021000021`, `Customer name: Jane Roe`, `Dear Jane,`, `"Jane Roe" <jane.roe@example.com>`,
in other languages: `geb. 03.04.1978`, `DNI 12345678Z`, `Sra. López`; git's records of authors
(`7bd81c8 (Jane Roe 2024-03-02 ...)`, `author Jane Roe <...>`); and what a voice agent's
speech-to-text writes out (`four one five, five five five...`, `jane dot roe at gmail dot com`).

A bare nine-digit number or a capitalised pair of words is no evidence of anything; after a cue
that names it, it is. Each rule is declarative (detect-secrets style): a case-insensitive cue, a
case-sensitive value pattern right after it (a separator such as `:`, `#`, `is` in between), and
an optional validator (a checksum where the identifier has one). Only the value is reported,
never the cue. These rules need no NER, so names with a cue are found with NER off too.

`CueRecognizer` wraps the table as a presidio recognizer; the engine treats its results like
any other pattern recognizer's (thresholds, one token per value in a trace), except that decoy
regions do not apply: after `DOB:` a date is a birth date, although dates are decoys elsewhere.
Each rule declares keywords, and runs only on a text where one of them starts a word, or where
`min_keywords` of them do (a spoken number needs several digit words; `rules_worth_running`, one
automaton pass).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from redactor.detection.base import AT_SIGN
from redactor.detection.decoys import version_regions
from redactor.detection.letters import CAPITAL, SMALL
from redactor.detection.literals import LiteralGate, fold
from redactor.detection.names import GAELIC_PARTICLES, is_personal_user_name, name_lists
from redactor.detection.validators import (
    aadhaar_ok,
    australian_medicare_ok,
    austrian_svnr_ok,
    bangladesh_nid_ok,
    belgian_national_number_ok,
    cbu_ok,
    chinese_resident_id_ok,
    cpf_ok,
    digits_of,
    emirates_id_ok,
    greek_afm_ok,
    gs1_check_ok,
    hkid_ok,
    iso7064_mod97_ok,
    israeli_id_ok,
    japanese_my_number_ok,
    korean_rrn_ok,
    luhn_ok,
    mod_10_check_digit,
    mykad_ok,
    nric_ok,
    pakistan_cnic_ok,
    personal_cuit_ok,
    personal_rut_ok,
    renavam_ok,
    russian_inn_ok,
    sa_tax_reference_ok,
    saudi_id_ok,
    sin_ok,
    south_african_id_ok,
    ssn_ok,
    taiwan_id_ok,
    tfn_ok,
    thai_id_ok,
    weighted_sum,
)

# Above what pattern recognizers give a bare shape: after its cue, `943 476 5919` is an NHS number
# rather than a phone number.
CUE_SCORE = 0.95


def _always(_value: str) -> bool:
    return True


_YEAR = re.compile(r"\b(1[89]\d{2}|20\d{2})\b")


def _born_before_2010(value: str) -> bool:
    year = _YEAR.search(value)
    return year is None or int(year.group(1)) < 2010  # a two-digit year (`03/12/84`) is no product's


def _not_a_version(value: str) -> bool:
    return (0, len(value)) not in version_regions(value)  # (`passcode: v2.3.1` is a release's name)


def _luhn(value: str) -> bool:
    return luhn_ok(digits_of(value))


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _policy_number_ok(value: str) -> bool:
    return len(digits_of(value)) >= 6 and not _ISO_DATE.match(value)


def _nir_ok(value: str) -> bool:
    """A French NIR's key: 97 minus the first 13 digits mod 97 (Corsica's 2A and 2B read as 19 and 18)."""
    compact = value.replace(" ", "")
    if len(compact) != 15:
        return True  # no key written (13 digits): the cue says what it is
    body = compact[:13].replace("2A", "19").replace("2B", "18")
    return body.isdigit() and 97 - int(body) % 97 == int(compact[13:])


def _coordinates_ok(value: str) -> bool:
    latitude, _, longitude = value.partition(",")
    return abs(float(latitude)) <= 90 and abs(float(longitude)) <= 180


# Registration plates in their countries' shapes (Spain, Portugal, Denmark and Norway, Czechia, France and Italy,
# the UK, Germany, Poland, the Netherlands' side codes, Sweden).
_NATIONAL_PLATE = (
    r"(?:\d{4}[ -]?[B-DF-HJ-NP-TV-Z]{3}"
    r"|[A-Z]{2}-\d{2}-[A-Z]{2}|\d{2}-[A-Z]{2}-\d{2}|\d{2}-\d{2}-[A-Z]{2}|[A-Z]{2}-\d{2}-\d{2}"
    r"|[A-Z]{2} ?\d{2} ?\d{3}"
    r"|\d[A-Z][A-Z0-9] ?\d{4}"
    r"|[A-Z]{2}[ -]?\d{3}[ -]?[A-Z]{2}"
    r"|[A-Z]{2}\d{2} ?[A-Z]{3}"
    r"|[A-Z]{1,3}-[A-Z]{1,2} ?\d{1,4}[EH]?"
    r"|[A-Z]{2,3} ?\d[0-9A-Z]{3,4}"
    r"|[A-Z]{2}-\d{3}-[A-Z]|[A-Z]-\d{3}-[A-Z]{2}|\d{2}-[A-Z]{3}-\d|[A-Z]{3}-\d{2}-[A-Z]"
    r"|[A-Z]{3} ?\d{2}[A-Z0-9])"
)
_PLATE_MIN_CHARACTERS = 4


def _plate_ok(value: str) -> bool:
    """A registration holds letters and digits (`L-FB 2841`, `7KTR 093`), no more than ten of them."""
    characters = [char for char in value if char.isalnum()]
    return _PLATE_MIN_CHARACTERS <= len(characters) <= 10 and any(char.isdigit() for char in characters) \
        and any(char.isalpha() for char in characters)


# A name spelled out, four capitals or more between hyphens (`K-O-W-A-L-S-K-I`; the engine writes its lower case too).
SPELLED_NAME = r"[A-Z](?:-[A-Z]){3,}"


# ... or with spaces between them, as a transcript writes letters said one by one (`surname N A I R`; red team 52):
# only after a name's own word (`A B C D` alone is a list's or a grid's).
SPACED_SPELLED_NAME = r"[A-Z](?:[ ][A-Z]){3,}"


def _spells_a_word(value: str) -> bool:
    """Letters that spell a name: a vowel among them, and not the alphabet's run (`B-C-D-E` is a list's)."""
    letters = value.replace("-", "").replace(" ", "")
    return any(c in "AEIOUY" for c in letters) \
        and not all(ord(b) - ord(a) == 1 for a, b in pairwise(letters))


def _is_record_locator(value: str) -> bool:
    return any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= 2


# IATA's dates (`14MAR87`, `02FEB1990`) and a DOCS element's sex field (with `I` for an infant), which the DOCS
# rules' keywords are: `/f/` is rare anywhere else.
_DOCS_DATE = r"\d{2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:\d{4}|\d{2})"
_DOCS_SEX = r"(?:M|F|X|U|MI|FI)"
_DOCS_KEYWORDS = ("/m/", "/f/", "/x/", "/u/", "/mi/", "/fi/")


# What a form writes where no place is known (`Place of birth: Unknown`, `Geburtsort: unbekannt`).
_NO_PLACE_WORDS = frozenset({"unknown", "none", "not", "unbekannt", "inconnu", "inconnue", "desconocido", "sconosciuto",
                             "onbekend", "withheld", "redacted", "same", "other", "see"})


def _names_a_place(value: str) -> bool:
    return value.split(maxsplit=1)[0].lower() not in _NO_PLACE_WORDS


# An Alloggiati Web schedina's start: the guest's type (16 to 20), the arrival date and the nights (see the rules).
_SCHEDINA = r"(?:(?<=\n)|(?<=\\n)|^)(?:1[6-9]|20)\d\d/\d\d/\d{4}\d\d"
_SCHEDINA_NAME = "[A-ZÀ-Þ][A-ZÀ-Þ' -]"
_SCHEDINA_KEYWORDS = tuple(f"{line_end}{kind}" for line_end in ("\n", "\\n") for kind in range(16, 21))
# A NACHA entry detail record's start (its line's, also in a JSON-escaped text: `\\n6...`) and fields (see the rules).
_NACHA_ENTRY = r"(?:(?<=\n)|(?<=\\n)|^)6[2-5][2-9]\d{9}"
_NACHA_ACCOUNT_AMOUNT = r"[0-9A-Za-z -]{17}\d{10}"
_NACHA_AFTER_ACCOUNT = r"\d{10}[ -~]{39}[01]\d{15}[ \t]*(?:\r?\n|\\r?\\n|$)"
_NACHA_KEYWORDS = ("\n6", "\\n6")


def _has_digits(count: int) -> Callable[[str], bool]:
    def check(value: str) -> bool:
        return len(digits_of(value)) >= count

    return check


def _vin_ok(value: str) -> bool:
    """A VIN's shape beyond its characters: a letter, and four digits at least (its serial's)."""
    return len(digits_of(value)) >= 4 and any(character.isalpha() for character in value)


def phone_after_word_ok(value: str) -> bool:
    """7 to 15 digits, not a date, and not one or two digits repeated."""
    digits = digits_of(value)
    return 7 <= len(digits) <= 15 and len(set(digits)) > 2 and _DATE_LIKE.fullmatch(value) is None


_DATE_LIKE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")


def aba_routing_ok(value: str) -> bool:
    """An ABA routing number: nine digits whose weighted sum (3, 7, 1, ...) is a multiple of 10."""
    digits = [int(c) for c in digits_of(value)]
    if len(digits) != 9:
        return False
    return weighted_sum(digits, (3, 7, 1) * 3) % 10 == 0


def nhs_number_ok(value: str) -> bool:
    """An NHS number: ten digits, the last a mod-11 check digit of the first nine."""
    digits = [int(c) for c in digits_of(value)]
    if len(digits) != 10:
        return False
    check = 11 - weighted_sum(digits[:9], range(10, 1, -1)) % 11
    return (0 if check == 11 else check) == digits[9] and check != 10


_IDEOGRAPHS = "\u4e00-\u9fff"
_WIDE_DIGIT = "[0-9０-９]"
# Between a label and its value in Chinese and Japanese: a colon (full-width too), `是`/`为` ("is"), `は`.
_CJK_SEPARATOR = r"(?:[ \t\u3000]*(?:[:：=#|]|是|为|為|は)?[ \t\u3000]*)"
_CJK = "\u4e00-\u9fff\u3040-\u30ff"
# Labels a name follows in Chinese, Japanese and Korean forms and shipping labels.
_CJK_NAME_LABELS = ("收件人", "收货人", "联系人", "姓名", "氏名", "名前", "受取人", "お名前", "フリガナ",
                    "이름", "성명", "수령인", "받는분", "받는 분", "고객명", "예금주")
_JA_ZH_HONORIFIC_WORDS = ("様", "さん", "さま", "殿", "先生", "氏", "女士", "小姐")
_JA_ZH_HONORIFICS = "(?:" + "|".join(_JA_ZH_HONORIFIC_WORDS) + ")"
# Whom an honorific addresses when it names no one: customers, everyone, the person in charge, members.
_ROLES_WITH_HONORIFICS = frozenset({
    "担当者", "皆様", "各位", "利用者", "管理者", "会員", "顧客", "患者", "責任者", "関係者", "お客", "先生", "医師",
    "고객", "여러분", "회원", "담당자", "관리자", "선생", "환자", "客户", "用户", "老师", "医生",
    "客服", "经理", "主管",
})


# A Japanese name: ideographs (family and given name together), or a family name, a space and a given name in
# ideographs or kana.
_JAPANESE_GIVEN = f"{_IDEOGRAPHS}\u3041-\u3096\u30a1-\u30fa"
_JAPANESE_NAME = rf"(?:[{_IDEOGRAPHS}]{{1,4}}[ \u3000][{_JAPANESE_GIVEN}]{{1,5}}|[{_IDEOGRAPHS}]{{1,6}})"
_BRACKETED_READING = "[（(][\u30a1-\u30fa\u30fc \u3000]{2,20}[）)]"  # a name's reading in katakana, in brackets


def _is_addressed_by_name(value: str) -> bool:
    return value not in _ROLES_WITH_HONORIFICS


# Korea's commonest family names, one syllable each (the two-syllable ones, `남궁`, `제갈`, are rare).
_KOREAN_FAMILY_NAMES = frozenset("김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하"
                                 "곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명"
                                 "기반왕금옥육인맹제모탁국어은편용예경봉")


def _is_korean_full_name(value: str) -> bool:
    return value[0] in _KOREAN_FAMILY_NAMES and _is_addressed_by_name(value)


# What follows `ig`, `fb`, `snap`, `threads` or `twitter` in code and build logs rather than a handle: a decorator
# or an annotation (`threads @Override`, `fb @pytest.fixture`), a CSS at-rule (`twitter @media`), a package's tag or
# version (`snap @latest`, `ingress ig @v2`), an image's density (`insta @2x`). (A scoped package, `@types/node`,
# `@react-native`, is kept out by the pattern: a handle has no `/` or `-`.)
_CODE_AT_WORDS = frozenset({
    "override", "property", "staticmethod", "classmethod", "abstractmethod", "dataclass", "param", "params", "return",
    "returns", "throws", "author", "since", "see", "deprecated", "todo", "media", "import", "keyframes", "supports",
    "charset", "layer", "apply", "tailwind", "latest", "next", "beta", "alpha", "canary", "stable", "nightly", "main",
    "master", "dev", "prod", "staging", "auto", "retry", "cache", "cached", "wraps", "contextmanager", "pytest", "app",
    "router", "mock", "patch", "unittest", "functools", "typing", "celery", "component", "injectable", "input",
    "output", "test", "before", "after", "beforeeach", "aftereach", "autowired", "bean", "entity", "transactional",
    "inject", "get", "post", "put", "delete", "route", "task", "shared_task", "lru_cache", "jit", "njit", "tf",
    "torch", "override_settings", "login_required", "api", "click", "validator", "field_validator", "root_validator",
    "computed_field", "setter", "getter", "async", "await", "synchronized", "suppresswarnings", "nullable", "nonnull",
    "functionalinterface", "slf4j", "data", "builder", "value", "service", "controller", "repository", "configuration",
})
_CODE_AT_VALUE = re.compile(r"@(?:v?\d+(?:\.\d+)*|\d+(?:\.\d+)?x(?:\.[a-z]{2,4})?)", re.IGNORECASE)


# A platform's own accounts and bots, which its docs and bot-building guides name (`Telegram ist @BotFather`, `en
# Telegram es @BotFather`, `X ist @TwitterDev`; red team 42): no one's handle.
_PLATFORM_ACCOUNTS = frozenset({
    "botfather", "twitterdev", "xdevelopers", "twitter", "x", "instagram", "creators", "telegram", "tiktok",
    "snapchat", "threads", "facebook", "meta", "bluesky", "youtube", "gif", "vid", "pic", "bing", "wiki", "stickers",
})


def _social_handle_ok(value: str) -> bool:
    first = value[1:].split(".", 1)[0].lower()
    return first not in _CODE_AT_WORDS and _CODE_AT_VALUE.fullmatch(value) is None \
        and value[1:].lower() not in _PLATFORM_ACCOUNTS


def pesel_ok(value: str) -> bool:
    """A PESEL: eleven digits, the last a check digit of the first ten (weights 1 3 7 9, repeated)."""
    digits = [int(c) for c in value]
    if len(digits) != 11:
        return False
    return mod_10_check_digit(digits[:10], (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)) == digits[10]


def clabe_ok(value: str) -> bool:
    """A Mexican CLABE: eighteen digits (bank, branch, account), the last a check digit of the first seventeen
    (weights 3 7 1, each product taken mod 10)."""
    digits = [int(c) for c in digits_of(value)]
    if len(digits) != 18:
        return False
    total = sum(d * w % 10 for d, w in zip(digits[:17], (3, 7, 1) * 6, strict=False))
    return (10 - total % 10) % 10 == digits[17]


_DEA_NUMBER = re.compile(r"[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}")


def dea_number_ok(value: str) -> bool:
    """A US DEA registration (a prescriber's): a registrant-type letter, the registrant's initial (or 9), seven
    digits, the last the check of the first six (odd places, plus twice the even places, mod 10)."""
    if _DEA_NUMBER.fullmatch(value) is None:
        return False
    digits = [int(c) for c in value[2:]]
    return (digits[0] + digits[2] + digits[4] + 2 * (digits[1] + digits[3] + digits[5])) % 10 == digits[6]


_CRN_SHAPE = re.compile(r"\d{3}[ ]?\d{3}[ ]?\d{3}[A-Z]")


def centrelink_crn_ok(value: str) -> bool:
    """An Australian Centrelink Customer Reference Number: nine digits and a letter (`203 418 592K`)."""
    return _CRN_SHAPE.fullmatch(value) is not None


_NSS_SPAIN = re.compile(r"(\d{2})[ /-]?(\d{8})[ /-]?(\d{2})")
_NSS_MEXICO_DIGITS = 11


def social_security_nss_ok(value: str) -> bool:
    """A Spanish social security number (NSS/NAF: a province, eight digits, a control of the two, mod 97; the
    eight read as a seven-digit number when they start with 0), or a Mexican IMSS NSS (eleven digits, Luhn)."""
    spain = _NSS_SPAIN.fullmatch(value)
    if spain is not None:
        province, number, control = (int(part) for part in spain.groups())
        base = province * 10**8 + number if number >= 10**7 else province * 10**7 + number
        return base % 97 == control
    return value.isdigit() and len(value) == _NSS_MEXICO_DIGITS and luhn_ok(value)


_PPS_LETTERS = "WABCDEFGHIJKLMNOPQRSTUV"
_PPSN_SHAPE = re.compile(r"(\d{7})([A-W])([ABHWTX]?)")


def ppsn_ok(value: str) -> bool:
    """An Irish PPS number: seven digits, a check letter (weights 8 to 2, mod 23; since 2013 a second letter
    `A` or `B` weighs in at 9), an older second letter (`W`, `T`, `X`, `H`) that does not."""
    match = _PPSN_SHAPE.fullmatch(value.replace(" ", "").upper())
    if match is None:
        return False
    digits, check, second = match.groups()
    extra = _PPS_LETTERS.index(second) if second in ("A", "B") else 0
    total = sum((8 - index) * int(digit) for index, digit in enumerate(digits)) + 9 * extra
    return _PPS_LETTERS[total % 23] == check


def portuguese_nif_ok(value: str) -> bool:
    """A Portuguese NIF: nine digits, the last a mod-11 check digit of the first eight (weights 9 to 2)."""
    digits = [int(c) for c in digits_of(value)]
    if len(digits) != 9:
        return False
    remainder = weighted_sum(digits[:8], range(9, 1, -1)) % 11
    return (0 if remainder < 2 else 11 - remainder) == digits[8]


def polish_id_card_ok(value: str) -> bool:
    """A Polish identity card (dowód osobisty): three letters, a check digit, five digits; the letters count
    as 10 to 35, weights 7 3 1 (check) 7 3 1 7 3, the sum a multiple of ten."""
    compact = value.replace(" ", "").upper()
    if len(compact) != 9 or not compact[:3].isalpha() or not compact[3:].isdigit():
        return False
    values = [ord(c) - 55 for c in compact[:3]] + [int(c) for c in compact[3:]]
    return sum(v * w for v, w in zip(values, (7, 3, 1, 9, 7, 3, 1, 7, 3), strict=True)) % 10 == 0


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_DNI_SPACING = re.compile(r"[\s.-]")


def dni_nie_ok(value: str) -> bool:
    """A Spanish DNI (eight digits) or NIE (X, Y or Z for 0, 1, 2, then seven digits), then the
    letter the official table gives for that number modulo 23: one wrong letter in 23 passes."""
    compact = _DNI_SPACING.sub("", value).upper()
    number = str("XYZ".index(compact[0])) + compact[1:-1] if compact[:1] in ("X", "Y", "Z") else compact[:-1]
    if len(number) != 8 or not number.isdigit():
        return False
    return _DNI_LETTERS[int(number) % 23] == compact[-1]


# Whom greetings and labels address when they do not name a person.
_NOT_NAMES = frozenset({
    "team", "world", "everyone", "everybody", "folks", "there", "all", "guys", "friends", "sir", "madam", "colleagues",
    "department", "default", "workspace", "admin", "administrator", "owner", "manager", "bot", "human", "operator",
    "staff", "members", "partner", "partners", "valued", "dear", "hiring", "committee", "sales", "ops", "devops",
    "engineering", "security", "finance", "legal", "hr", "it", "on", "call", "oncall", "unknown", "anonymous", "test",
    "reviewer", "reviewers", "colleague", "maintainer", "maintainers", "contributor", "contributors", "developer",
    "developers", "user", "users", "customer", "customers", "client", "friend", "candidate", "applicant", "patient",
    "caller", "guest", "visitor",
    # assistants people greet and thank in agent traces
    "claude", "gpt", "chatgpt", "gemini", "copilot", "siri", "alexa", "cortana", "bard", "llama", "mistral",
    # what a chat calls someone instead of a name (`Thanks, Doc`, `Thanks, Boss`, `Thanks, Mate`; some are given
    # names in the lists; red team 42)
    "doc", "boss", "mate", "champ", "buddy", "darling", "babe", "chief", "coach", "chef", "dad", "mom", "mum", "bro",
    "pal", "sis", "kiddo", "dude",
})
# A last word that makes a name an organisation's, a product's or a team's: `Acme Shop Support`,
# `Release Bot`, `Claude Code`.
_ORGANISATION_WORDS = frozenset({
    "support", "team", "bot", "code", "desk", "engineering", "shop", "store", "inc", "ltd", "llc", "corp", "co",
    "group", "labs", "services", "service", "systems", "solutions", "bank", "university", "hospital", "clinic",
    "foundation", "agency", "studio", "app", "api", "notifications", "alerts", "billing", "sales", "marketing",
    "security", "operations", "office", "center", "centre", "department", "gmbh", "ag", "sa", "plc", "pty", "bv",
    "traders", "trading", "industries", "holdings", "partners", "enterprises", "international", "company",
    "limited", "technologies", "logistics", "consulting", "media", "networks", "software", "pharma", "health",
    "markt", "secure", "spark", "school", "college", "institute", "ministry", "council", "authority",
    "console", "portal", "dashboard",  # an app's name where a user's would be (`Okta Admin Console`)
    # a sender's department (`Best Buy Fraud Ops <alerts@...>`) and trades in a business's name
    "ops", "fraud", "risk", "compliance", "payments", "accounts", "helpdesk", "care", "admin", "noreply",
    "foods", "plumbing", "heating", "roofing", "insurance", "airlines", "airways", "motors", "realty",
    "properties", "dental", "pharmacy", "bakery", "restaurant", "cafe", "hotel", "hotels", "logistik",
    # a charity's, a lettings agent's, an advice service's or a school's name after a sign-off or a tie (`With
    # gratitude,\nSunrise Animal Rescue`, `my landlord Foxtons Lettings`, `my tutor Khan Academy`; red team 42)
    "rescue", "hospice", "nursery", "shelter", "sanctuary", "charity", "society", "association", "bureau",
    "academy", "lettings", "management", "board",
    # a lender's or a dealer's name (`Ford Credit` as a loan's creditor, `Toyota Financial Services`; red team 62)
    "credit", "finance", "financial", "capital", "leasing", "lending", "loans", "mortgages", "autos", "dealership",
    # childcare, schools and charities in the languages of the forms agents fill in (`Kinderdagverblijf De Regenboog`,
    # `Przedszkole nr 12`, `Fundación Vicente Ferrer`; red team 50)
    "kinderdagverblijf", "kinderopvang", "peuterspeelzaal", "basisschool", "crèche", "creche", "école", "ecole",
    "lycée", "collège", "kita", "kindergarten", "kindertagesstätte", "grundschule", "gymnasium", "przedszkole",
    "żłobek", "szkoła", "szkola", "školka", "škola", "skola", "förskola", "skole", "børnehave", "vuggestue",
    "escuela", "colegio", "guardería", "scuola", "asilo", "nido", "escola", "stichting", "fundación",
    "fondazione", "fundação", "verein", "nadace", "fundacja", "stowarzyszenie",
    # shops, restaurants and depots a courier picks up from (`Taquería El Güero`, `Verteilzentrum Berlin-Adlershof`)
    "taquería", "taqueria", "pizzeria", "trattoria", "osteria", "bistro", "brasserie", "bäckerei", "apotheke",
    "farmacia", "supermercado", "tienda", "verteilzentrum", "paketzentrum", "depot", "warehouse", "packstation",
})
# Words that make a name an institution's wherever they stand: `Finanzamt München`, `University of Leeds`.
_INSTITUTION_WORDS = frozenset({
    "finanzamt", "university", "universität", "universiteit", "université", "universidad", "università",
    "ministry", "ministerium", "institute", "gmbh", "inc", "ltd", "llc", "plc",
})

_FUNCTION_WORDS = frozenset({"the", "a", "an", "our", "your", "my", "his", "her", "their", "this", "that", "all"})
_LETTERS = re.compile(r"[^\W\d_]+")


def is_institution(value: str) -> bool:
    """A company's or an institution's name (`REWE Markt GmbH`, `Finanzamt München`): no person's, no place."""
    return not _INSTITUTION_WORDS.isdisjoint(word.lower() for word in _LETTERS.findall(value))


def is_plausible_person(value: str) -> bool:
    """Not what a form or a greeting says when it names no one: `Name: Default Workspace`,
    `Dear Customer,`, `Hi Team,`: at least one word that is not a common or function word."""
    from redactor.detection.pii import ignorable_capitalised_words, is_implausible_name

    if is_implausible_name(value):
        return False
    ignorable = ignorable_capitalised_words()
    words = [word.lower() for word in _LETTERS.findall(value)]
    if not words or words[0] in _FUNCTION_WORDS or not _ORGANISATION_WORDS.isdisjoint(words) or is_institution(value):
        return False  # "Best,\nThe Acme Team", "Cheers,\nAcme Shop Support", "Lumen Store Suporte", "Finanzamt München"
    return any(word not in ignorable and word not in _NOT_NAMES for word in words)


# What a form writes in capitals where a name would go (`Applicant: PENDING REVIEW`, `Tenant name: NOT PROVIDED`).
_FORM_STATUS_WORDS = frozenset({
    "pending", "review", "tbd", "tba", "tbc", "none", "null", "nil", "redacted", "withheld", "provided", "applicable",
    "same", "above", "below", "self", "unassigned", "various", "multiple", "sample", "example", "empty", "missing",
    "blank", "other", "see", "attached", "requested", "required", "not", "na", "yes", "no", "true", "false",
    "approved", "denied", "rejected", "active", "inactive", "closed", "open", "complete", "completed", "new",
    "valid", "invalid", "verified", "confirmed", "cancelled", "canceled", "on", "file", "hold", "waived", "refused",
})


_RESERVATION_TITLE_WORDS = ("mr", "mrs", "ms", "miss", "mstr", "mx")  # (not `DR`: `DEV/PROD DR`)
_RESERVATION_TITLES = "(?:" + "|".join(sorted((word.upper() for word in _RESERVATION_TITLE_WORDS), key=len,
                                               reverse=True)) + ")"
_RESERVATION_WORD = rf"[{CAPITAL}][{CAPITAL}'’-]*[{CAPITAL}]"
_RESERVATION_NAME = (rf"(?<![\w/])(?-i:{_RESERVATION_WORD}(?:[ \t]{_RESERVATION_WORD})?/{_RESERVATION_WORD}"
                     rf"(?:[ \t]{_RESERVATION_WORD}){{0,2}})")
_RESERVATION_NAME_SHAPE = re.compile(_RESERVATION_NAME)
_VOWELS = frozenset("aeiouy")


def _iban_ok(value: str) -> bool:
    """ISO 13616's check: the country and check digits moved to the end, letters as numbers, mod 97 is 1."""
    compact = value.replace(" ", "").upper()
    return 15 <= len(compact) <= 34 and iso7064_mod97_ok(compact)


def _is_reservation_name(value: str) -> bool:
    """A passenger's `FAMILY/GIVEN`: no word a title or an ordinary word (`READ/WRITE`), and a given or family
    name the lists know, or else words of three letters or more with a vowel (not `TCP/IP`, `CI/CD`, `SSL/TLS`)."""
    family, _, given = value.partition("/")
    family_words, given_words = _lower_words(family), _lower_words(given)
    words = family_words + given_words
    lists = name_lists()
    if any(word in _RESERVATION_TITLE_WORDS for word in given_words) or _has_ordinary_word(words, lists.word_like):
        return False
    return any(word in lists.given for word in given_words) or any(word in lists.family for word in family_words) \
        or all(len(word) >= 3 and not _VOWELS.isdisjoint(word) for word in words)


def reads_as_reservation_name(value: str) -> bool:
    """`FERREIRA/ANA LUIZA MRS`, `OKONKWO/CHIDIMMA`: a passenger's name written the reservation systems' way."""
    name = re.sub(rf"[ \t]+{_RESERVATION_TITLES}$", "", value)
    return _RESERVATION_NAME_SHAPE.fullmatch(name) is not None and _is_reservation_name(name)


def is_plausible_labelled_person(value: str) -> bool:
    """`is_plausible_person` for a name after a label; a name in capitals (`OLUWADAMILARE FASHOLA`) has no
    word that is common or that a form writes where no name is known (`PENDING REVIEW`)."""
    if not is_plausible_person(value):
        return False
    words = _lower_words(value)
    if all(word in _FORM_STATUS_WORDS for word in words):
        return False  # what a form writes in any case where no one is named: `Tenant: Not Applicable`
    return any(char.islower() for char in value) or not _has_ordinary_word(words)


def _starts_with_given_name(value: str) -> bool:
    """Its first word a known given name: `Beatriz Lacerda`, not `Magazine Luiza` or `Stack Overflow`."""
    return value.split(maxsplit=1)[0].lower() in name_lists().given


def _is_person_by_given_name(value: str) -> bool:
    """`is_plausible_person`, with a known given name first (`Aqui é a Beatriz Lacerda`, `Uncle Femi`)."""
    return _starts_with_given_name(value) and is_plausible_person(value)


def _is_credentialed_person(value: str) -> bool:
    """A full name with a known given name first, or an initial and a plausible family name (`Y. AL-KHATIB`)."""
    initial, dot, family = value.partition(". ")
    if dot and len(initial) == 1:
        return is_plausible_person(family.title())
    return _is_person_by_given_name(value)


def _is_labelled_by_given_name(value: str) -> bool:
    """`is_plausible_labelled_person`, with a known given name first (a referee's `Katrin Oberländer`)."""
    return _starts_with_given_name(value) and is_plausible_labelled_person(value)


def is_lower_case_full_name(value: str) -> bool:
    """A full name typed in lower case: its first word a known given name, no word an ordinary one (`i'm
    going home`, `my son will call`, `this is mark down`)."""
    lists = name_lists()
    words = _lower_words(value)
    return words[0] in lists.given and not _has_ordinary_word(words, lists.word_like)


def _lower_words(value: str) -> list[str]:
    return [word.lower() for word in _LETTERS.findall(value)]


def _has_ordinary_word(words: list[str], also: frozenset[str] = frozenset()) -> bool:
    """A word of a name-shaped value that no name is made of: a common or function word, a form's status."""
    from redactor.detection.pii import ignorable_capitalised_words

    ignorable = ignorable_capitalised_words()
    return any(word in ignorable or word in _NOT_NAMES or word in _FORM_STATUS_WORDS or word in also
               for word in words)


# What a German or Spanish title addresses when it names no one (`Sehr geehrter Herr Präsident`,
# `Sra. Directora`), and what English `Sr.` (senior) comes before: job titles (`Sr. Software Engineer`,
# `Sr. Manager`), `Sr. Citizens`, `Sr. High School`, a father's `John Smith Sr. Memorial Fund`.
# (Not Richter or Alcalde: family names more often than a judge or a mayor addressed.)
_ADDRESSED_AS = frozenset({
    "präsident", "präsidentin", "professor", "professorin", "doktor", "kollege", "kollegin", "minister",
    "ministerin", "direktor", "direktorin", "pfarrer", "pfarrerin", "bürgermeister", "bürgermeisterin",
    "vorsitzender", "vorsitzende", "abgeordneter", "abgeordnete", "botschafter", "botschafterin", "ober", "kunde",
    "kundin", "nachbar", "nachbarin", "presidente", "presidenta", "director", "directora", "ministro", "ministra",
    "doctor", "doctora", "profesor", "profesora", "licenciado", "licenciada", "ingeniero", "ingeniera", "cliente",
    "engineer", "developer", "manager", "analyst", "consultant", "architect", "designer", "scientist", "accountant",
    "associate", "specialist", "officer", "executive", "recruiter", "administrator", "advisor", "adviser",
    "coordinator", "supervisor", "technician", "counsel", "attorney", "paralegal", "editor", "writer", "researcher",
    "programmer", "lead", "principal", "staff", "product", "software", "data", "project", "program", "vice",
    "president", "account", "business", "technical", "financial", "research", "marketing", "sales", "customer",
    "systems", "network", "cloud", "solutions", "platform", "site", "machine", "learning", "backend", "frontend",
    "citizen", "citizens", "high", "school", "memorial", "fund", "living", "care", "class", "year", "pastor",
})


def _is_addressed_by_degree(value: str) -> bool:
    """A name after `Ing.`/`Avv.`: its first word a known given or family name (`Avv. Russo`), not a discipline's
    (`Ing. Informatica`)."""
    family_first = value.split(maxsplit=1)[0].lower() in name_lists().family
    return (family_first or _starts_with_given_name(value)) and is_addressed_person(value)


def is_addressed_person(value: str) -> bool:
    """A family name after a title (`Herr Müller`, `Sra. López`), not a role it addresses."""
    words = {word.lower() for word in _LETTERS.findall(value)}
    return not words & _ADDRESSED_AS and is_plausible_person(value)


# A capitalised word right after a known first name: `Maria` was greeted, `Maria Gonzalez` is written
# later. (An apostrophe or hyphen may join parts: O'Connell, Smith-Jones.)
_FAMILY_NAME_AFTER = re.compile(r" ((?:Mc|Mac|O'|D')?[A-ZÀ-Þ][a-zà-ÿ]+(?:[-'’][A-ZÀ-Þ][a-zà-ÿ]+)?)(?![\w'’-])")


# `-Whitfield` after a name: the rest of a double-barrelled family name.
_SECOND_BARREL = re.compile(r"-[A-ZÀ-Þ][a-zà-ÿ]+(?![\w'’-])")


def family_name_end(text: str, start: int, end: int) -> int:
    """Where a name at `text[start:end]` really ends, so that no surname is left beside its token: after
    a family name that follows a name of one or two words (`Maria Gonzalez`; `María José García-Pelayo`,
    a compound given name; `Maria Gonzalez Lopez`, two family names), then after the second half of a
    double-barrelled family name (`Adaeze Nwosu`, known from a mailbox, in `Adaeze Nwosu-Whitfield`)."""
    end = _after_family_name(text, start, end)
    barrel = _SECOND_BARREL.match(text, end)
    return end if barrel is None else barrel.end()


_NAME_PARTS_MAX_WORDS = 4


def name_parts(full_name: str) -> list[str]:
    """The given and family names of a full name (`Priya Raman`, `Mary Ann O'Neill`), each of which a
    trace also writes alone once the person is known: the agent's `Thanks Priya,`, a ticket's `Ms Raman`.
    Not the words of what only looks like a name (`Billing Team`), nor particles (`van`, `de`), initials,
    or names that are also ordinary words (`Mark`, `Hope`, `Green`: `redactor/data/name_words.txt`)."""
    words = full_name.split()
    if not 2 <= len(words) <= _NAME_PARTS_MAX_WORDS or not is_plausible_person(full_name) \
            or is_institution(full_name):
        return []
    return [word for word in words if is_name_word(word)]


def is_name_word(word: str) -> bool:
    """One capitalised given or family name that is no ordinary word (see `name_parts`)."""
    from redactor.detection.pii import ignorable_capitalised_words, name_words

    lowered = word.lower()
    return (_NAME_PART.fullmatch(word) is not None and lowered not in ignorable_capitalised_words()
            and lowered not in name_words() and lowered not in _NOT_NAMES and lowered not in _ORGANISATION_WORDS
            and lowered not in _ADDRESSED_AS and not re.fullmatch(_CALENDAR_WORDS, word))


def _after_family_name(text: str, start: int, end: int) -> int:
    following = _FAMILY_NAME_AFTER.match(text, end)
    if following is None or text.count(" ", start, end) > 1:
        return end
    from redactor.detection.pii import ignorable_capitalised_words, is_implausible_name

    word = following.group(1)
    if text[start:end].isupper() and not word.isupper():
        return end  # a name in capitals goes on in capitals: `Guest: ANNELIESE VANDERMOLEN Room 1207`
    if word.lower() in ignorable_capitalised_words() or word.lower() in _NOT_NAMES \
            or word.lower() in _ORGANISATION_WORDS or is_implausible_name(word) or re.fullmatch(_CALENDAR_WORDS, word):
        return end
    return following.end() if is_plausible_person(text[start:following.end()]) else end


# A short aside between a label and its value, on one line: `(mm/dd/yyyy)`, `(RTN)`, `(as on passport)`.
_PARENTHETICAL = r"(?:\s*\([^()\n]{1,20}\))?"


_DIGIT_WORDS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_DIGIT_NAMES = "|".join(_DIGIT_WORDS)  # (as a regex's alternatives: every spoken-number pattern takes them from here)
_UNITS = "(?:" + "|".join(_DIGIT_WORDS[2:]) + ")"  # one to nine
# Spanish and Portuguese digits and two-digit numbers, as callers there read a number out (`tres uno cero cinco`,
# `nove oito sete`, Brazil's `meia` for six, Mexico's pairs `cincuenta y cinco, cuarenta y uno`; red team 52). Not
# `una`/`uma` (articles); `um` only after another digit (an English speaker's filler).
_ROMANCE_DIGIT_VALUES = {"cero": 0, "uno": 1, "dos": 2, "dois": 2, "duas": 2, "tres": 3, "três": 3, "cuatro": 4,
                         "quatro": 4, "cinco": 5, "seis": 6, "meia": 6, "siete": 7, "sete": 7, "ocho": 8, "oito": 8,
                         "nueve": 9, "nove": 9}
_ROMANCE_TEEN_VALUES = {"diez": 10, "dez": 10, "once": 11, "onze": 11, "doce": 12, "doze": 12, "trece": 13, "treze": 13,
                        "catorce": 14, "catorze": 14, "quatorze": 14, "quince": 15, "quinze": 15, "dieciséis": 16,
                        "dieciseis": 16, "dezesseis": 16, "dezasseis": 16, "diecisiete": 17, "dezessete": 17,
                        "dezassete": 17, "dieciocho": 18, "dezoito": 18, "diecinueve": 19, "dezenove": 19,
                        "dezanove": 19, "veintiuno": 21, "veintidós": 22, "veintidos": 22, "veintitrés": 23,
                        "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiséis": 26, "veintiseis": 26,
                        "veintisiete": 27, "veintiocho": 28, "veintinueve": 29}
_ROMANCE_TENS_VALUES = {"veinte": 20, "vinte": 20, "treinta": 30, "trinta": 30, "cuarenta": 40, "quarenta": 40,
                        "cincuenta": 50, "cinquenta": 50, "sesenta": 60, "sessenta": 60, "setenta": 70, "ochenta": 80,
                        "oitenta": 80, "noventa": 90}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))  # (longest first: `setenta` before `sete`)


_ROMANCE_UNIT = f"(?:{_alternatives([*_ROMANCE_DIGIT_VALUES, 'um'])})"
_ROMANCE_NUMBER = (f"(?:(?:{_alternatives(_ROMANCE_TENS_VALUES)})(?:[ ]+[ye][ ]+{_ROMANCE_UNIT})?"
                   f"|{_alternatives(_ROMANCE_TEEN_VALUES)}|{_alternatives(_ROMANCE_DIGIT_VALUES)})")
_ROMANCE_NUMBER_WORDS = (*_ROMANCE_DIGIT_VALUES, *_ROMANCE_TEEN_VALUES, *_ROMANCE_TENS_VALUES)
_DIGIT_WORD = rf"(?:{_DIGIT_NAMES}|{_ROMANCE_NUMBER}|\d)"
# Seven digits spoken, some of them doubled (`double seven`) or said as numerals: four words at least.
_SPOKEN_DIGIT_WORDS_MIN = 4
_SPOKEN_NUMBER_KEYWORDS = (*_DIGIT_WORDS, *_ROMANCE_NUMBER_WORDS)
_SPOKEN_DIGIT_VALUES = {word: str(value) for value, word in enumerate(("zero", "one", "two", "three", "four", "five",
                                                                     "six", "seven", "eight", "nine"))} | {
    "oh": "0", "um": "1",
    **{word: str(value) for word, value in (_ROMANCE_DIGIT_VALUES | _ROMANCE_TEEN_VALUES).items()}}
# A spoken digit, `double`/`triple` before one, separated by spaces, commas, dashes or `dash`: five words at least
# (`cincuenta y cinco, cuarenta y uno, ochenta y ocho, veintitrés, diecisiete` is ten digits).
_SPOKEN_DIGITS = (rf"(?i:(?:plus[ ]+)?(?:(?:double|triple)[ ]+)?{_DIGIT_WORD}"
                  rf"(?:(?:[ ,.-]+|[ ]+dash[ ]+)(?:(?:double|triple)[ ]+)?(?:{_DIGIT_WORD}|um)){{4,24}})(?![\w-])")
_SPOKEN_TLDS = (
    "com|org|net|edu|gov|io|co|uk|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|ie|pt|ca|au|nz|in|br|mx|jp|kr|cn|za|"
    "us|me|info|biz|app|dev|ai"
)
# A word of a spoken address; spelled out, its letters joined by dashes (`d-e-b dot o-s-u-l-l-i-v-a-n`, as
# speech-to-text writes a caller's spelling; red team 44).
_SPOKEN_WORD = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_SPOKEN_JOIN = r"[ ]+(?:dot|period|underscore|dash|hyphen)[ ]+"
_SPOKEN_DOMAIN = (rf"[ ]+(?:at|@|at sign)[ ]+[a-z0-9-]+(?:[ ]+(?:dot|period)[ ]+[a-z0-9-]+)*[ ]+(?:dot|period)[ ]+"
                  rf"(?:{_SPOKEN_TLDS})(?![\w-])")
_SPOKEN_EMAIL = rf"(?i:{_SPOKEN_WORD}(?:{_SPOKEN_JOIN}{_SPOKEN_WORD})*{_SPOKEN_DOMAIN})"
# ... and one without a word before it that says it is an address (a caller answering `What's your email?`,
# the question in the turn before): a user name of joined words or spelled letters, which `look at example dot
# com` or `visit us at acme dot com` never has.
_SPELLED_LETTERS = r"[a-z0-9](?:-[a-z0-9]){2,}"
# (or its letters read back one by one between commas, a letter perhaps said with its word: `N as in November, O,
# M, dot, D, U, B, at gmail dot com`; red team 44)
_READ_BACK_LETTER = r"[a-z0-9](?:[ ]+as[ ]+in[ ]+[a-z]+)?"
_READ_BACK_LETTERS = rf"{_READ_BACK_LETTER}(?:,[ ]+(?:{_READ_BACK_LETTER}|dot|underscore|dash|hyphen)){{3,}},?"
_SPOKEN_EMAIL_ALONE = (rf"(?i:(?:{_SPOKEN_WORD}(?:{_SPOKEN_JOIN}{_SPOKEN_WORD})+|{_SPELLED_LETTERS}"
                       rf"|(?<![\w,]){_READ_BACK_LETTERS})"
                       rf"{_SPOKEN_DOMAIN})")


def spoken_digits(value: str) -> str:
    """The digits a spoken number says: `double seven oh one` -> 7701."""
    digits: list[str] = []
    repeat = 1
    words = re.findall(r"[^\W\d_]+|\d", value.lower())
    for index, word in enumerate(words):
        if word in ("double", "triple"):
            repeat = 2 if word == "double" else 3
            continue
        if word in _ROMANCE_TENS_VALUES:  # `cincuenta y cinco` is 55, `vinte` alone 20
            unit = words[index + 2] if index + 2 < len(words) and words[index + 1] in ("y", "e") else ""
            digit = str(_ROMANCE_TENS_VALUES[word] + int(_SPOKEN_DIGIT_VALUES.get(unit, "0")))
        elif index and words[index - 1] in ("y", "e") and words[index - 2] in _ROMANCE_TENS_VALUES:
            continue  # (the unit of the tens before it)
        else:
            digit = _SPOKEN_DIGIT_VALUES.get(word, word if word.isdigit() else "")
        digits.append(digit * repeat)
        repeat = 1
    return "".join(digits)


def _spoken_phone_ok(value: str) -> bool:
    digits = spoken_digits(value)
    return 7 <= len(digits) <= 15 and not _spoken_card_ok(value) and not value.replace(" ", "").isdigit()


# One digit in words, English, Spanish or Portuguese, or a numeral.
_SPOKEN_SINGLE_DIGIT = rf"(?:{_DIGIT_NAMES}|{_ROMANCE_UNIT}|\d)"


def _spoken_postcode_ok(value: str) -> bool:
    return 4 <= len(spoken_digits(value)) <= 10 and not value.replace(" ", "").isdigit()


def _spoken_account_ok(value: str) -> bool:
    digits = spoken_digits(value)
    return 16 <= len(digits) <= 34 and not _spoken_card_ok(value)


def _spoken_card_ok(value: str) -> bool:
    digits = spoken_digits(value)
    return 13 <= len(digits) <= 19 and luhn_ok(digits)


# Column and field names that hold one person's national or tax number, in queries and logs (`id_column_assignment`).
_ID_COLUMNS = ("dni", "cpf", "curp", "cuil", "rut", "nss", "nif", "nie", "nino", "aadhaar", "tfn", "bsn",
               "pesel", "cnp", "cnic", "nric", "hkid", "rrn", "tckn", "cedula", "numero_documento", "document_number",
               "passport_number", "passport_no", "national_id", "steuer_id", "codice_fiscale", "personnummer",
               "ird_number", "uan", "philhealth", "sss_number", "sozialversicherungsnummer", "svnr", "nhs_number")
_ID_COLUMN_NAMES = "|".join(sorted(_ID_COLUMNS, key=len, reverse=True))
_ID_COLUMN_KEYWORDS = tuple(name.partition("_")[0] for name in _ID_COLUMNS)


def _id_column_value_ok(value: str) -> bool:
    return len(digits_of(value)) >= 5 and _ISO_DATE.match(value) is None


# The default separator between a cue and its value (see `CueRule.separator`).
_MARK_SEPARATOR = (rf"(?:[\]\\\"']{{0,3}}{_PARENTHETICAL}\s*"
                   r"(?:(?:[:=#]|\b(?:is|was|es|ist|est)\b)\s*)?[\\\"']{0,2})")


# A coordinate in degrees, minutes and seconds as exiftool prints it (`30 deg 30' 46.35`, `30°30'46.35`), without
# its seconds mark and hemisphere, which each reader spells its own way.
DEGREES_MINUTES_SECONDS = r"\d{1,3}[ \t]?(?:deg|°)[ \t]?\d{1,2}'[ \t]?\d{1,2}(?:\.\d+)?"


@dataclass(frozen=True)
class CueRule:
    name: str
    entity: str
    cue: str  # matched case-insensitively
    value: str  # matched case-sensitively, right after the cue and a separator
    validator: Callable[[str], bool] = _always
    # Between cue and value: `:`, `=`, `#`, "is" (`es`, `ist`, `est`), quotes (escaped too: a JSON body in
    # a text), a form field's bracket (`[card][cvc]=713`), the parenthetical a PDF form's text keeps
    # after its label (`Date of Birth (mm/dd/yyyy)`, `Routing Number (RTN):`); per rule if needed.
    # (Whitespace on either side of the mark belongs to one place only: `\s*(?:mark)?\s*` tries every
    # split of a long run of spaces, quadratic in its length.)
    separator: str = _MARK_SEPARATOR
    # Lower-case words (or characters) of which the cue always contains one, at the start of a word:
    # the rule's regex only runs on a text where one of them is (see `rules_worth_running`).
    keywords: tuple[str, ...] = ()
    # How many keyword occurrences a text needs: a spoken number is seven digit words, and `one` alone
    # is in most texts.
    min_keywords: int = 1
    # The characters a match of the cue can start with, if the rule names them (built from the cue's own
    # word list, `first_characters`): a cue that is a long alternation (fifty role labels) is otherwise
    # tried at every position of a long text; the lookahead lets most positions fail at once.
    first_chars: str = ""

    def __post_init__(self) -> None:
        if not self.keywords:
            raise ValueError(f"cue rule {self.name} has no keywords")

    def compile(self) -> re.Pattern[str]:
        # (inside the case-insensitive group: the lookahead folds case exactly as the cue's words do)
        start = f"(?=[{re.escape(self.first_chars)}])" if self.first_chars else ""
        return re.compile(f"(?i:{start}{self.cue}){self.separator}(?P<value>{self.value})")

    def compile_value(self) -> re.Pattern[str]:
        """The value alone, matched where `ANOTHER_ONES` ends (see `more_values`)."""
        return re.compile(f"(?P<value>{self.value})")


# After a labelled value, another of the same kind that is someone else's: `My PPSN is 1234567T and his is
# 7654321G`, `..., and mine is ...`, `; my wife's: ...`. Tried only right after a cue's value (no cost
# elsewhere); what follows must still have the rule's shape and pass its check.
ANOTHER_ONES = re.compile(
    r"[ \t]*[,;]?[ \t]*(?:(?:and|&|but|while|whereas)[ \t]+)?"
    r"(?:his|hers|mine|theirs|ours|yours|(?:my|his|her|their|our|your)[ \t]+[^\W\d_]+['’]s|[^\W\d_]+['’]s)"
    r"(?:[ \t]+(?:one|number|no\.?))?(?:[ \t]+(?:is|was)[ \t]+|[ \t]*[:=][ \t]*)",
    re.IGNORECASE)
_MORE_VALUES_MAX = 3


def more_values(text: str, end: int, value: re.Pattern[str], validator: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The spans of values of the same kind continuing a cue's value that ends at `end` (`ANOTHER_ONES`)."""
    spans: list[tuple[int, int]] = []
    while len(spans) < _MORE_VALUES_MAX and (joint := ANOTHER_ONES.match(text, end)) is not None:
        found = value.match(text, joint.end())
        if found is None or not validator(found.group("value")):
            break
        spans.append(found.span("value"))
        end = found.end("value")
    return spans


def first_characters(*words: str) -> str:
    """The first characters of `words`, for `CueRule.first_chars`."""
    return "".join(sorted({word[0] for word in words}))


# The words that begin the greeting, sign-off and coordinates cues (each cue starts with one: their first
# characters are the rules' `first_chars`).
_GREETING_KEYWORDS = ("dear", "hi", "hello", "hey", "hallo", "bonjour", "hola", "olá", "ola", "ciao", "salut", "hej",
                      "cześć", "thanks", "thank", "merhaba", "halo", "xin", "namaste", "buongiorno", "bom", "buenos",
                      "guten", "goedendag", "dzień", "querid", "caro", "cara", "liebe", "beste")
# A greeting at the start of a line, a sentence or after a tag (`<p>Dear`), the `greeting` rules' cue.
_GREETING_CUE = (r"(?:^|(?<=\n)|(?<=[.!?>]\s)|(?<=>))"
                 r"(?:dear|hi|hello|hey|hallo|bonjour|hola|olá|ola|ciao|salut|hej|cześć|thanks|thank you|merhaba|halo"
                 r"|xin chào|namaste|buongiorno|bom dia|buenos días|guten tag|goedendag|dzień dobry|querid[oa]|car[oa]"
                 r"|liebe[r]?|beste)\b")
_SIGN_OFF_KEYWORDS = ("regards", "best", "thanks", "thank", "cheers", "sincerely", "warmly", "respectfully",
                      "gratitude", "gratefully", "appreciation", "yours")
_COORDINATE_KEYWORDS = ("origin", "destination", "waypoint", "latlng", "lat_lng", "latlon", "lat_lon", "lat/lng",
                        "coord", "gps", "location", "position", "pickup", "dropoff", "drop-off", "ping", "last ping",
                        "geo")
# (also joined by `_` or `-`, as YAML and logs name a field: `passport_number: NXR4K81P2`; red team 47)
_NUMBER_WORDS = r"(?:[\s_-]*(?:number|num\.?|no\.?|nr\.?|#|id))?"
_US_STATE_CODES = ("AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY"
                    "|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY")
_US_STATE_NAMES = "|".join((
    "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
    "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
    "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
    "Nevada", "New[ \t]+Hampshire", "New[ \t]+Jersey", "New[ \t]+Mexico", "New[ \t]+York", "North[ \t]+Carolina",
    "North[ \t]+Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode[ \t]+Island", "South[ \t]+Carolina",
    "South[ \t]+Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West[ \t]+Virginia",
    "Wisconsin", "Wyoming"))
# The end of a door's, a PIN's or a one-time code's digits: no word, path, time or decimal goes on from them.
_CODE_END = r"(?![\w/:-]|[.,]\d)"
# What a keypad's code may end with: its `#` or `*`, or a letter (`8841#`, `1947B`).
_KEYPAD_SUFFIX = r"(?:[#*]|(?-i:[A-Z])(?![\w]))?"
# An insurance policy's or contract's number: a series of letters or not, six characters or more, a digit first.
_POLICY_NUMBER = r"[A-Z]{0,4}-?\d[\dA-Z-]{5,24}(?![\w-])"
_MBI_LETTERS = "AC-HJKMNP-RT-Y"
_MBI_LETTER = f"[{_MBI_LETTERS}]"
# Between a code's name and the code, a few words may say which one before `is` (`alarm code for the side door
# is still 8814`, `my IP PIN this year is 482917`); else the usual marks.
# (German, French and Spanish too: `Die PIN für mein ELSTER-Zertifikat ist 739104`, `le code de la porte est 4471`.)
_PHRASE_THEN_VALUE = (r"(?:[ \t]+(?:for|of|to|at|on|this|that|f[üu]r|vom|von|zum|zur|der|de|du|des|del|pour|para)"
                      r"[ \t]+[\w' -]{1,30}?[ \t]+(?:is|was|ist|war|est|[ée]tait|es|era)[ \t]+"
                      rf"(?:(?:still|now|just)[ \t]+)?|{_MARK_SEPARATOR}(?:(?:still|now)[ \t]+)?)")
# Between an id's name and its value: a colon, `is`, or a table's cell border (`| TFN | 123 456 782 |`).
_ID_CELL_SEPARATOR = r"(?:[ \t]*(?:[:=#|]|\bis\b)?[ \t]*)"
# One to four capitalised words (an initial with a period may sit between): a person's name.
# A name word is a capital, then a small letter (not an acronym), then any letters.
# (An apostrophe inside a name, `O'Neill`, `Dell'Acqua`; not a possessive's: `Patel's order` names `Patel`.)
_NAME_WORD = (rf"[{CAPITAL}](?:[{SMALL}]|['’][{CAPITAL}])(?:[^\W\d_]|-|['’](?=[^\W\d_])(?!s(?![^\W\d_])))*"
              r"(?![^\W\d_])")
# The letters after a clinician's name (not `DO`: a verb as often).
_CLINICAL_CREDENTIAL_WORDS = ("md", "rn", "np", "pa-c", "rdh", "dds", "dmd", "pharmd", "dvm", "lcsw", "phd", "crna",
                              "fnp", "aprn", "lpn", "dnp", "mbbs", "frcs", "mrcp")
_CLINICAL_CREDENTIALS = "|".join(word.upper().replace("PHARMD", "PharmD").replace("PHD", "PhD")
                                 for word in _CLINICAL_CREDENTIAL_WORDS)
# (A wider gap is a column's: a PDF form's `Name of Subscriber: Marguerite  A.  Okonjo            Relationship`.)
_NAME = rf"{_NAME_WORD}(?:[ \t]{{1,3}}(?:[{CAPITAL}]\.|{_NAME_WORD})){{0,3}}"
_FULL_NAME = rf"{_NAME_WORD}(?:[ \t]{{1,3}}(?:[{CAPITAL}]\.|{_NAME_WORD})){{1,3}}"
# A full name in capitals after a label that names a person (`Applicant: OLUWADAMILARE FASHOLA`): two to four
# words of two capitals or more (not `Applicant: N/A`).
_CAPITALS_NAME_WORD = rf"[{CAPITAL}][{CAPITAL}'’-]*[{CAPITAL}](?![^\W\d_])"
# (a middle initial between them, as a card or an ID prints it: `SARAH J CONNOR`, `SARAH J. CONNOR`)
# (or family name first, as a chart, a claim form or a fax writes it: `Patient name: Baptiste, Cornelius`,
# `PATIENT NAME: BAPTISTE, CORNELIUS`; one token with the name in prose's order, see `canonical_value`)
_LABELLED_FULL_NAME = (rf"(?:{_NAME_WORD},[ \t]{_NAME_WORD}(?:[ \t](?:[{CAPITAL}]\.|{_NAME_WORD}))?(?![ \t]*[,&])"
                       rf"|{_CAPITALS_NAME_WORD},[ \t]{_CAPITALS_NAME_WORD}(?:[ \t][{CAPITAL}]\.?)?(?![ \t]*[,&])"
                       rf"|{_FULL_NAME}|{_CAPITALS_NAME_WORD}"
                       rf"(?:[ \t]{{1,3}}(?:[{CAPITAL}]\.?[ \t]+)?{_CAPITALS_NAME_WORD}){{1,3}})")
# One given or family name of a full name, as it is written on its own (`Thanks Priya,`, `Mr. Volkov's file`,
# `Michał`; see `name_parts`).
_NAME_PART = re.compile(rf"(?:Mc|Mac|O'|D')?[{CAPITAL}][{SMALL}]+(?:[-'’][{CAPITAL}][{SMALL}]+)?")
# Days and months follow names in prose ("Mrs. Abernathy-Kowalski Tuesday"); they are no family names.
_CALENDAR_WORDS = (
    "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    "August|September|October|November|December|Today|Tomorrow|Yesterday)"
)
# A title before a name is not part of it: "Dear Dr. Jane Roe," is Jane Roe's token, "Hallo Frau Dr.
# Schneider," Schneider's.
_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Madam|Herr|Frau|Sra|Srta|Sr|Mme|Mlle)\.?[ \t]+){0,2}"
# Titles only people bear, in German, Spanish, French and Italian: after one, a family name alone is a
# name (`Herr Müller`, `Sra. López`, `Mme Lefèvre`). Not French `M.`: an initial as often as Monsieur.
_PERSONAL_TITLE = (r"\b(?-i:Herr|Frau|Sr\.|Sra\.?|Srta\.?|Mme\.?|Mlle\.?|Dott(?:\.ssa|\.)|Sig\.(?:ra|na)"
                   # Dutch, Polish and Indonesian: `Dhr. de Jong`, `Mevr. Bakker`, `Pani Magdalena`, `Ibu Sari`
                   r"|Dhr\.|Mevr\.|Pani|Ibu)(?![\w.])")
# Between such a title and the name: academic titles and Spanish Don/Doña (`Frau Dr. med.`, `Herr
# Professor`, `Sr. D.`).
_HONORIFICS = (
    r"(?:(?:(?:Dr|Dra|Prof|D|Dña)\.|Dª|Dr|Prof|Doktor|Professor|Professorin)"
    r"(?:[ \t]+(?:med|dent|vet|phil|jur|rer\.[ \t]?nat)\.)?[ \t]+){0,2}"
)
# A Gaelic particle before a family name (`Mr. Ó Súilleabháin`, `Ms. Aoife Ní Bhriain`, `Mac Giolla Phádraig`).
_GAELIC_PARTICLE = rf"(?:(?-i:{'|'.join(sorted(GAELIC_PARTICLES))})(?:[ \t]+(?-i:Giolla|Ghiolla))?[ \t]+)?"
# Lower-case particles of family names (`Frau von der Leyen`, `Sra. de la Fuente`); not German articles
# alone (`Herr der Ringe`, `der Frau das Buch`).
# (and Dutch ones: `mr. E.J. van der Linde`, `Dhr. van de Berg`, `ter Horst`, `in 't Veld`; red team 61)
_PARTICLE = (r"(?:(?:(?:von|van)(?:[ \t]+(?:der|den|dem|de|het|['’]t))?|(?:in|op)[ \t]+(?:de|der|den|het|['’]t)"
             r"|ter|ten|de(?:[ \t]+(?:la|las|los))?|del|della|di|da|du)[ \t]+)?")
# The name such a title addresses: a family name alone or up to three words, an initial between them (`Herr
# Müller`, `Sra. María López García`, `Ing. Fabrizio Colombo`).
_ADDRESSED_NAME = (rf"{_PARTICLE}{_NAME_WORD}(?:[ \t]+(?:[{CAPITAL}]\.[ \t]+)?(?!{_CALENDAR_WORDS}\b){_PARTICLE}"
                   rf"{_NAME_WORD}){{0,2}}")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
# French, Spanish, German, Italian and Portuguese months, written out (lower-case but in German).
_FOREIGN_MONTH = (
    r"(?i:janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre"
    r"|enero|febrero|marzo|abril|mayo|junio|julio|agosto|s(?:ep)?tiembre|octubre|noviembre|diciembre"
    r"|januar|jänner|februar|märz|april|juni|juli|august|september|oktober|dezember"
    r"|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
    r"|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro"
    # (Dutch: `23 augustus 1989`, `4 maart 1947`; red team 60)
    r"|januari|februari|maart|mei|augustus)"
)
_DATE = (
    # (a sentence's full stop may follow: `DOB 14/03/1968. There`; a fourth group may not: `1.2.3.4`)
    r"\d{4}-\d{2}-\d{2}(?![\d:T])|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?![\d/-]|\.\d)"
    # (the year first with slashes or dots: `D.O.B. 1961/04/09`)
    r"|(?:19|20)\d{2}(?:/(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])(?![\d/])"
    r"|\.(?:0?[1-9]|1[0-2])\.(?:0?[1-9]|[12]\d|3[01])(?!\d|\.\d))"
    # `DOB: 19620314` (a pharmacy claim's, an X12 segment's CCYYMMDD)
    r"|(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?![\d.:T-])"
    # (`5th of June 1990`, `the 5th of June, 1990`: a spoken date)
    rf"|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?i:{_MONTH}),?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?\d{{4}}"
    # `14 juillet 1979`, `1er mars 1980`, `14 de julio de 1979`, `3. März 1978`
    rf"|(?:\d{{1,2}}(?:er|\.|º|°)?\s+(?:de\s+)?)?{_FOREIGN_MONTH}\s+(?:de\s+)?\d{{4}}(?!\d)"
    # the month's name between dashes or slashes, as a pharmacy's or an airline's system prints it (`DOB
    # 11-Nov-1990`, `14/MAR/82`; red team 44)
    rf"|\d{{1,2}}(?:-(?i:{_MONTH})-|/(?i:{_MONTH})/)(?:\d{{4}}|\d{{2}})(?![\d/-]|\.\d)"
    # a year said in two digits: `March 22nd '64`, `22 March '64`, `2 de febrero del 85` (red team 58)
    rf"|(?:(?i:{_MONTH})[ \t]+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(?i:{_MONTH})),?"
    r"[ \t]+['’]\d{2}(?![\w'’])"
    rf"|\d{{1,2}}[ \t]+de[ \t]+{_FOREIGN_MONTH}[ \t]+del[ \t]+\d{{2}}(?!\d)"
    # a bilingual card's month, English then French (`11 DEC /DÉC 91`, a UK or Canadian card's; red team 58)
    rf"|\d{{1,2}}[ \t]+(?i:{_MONTH})[ \t]*/[ \t]*[A-ZÀ-Þ]{{3,4}}\.?[ \t]+(?:\d{{4}}|\d{{2}})(?!\d)"
)
# A date said aloud: an ordinal day and the month either way round, then a year in words (`March third nineteen
# eighty-four`, `ninth of November nineteen ninety`, `August thirtieth two thousand sixteen`).
_SPOKEN_ORDINAL = (r"(?:(?:twenty|thirty)[ -])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
                   r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth"
                   r"|nineteenth|twentieth|thirtieth|\d{1,2}(?:st|nd|rd|th)")
_SPOKEN_NUMBER_WORD = (rf"(?:{_DIGIT_NAMES}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen"
                       r"|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)")
_SPOKEN_YEAR = (r"(?:nineteen|two[ \t]+thousand(?:[ \t]+and)?|twenty)"
                rf"(?:[ \t]+(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -]{_UNITS})?"
                rf"|oh[ \t]+{_UNITS}|{_UNITS}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen"
                r"|nineteen))?")
# (the ordinal before the month without `of` too, as India and Britain say it: `twenty third January nineteen eighty
# seven`; red team 52)
_SPOKEN_DATE = (rf"(?i:(?:{_MONTH}[ \t]+(?:the[ \t]+)?(?:{_SPOKEN_ORDINAL})"
                rf"|(?:{_SPOKEN_ORDINAL})[ \t]+(?:of[ \t]+)?{_MONTH}),?[ \t]+{_SPOKEN_YEAR})(?![\w-])")
# ... and in Spanish and Portuguese: `tres de enero de mil novecientos noventa y nueve`, `vinte e dois de agosto de
# noventa e um`, `quince de marzo del ochenta y siete` (red team 52).
_ROMANCE_MONTH = (r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre"
                  r"|diciembre|janeiro|fevereiro|março|marco|maio|junho|julho|setembro|outubro|novembro|dezembro)")
_ROMANCE_YEAR = (r"(?:(?:mil[ \t]+novecient[oa]s|dos[ \t]+mil|dois[ \t]+mil)(?:[ \t]+[ye])?(?:[ \t]+"
                 rf"{_ROMANCE_NUMBER})?|{_ROMANCE_NUMBER})")
_ROMANCE_SPOKEN_DATE = (rf"(?i:(?:primero|primeiro|{_ROMANCE_NUMBER})[ \t]+de[ \t]+{_ROMANCE_MONTH}[ \t]+del?[ \t]+"
                        rf"{_ROMANCE_YEAR})(?![\w-])")
# A date of birth's label in English (`DOB`, `date of birth`, `birthdate`, `birthday`).
_BIRTH_DATE_LABEL = r"\bd\.?o\.?b\b\.?|\bdate[ _-]of[ _-]birth|\bbirth[ _-]?date|\bbirthday(?:['’]s)?"
# Where someone was born, between `born`, `né`, `nato` and the date: `nato a Roma il 3 marzo 1980`.
# (Dutch `geboren te Zwolle op`; an Italian town's province after it, `nato a PALERMO (PA) il`; red team 60)
_BIRTHPLACE = r"\s+(?:in|at|a|à|en|em|te)\s+[^\W\d_]+(?:[ '’-][^\W\d_]+){0,3}(?:\s*\([A-Z]{2}\))?"
# Who a parent says was born (`my son`, `our youngest daughter`, `his twins`).
_CHILD_WORDS = (r"(?:(?:little|baby|newborn|new|eldest|oldest|youngest|middle|younger|older|first|second|third|twin)"
                r"[ \t]+)?(?:son|daughter|child|kid|baby|boy|girl|twin|grand(?:son|daughter|child)|niece|nephew|brother"
                r"|sister|step(?:son|daughter))s?")
_PERSON_LABELS = (
    r"(?:full|legal|first|last|given|family|customer|client|patient|passenger|guest|card ?holder|account ?holder|"
    r"applicant|candidate|employee|contact|travell?er|member|caller|recipient|sender|beneficiary|insured|"
    r"policy ?holder|tenant|buyer|seller|driver|student|user|witness|landlord|owner|signer|signatory|technician|"
    r"agent|spouse|guardian|parent|child|carer|caregiver|father'?s|mother'?s|maiden)[ _-]?name"
)

# A claim form's `Name of Subscriber:`, `Name of Insured:` (red team 47).
_NAME_OF_PARTY = (r"name[ \t]+of[ \t]+(?:the[ \t]+)?(?:subscriber|insured|patient|policy ?holder|member|employee|"
                  r"applicant|dependent|dependant|beneficiary|guarantor|parent|guardian|spouse|account ?holder|"
                  r"card ?holder|deceased|child|student|claimant|tenant|owner)")

# The name a card, an account or a document bears: `Name on card`, `name as it appears on your ID`.
_NAME_ON_DOCUMENT = (r"name[ \t]+(?:on|as[ \t]+(?:shown|printed|written|it[ \t]+appears)[ \t]+on)[ \t]+"
                     r"(?:the[ \t]+|your[ \t]+)?(?:(?:credit|debit|bank)[ \t]+)?"
                     r"(?:card|account|id|passport|licen[cs]e|ticket|booking|reservation|cheque|check)")

# Roles a label names a person by (`Tenant:`, `Claimant:`), one keyword each for the cheap gate.
_ROLE_LABEL_WORDS = (
    "patient", "passenger", "cardholder", "account holder", "applicant", "candidate", "beneficiary", "tenant",
    "landlord", "lessee", "lessor", "witness", "claimant", "insured", "policyholder", "policy holder", "driver",
    "registered owner", "guest", "guardian", "parent", "student", "employee", "caller", "adjuster", "officer",
    "spouse", "dependent", "dependant", "next of kin", "emergency contact", "payee", "debtor", "signatory",
    "interviewer", "interviewee", "attendee", "organizer", "organiser", "referee", "customer", "client",
    "carer", "caregiver", "care giver", "recruiter", "hiring manager", "donor", "deceased", "decedent", "courier",
    # (red team 38: a shipment's, a loan's and a sale's parties; a letter's `Attn:`)
    "attn", "consignee", "shipper", "guarantor", "co-applicant", "co-borrower", "co-signer", "cosigner",
    "buyer", "seller", "lead passenger", "opposing counsel",
    # (red team 44: an onboarding form's list of contacts, a tax return's agent)
    "emergency contacts", "tax agent",
)
_ROLE_LABELS = "|".join(re.escape(word).replace(r"\ ", " ") for word in _ROLE_LABEL_WORDS)
# A CV's referees, in the languages of its recruiting traces (red team 41). A document's references are works and
# firms as often (`References: Stack Overflow Developer Survey`, `Referenzen: Deutsche Bahn AG`; red team 42): the
# name after them starts with a known given name.
_REFEREE_LABEL_WORDS = ("reference", "references", "referees", "referenz", "referenzen", "références", "referencias",
                        "referenze", "referências", "referenties")
# The `relative` rule's cheap gate: each possessive with the start of each kinship word after it.
_RELATIVE_KEYWORDS = {
    "my": ("wife", "husband", "partner", "son", "daughter", "mother", "father", "mum", "mom", "dad", "brother",
           "sister", "fianc", "grand", "uncle", "aunt", "niece", "nephew", "cousin"),
    "mi": ("mujer", "marido", "espos", "hij", "madre", "padre", "herman", "pareja", "abuel", "novi", "tí", "ti",
           "prim", "sobrin", "cuñad", "suegr"),
    "ma": ("femme", "fille", "mère", "mere", "sœur", "soeur", "compagne"),
    "mon": ("mari", "fils", "père", "pere", "frère", "frere", "compagnon"),
    "meine": ("tochter", "mutter", "schwester", "ehefrau", "partnerin"),
    "mein": ("sohn", "vater", "bruder", "ehemann", "mann", "partner"),
}
_ROLE_LABEL_KEYWORDS = tuple(dict.fromkeys(word.split()[0] for word in _ROLE_LABEL_WORDS))
# Where a sentence goes on after a name it introduces: `this is priya raman from billing`.
_AFTER_A_NAME = r"(?:from|at|with|on|here|and|calling|speaking)"
# A relative named by a possessive and a kinship word: `my wife Jo Ho`, `mi hija`, `meine Tochter`.
_RELATIVE_CUE = (
    r"\bmy[ \t]+(?:wife|husband|partner|son|daughter|mother|father|mum|mom|dad|brother|sister|fianc[ée]e?"
    r"|grand(?:mother|father|son|daughter)|uncle|aunt|niece|nephew|cousin)"
    r"|\bmi[ \t]+(?:mujer|marido|esposa|esposo|hij[oa]|madre|padre|herman[oa]|pareja|abuel[oa]|novi[oa]"
    # (`mi tío José Luis Huamán`, `mi prima`, `mi cuñado`; red team 43)
    r"|t[íi][oa]|prim[oa]|sobrin[oa]|cuñad[oa]|suegr[oa])"
    r"|\bma[ \t]+(?:femme|fille|m[èe]re|s(?:œ|oe)ur|compagne)"
    r"|\bmon[ \t]+(?:mari|fils|p[èe]re|fr[èe]re|compagnon)"
    r"|\bmeine[ \t]+(?:Tochter|Mutter|Schwester|Ehefrau|Partnerin)"
    r"|\bmein[ \t]+(?:Sohn|Vater|Bruder|Ehemann|Mann|Partner)"
)
# Kinship words after another's possessive (`her late husband`, `his daughter`), and a speaker's ties to people
# outside the family (`my boss`, `my landlord`): red team 41.
# (Not `partner`: `our partner Microsoft` is a firm.)
_KINSHIP_WORDS = ("wife", "husband", "son", "daughter", "mother", "father", "mum", "mom", "dad", "brother",
                  "sister", "fiancé", "fiancée", "fiance", "fiancee", "grandmother", "grandfather", "grandson",
                  "granddaughter", "uncle", "aunt", "niece", "nephew", "cousin", "widow", "widower")
_KINSHIP = "(?:" + "|".join(sorted(_KINSHIP_WORDS, key=len, reverse=True)) + ")"
_KINSHIP_KEYWORDS = _KINSHIP_WORDS
_TIE_WORDS = ("boss", "manager", "supervisor", "landlord", "landlady", "neighbour", "neighbor", "colleague",
              "coworker", "co-worker", "roommate", "flatmate", "housemate", "friend", "boyfriend", "girlfriend",
              "caseworker", "carer", "caregiver", "lawyer", "attorney", "accountant", "tutor", "teacher")
_TIES = "(?:" + "|".join(re.escape(word) for word in sorted(_TIE_WORDS, key=len, reverse=True)) + ")"
# (Not the Spanish and Italian ones: `Tia Maria`, `Zio Pepe`, `Nonno Nanni` are a liqueur, a restaurant, a cheese.)
_KINSHIP_TITLES = ("Uncle", "Auntie", "Aunty", "Aunt", "Grandma", "Grandpa", "Granny", "Nana", "Cousin", "Tante",
                   "Onkel", "Oma", "Opa")
# Whom a kinship title names that is nobody's relative, per title: a country's personification and brands (`Uncle
# Sam`, `Aunt Jemima`), and public and fictional people known by the title whose given name a relative rarely has
# or who are what the text quotes (red team 42: coding agents quote `Uncle Bob`, Robert C. Martin, all the time; a
# grocery's `Granny Smith` apples; plays, films and books in a catalogue's results). Only those names the given-name
# lists hold (the rule asks for one), and only with that title. Not the common names of fiction's relatives
# (`Grandpa Joe`, `Cousin Greg`, `Aunt Polly`): a seating chart's are real.
_PUBLIC_KINSHIP_NAMES = {
    "Uncle": ("Sam", "Ben", "Tom", "Bob", "Buck", "Vanya", "Remus"), "Aunt": ("Jemima",), "Auntie": ("Mame",),
    "Cousin": ("Bette",), "Grandma": ("Moses",), "Grandpa": ("Simpson",), "Granny": ("Smith",), "Onkel": ("Dagobert",),
}


def _kinship_title_cue(title: str) -> str:
    """The title, unless the public name it is part of follows it (`Uncle` not before `Sam`, `Bob`, ...)."""
    names = _PUBLIC_KINSHIP_NAMES.get(title)
    return title if names is None else rf"{title}(?![ \t]+(?:{'|'.join(names)})\b)"


def _is_named_by_tie(value: str) -> bool:
    """A name after `her late husband`, `my boss`: a known given name first, or a full name (`my friend Google`
    names a firm)."""
    return (_starts_with_given_name(value) or " " in value) and is_plausible_person(value)


_RELATIVE_CUE_KEYWORDS = tuple(f"{mine} {relative}" for mine, relatives in _RELATIVE_KEYWORDS.items()
                               for relative in relatives)

# Brands and characters named with a title (`Dr Pepper Zero`, `Dr. Oetker`, `Dr. Martens`, `Mr. Clean`).
# Up to three capitalised Cyrillic words (a Russian or Ukrainian name: `Олена Ковальчук`, `Ковальчук Олена Петрівна`).
_CYRILLIC_NAME = r"[А-ЯЁІЇЄҐ][а-яёіїєґ'’]+(?:-[А-ЯЁІЇЄҐ][а-яёіїєґ]+)?(?:[ ][А-ЯЁІЇЄҐ][а-яёіїєґ'’]+){0,2}(?![\w])"
_TITLED_BRANDS = frozenset({"pepper", "oetker", "martens", "scholl", "scholl's", "bronner", "bronner's", "seuss",
                            "who", "strangelove", "jart", "clean", "muscle", "potato", "bean", "robot"})
# What `titled_name` checks a name without: its leading initials and particles (`E.J. van der Linde` is `Linde`).
_LEADING_INITIALS_AND_PARTICLE = re.compile(rf"(?:[{CAPITAL}]\.[ \t]?)*[ \t]*{_PARTICLE}")


def _is_titled_person(value: str) -> bool:
    leading = _LEADING_INITIALS_AND_PARTICLE.match(value)
    name = value[leading.end():] if leading else value
    return is_plausible_person(name) and value.split(maxsplit=1)[0].lower() not in _TITLED_BRANDS


# Keys that hold a person's name, as a record written as text spells them (see `quoted_person_key`).
# (Not `client`, `client_name`, `tenant`: an OAuth client's or a SaaS tenant's name in code and logs.)
_PERSON_KEY_WORDS = (
    "full_name", "fullname", "full name", "display_name", "displayName", "customer", "customer_name",
    "customerName", "contact", "contact_name", "holder", "account_holder", "cardholder", "card_holder", "patient",
    "patient_name", "employee", "employee_name", "author", "assignee", "requester", "reporter", "recipient_name",
    "guest", "guest_name", "passenger", "passenger_name", "traveler", "traveller", "applicant", "candidate",
    "member_name", "owner", "owner_name", "beneficiary", "payee", "insured",
)
_NAME_KEY = r"(?:\\?['\"]name\\?['\"]\s*:|(?<![\w.-])name[ \t]*=)"
_CONTACT_KEY = (r"(?<![\w-])(?:e-?mail(?:_address)?|phone(?:_number)?|mobile|tel|dob|date_of_birth|birth_?date|ssn)"
                r"\\?['\"]?\s*[:=]")
# (the same record: no bracket between, no blank line or TOML table header)
_SAME_RECORD = r"(?:[^{}()\n]|\n(?![\n\[]))" + "{0,200}?"
_PERSON_KEYS = "|".join(re.escape(key).replace(r"\ ", " ") for key in _PERSON_KEY_WORDS)
_PERSON_KEY_KEYWORDS = tuple(dict.fromkeys(key.split("_")[0].split()[0].lower() for key in _PERSON_KEY_WORDS))
# A quote after a name closes the string it is in (`user.name 'Jane Roe'`); it is no apostrophe of the name.
_NO_CLOSING_QUOTE = r"(?<!['’])"
# A name as git records an identity: one to four words, family-name particles between them (`Ludwig van
# Beethoven`, `João da Silva`).
_GIT_NAME = rf"{_NAME_WORD}(?:[ \t]+{_PARTICLE}(?:[{CAPITAL}]\.|{_NAME_WORD})){{0,3}}{_NO_CLOSING_QUOTE}"
# Identities git writes that are no one's: `git blame`'s uncommitted lines (`Not Committed Yet`), CI and
# hosting accounts (`GitHub Actions`, `GitLab CI`, `Renovate Bot`).
_GIT_NOT_PEOPLE = frozenset({
    "committed", "github", "gitlab", "bitbucket", "gitea", "actions", "action", "dependabot", "renovate",
    "pipeline", "pipelines", "automation", "automated", "workflow", "workflows", "ci", "cd", "release", "releases",
    "build", "builder", "deploy", "deployer",
})


def is_git_person(value: str) -> bool:
    """A person's name where git writes an author, a committer or `user.name`; not a CI account's."""
    words = {word.lower() for word in _LETTERS.findall(value)}
    return not words & _GIT_NOT_PEOPLE and is_plausible_person(value)


# What follows the author in a `git blame` line: a date (`--date=short`), with time and zone (the
# default), or epoch seconds and zone (`-t`); then the line number and the closing parenthesis.
_BLAME_TAIL = (
    r"(?=[ \t]+(?:\d{4}-\d{2}-\d{2}(?:[ \t]+\d{2}:\d{2}:\d{2}[ \t]+[+-]\d{4})?|\d{9,11}[ \t]+[+-]\d{4})"
    r"[ \t]+\d+\))"
)
# A line's start and end, also where a text holds an escaped JSON string (`...\\nauthor Jo Ho\\n...`).
_LINE_START = r"(?:^|(?<=\n)|(?<=\\n))"
_LINE_END = r"(?:\r?\n|\\[rn]|$)"

# An `EIN` right after a firm's legal form or an organisation's word, a blank or an opening parenthesis between
# (`Fairweather Labs (EIN ...)`, `Acme Inc. EIN ...`): lookbehinds of one width each, tried only after `EIN`.
_NOT_AFTER_A_FIRM = "".join(rf"(?<!{re.escape(word + dot + gap)}EIN)" for word in sorted(_ORGANISATION_WORDS)
                            for dot in ("", ".") for gap in (" ", " ("))

# National numbers of Africa, the Gulf, Latin America and South, South-East and East Asia as KYC and support agents
# log them in English or romanised (red team 43): each after its name, with its check where it has one.

# Between an id's name and its value: `_ID_CELL_SEPARATOR`'s marks, quotes (a JSON body in a text), `was`, Spanish
# `es`, and an HTML table's cell border (`<td>National ID</td><td>3100400087310</td>`).
_HTML_CELL_BORDER = r"</t[dh]>[ \t]*<t[dh](?:[ \t][^<>]{0,40})?>"
_ID_OR_HTML_CELL_SEPARATOR = (rf"(?:[\]\\\"']{{0,3}}[ \t]*(?:[:=#|]|\b(?:is|was|es)\b|{_HTML_CELL_BORDER})?"
                              r"[ \t]*[\\\"']{0,2})")
# After an id's name, the word for its number (`_NUMBER_WORDS` on one line, and Spanish `nº`, `núm.`, `número`).
_ID_NUMBER_MARK = r"(?:[ \t]*(?:number|num\.?|núm\.?|número|no\.?|nr\.?|n[º°]\.?|#))?"
_HKID_CHECK_KEYWORDS = tuple(f"({char})" for char in "0123456789a")
# India's UPI payment service providers' handles (`9820412277@ybl`, `rohanmehta@paytm`, `ananya.v@okhdfcbank`): a VPA
# at one of them is a payment address without a cue. (With a top-level domain it is an e-mail address.)
_UPI_HANDLES = ("ybl", "ibl", "axl", "okhdfcbank", "okaxis", "oksbi", "okicici", "paytm", "ptyes", "ptaxis", "pthdfc",
                "ptsbi", "apl", "yapl", "rapl", "upi", "icici", "sbi", "hdfcbank", "axisbank", "kotak", "yesbank",
                "idfcbank", "jupiteraxis", "fam", "slc", "freecharge", "airtel", "jio", "waicici", "waaxis",
                "wahdfcbank", "wasbi", "naviaxis", "superyes", "kbl", "pnb", "boi", "barodampay", "unionbank", "cnrb",
                "aubank", "indus", "federal", "dbs", "abfspay", "axisb", "ikwik", "mbk", "rbl", "postbank", "pingpay")
_UPI_HANDLE_PATTERN = "|".join(sorted(_UPI_HANDLES, key=len, reverse=True))
# Retail banks of those regions as their customers name them before `account` (`named_bank_account`).
_BANK_NAME_WORDS = ("FNB", "ABSA", "Absa", "Capitec", "Nedbank", "Standard Bank", "GTBank", "GTB", "UBA", "Zenith",
                    "Access Bank", "First Bank", "Equity Bank", "KCB", "Co-op Bank", "Ecobank", "Stanbic", "OPay",
                    "Kuda", "Moniepoint", "PalmPay", "BCA", "BRI", "BNI", "Mandiri", "Maybank", "CIMB", "Public Bank",
                    "RHB", "HDFC", "ICICI", "SBI", "Axis", "Kotak", "HBL", "MCB", "UBL", "Meezan", "BDO", "BPI",
                    "Metrobank", "Vietcombank", "Techcombank", "BIDV", "Shinhan", "Kookmin", "Woori", "Bancolombia",
                    "Davivienda", "Banamex", "BBVA", "Banorte", "Itaú", "Itau", "Bradesco", "Santander", "Nubank",
                    "Al Rajhi", "Emirates NBD", "ADCB", "Mashreq")
_BANK_NAMES = "|".join(re.escape(name).replace(r"\ ", "[ \t]+")
                       for name in sorted(_BANK_NAME_WORDS, key=len, reverse=True))
_BANK_KEYWORDS = tuple(dict.fromkeys(name.split()[0].lower() for name in _BANK_NAME_WORDS))
_MOBILE_MONEY_TRANSFER = r"\b(?:sent[ \t]+to|received[ \t]+from|paid[ \t]+to|transferred[ \t]+to)"
_MOBILE_MONEY_KEYWORDS = ("sent to", "received from", "paid to", "transferred to")


def _digits_not_repeated(value: str) -> bool:
    """Six digits or more, not one digit over and over (`0000-0000-0000-0000` is a form's placeholder)."""
    digits = digits_of(value)
    return len(digits) >= 6 and len(set(digits)) > 1


_AFRICA_ASIA_LATIN_AMERICA_RULES: tuple[CueRule, ...] = (
    # A South African identity number after `ID`, `ID number`, `identity number`, `SA ID` (`her ID is
    # 7512304089086`, `SA ID 8001015009087`): the birth date, the citizenship digit, Luhn. (A bare `ID` is in every
    # trace: these checks keep a 13-digit id or a timestamp in milliseconds.)
    CueRule("south_african_id", "ID_NUMBER",
            r"\b(?:(?:SA|RSA|South[ \t]+African)[ \t]+(?:national[ \t]+)?id|(?:national[ \t]+)?(?-i:ID|Id))\b"
            rf"(?:[ \t]+card)?{_ID_NUMBER_MARK}|\bid[ \t_-]*(?:number|no\.?)"
            r"|\bidentity[ \t]+(?:card[ \t]+)?(?:number|no\.?)",
            r"\d{6}[ ]?\d{4}[ ]?\d{3}(?![\d-])", south_african_id_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("id", "identity")),
    # A Thai national identification number (`Thai ID 1-1017-00203-45-0`, `<td>National ID</td><td>3100400087310`),
    # mod 11; only after a name that says national, Thai or identity card, not after a bare `ID`.
    CueRule("thai_id", "ID_NUMBER",
            rf"\b(?:Thai[ \t]+(?:national[ \t]+)?|national[ \t]+)ID(?:[ \t]+card)?{_ID_NUMBER_MARK}"
            r"|\bidentity[ \t]+card[ \t]+(?:number|no\.?)|เลขประจำตัวประชาชน|เลขบัตรประชาชน|บัตรประชาชน",
            r"[1-8][ -]?\d{4}[ -]?\d{5}[ -]?\d{2}[ -]?\d(?![\d-])", thai_id_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("thai", "national", "identity", "เลขประจำตัวประชาชน", "เลขบัตรประชาชน", "บัตรประชาชน")),
    # A Saudi national ID or a resident's Iqama (`Iqama 2190347852`, `رقم الهوية 1084527314`), with its Luhn digit.
    CueRule("saudi_id", "ID_NUMBER",
            rf"\biqama(?:[ \t]+id)?{_ID_NUMBER_MARK}|\bsaudi[ \t]+(?:national[ \t]+)?id(?:entity)?(?:[ \t]+card)?"
            rf"{_ID_NUMBER_MARK}|\bhawiy?ya|\bmuqeem|الهوية(?:[ \t]+الوطنية)?|هوية(?:[ \t]+وطنية)?|الإقامة|إقامة"
            r"|الاقامة|اقامة",
            r"[12]\d{9}(?![\d-])", saudi_id_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("iqama", "saudi", "hawiya", "hawiyya", "muqeem", "الهوية", "هوية", "الإقامة", "إقامة", "الاقامة",
                      "اقامة")),
    # An Argentine or a Peruvian DNI: digits only, seven or eight, dotted in Argentina (`DNI 32.458.917`, `DNI N°
    # 70123456`; a Spanish DNI's check letter after them is dni_nie's). No check digit is written.
    CueRule("dni_digits", "ID_NUMBER", rf"\b(?-i:DNI)\b{_ID_NUMBER_MARK}",
            # (a sentence's full stop may follow: `soy Rosa Quispe, DNI 45871236.`; red team 52)
            r"(?:\d{1,2}\.\d{3}\.\d{3}|\d{7,8})(?:-\d)?(?![\w-]|\.[\w.-]|[ ][A-Za-z](?![\w]))", _digits_not_repeated,
            keywords=("dni",)),
    # Argentina's tax and labour numbers (CUIT, CUIL: a type, the DNI, a mod-11 check digit), after their names or,
    # written with their hyphens, alone (`20-28774512-6`: a person's type first; a company's, 30, 33 or 34, is
    # public; see `validators.phone_score` for why neither is a phone number).
    CueRule("cuit_cuil", "ID_NUMBER", rf"\b(?-i:CUIT|CUIL|CDI)\b{_ID_NUMBER_MARK}",
            r"\d{2}-?\d{8}-?\d(?![\d-])", personal_cuit_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("cuit", "cuil", "cdi")),
    CueRule("cuit_shape", "ID_NUMBER", "", r"(?<![\d-])2[0347]-\d{8}-\d(?![\d-])", personal_cuit_ok,
            separator="", keywords=("20-", "23-", "24-", "27-")),
    # A Chilean RUT or RUN with its mod-11 check character (`RUT 16.482.391-1`, `RUT: 21034117K`).
    CueRule("chilean_rut", "ID_NUMBER",
            r"\b(?-i:RUT|RUN|R\.U\.T\.?|R\.U\.N\.?)(?![\w])|\brol[ \t]+[úu]nico[ \t]+(?:tributario|nacional)",
            r"\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK](?![\w-])", personal_rut_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("rut", "run", "r.u.t", "r.u.n", "rol único", "rol unico")),
    # A Colombian (or Ecuadorian, Venezuelan) cédula, dotted or not (`cédula 1.020.345.678`, `C.C. 79845112`): no
    # check digit.
    CueRule("cedula", "ID_NUMBER",
            r"\bc[ée]dula(?:[ \t]+de[ \t]+(?:ciudadan[íi]a|extranjer[íi]a|identidad))?"
            rf"{_ID_NUMBER_MARK}|(?<![\w.])(?-i:C\.C\.|C\.E\.)",
            r"\d{1,3}(?:\.\d{3}){1,3}(?![\d.])|\d{6,10}(?![\d-])", _digits_not_repeated,
            keywords=("cédula", "cedula", "c.c.", "c.e.")),
    # An Argentine bank account (CBU) or wallet (CVU): 22 digits, two check digits.
    # (`Su CVU de Mercado Pago es 0000003...`: what it is of, then `es`)
    CueRule("cbu_cvu", "ID_NUMBER", r"\b(?-i:CBU|CVU)\b", r"\d{22}(?![\d-])|\d{8}[ -]\d{14}(?![\d-])", cbu_ok,
            separator=_PHRASE_THEN_VALUE, keywords=("cbu", "cvu")),
    # An account at a bank named before it (`FNB account 62841937025`, `GTBank account 0127345683`, `Rekening BCA
    # 8720394415`, Indonesian and Malay `rekening`/`akaun`): a bank's name says whose account it is, where a bare
    # `account 123456` is a customer's or a cloud's (see bank_account).
    CueRule("named_bank_account", "ID_NUMBER",
            rf"\b(?-i:{_BANK_NAMES})[ \t]+(?:(?:savings|current|cheque|checking|salary)[ \t]+)?"
            r"(?:account|acct\.?|a/c|akaun)(?:[ \t]*(?:number|no\.?|nr\.?|#))?"
            rf"|\b(?:no(?:mor)?\.?[ \t]+)?rekening(?:[ \t]+(?-i:{_BANK_NAMES}))?",
            r"\d[\d -]{4,18}\d(?![\w-])", _has_digits(6), separator=_ID_CELL_SEPARATOR,
            keywords=(*_BANK_KEYWORDS, "rekening")),
    # Pakistan's computerised national identity card (`CNIC 35202-4819273-5`, `CNIC no. 4210198234562`): the
    # province first, the sex last; there is no check digit.
    CueRule("pakistan_cnic", "ID_NUMBER",
            rf"\b(?-i:CNIC|NICOP|SNIC)\b{_ID_NUMBER_MARK}"
            rf"|\bcomputeri[sz]ed[ \t]+national[ \t]+identity[ \t]+card{_ID_NUMBER_MARK}",
            r"\d{5}-?\d{7}-?\d(?![\d-])", pakistan_cnic_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("cnic", "nicop", "snic", "computerized", "computerised")),
    # Bangladesh's national ID (`NID 1992269481736`, `NID number is 4617283950`): ten, thirteen or seventeen digits.
    CueRule("bangladesh_nid", "ID_NUMBER",
            rf"\b(?-i:NID)\b(?:[ \t]+card)?{_ID_NUMBER_MARK}|\bsmart[ \t]+(?:NID|ID)[ \t]+card{_ID_NUMBER_MARK}",
            r"\d{17}(?![\d-])|\d{13}(?![\d-])|\d{10}(?![\d-])", bangladesh_nid_ok, keywords=("nid", "smart")),
    # The Philippines' national ID (PhilSys: the 16-digit PSN, the card's PCN), social security (SSS: ten digits)
    # and UMID card (twelve digits) numbers after their names; none has a published check.
    CueRule("philsys", "ID_NUMBER",
            r"\bPhil[ \t]?Sys(?:[ \t]+(?:card|ID))?(?:[ \t]+(?:number|no\.?|PSN|PCN))?|\b(?-i:PSN|PCN)\b"
            rf"|\bPhil[ \t]?ID(?:[ \t]+card)?{_ID_NUMBER_MARK}",
            r"\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}(?![\d-])", _digits_not_repeated, separator=_ID_CELL_SEPARATOR,
            keywords=("philsys", "phil sys", "psn", "pcn", "philid", "phil id")),
    CueRule("philippine_sss", "ID_NUMBER", rf"\b(?-i:SSS)\b(?:[ \t]+(?:ID|card))?{_ID_NUMBER_MARK}",
            r"\d{2}-?\d{7}-?\d(?![\d-])", _digits_not_repeated, separator=_ID_CELL_SEPARATOR, keywords=("sss",)),
    CueRule("philippine_umid", "ID_NUMBER", rf"\b(?-i:UMID)\b(?:[ \t]+(?:CRN|card|ID))?{_ID_NUMBER_MARK}",
            r"\d{4}-?\d{7}-?\d(?![\d-])", _digits_not_repeated, separator=_ID_CELL_SEPARATOR, keywords=("umid",)),
    # A Malaysian MyKad (`MyKad 900523-14-5678`, `IC number is 851107105523`): the birth date and the place of birth
    # decide.
    CueRule("mykad", "ID_NUMBER",
            rf"\bMy[ \t]?Ka[dr]\b{_ID_NUMBER_MARK}|\b(?-i:IC|NRIC)\b{_ID_NUMBER_MARK}|\bkad[ \t]+pengenalan"
            r"|\b(?:no\.?[ \t]*)?K/P\b",
            r"\d{6}-?\d{2}-?\d{4}(?![\d-])", mykad_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("mykad", "my kad", "mykar", "ic", "nric", "kad pengenalan", "k/p", "no k/p", "no. k/p")),
    # A Singapore NRIC or FIN with its check letter (`NRIC S8812345Z`, `FIN is M4021763T`).
    CueRule("singapore_nric", "ID_NUMBER",
            rf"\b(?-i:NRIC|FIN|IC)\b(?:[ \t]*/[ \t]*(?-i:FIN))?{_ID_NUMBER_MARK}|\bidentity[ \t]+card",
            r"[STFGM]\d{7}[A-Z](?![\w-])", nric_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("nric", "fin", "ic", "identity card")),
    # A Hong Kong identity card number with its check digit: after `HKID`, or alone as the card prints it, the
    # check in brackets (`K512387(9)`).
    CueRule("hkid", "ID_NUMBER",
            rf"\b(?-i:HKID)\b(?:[ \t]+card)?{_ID_NUMBER_MARK}"
            rf"|\bHong[ \t]+Kong[ \t]+identity[ \t]+card{_ID_NUMBER_MARK}",
            r"[A-Z]{1,2}\d{6}[ ]?\(?[0-9A]\)?(?![\w-])", hkid_ok, separator=_ID_OR_HTML_CELL_SEPARATOR,
            keywords=("hkid", "hong kong")),
    CueRule("hkid_shape", "ID_NUMBER", "", r"(?<![\w-])[A-Z]{1,2}\d{6}\([0-9A]\)(?![\w-])", hkid_ok, separator="",
            keywords=_HKID_CHECK_KEYWORDS),
    # A Ghana Card's personal ID number has its own shape (`GHA-712345678-3`); a GhanaPost digital address after its
    # name (`GhanaPost GPS GA-184-2921`) is a home's.
    CueRule("ghana_card", "ID_NUMBER", "", r"(?<![\w-])GHA-\d{9}-\d(?![\w-])", separator="", keywords=("gha-",)),
    CueRule("ghana_digital_address", "STREET_ADDRESS",
            r"\bGhana[ \t]?Post(?:[ \t]+GPS)?(?:[ \t]+(?:address|code))?|\bGPS[ \t]+(?:address|code)"
            r"|\bdigital[ \t]+address",
            r"[A-Z]{2}-\d{3,4}-\d{4}(?![\w-])", separator=_ID_CELL_SEPARATOR,
            keywords=("ghanapost", "ghana post", "gps", "digital address")),
    # A Nigerian bank account number (NUBAN: ten digits, whose check digit needs the bank's code).
    CueRule("nuban", "ID_NUMBER", r"\b(?-i:NUBAN)\b(?:[ \t]+(?:account|number|no\.?))?", r"\d{10}(?![\d-])",
            _digits_not_repeated, separator=_ID_CELL_SEPARATOR, keywords=("nuban",)),
    # A Korean resident registration number after its name (`RRN 900101-2345670`, `resident registration number`).
    CueRule("korean_rrn", "ID_NUMBER",
            # (an API's field name in an error message too: `residentRegistrationNumber 9305122048272`; red team 52)
            rf"\b(?-i:RRN)\b{_ID_NUMBER_MARK}|\bresident[ \t_]*registration[ \t_]*(?:number|no\.?)"
            r"|주민(?:등록)?번호",
            r"\d{6}-?[1-8]\d{6}(?![\d-])", korean_rrn_ok,
            keywords=("rrn", "resident", "주민등록번호", "주민번호")),
    # A South African income tax reference number (`SARS tax ref 0123456782`), Luhn.
    CueRule("sa_tax_reference", "ID_NUMBER",
            rf"\b(?:SARS[ \t]+)?(?:income[ \t]+)?tax[ \t]+ref(?:erence)?\.?{_ID_NUMBER_MARK}"
            r"|\bSARS[ \t]+(?:tax[ \t]+)?(?:number|no\.?)",
            r"[01239]\d{9}(?![\d-])", sa_tax_reference_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("tax ref", "sars", "income tax")),
    # A mobile-money confirmation names the other party in capitals, then their number (M-Pesa's `Ksh2,500.00 sent to
    # OTIENO ODHIAMBO 254733550192 on 14/7/26`): a name and a phone number, written bare with its country code as the
    # operators' APIs write an MSISDN.
    CueRule("mobile_money_party", "PERSON", _MOBILE_MONEY_TRANSFER,
            rf"{_CAPITALS_NAME_WORD}(?:[ \t]+{_CAPITALS_NAME_WORD}){{1,3}}(?=[ \t]+\+?\d{{9,12}}(?!\d))",
            separator=r"(?:[ \t]+)", keywords=_MOBILE_MONEY_KEYWORDS),
    CueRule("mobile_money_number", "PHONE_NUMBER",
            rf"{_MOBILE_MONEY_TRANSFER}[ \t]+{_CAPITALS_NAME_WORD}(?:[ \t]+{_CAPITALS_NAME_WORD}){{1,3}}",
            r"\+?\d{9,12}(?![\d-])", phone_after_word_ok, separator=r"(?:[ \t]+)", keywords=_MOBILE_MONEY_KEYWORDS),
    # A US bank statement's peer payment names the other party in capitals (`ZELLE FROM PRIYA VENKATARAMAN ON 12/02
    # REF # WFCT...`, `ZELLE TO ...`, Plaid's `VENMO *KENJI TAKAHASHI`); red team 54.
    CueRule("peer_payment_party", "PERSON", r"\b(?-i:ZELLE)[ \t]+(?-i:FROM|TO)|\b(?-i:VENMO)[ \t]*\*",
            rf"{_CAPITALS_NAME_WORD}(?:[ \t]+{_CAPITALS_NAME_WORD}){{1,3}}(?=[ \t]+(?-i:ON|REF|CONF)\b|[ \t]*[\"',]|$)",
            separator=r"(?:[ \t]*)", keywords=("zelle", "venmo")),
    # A NACHA (ACH) file's entry detail record (red team 56): 94 characters a line, `6`, the transaction code, the
    # receiving bank's routing number and check digit, then the account (17, left-justified), the amount (10), the
    # individual's id (15), name (22), discretionary data (2), addenda indicator and trace number (15). The fields
    # are glued to each other: each is read by its position, the line's end fixing where the fields stand.
    CueRule("nacha_account", "ID_NUMBER", _NACHA_ENTRY, r"[0-9A-Za-z-]{4,17}(?=[ ]*" + _NACHA_AFTER_ACCOUNT + ")",
            separator="", keywords=_NACHA_KEYWORDS),
    CueRule("nacha_individual_id", "ID_NUMBER", _NACHA_ENTRY + _NACHA_ACCOUNT_AMOUNT,
            r"[0-9A-Za-z][0-9A-Za-z-]{2,14}(?=[ ]*[ -~]{24}[01]\d{15}[ \t]*(?:\r?\n|\\r?\\n|$))", _has_digits(3),
            separator="", keywords=_NACHA_KEYWORDS),
    CueRule("nacha_name", "PERSON", _NACHA_ENTRY + _NACHA_ACCOUNT_AMOUNT + r"[ -~]{15}",
            r"[A-Za-z][A-Za-z ,.'&-]{1,21}?(?=[ ]*[ -~]{2}[01]\d{15}[ \t]*(?:\r?\n|\\r?\\n|$))",
            separator="", keywords=_NACHA_KEYWORDS),
    # An Alloggiati Web guest record (Italy's police registration of hotel guests, the "schedina": 168 characters a
    # line, red team 56): guest type and arrival (`1718/06/202603`), surname (50), given name (30), sex, birth date,
    # birth place and citizenship codes (29), document type (5), number (20) and where it was issued (9). The
    # fields are glued to each other: each is read by its position.
    CueRule("schedina_surname", "PERSON", _SCHEDINA, rf"{_SCHEDINA_NAME}{{0,49}}?(?=[ ]*.{{30}}[12]\d\d/\d\d/\d{{4}})",
            separator="", keywords=_SCHEDINA_KEYWORDS),
    CueRule("schedina_given_name", "PERSON", _SCHEDINA + ".{50}", rf"{_SCHEDINA_NAME}{{0,29}}?(?=[ ]*[12]\d\d/)",
            separator="", keywords=_SCHEDINA_KEYWORDS),
    CueRule("schedina_birth_date", "DATE_OF_BIRTH", _SCHEDINA + ".{80}[12]", r"\d\d/\d\d/\d{4}",
            separator="", keywords=_SCHEDINA_KEYWORDS),
    CueRule("schedina_document", "ID_NUMBER", _SCHEDINA + r".{80}[12]\d\d/\d\d/\d{4}.{29}(?-i:[A-Z]{5})",
            r"[A-Z0-9]{4,20}?(?=[ ]*.{9}[ \t]*(?:\r?\n|\\r?\\n|$))", separator="", keywords=_SCHEDINA_KEYWORDS),
    # An NCPDP Telecommunication D.0 claim (a pharmacy's billing request): each field a `\x1c`, its two-character id
    # and its value, glued (`\x1cCBVILLANUEVA\x1cC419570823`). The ids are the standard's, one meaning each: the
    # patient's and the cardholder's names (CA, CB, CC, CD), birth date (C4), ids (C2, CY), street (CM) and phone
    # (CQ). Red team 55.
    CueRule("ncpdp_person_field", "PERSON", r"\x1c(?-i:C[ABCD])", rf"[{CAPITAL}{SMALL}][{CAPITAL}{SMALL}' .-]{{1,40}}"
            r"(?=[\x1c\x1d\x1e]|$)", separator="", keywords=("am01", "am04")),
    CueRule("ncpdp_birth_date", "DATE_OF_BIRTH", r"\x1c(?-i:C4)", r"(?:19|20)\d{6}(?=[\x1c\x1d\x1e]|$)", separator="",
            keywords=("am01",)),
    CueRule("ncpdp_person_id", "ID_NUMBER", r"\x1c(?-i:C2|CY)", r"[A-Za-z0-9-]{3,20}(?=[\x1c\x1d\x1e]|$)",
            separator="", keywords=("am01", "am04")),
    CueRule("ncpdp_street", "STREET_ADDRESS", r"\x1c(?-i:CM)", r"[^\x1c\x1d\x1e\r\n]{3,60}(?=[\x1c\x1d\x1e]|$)",
            separator="", keywords=("am01",)),
    CueRule("ncpdp_phone", "PHONE_NUMBER", r"\x1c(?-i:CQ)", r"\d{10}(?=[\x1c\x1d\x1e]|$)", separator="",
            keywords=("am01",)),
    # A VPA at a UPI provider's handle, anywhere (`upi_address` reads any handle after `UPI`).
    CueRule("upi_handle", "ID_NUMBER", "",
            rf"(?<![\w.@-])[A-Za-z0-9][A-Za-z0-9._-]{{1,63}}@(?:{_UPI_HANDLE_PATTERN})(?![\w@-]|\.\w)", separator="",
            keywords=tuple(f"@{handle}" for handle in _UPI_HANDLES)),
)


CUE_RULES: tuple[CueRule, ...] = (
    CueRule("date_of_birth", "DATE_OF_BIRTH",
            # (a record's word after the Spanish and Portuguese labels: `Fecha de nacimiento registrada: ...`; red
            # team 52)
            # (and what the German label asks it for, before its colon: `Geburtsdatum für die Verifizierung: ...`;
            # red team 54)
            # (and how a data manager's query says it: `DOB recorded as 10 FEB 1957`; red team 59)
            rf"(?:{_BIRTH_DATE_LABEL})(?:[ \t]+(?:recorded|entered|listed|given|shown|written|captured)[ \t]+as)?"
            r"|\bgeb(?:urts|\.?[ -]?)datum"
            r"(?:[ \t]+(?:für|zur|zum)(?:[ \t]+[\w-]{1,30}){1,3}(?=[ \t]*:))?"
            r"|\bgeburtstag"
            r"|\b(?:fecha[ _-]de[ _-]nacimiento|data[ _-]de[ _-]nascimento)"
            r"(?:[ \t]+(?:registrad[ao]|informad[ao]|declarad[ao]|actual|atual|cadastrad[ao]))?"
            r"|\bdate[ _-]de[ _-]naissance|\bdata[ _-]di[ _-]nascita|\bgeboortedatum"
            r"|\bdata[ _-]urodzenia"
            r"|\bdoğum[ _-]tarihi|\btanggal[ _-]lahir|\btgl\.?[ _-]lahir|\bngày[ _-]sinh", _DATE,
            # (or inside brackets after it: `confirms his identity, DOB (9 February 1982) and ...`; red team 49)
            separator=_MARK_SEPARATOR + r"(?:\(\s*)?",
            keywords=("dob", "d.o.b", "birth", "geb", "nacimiento", "naissance", "nascita", "nascimento",
                      "geboortedatum", "urodzenia", "doğum", "lahir", "ngày")),
    # ... and said aloud, as a voice agent's transcript writes it (`date of birth is March third nineteen eighty-four`,
    # `DOB the second of May nineteen sixty-seven`; red team 51)
    CueRule("spoken_date_of_birth", "DATE_OF_BIRTH",
            _BIRTH_DATE_LABEL + r"|\bborn(?:[ \t]+on)?", _SPOKEN_DATE,
            separator=r"(?:[ \t]*[:,]?[ \t]*(?:is|was|it's|its)?[ \t]*(?:the[ \t]+)?)",
            keywords=("dob", "d.o.b", "birth", "born")),
    CueRule("spoken_date_of_birth_es_pt", "DATE_OF_BIRTH",
            r"\bfecha[ \t]+de[ \t]+nacimiento|\bnac[ií](?:d[oa])?[ \t]+el|\bdata[ \t]+de[ \t]+nascimento"
            r"|\bnasci(?:d[oa])?[ \t]+(?:em|no|a)", _ROMANCE_SPOKEN_DATE,
            separator=r"(?:[ \t]*[:,]?[ \t]*(?:es|era|é|foi)?[ \t]*(?:el[ \t]+)?)",
            keywords=("fecha de nacimiento", "nací", "naci", "data de nascimento", "nasci")),
    # "born on" also dates projects and products ("the project was born on March 3, 2021", "il progetto
    # è nato il 3 marzo 2021"): a date long enough ago to be an adult's birth (a fixed year, so that
    # output never depends on today). The same for German `geb.`, `geboren am`, French `né le`, Italian
    # `nato il`, Spanish `nacido el`, Portuguese `nascido em`; a birthplace may come first (`nato a Roma il`).
    CueRule("born_on", "DATE_OF_BIRTH",
            # (`born in nepal on the 3rd of June 1994`: a spoken date's `the`; red team 45)
            rf"\bborn(?:{_BIRTHPLACE}\s+on|\s+on)?(?:\s+the(?=\s+\d))?|\bgeboren(?:{_BIRTHPLACE}\s+(?:am|op)|\s+(?:am|op))?"
            rf"|\bnée?(?:{_BIRTHPLACE})?\s+le|\bnee?\s+le|\bnat[oa](?:{_BIRTHPLACE})?\s+il"
            rf"|\bnacid[oa](?:{_BIRTHPLACE})?\s+el|\bnascid[oa](?:{_BIRTHPLACE})?\s+em|\bnac(?:[ií]|i[óo])\s+el",
            _DATE, _born_before_2010,
            keywords=("born", "geboren", "né", "ne le", "nee le", "nato", "nata", "nacid", "nascid", "naci", "nací")),
    # ... with its birthplace in the languages whose participle agrees with who was born, a person's birth whatever the
    # year (`madre di Niccolò Mancuso (nato a Milano il 07/11/2018`; red team 50). English `born in Leeds on` a date
    # stays a project's as often (round 39).
    CueRule("born_at_place", "DATE_OF_BIRTH",
            rf"\bgeboren{_BIRTHPLACE}\s+(?:am|op)|\bnée?{_BIRTHPLACE}\s+le|\bnat[oa]{_BIRTHPLACE}\s+il"
            rf"|\bnacid[oa]{_BIRTHPLACE}\s+el|\bnascid[oa]{_BIRTHPLACE}\s+em",
            _DATE, keywords=("geboren", "né", "nato", "nata", "nacid", "nascid")),
    # A child's birth is recent: whoever the sentence says was born (`my son was born on 14 March 2017`, `she was
    # born 03/14/2017`), or `born` right before a date (`Liam, born 2017-03-14`), dates a birth whatever the year.
    # (A project or a release is `born on` a date, or `was born` one, never `I`, `she` or `my son`; `built on`,
    # `released` are not `born`.)
    CueRule("born_person", "DATE_OF_BIRTH",
            rf"\b(?:i|he|she|we|they|you|(?:my|our|his|her|their|your)[ \t]+{_CHILD_WORDS})[ \t]+(?:was|were)[ \t]+born"
            rf"(?:{_BIRTHPLACE}[ \t]+on|[ \t]+on)?(?:[ \t]+the(?=[ \t]+\d))?"
            r"|(?<!was )(?<!were )(?<!is )\bborn(?![ \t]+(?:in|at|on)\b)"
            # (German's `geb.` dates no project: `mein Sohn Lukas, geb. 07.09.2016`; red team 54)
            r"|\bgeb\.(?:[ \t]+am)?",
            _DATE, separator=r"(?:[ \t]*:)?[ \t]*", keywords=("born", "geb.")),
    # (a letter series may be printed apart from the digits, `FX 418273`; a refugee's travel document is numbered
    # as a passport is: `refugee travel document no. is PA 0913377`; red team 45)
    CueRule("passport", "ID_NUMBER",
            rf"\bpassport{_NUMBER_WORDS}|\b(?:refugee[ \t]+)?travel[ \t]+document{_NUMBER_WORDS}",
            # (a Dutch passport mixes its letters and digits: `NXR4K81P2` has four)
            r"(?:[A-Z]{1,2} \d{6,8}|[A-Z0-9]{6,9})(?![\w-])", _has_digits(3),
            separator=_MARK_SEPARATOR + r"(?:\(\s*)?", keywords=("passport", "travel")),
    CueRule("driver_licence", "ID_NUMBER",
            # (and a US card's own field: AAMVA's `4d DL 29471836`, `DLN`; not a bare `DL`, Delta's flights)
            rf"\b(?:driver'?s?|driving)[ _-]?licen[cs]e{_NUMBER_WORDS}|\bDL\s*#|\bCDL\b{_NUMBER_WORDS}"
            r"|\b4d[ \t]+(?-i:DLN?|LIC)\b|(?-i:\bDLN)\b"
            # (in German, French and Spanish: `Führerschein-Nr.: B19HK6T2R51`, `permis de conduire n° 130169200457`,
            # `carné de conducir`; red team 62)
            r"|\bf(?:ü|ue|u)hrerschein(?:nummer|[ \t-]*nr\.?)?"
            r"|\bpermis[ \t]+de[ \t]+conduire(?:[ \t]*(?:n[°º]|no\.?|num[ée]ro))?"
            r"|\b(?:permiso|carn[eé]t?|licencia)[ \t]+de[ \t]+conduc(?:ir|ción|cion)"
            r"(?:[ \t]*(?:n[°º]|no\.?|n[úu]m(?:ero|\.)?))?",
            r"[A-Z0-9][A-Z0-9-]{4,17}(?![\w-])", _has_digits(4),
            keywords=("driver", "driving", "dl", "cdl", "4d", "führerschein", "fuehrerschein", "fuhrerschein", "permis",
                      "permiso", "carnet", "carné", "carne", "licencia")),
    # A traveller's trusted-traveller or redress number (`Known Traveler Number TT71J4K2Q`, `Redress number
    # 2201984`, a Global Entry/NEXUS PASSID).
    CueRule("trusted_traveller", "ID_NUMBER",
            r"\b(?:known[ \t_-]+travell?er|trusted[ \t_-]+travell?er|redress(?:[ \t]+control)?|global[ \t]+entry"
            r"|nexus|passid)[ \t]*(?:number|no\.?|#|id)|\bKTN\b",
            r"[A-Z0-9]{7,10}(?![\w-])", _has_digits(4),
            keywords=("known", "trusted", "redress", "global", "nexus", "passid", "ktn")),
    # A US licence after its state's postal code (`TX DL 38291746`, `WA licence WDLK7Y3M9P2Q`; red team 46).
    CueRule("state_code_driver_licence", "ID_NUMBER",
            # (and `lic`, an Australian state's: `CA lic D6619034`, `VIC licence 042718365`; red team 62)
            rf"(?-i:\b(?:{_US_STATE_CODES}|VIC|NSW|QLD|TAS|ACT|NT)\b)[ \t]+(?:(?-i:DL)|driver'?s?[ \t]+licen[cs]e"
            r"|licen[cs]e|lic\.?(?![\w]))(?:[ \t]*(?:number|no\.?|#))?",
            r"[A-Z0-9][A-Z0-9-]{4,17}(?![\w-])", _has_digits(4),
            keywords=("dl", "license", "licence", "lic")),
    # A licence named by the state that issued it (`Massachusetts license number S44182736`, `state licence #`):
    # "number" (or `no.`, `#`) is required after it, as a software or business licence has numbers too.
    CueRule("state_driver_licence", "ID_NUMBER",
            rf"\b(?:{_US_STATE_NAMES}|state|provincial|DMV)[ \t]+(?:driver'?s?[ \t]+)?licen[cs]e"
            r"[ \t]*(?:number|no\.?|#)",
            r"[A-Z0-9][A-Z0-9-]{4,17}(?![\w-])", _has_digits(4),
            keywords=("license", "licence")),
    # An IBAN typed in lower case after its name (`IBAN gb82 west 1234 5698 7654 32`): the pattern recognizer
    # reads capitals only. Its check digits decide.
    CueRule("lower_case_iban", "IBAN_CODE", r"\bIBAN",
            r"[a-z]{2}\d{2}(?:[ ]?[a-z0-9]{4}){2,7}(?:[ ]?[a-z0-9]{1,4})?(?![\w-])", _iban_ok, keywords=("iban",)),
    # A US Medicare Beneficiary Identifier (`1EG4-TE5-MK72`): 11 characters in a fixed pattern of digits and
    # letters (no S, L, O, I, B or Z), after `MBI` or `Medicare (beneficiary) number/ID`.
    CueRule("medicare_beneficiary_id", "ID_NUMBER",
            r"\bMBI\b|\bmedicare[ \t_-]+(?:beneficiary[ \t_-]+)?(?:identifier|id|number|no\.?|#)",
            rf"[1-9]{_MBI_LETTER}[{_MBI_LETTERS}0-9]\d-?{_MBI_LETTER}[{_MBI_LETTERS}0-9]\d-?"
            rf"{_MBI_LETTER}{{2}}\d{{2}}(?![\w-])",
            keywords=("mbi", "medicare")),
    # An Australian Medicare card number as the card prints it (`Medicare card number: 2123 45670 1`, the person's
    # reference number after it, `/1`), with its check digit (red team 44: a form field in an accessibility tree);
    # after `Medicare` alone too, the check digit deciding (`Medicare 2953 71843 1 (IRN 1)`; red team 62).
    CueRule("australian_medicare", "ID_NUMBER",
            r"\bmedicare(?:[ \t_-]+card)?(?:[ \t_-]+(?:number|no\.?|#))?",
            r"[2-6]\d{3}[ ]?\d{5}[ ]?\d(?:[ ]?/?[ ]?[1-9])?(?![\w-])", australian_medicare_ok,
            keywords=("medicare",)),
    # A vehicle identification number after `VIN` or its long name (`The car's VIN is 1HGCM82633A004352`):
    # seventeen capitals and digits without I, O or Q. Only North America's carry a check digit, so the shape
    # decides: a letter, and the serial's digits (four at least).
    CueRule("vehicle_identification_number", "ID_NUMBER",
            r"\bVIN\b(?:[ \t]+(?:number|no\.?|#))?|\bvehicle[ \t_-]+identification[ \t_-]+(?:number|no\.?|#)"
            # (its other languages' words: a Brazilian CRLV's `CHASSI`, `chasis`, `Fahrgestellnummer`; red team 60)
            r"|\bchass?is?\b|\bchâssis\b|\bfahrgestell(?:nummer|-?nr\.?)",
            r"[A-HJ-NPR-Z0-9]{17}(?![\w-])", _vin_ok, keywords=("vin", "vehicle", "chass", "châssis", "fahrgestell")),
    # A Brazilian vehicle's RENAVAM code (eleven digits, the last a check: weights 3 2 9 8 7 6 5 4 3 2 over the first
    # ten, modulo 11; red team 60).
    CueRule("renavam", "ID_NUMBER", r"\b(?:c[óo]digo[ \t]+)?RENAVAM\b", r"\d{11}(?!\d)", renavam_ok,
            keywords=("renavam", "código", "codigo")),
    # A Brazilian Pix random key (`chave aleatória`, EVP): a UUID that names a person's bank account as the CPF,
    # phone or email keys do (those are found by their own patterns). A UUID with no such cue stays an id.
    CueRule("pix_random_key", "ID_NUMBER",
            r"\bchave[ \t]+(?:pix[ \t]+)?(?:\(?aleat[óo]ria\)?|evp)|\bchave[ \t]+pix|\bpix[ \t]+(?:random[ \t]+)?key",
            r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])",
            keywords=("chave", "pix")),
    # An airline loyalty number (`Mileage no. JL 402918736`, `frequent flyer number BA41928837`, `FQTV`):
    # an optional carrier code, then six digits or more.
    CueRule("frequent_flyer", "ID_NUMBER",
            r"\b(?:frequent[ \t_-]+fl[yi]er|mileage|loyalty|miles)"
            r"(?:[ \t]+(?:program(?:me)?|plan|club|account|member(?:ship)?))?"
            r"[ \t]*(?:number|no\.?|#|id)|\bFQTV\b(?:[ \t]+[A-Z0-9]{2}[ \t]+HK\d)?"
            # (and a hotel programme's, as a folio prints it: `Hilton Honors # 918437206`; red team 54)
            r"|\b(?:hilton[ \t]+honors|bonvoy|world[ \t]+of[ \t]+hyatt|ihg[ \t]+(?:one[ \t]+)?rewards)"
            r"(?:[ \t]+member(?:ship)?)?[ \t]*(?:number|no\.?|#|id)",
            r"(?:[A-Z0-9]{2}[ -]?)?\d{6,12}(?![\w-])",
            keywords=("frequent", "mileage", "loyalty", "miles", "fqtv", "honors", "bonvoy", "hyatt", "ihg")),
    CueRule("medical_record", "ID_NUMBER", rf"\bMRN\b|\bmedical[ _-]record{_NUMBER_WORDS}",
            r"[A-Z0-9][A-Z0-9-]{4,14}(?![\w-])", _has_digits(4),
            keywords=("mrn", "medical")),
    # Not a bare `account 000123456789`: customer, cloud and ledger accounts have numbers too; a bank
    # account, an account *number* (Kontonummer, número de cuenta, numéro de compte) is a bank's.
    CueRule("bank_account", "ID_NUMBER",
            r"\b(?:bank[ _-])?account[ _-]?(?:number|num\.?|no\.?|nr\.?|#)|\bbank[ _-]?account"
            r"|\bacct\.?(?:\s*(?:number|no\.?|#))?|\bA/C|\bkonto[ _-]?(?:nummer|nr\.?)"
            r"|\bn(?:[úu]mero|um[ée]ro|[º°]|\.º)\s*d[eia]\s+(?:cuenta|compte|conto|conta)\b"
            # a Canadian cheque's or direct deposit's `transit/institution/account 00418-815-1029384`
            r"|\btransit[ /-]+institution[ /-]+account",
            r"\d[\d -]{4,18}\d(?![\w-])", _has_digits(6),
            keywords=("account number", "account no", "account nr", "account num", "account#",
                      "account #", "account_n", "account-n", "accountn", "acct", "a/c", "bank", "konto", "cuenta",
                      "compte", "conto", "conta", "transit")),
    # `savings account 968180573000`; a statement's or an OCR'd cheque's `Account: 40281937155` line. (A rule
    # of its own: `account` is in many texts, and bank_account's cue is long.)
    CueRule("account_label", "ID_NUMBER",
            r"\b(?:savings|checking|chequing|current|deposit|brokerage)[ _-]account"
            rf"|{_LINE_START}[ \t]*account(?=[ \t]*[:#])"
            # (a loan file's words: `Mortgage 0048771320`, `checking 4820193377, routing ...`; red team 59)
            r"|\b(?:mortgage|checking|chequing)(?:[ \t]+(?:loan|acct\.?|account))?(?:[ \t]+(?:number|no\.?|#))?"
            r"(?=[ \t]*[:#]?[ \t]*\d{8,17}(?![\w-]))",
            r"\d[\d -]{4,18}\d(?![\w-])", _has_digits(6),
            keywords=("savings", "checking", "chequing", "current account", "current-account", "deposit account",
                      "brokerage", "account:", "account :", "account #", "account#", "mortgage")),
    # An account with its bank's code after it (`Refund to account 50100284719366, IFSC HDFC0001234`; red team 46):
    # the code says a bank's.
    CueRule("account_before_bank_code", "ID_NUMBER", r"\b(?:account|acc\.?|a/c)",
            r"\d{6,18}(?=[ \t]*[,;]?[ \t]*(?:(?-i:IFSC|BSB|SWIFT|BIC)|sort[ \t]+code|routing|transit"
            r"|bank[ \t]+code)\b)",
            keywords=("account", "acc", "a/c")),
    CueRule("routing_number", "ID_NUMBER", rf"\brouting{_NUMBER_WORDS}|\bABA{_NUMBER_WORDS}|\bRTN",
            r"\d{9}(?!\d)", aba_routing_ok,
            keywords=("routing", "aba", "rtn")),
    CueRule("sort_code", "ID_NUMBER", r"\bsort[ _-]?code", r"\d{2}-\d{2}-\d{2}(?![\d-])",
            keywords=("sort",)),
    # A UK account number beside its sort code (`sort code 20-31-58 account 79903160`): eight digits.
    CueRule("account_after_sort_code", "ID_NUMBER",
            r"\bsort[ _-]?code\s*[:#]?\s*\d{2}[- ]?\d{2}[- ]?\d{2},?\s+(?:and\s+)?(?:account|acc\.?|a/c)",
            r"\d{8}(?![\d-])", keywords=("sort",)),
    # A US account number beside its routing number (`routing 121000358, account 004817263915`): the routing
    # number says which bank, so the account is that bank's (a bare `account 1234...` is not, see bank_account).
    CueRule("account_after_routing", "ID_NUMBER",
            r"\b(?:routing|ABA)(?:[ _-]?(?:number|no\.?|#))?\s*[:#]?\s*\d{9},?\s+(?:and\s+)?"
            r"(?:(?:checking|savings|bank)\s+)?(?:account|acct\.?|acc\.?|a/c)(?:[ _-]?(?:number|no\.?|#))?",
            r"\d{4,17}(?![\d-])", keywords=("routing", "aba")),
    # Australia's bank-state-branch number (`BSB 063-019`) and the account beside it (`BSB 063-019 acc 1048 2293`).
    CueRule("australian_bsb", "ID_NUMBER", r"\bBSB(?:[ _-]?(?:number|no\.?|#))?", r"\d{3}[- ]?\d{3}(?![\d-])",
            keywords=("bsb",)),
    CueRule("account_after_bsb", "ID_NUMBER",
            r"\bBSB\s*[:#]?\s*\d{3}[- ]?\d{3},?\s+(?:and\s+)?(?:account|acc\.?|acct\.?|a/c)"
            r"(?:[ _-]?(?:number|no\.?|#))?",
            r"\d[\d ]{4,10}\d(?![\d-])", keywords=("bsb",)),
    # A Canadian account beside its branch's transit number (and the bank's institution number): `transit 04821,
    # institution 815, account 8830192` (red team 41; the slashed cheque form is bank_account's).
    CueRule("account_after_transit", "ID_NUMBER",
            r"\btransit(?:[ _-]?(?:number|no\.?|#))?\s*[:#]?\s*\d{5},?\s+(?:(?:and\s+)?institution"
            r"(?:[ _-]?(?:number|no\.?|#))?\s*[:#]?\s*\d{3},?\s+)?(?:and\s+)?(?:account|acct\.?|acc\.?|a/c)"
            r"(?:[ _-]?(?:number|no\.?|#))?",
            r"\d{5,12}(?![\d-])", keywords=("transit",)),
    # A Mexican CLABE (`Mi pago no llegó a mi CLABE 012180001234567899`, `SPEI return, CLABE ...`), with its check.
    CueRule("clabe", "ID_NUMBER", r"\bCLABE(?:[ \t]+interbancaria)?",
            r"\d{18}(?![\d-])|\d{3}[ ]\d{3}[ ]\d{11}[ ]\d(?![\d-])", clabe_ok,
            # (`Mi CLABE es 0121...`: Spanish's `is`; red team 49)
            separator=r"(?:[ \t]*(?:[:=#|]|\b(?:is|es)\b)?[ \t]*)", keywords=("clabe",)),
    # A German utility's or telco's numbers for one customer (`Kundennummer KD-4418820`, `Vertragsnummer:
    # VK-7720-338194`, `Zählernummer 1EMH0012345678`, a meter point's `MaLo-ID 51238696781`) and an identity
    # card's (`Ausweisnummer LH59X4KT7`): letters and digits, four digits at least (red team 49).
    CueRule("german_customer_number", "ID_NUMBER",
            r"\b(?:kunden|vertrags|z[äa]hler|zaehler|personalausweis|ausweis|versicherten|mitglieds)[ \t-]?"
            r"(?:nummer|nr\.?)|\b(?-i:MaLo|MeLo)(?:-?ID)?\b|\bmarktlokation(?:s-?ID)?|\bmesslokation(?:s-?ID)?",
            r"[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])|(?<=\d) (?=\d)){4,30}(?![\w-])", _has_digits(4),
            separator=r"(?:[ \t]*(?:[:=#|]|\b(?:ist|lautet)\b)?[ \t]*)",
            keywords=("kunden", "vertrags", "zähler", "zahler", "zaehler", "ausweis", "personalausweis",
                      "versicherten", "mitglieds", "malo", "melo", "marktlokation", "messlokation")),
    # A prescriber's DEA registration in an e-prescription (`NPI 1407853912, DEA BO4829175`), with its check.
    CueRule("dea_number", "ID_NUMBER",
            r"\b(?-i:DEA)(?:[ \t]+(?:registration|reg\.?))?(?:[ \t]*(?:number|no\.?|#))?",
            r"[A-Z][A-Z9]\d{7}(?![\w-])", dea_number_ok, separator=_ID_CELL_SEPARATOR, keywords=("dea",)),
    # An Australian Centrelink Customer Reference Number (`CRN 203 418 592K`): nine digits and a letter.
    CueRule("centrelink_crn", "ID_NUMBER", r"\b(?-i:CRN)\b|\bcustomer[ \t]+reference[ \t]+(?:number|no\.?)",
            r"\d{3}[ ]?\d{3}[ ]?\d{3}[A-Z](?![\w-])", separator=_ID_CELL_SEPARATOR,
            keywords=("crn", "customer reference")),
    # A Spanish social security number (`Su número de la Seguridad Social es 281234567840`, `NSS 28/12345678/40`)
    # or a Mexican IMSS one (eleven digits), with their check.
    CueRule("social_security_nss", "ID_NUMBER",
            r"\b(?:(?:n[úu]mero|n\.?[º°])[ \t]+(?:de[ \t]+)?(?:(?:la|afiliaci[óo]n[ \t]+a[ \t]+la)[ \t]+)?)?"
            r"seguridad[ \t]+social|\b(?-i:NSS|NUSS|NAF)\b",
            r"\d{2}[ /-]?\d{8}[ /-]?\d{2}(?![\d-])|\d{11}(?![\d-])", social_security_nss_ok,
            keywords=("seguridad social", "nss", "nuss", "naf")),
    CueRule("nhs_number", "ID_NUMBER", rf"\bNHS{_NUMBER_WORDS}", r"\d{3}[ -]?\d{3}[ -]?\d{4}(?![\d-])",
            nhs_number_ok,
            keywords=("nhs",)),
    CueRule("national_insurance", "ID_NUMBER",
            r"\bnational[ _-]insurance(?:\s*(?:number|no\.?))?|\bNINO\b|\bNI\s+(?:number|no\.?)",
            r"[A-Z]{2}\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D](?!\w)",
            keywords=("national", "nino", "ni")),
    # (An employer's or a company's EIN names a business: `Employer EIN 84-2917365` stays, see decoys; so does one
    # right after a firm's name, `Fairweather Labs (EIN 04-3571892)`, `Acme, Inc. EIN ...`; red team 44.)
    CueRule("tax_id", "ID_NUMBER",
            # (and a 1099's payer's TIN, a business's: `PAYER'S TIN 82-0519448`; red team 46)
            rf"\b(?<!employer )(?<!company )(?<!business )EIN\b{_NOT_AFTER_A_FIRM}"
            r"|(?<!payer's )(?<!payer’s )(?<!payer )(?<!filer's )(?<!employer's )\bI?TIN\b"
            r"|\btax[ _-]?id(?:entification)?(?:\s*(?:number|no\.?))?",
            r"\d{2}-\d{7}(?![\d-])|9\d{2}-?\d{2}-?\d{4}(?![\d-])",
            keywords=("ein", "tin", "itin", "tax")),
    CueRule("national_id", "ID_NUMBER",
            rf"\bnational[ _-]id(?:entity)?(?:[ _-]card)?{_NUMBER_WORDS}|\bid[ _-]card{_NUMBER_WORDS}",
            r"[A-Z0-9]{6,12}(?![\w-])", _has_digits(4),
            keywords=("national", "id")),
    # A cheque's MICR line: the routing number between transit symbols, the account before the on-us symbol
    # (`⑈021000021⑈ 0087214419⑆ 2207`).
    CueRule("micr_line", "ID_NUMBER", r"[⑈⑆]", r"\d{6,17}(?=[ \t]*[⑈⑆])", separator=r"(?:[ \t]*)",
            keywords=("⑈", "⑆")),
    # A US immigrant's numbers: the A-number (`A-number A213456789`, `A# 213-456-789`), an I-94 admission
    # record (11 digits, or 9 digits, a letter and a digit). (`A` is case-sensitive: not "a number".)
    CueRule("us_immigration_number", "ID_NUMBER",
            r"(?-i:\bA-?(?:[Nn]umber|No\.?)|\bA#)|\balien[ _-](?:registration[ _-])?(?:number|no\.?)"
            r"|\bUSCIS[ _-]?(?:number|no\.?|#)|\bI-?94(?:[ _-]?(?:record[ _-]?)?(?:number|no\.?|#))?",
            r"(?:A[ -]?)?\d{3}[ -]?\d{3}[ -]?\d{3}(?![\w-])|\d{9}[A-Z]\d(?![\w-])|\d{11}(?![\w-])",
            # (the number in brackets after its name: `has an A-number (A214583906)`; red team 45)
            separator=_MARK_SEPARATOR + r"(?:\(\s*)?",
            keywords=("a-number", "a-no", "a#", "anumber", "alien", "uscis", "i-94", "i94")),
    # A USCIS case's receipt number: a service centre's code and ten digits (`IOE0931847265`).
    CueRule("uscis_receipt", "ID_NUMBER", rf"\breceipt{_NUMBER_WORDS}|\bcase{_NUMBER_WORDS}|\bUSCIS",
            r"(?-i:(?:EAC|WAC|LIN|SRC|NBC|MSC|IOE|YSC|TSC|VSC|CSC|NSC)\d{10})(?![\w-])",
            keywords=("receipt", "case", "uscis")),
    # A student's id (FERPA's personally identifiable information): `student id 900417352`.
    # (or `student` alone before its digits: `(student 30077215, DOB ...)`; red team 46)
    CueRule("student_id", "ID_NUMBER", r"\bstudent(?:[ _-]?(?:id|number|num\.?|no\.?|#)|(?=[ \t]+\d{6,}(?![\w-])))",
            r"[A-Z0-9][A-Z0-9-]{4,14}(?![\w-])", _has_digits(5), keywords=("student",)),
    CueRule("cpf", "ID_NUMBER", r"\bCPF\b(?:\s+é)?", r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\d-])", cpf_ok,
            separator=_ID_CELL_SEPARATOR, keywords=("cpf",)),
    # Other countries' national and tax ids after their name (the shapes: CURP and RFC in Mexico, Codice
    # Fiscale and partita IVA in Italy, BSN in the Netherlands, TC Kimlik in Turkey, NIK and NPWP in Indonesia,
    # CCCD/CMND in Vietnam, RG and CNPJ in Brazil, NIP in Poland, the German Personalausweis).
    CueRule("foreign_national_id", "ID_NUMBER",
            r"\b(?-i:CURP|BSN|TCKN|NIK|NPWP|CCCD|CMND|RG|CNPJ|NIP|INE)\b(?:/sofi(?:nr|nummer)\.?)?"
            r"|\bsofi[ -]?(?:nr|nummer)\b\.?|\bT\.?C\.?\s+kimlik(?:\s+no\.?)?"
            r"|\bkimlik\s+no\.?|\bcodice\s+fiscale|\bpartita\s+iva|\bP\.\s?IVA|\bpersonalausweis(?:nummer)?"
            r"|\bclave\s+de\s+elector|\bsố\s+(?:CCCD|CMND)",
            r"[A-Z0-9][A-Z0-9./-]{5,20}[A-Z0-9](?![\w-])", _has_digits(5),
            keywords=("curp", "bsn", "tckn", "nik", "npwp", "cccd", "cmnd", "rg", "cnpj", "nip", "ine", "kimlik",
                      "codice", "partita", "p.iva", "p. iva", "personalausweis", "clave", "số", "sofi")),
    # A British postcode after its label in any case (`my postcode is nw1 6xe`; in capitals the postcode recognizer
    # finds it anywhere).
    CueRule("uk_postcode_label", "STREET_ADDRESS", r"\bpost[ \t-]?code|\bpostal[ \t]+code",
            r"(?i:[A-PR-UWYZ][A-HK-Y]?\d[A-HJKPSTUW\d]?[ ]?\d[ABD-HJLNP-UW-Z]{2})(?![\w-])",
            separator=_ID_CELL_SEPARATOR, keywords=("postcode", "post code", "post-code", "postal code")),
    # A Dutch Chamber of Commerce (KvK) number, eight digits (`KvK-nummer: 69599084`): typed as CNPJ and partita IVA
    # are, an ID_NUMBER, since most holders in a support or onboarding trace are sole traders (eenmanszaak, zzp),
    # whose register entry names the person and often their home address.
    CueRule("dutch_kvk", "ID_NUMBER",
            r"\bKvK(?:[ -]?(?:nummer|nr\.?|number|no\.?|registration(?:[ \t]+(?:number|no\.?))?))?"
            r"|\bKamer[ \t]+van[ \t]+Koophandel(?:[ \t]*(?:nummer|nr\.?))?"
            r"|\bChamber[ \t]+of[ \t]+Commerce[ \t]+(?:registration[ \t]+)?(?:number|no\.?|nr\.?)",
            r"\d{8}(?![\d-])|\d{4}[ .]\d{4}(?![\d-])", separator=_ID_CELL_SEPARATOR,
            keywords=("kvk", "kamer van koophandel", "chamber of commerce")),
    # Canada's social insurance number, Australia's tax file number, India's Aadhaar, after their names (a
    # table's cell beside its type too: `| SIN | 130 692 544 |`), each with its check digit.
    CueRule("canadian_sin", "ID_NUMBER", r"\b(?-i:SIN|NAS)\b|\bsocial[ _-]insurance(?:[ _-](?:number|no\.?))?",
            r"\d{3}[ -]?\d{3}[ -]?\d{3}(?![\d-])", sin_ok, separator=_ID_CELL_SEPARATOR + "['\"]?",
            keywords=("sin ", "sin:", "sin#", "sin\t", "nas ", "nas:", "social insurance")),
    CueRule("australian_tfn", "ID_NUMBER", r"\b(?-i:TFN)\b|\btax[ _-]file[ _-](?:number|no\.?)",
            r"\d{3}[ -]?\d{3}[ -]?\d{3}(?![\d-])", tfn_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("tfn", "tax file")),
    CueRule("aadhaar", "ID_NUMBER", r"\baadh?aar(?:[ _-](?:number|no\.?|card))?|\b(?-i:UIDAI|UID)\b"
            r"|आधार(?:[ \t]*(?:कार्ड|नंबर|नम्बर|संख्या))?",
            r"\d{4}[ -]?\d{4}[ -]?\d{4}(?![\d-])", aadhaar_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("aadhaar", "aadhar", "uidai", "uid ", "uid:", "uid#", "uid|", "आधार")),
    # A UK right-to-work document: a biometric residence permit's number (`BRP ZX1234567`), a DBS certificate's
    # twelve digits (`DBS certificate no. 001234567890`), a share code (`share code W4X 9KP 7RM`).
    CueRule("uk_right_to_work", "ID_NUMBER",
            r"\b(?-i:BRP)(?:[ \t]+(?:number|no\.?))?|\bbiometric[ \t]+residence[ \t]+permit(?:[ \t]+(?:number|no\.?))?"
            r"|\b(?-i:DBS)[ \t]+(?:certificate[ \t]+)?(?:number|no\.?)|\bshare[ \t]+code"
            # (a DBS certificate's twelve digits after its form's own label: `Certificate number: 001784529364`)
            r"|\bcertificate[ \t]+(?:number|no\.?)(?=[ \t]*[:#]?[ \t]*\d{12}(?![\w-]))",
            r"[A-Z]{2}[A-Z0-9]\d{6}(?![\w-])|\d{12}(?![\w-])|[A-Z0-9]{3}[ -]?[A-Z0-9]{3}[ -]?[A-Z0-9]{3}(?![\w-])",
            _has_digits(3), separator=_ID_CELL_SEPARATOR,
            keywords=("brp", "biometric", "dbs", "share code", "certificate")),
    # A UK visa application's references (red team 61): a certificate of sponsorship's (`CoS C2X7K94618P`, eleven
    # characters), the unique application number (`UAN 3491-0287-6615-4302`, sixteen digits; India's twelve are
    # `india_uan`'s) and a GWF reference, which names itself (`GWF072841963`).
    CueRule("uk_visa_reference", "ID_NUMBER",
            rf"\b(?-i:CoS)\b{_NUMBER_WORDS}"
            r"|\bcertificate[ \t]+of[ \t]+sponsorship(?:[ \t]+(?:ref(?:erence)?|number|no\.?))?"
            r"|\b(?-i:UAN)\b|\b(?=(?-i:GWF)\d{9}(?!\w))",
            r"GWF\d{9}(?!\w)|[A-Z0-9]{11}(?![\w-])|\d{4}(?:[ -]?\d{4}){3}(?![\w-])", _has_digits(5),
            keywords=("cos", "certificate of sponsorship", "uan", "gwf")),
    # A visa's number, as its sticker prints it (`visa FRA019283746`, `VISA FRA N° FRA019283746`: a Schengen state's
    # code and nine digits; a US visa's eight digits, a letter first or not); not a card's (`Visa 4111 ...`, whose
    # groups of four are too short here).
    CueRule("visa_number", "ID_NUMBER",
            r"\bvisa(?:[ \t]+(?-i:[A-Z]{3})(?=[ \t]))?"
            r"(?:[\s_-]*(?:number|num\.?|no\.?|nr\.?|n[°º]|#|sticker|foil|vignette))?",
            r"[A-Z]{3}\d{9}(?![\w-])|[A-Z]?\d{7,9}(?![\w-])", keywords=("visa",)),
    # A Moroccan, Algerian or Tunisian national identity card (`CIN BK283746`: one or two letters and digits;
    # Tunisia's eight digits). (Not Italy's bank CIN, one letter.)
    CueRule("maghreb_national_id", "ID_NUMBER", rf"\b(?-i:CIN|CNIE)\b{_NUMBER_WORDS}(?:[ \t]*n[°º])?",
            r"[A-Z]{1,2}\d{5,7}(?![\w-])|\d{8}(?![\w-])", keywords=("cin", "cnie")),
    # A German passport after its German name (`Mein Pass N01487326`, `Reisepass-Nr. C01X00T47`, `Passnummer`):
    # a letter, then eight letters and digits. (`Pass` with its capital: the English verb is no cue.)
    CueRule("german_passport", "ID_NUMBER",
            r"\b(?:(?-i:Pass)|reisepass)(?:nummer|[ \t-]*(?:nr\.?|no\.?|#))?",
            r"[A-Z][A-Z0-9]{7,8}(?![\w-])", _has_digits(5), keywords=("pass", "reisepass")),
    # A bank account as French-speaking banks print it (a RIB): twenty to twenty-four digits after `RIB` or `compte`
    # (`relevé du compte 011780000012345678901234`, Morocco's 24; a French RIB's `30004 00123 0001234567X 42`).
    CueRule("rib_account", "ID_NUMBER",
            r"\b(?:(?-i:RIB)|compte|cuenta|conto|conta)\b(?:[ \t]+(?:courant|bancaire|bancario|corrente|n[°º]))?",
            r"\d{5}[ \t]?\d{5}[ \t]?[\dA-Z]{11}[ \t]?\d{2}(?![\w-])|\d(?:[ \t]?\d){19,23}(?![\w-])",
            _has_digits(18), keywords=("rib", "compte", "cuenta", "conto", "conta")),
    # A licence number that is a login (`Sponsor Management System login: licence 2PQ7HX3R1`): capitals and
    # digits, three digits at least. (A licence's number alone stays: `software license number ABCD-1234-EFGH-5678`
    # names a product, red team 38.)
    CueRule("login_licence", "ID_NUMBER",
            rf"\b(?:log[ \t-]?in|sign[ \t-]?in|user(?:[ \t]?name)?)(?:[ \t]+(?:id|with))?[ \t]*[:=]?[ \t]*licen[cs]e"
            rf"{_NUMBER_WORDS}",
            r"(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{5,40}(?![\w-])", _has_digits(3),
            keywords=("login", "log in", "log-in", "signin", "sign in", "sign-in", "user")),
    # France's social security number (NIR: sex, year and month of birth, place, order, a key of 97 - n mod 97),
    # after its names: `NIR : 284077511309289`, `N° de sécurité sociale 2 84 07 75 113 092 89`.
    CueRule("french_nir", "ID_NUMBER",
            r"\bNIR\b|\bn(?:°|o\.?|um[ée]ro)[ \t]*(?:de[ \t]+)?s[ée]curit[ée][ \t]+sociale"
            r"|\bs[ée]curit[ée][ \t]+sociale",
            r"[12][ ]?\d{2}[ ]?(?:0[1-9]|1[0-2]|[2-9]\d)[ ]?(?:\d{2}|2[AB])[ ]?\d{3}[ ]?\d{3}(?:[ ]?\d{2})?(?![\w])",
            _nir_ok, keywords=("nir", "sécurité", "securite", "sécu")),
    # Germany's pension insurance number (`23140381B710`: area, date of birth, the family name's initial, a serial
    # and a check digit) and health insurance number (`B284619503`), after their names.
    CueRule("german_insurance_number", "ID_NUMBER",
            r"\b(?:renten|sozial)?versicherungs(?:nummer|nr\.?)(?:[ \t]*\((?:RV|KV)\))?|\bRVNR\b|\bSV-?(?:Nummer|Nr\.?)"
            r"|\bKVNR\b|\b(?:kranken)?versichertennummer",
            r"\d{8}[A-Z]\d{3}(?![\w])|[A-Z]\d{9}(?![\w])",
            separator=r"(?:[ \t]*(?:[:|#>]|<[^<>]{0,40}>)?[ \t]*)",  # (`<KVNR>B284619503</KVNR>`)
            keywords=("versicherungs", "rentenversicherungs", "sozialversicherungs", "rvnr", "sv-nummer", "sv-nr",
                      "svnummer", "svnr", "kvnr", "versichertennummer", "krankenversichertennummer")),
    # A vehicle's registration after its name: `Kennzeichen: L-FB 2841`, `Immatriculation : GH-417-KP`, `plate
    # 7KTR 093`, `reg. no. AB12 CDE`. (Letters and digits both: `plate 2 of 3` is none.)
    CueRule("licence_plate", "ID_NUMBER",
            r"\b(?:amtliches[ \t]+)?Kennzeichen|\bimmatriculation|\b(?:licen[cs]e|number|registration)[ \t]+plates?"
            # (`plates NKV-2917`, `immatriculé FK-219-QZ`, `Kennz. WI-JB 771`, `car reg KX19 WPE`; red team 62)
            r"|\bimmatricul[ée]e?\b|\bkennz\b\.?|\bcar[ \t]+reg\b\.?"
            r"|\bplates?(?:[ \t]+(?:number|no\.?|#))?|\breg(?:istration)?\.?[ \t]+(?:no\.?|number|mark)|\bmatr[ií]cula"
            # (and the state that issued it, as a caller says it: `placas de Ohio JKW 4821`; red team 58)
            r"|\btarga|\bplacas?(?:[ \t]+del?[ \t]+(?-i:[A-Z][^\W\d_A-Z]+(?:[ \t][A-Z][^\W\d_A-Z]+)?))?"
            r"|\b(?-i:SPZ|RZ)\b|\bkenteken|\bnummerplade|\bnummerplate|\bregistreringsnummer"
            r"|\brekisterinumero|\b(?:nr|numer)\.?[ \t]+rejestracyjny|\btablic[ae][ \t]+rejestracyjn[ae]",
            # (written in one run too: `plate HVN7714`; red team 45)
            r"[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,5}){0,3}(?![\w-])", _plate_ok,
            # (`Immatriculation de ma Peugeot 208 : GH-417-KP`: what it is of, then a colon)
            separator=r"(?:[ \t]+d[eu][ \t]+(?:(?:ma|mon|la|le)[ \t]+)?[^\n:]{1,30}?[ \t]*:[ \t]*"
                      r"|[^\S\n]*[:=#]?[ \t]*(?:(?:is|es|ist|est|è|é)[ \t]+)?(?:<[^<>]{0,40}>)?)",
            keywords=("kennzeichen", "kennz", "car reg", "immatricul", "amtliches", "immatriculation", "license plate",
                      "licence plate", "number plate",
                      "registration plate", "registration no", "registration number", "registration mark", "plate",
                      "reg no", "reg. no", "reg number", "reg. number", "reg mark", "reg. mark", "matrícula",
                      "matricula", "targa", "placa", "spz", "rz", "kenteken", "nummerplade", "nummerplate",
                      "registreringsnummer", "rekisterinumero", "rejestracyjny", "tablic")),
    # ... and after the vehicle itself (`el coche 4821 KLM`, `o carro AX-27-LP`, `bilen CX 43 817`): then only in a
    # country's own plate shape, since a model's name may follow a car (`car XC90`; red team 50).
    CueRule("vehicle_plate", "ID_NUMBER",
            r"\b(?:coche|carro|auto|vůz|vozidlo|voiture|véhicule|bil(?:en)?|fahrzeug|samochód|samochodu|pojazd"
            r"|veicolo|macchina|vehicle|car)",
            # (a verb or a bracket between: `Car is B-LH 2207E`, `kjørt bilen (EB 41327)`; red team 55)
            _NATIONAL_PLATE + r"(?![\w-])", _plate_ok, separator=r"[ \t]+(?:(?:is|er|ist|est|es|é)[ \t]+)?\(?",
            keywords=("coche", "carro", "auto", "vůz", "vozidlo", "voiture", "véhicule", "bil", "fahrzeug", "samoch",
                      "pojazd", "veicolo", "macchina", "vehicle", "car")),
    # Mexico's RFC in its own shape (three or four letters, the birth or founding date, a three-character
    # homoclave): `RFC 9110` and `RFC 7231/9110` are the IETF's.
    # (four letters: a person's; a company's three-letter RFC is public, on every invoice it issues; red team 52)
    CueRule("mexican_rfc", "ID_NUMBER", r"\b(?-i:RFC)\b",
            r"[A-ZÑ&]{4}-?\d{6}-?[A-Z0-9]{3}(?![\w-])", keywords=("rfc",)),
    # A person's profile on LinkedIn (`linkedin.com/in/kwabena-asante-mensah`: always one person's), and on GitHub or
    # GitLab after a CV's label (`GitHub: https://github.com/tlindq`; an organisation's page is linked without it;
    # red team 46): the handle.
    CueRule("code_host_profile", "PERSON",
            r"\b(?:github|gitlab|portfolio)(?:[ \t]+(?:profile|url|page))?[ \t]*[:=-]?[ \t]*(?:https?://)?(?:www\.)?"
            r"(?:github|gitlab)\.com/",
            r"[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?![\w/-]|\.[A-Za-z0-9])", separator="",
            keywords=("github", "gitlab", "portfolio")),
    # A home directory named after its user (`/home/pvenkataraman/code`, `/Users/mateus.carvalho/dev`,
    # `C:\Users\Mateus Carvalho\AppData`): the user name is the person's, wherever the path is kept.
    CueRule("home_directory_user", "PERSON", r"(?:/home|/Users|\\Users)[/\\]",
            r"[A-Za-z][A-Za-z0-9._-]{1,40}(?:[ ][A-Z][A-Za-z0-9.-]{1,30})?(?=[/\\]|$)", is_personal_user_name,
            separator="", keywords=("/home/", "/users/", "\\users\\")),
    # A phone number after its name, written as bare digits (`my phone is 4559493322`, `Tel. 01174960451`):
    # the shape alone says an id or an amount as often, the word says a phone. (A number written in groups is
    # the phone recognizer's, which reads it whole: `+33 6 12 55 56 78 / 06 12 55 56 78` is two.)
    CueRule("phone_after_word", "PHONE_NUMBER",
            r"\b(?:phone|tel\.?|telephone|mobile|cell(?:phone)?|fax|whats[ -]?app|handy|t[ée]l[ée]phone|telefon"
            r"|tel[ée]fono|celular|portable|cellulare"
            # Portuguese (`Telemóvel 912384765`, `telefone`; red team 54)
            r"|telem[óo]vel|telefone"
            # Dutch and Flemish (`mobiel 0612873465`, `gsm`), and a line's label before a colon (`of werk: 0612873465`;
            # red team 45)
            r"|mobiel|telefoon(?:nummer)?|gsm|(?:werk|thuis|priv[ée])(?=[ \t]*:)"
            # a mobile-money wallet, whose number is the holder's phone number (`bKash 01712345678`, `GCash
            # 09171234567`, `PromptPay 0812345678`, `mi Nequi es 3104829917`), and Arabic's mobile and phone (`جوال
            # 0504418827`); red team 43
            r"|m-?pesa|momo|mobile[ \t]+money|bkash|nagad|jazzcash|easypaisa|g-?cash|paymaya|promptpay|nequi"
            r"|daviplata|yape|plin|جوال|الجوال|هاتف|موبايل"
            # (Arabic's `my number`, Hinglish's `mera number`; red team 48)
            r"|رقمي|mer[aei][ \t]+(?:number|no\.?|mobile|phone))(?:[ _-]?(?:number|no\.?|nr\.?|#))?"
            # (`call me at 4559493322`, `text 4559493322`, `ring me on 01174960451`)
            r"|\b(?:call|text|ring|dial)(?:[ \t]+(?:me|us|him|her|them|back))?(?:[ \t]+(?:at|on))?",
            r"\+?\d{7,15}(?![\w-]|[.,]\d)", phone_after_word_ok,
            keywords=("phone", "tel", "telephone", "mobile", "cell", "cellphone", "fax", "whatsapp", "whats", "mobiel",
                      "رقمي", "mera", "meri", "mere",
                      "telefoon", "telefoonnummer", "gsm", "werk", "thuis", "privé", "prive",
                      "handy", "téléphone", "telephone", "telefon", "teléfono", "telefono", "celular", "portable",
                      "cellulare", "telemóvel", "telemovel", "telefone",
                      "call", "text", "ring", "dial", "m-pesa", "mpesa", "momo", "mobile money", "bkash",
                      "nagad", "jazzcash", "easypaisa", "gcash", "g-cash", "paymaya", "promptpay", "nequi", "daviplata",
                      "yape", "plin", "جوال", "الجوال", "هاتف", "موبايل")),
    # Germany's tax id (Steuer-ID, IdNr): eleven digits, often written in groups (`12 345 678 901`).
    CueRule("german_tax_id", "ID_NUMBER",
            r"\bsteuer[ -]?(?:id|identifikationsnummer|-?nummer)\b|\bsteuerliche\s+identifikationsnummer|\bIdNr\b"
            # (a Lohnsteuerbescheinigung's `Identifikationsnummer: 47152389649`; red team 62)
            r"|\bidentifikationsnummer\b",
            r"\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}(?![\d-])", keywords=("steuer", "idnr", "identifikationsnummer")),
    # The eTIN a German payslip's tax certificate prints (`eTIN: OBRLKTRN85L12N`: the family and given names' letters,
    # the birth date's; red team 62).
    CueRule("german_etin", "ID_NUMBER", r"\b(?-i:eTIN)\b", r"[A-Z]{8}\d{2}[A-Z]\d{2}[A-Z](?![\w-])",
            keywords=("etin",)),
    # Brazil's work card and social integration numbers (`CTPS 0048213 série 0031-SP`, `PIS 120.54321.88-0`; red
    # team 62): a worker's, not a phone.
    CueRule("brazil_work_numbers", "ID_NUMBER", r"\b(?-i:CTPS|PIS|PASEP|NIS|NIT)\b(?:[ \t]*(?:n[°º]|nº))?",
            r"\d{7}(?:[ \t]+s[ée]rie[ \t]+\d{3,5}(?:-[A-Z]{2})?)?(?![\w-])|\d{3}\.?\d{5}\.?\d{2}-?\d(?![\w-])",
            separator=_ID_CELL_SEPARATOR, keywords=("ctps", "pis", "pasep", "nis", "nit")),
    # A Brazilian CEP after its name: an address part (the bare shape is protected from the phone recognizer).
    CueRule("brazil_cep", "STREET_ADDRESS", r"\bCEP\b", r"\d{5}-?\d{3}(?![\d-])", keywords=("cep",)),
    # Nigeria's Bank Verification Number and National Identification Number: eleven digits.
    CueRule("nigeria_bvn_nin", "ID_NUMBER", rf"\b(?-i:BVN|NIN){_NUMBER_WORDS}", r"\d{11}(?!\d)",
            keywords=("bvn", "nin")),
    # India's PAN (`AFZPK7190K`: five letters, four digits, a letter; the fourth letter says who holds it),
    # the UK's Unique Taxpayer Reference (ten digits), Poland's PESEL (eleven digits, a weighted check digit).
    CueRule("india_pan", "ID_NUMBER", r"\bPAN(?:\s*(?:card|no\.?|number|#))?\b|पैन(?:[ \t]*(?:कार्ड|नंबर|नम्बर))?",
            r"[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]\b", keywords=("pan", "पैन")),
    # India's Universal Account Number (provident fund): twelve digits after `UAN`.
    CueRule("india_uan", "ID_NUMBER", rf"\b(?-i:UAN){_NUMBER_WORDS}", r"\d{12}(?!\d)", keywords=("uan",)),
    CueRule("uk_utr", "ID_NUMBER", r"\bUTR\b|\bunique\s+taxpayer\s+reference(?:\s*\(UTR\))?",
            r"\d{5}\s?\d{5}(?!\d)", keywords=("utr", "unique taxpayer")),
    # ... and as Self Assessment's payment reference, the UTR and a `K` (`HMRC CUMBERNAULD 2830172946K` on a bank
    # statement, `reference 2830172946K`; red team 54). A US preparer's PTIN (`PTIN P01847263`).
    CueRule("uk_sa_payment_reference", "ID_NUMBER",
            r"\bHMRC(?:[ \t]+[A-Za-z]{2,20}){0,2}|\bref(?:erence)?|\bUTR\b", r"\d{10}K(?![\w-])",
            separator=r"(?:[ \t]*[:#]?[ \t]*)", keywords=("hmrc", "ref", "utr")),
    CueRule("us_ptin", "ID_NUMBER", r"\bPTIN\b", r"P\d{8}(?![\w-])", keywords=("ptin",)),
    # A DBS (criminal record) certificate's number after its name (`DBS 001634098217`, `DBS certificate no.
    # 001782456193`): twelve digits (red team 57).
    CueRule("dbs_certificate", "ID_NUMBER",
            r"\bDBS(?:[ \t]+(?:certificate|cert\.?|check|disclosure))?(?:[ \t]+(?:number|no\.?|#))?",
            r"\d{12}(?![\w-])", keywords=("dbs",)),
    # A student's ids after their systems' names (red team 56): a Banner id (`Banner ID N00482913`), a SEVIS id
    # (`SEVIS ID N0034718265`), a UK Student Finance customer reference number (`her CRN is 11839274650`: eleven
    # digits; a course's CRN has five).
    CueRule("student_system_id", "ID_NUMBER",
            r"\bBanner(?:[ \t]+(?:ID|number|no\.?))|\bSEVIS(?:[ \t]+(?:ID|number|no\.?))?|\bCRN\b",
            r"[A-Z]\d{8,10}(?![\w-])|\d{11}(?![\w-])", keywords=("banner", "sevis", "crn")),
    # Canvas's SIS-id form of a user in an API path (`/api/v1/users/sis_user_id:N00517288/enrollments`); red team 56.
    CueRule("canvas_sis_user_id", "ID_NUMBER", r"\bsis_(?:user|login)_id", r"[A-Za-z0-9._@+-]{3,64}(?<![.])(?![\w@+-])",
            separator=":", keywords=("sis_user_id", "sis_login_id")),
    # Where a person was born, after its label or after the birth's date (`Geburtsort: Wolfratshausen`, `geboren am
    # 14.03.2003 in Wolfratshausen`, `place of birth Cork`, `né le 3 mai 1990 à Lyon`; red team 56).
    CueRule("place_of_birth", "LOCATION",
            r"\b(?:place[ \t]+of[ \t]+birth|birth[ \t]?place|Geburtsort|lieu[ \t]+de[ \t]+naissance"
            r"|lugar[ \t]+de[ \t]+nacimiento|luogo[ \t]+di[ \t]+nascita|geboorteplaats|local[ \t]+de[ \t]+nascimento)"
            r"|\b(?:geboren[ \t]+am|born[ \t]+on|n[ée]e?[ \t]+le)[ \t]+\d{1,2}\.?[ \t]?(?:\d{1,2}\.|[A-Za-zéû]{3,9})"
            r"[ \t]?\d{4}[ \t]+(?:in|à)",
            r"[A-ZÀ-Ý][a-zà-ÿß'’-]{2,30}(?:[ -](?:am|an|der|im|sur|en|de|del|di)?[ -]?[A-ZÀ-Ý][a-zà-ÿß'’-]{2,30}){0,2}"
            r"(?![\w-])", _names_a_place,
            keywords=("place", "birth", "birthplace", "geburtsort", "lieu", "lugar", "luogo", "geboorteplaats", "local",
                      "geboren", "born", "né", "née")),
    CueRule("pesel", "ID_NUMBER", r"\bPESEL\b", r"\d{11}(?!\d)", pesel_ok, keywords=("pesel",)),
    # Belgium's national register number after its name, printed `85.07.30-033.28` on an eID card (red team 45).
    CueRule("belgian_national_number", "ID_NUMBER",
            r"\brijksregister(?:nummer|nr\.?)?|\bregistre[ \t]+national|\bnum[ée]ro[ \t]+national"
            r"|\bnationaal[ \t]+nummer|\bnational[ \t]+regist(?:er|ry)[ \t]+number|\bINSZ\b|\bNISS\b",
            r"\d{2}\.?\d{2}\.?\d{2}[ -]?\d{3}\.?\d{2}(?![\d.-])", belgian_national_number_ok,
            keywords=("rijksregister", "registre", "numéro", "numero", "nationaal", "national", "insz", "niss")),
    # Ireland's PPS number (`PPSN 7612394IA`), Portugal's NIF (`NIF 248193724`, `contribuinte n.º ...`), a Polish
    # identity card (`dowód osobisty AXK482193`), an Italian one (`carta d'identità n. CA48213KM`), a French
    # family-benefits (CAF) file number (`numéro allocataire 2917463`), each after its name.
    CueRule("irish_ppsn", "ID_NUMBER",
            r"\bPPSN?\b(?:[ \t]*(?:number|no\.?))?|\bpersonal[ \t]+public[ \t]+service[ \t]+(?:number|no\.?)",
            r"\d{7}[ ]?[A-Wa-w][ABHWTXabhwtx]?(?![\w-])", ppsn_ok,
            # (a checked number: what it is for may come between, `My PPS number for the tax thing is ...`; red team 57)
            separator=f"(?:{_PHRASE_THEN_VALUE}|{_ID_CELL_SEPARATOR})",
            keywords=("pps", "ppsn", "personal public service")),
    CueRule("portuguese_nif", "ID_NUMBER",
            r"\bNIF\b|\bn(?:[úu]mero|\.?[º°]|\.)?[ \t]*(?:de[ \t]+)?(?:identifica[çc][ãa]o[ \t]+fiscal|contribuinte)"
            r"|\bcontribuinte(?:[ \t]*(?:n\.?[º°]|nr\.?|n[úu]mero))?",
            # (`O meu número de contribuinte é 238174654`: Portuguese's `is`; red team 49)
            r"[1-35689]\d{2}[ ]?\d{3}[ ]?\d{3}(?![\d-])", portuguese_nif_ok,
            separator=r"(?:[ \t]*(?:[:=#|]|\b(?:is|é)(?!\w))?[ \t]*)",
            keywords=("nif", "contribuinte", "identificação fiscal", "identificacao fiscal")),
    CueRule("polish_id_card", "ID_NUMBER",
            r"\bdow[óo]d(?:u|em)?(?:[ \t]+osobist(?:y|ego|ym))?(?:[ \t]+(?:nr\.?|numer|seria(?:[ \t]+i[ \t]+numer)?))?"
            r"|\bseri[aię][ \t]+i[ \t]+numer(?:[ \t]+dowodu(?:[ \t]+osobistego)?)?",
            r"[A-Z]{3}[ ]?\d{6}(?![\w-])", polish_id_card_ok,
            keywords=("dowód", "dowod", "seria", "serii", "serię")),
    CueRule("italian_identity_card", "ID_NUMBER",
            r"\bcarta[ \t]+d['’][ \t]?identit[àa](?:[ \t]+elettronica)?(?:[ \t]*(?:n\.?|nr\.?|n[°º]|numero|num\.?))?"
            r"|\b(?-i:CIE)(?:[ \t]*(?:n\.?|nr\.?|n[°º]|numero))?",
            r"[A-Z]{2}\d{5}[A-Z]{2}(?![\w-])|[A-Z]{2}\d{7}(?![\w-])", keywords=("carta", "cie")),
    CueRule("french_caf_number", "ID_NUMBER",
            r"\bn(?:[°º]|um[ée]ro|o\.?)[ \t]*(?:d['’][ \t]*)?allocataire(?:[ \t]+(?:CAF|MSA))?"
            r"|\ballocataire[ \t]+(?:CAF|MSA)|\bmatricule[ \t]+(?:CAF|MSA)",
            r"\d{7}(?![\d-])", separator=r"(?:[ \t]*(?:[:#]|\b(?:est|is)\b)?[ \t]*(?:le[ \t]+)?)",
            keywords=("allocataire", "matricule")),
    # A LinkedIn profile's address names its person (`linkedin.com/in/anneliese-kowalczyk-brandt-7a2b19`).
    CueRule("linkedin_profile", "PERSON", r"linkedin\.com/in/", r"[A-Za-z0-9%_-]{3,100}", separator="",
            keywords=("linkedin.com/in/",)),
    # Spain's DNI and NIE (and the NIF, a DNI for tax), with their check letter (`DNI nº 12345678Z`).
    CueRule("dni_nie", "ID_NUMBER", r"\b(?:DNI|NIE|NIF)\b(?:\s*(?:n\.?\s?[º°]|núm\.?|número|no\.?|#))?",
            r"(?:\d{8}|\d{2}\.\d{3}\.\d{3}|[XYZxyz]-?\d{7})[ -]?[A-Za-z](?![\w-])", dni_nie_ok,
            keywords=("dni", "nie", "nif")),
    # A national or tax number as a query or a log assigns it to its column with `=` (`WHERE dni='45871236'`,
    # `rut_trabajador = '17384562'`, `cpf = '123.456.789-09'`, `employee_ssn=536224187`; red team 52): five digits
    # at least. (Not a company's `cuit`, `rfc` or `cnpj`: an employer's are public.)
    CueRule("id_column_assignment", "ID_NUMBER",
            # (a table's alias before the column: `l.rut_trabajador`)
            rf"(?<![\w-])(?:[a-z]{{2,12}}_)?(?:{_ID_COLUMN_NAMES})(?:_[a-z]{{2,12}})?(?![\w.-])",
            r"[A-Za-z0-9][A-Za-z0-9./-]{3,30}[A-Za-z0-9](?![\w./-])", _id_column_value_ok,
            separator=r"[ \t]*==?[ \t]*['\"]?", keywords=_ID_COLUMN_KEYWORDS),
    # A SIM card's number (starts 89, Luhn-checked) and a mobile number's porting codes.
    CueRule("iccid", "ID_NUMBER", r"\bICCID\b|\bSIM(?:\s+card)?\s+(?:number|no\.?)", r"89\d{16,18}(?!\d)",
            _luhn, keywords=("iccid", "sim")),
    CueRule("porting_code", "ID_NUMBER", r"\bPAC(?:\s+code)?\b|\bport[ -]?out\s+PIN\b|\btransfer\s+PIN\b",
            r"[A-Z0-9]{4,12}(?![\w-])", _has_digits(3), keywords=("pac", "port", "transfer")),
    # What a voice agent's speech-to-text writes out: digits as words (`four one five, five five five, oh one
    # three two`, `double seven`, digits mixed in) and addresses spelled (`priya dot raman at outlook dot com`).
    # A run of seven digits or more is a phone number; thirteen to nineteen passing Luhn, a card's.
    CueRule("spoken_card", "CREDIT_CARD", r"\b", _SPOKEN_DIGITS, _spoken_card_ok, separator="",
            keywords=_SPOKEN_NUMBER_KEYWORDS, min_keywords=_SPOKEN_DIGIT_WORDS_MIN),
    CueRule("spoken_phone", "PHONE_NUMBER", r"\b", _SPOKEN_DIGITS, _spoken_phone_ok, separator="",
            keywords=_SPOKEN_NUMBER_KEYWORDS, min_keywords=_SPOKEN_DIGIT_WORDS_MIN),
    # A postcode said aloud after its name (`código postal uno uno cinco dos nueve`, `O C-E-P zero cinco quatro zero
    # sete`, `pin code six eight two zero three six`, `zip code nine four one one oh`): four to ten digits, in words
    # (red team 52).
    CueRule("spoken_postcode", "STREET_ADDRESS",
            r"\b(?:c[óo]digo[ \t]+postal|C\.P\.|CEP|C-E-P|zip(?:[ \t-]?code)?|post(?:al)?[ \t-]?code|pin[ \t-]?code)",
            rf"(?i:{_SPOKEN_SINGLE_DIGIT}(?:[ ,.-]+{_SPOKEN_SINGLE_DIGIT}){{3,9}})(?![\w-])", _spoken_postcode_ok,
            separator=(r"[ \t]*[:,]?(?:[ \t]+(?:is|es|é|era|nuevo|nueva|novo|nova|now|it's|de|do|da|mi|my))*"
                       r"[ \t]*[:,]?[ \t]*"),
            keywords=("código postal", "codigo postal", "c.p.", "cep", "c-e-p", "zip", "postcode", "post code",
                      "post-code", "postal code", "pin code", "pin-code", "pincode")),
    # ... and a longer run, a bank account's or a CLABE's (`cero uno dos, uno ocho cero, ...`: eighteen digits)
    CueRule("spoken_account_number", "ID_NUMBER", r"\b", _SPOKEN_DIGITS, _spoken_account_ok, separator="",
            keywords=_SPOKEN_NUMBER_KEYWORDS, min_keywords=_SPOKEN_DIGIT_WORDS_MIN),
    CueRule("spoken_email", "EMAIL_ADDRESS", r"\b(?:e-?mail|mail|address|reach me|contact me)",
            _SPOKEN_EMAIL, separator=r"(?:(?:\s+(?:is|me|at|on|to|it's|its|address))+\s*[:,]?|\s*[:,])\s*",
            keywords=("email", "e-mail", "mail", "address", "reach me", "contact me")),
    CueRule("spoken_email_alone", "EMAIL_ADDRESS", r"\b", _SPOKEN_EMAIL_ALONE, separator="", keywords=("dot",)),
    # A PIN or a SIM's PUK: `My self-select PIN is 48213`, `IRS IP PIN 739104`, `PUK code 48213977`. Four
    # digits or more: a pinout's `PIN 1`, an Arduino's `pin 13`, a GPIO's `pin 4` have one or two.
    # (several, and whose: `Our self-select PINs: mine 58213`; red team 46)
    CueRule("pin", "ID_NUMBER", r"\bpins?(?:[ _-]?(?:code|number|nummer|no\.?|#))?\b|\bPUK[12]?(?:[ _-]?code)?\b",
            rf"\d{{4,8}}{_CODE_END}",
            # (whose PIN, before its value with no verb: `PIN des Zählers 83015527`, `PIN for the card: 4417`;
            # red team 49)
            separator=r"(?:[ \t]+(?:des|der|vom|von|of(?:[ \t]+the)?|for(?:[ \t]+the)?)[ \t]+[^\W\d_]{2,20}"
            r"[ \t]*:?[ \t]*|" + _PHRASE_THEN_VALUE + r")(?:(?:mine|his|hers|ours)[ \t]+)?",
            keywords=("pin", "puk")),
    # A meeting's passcode and its host's key, as an invite's body or an iCalendar DESCRIPTION writes them
    # (`Passcode: Xq7#pL2m`, `Meeting passcode 482913`, `Host key: 529104`): they let anyone in, or take the meeting
    # over. Digits, or a word with a letter and a digit (`Passcode: required` is prose); a host's key only in digits
    # (an SSH host key is a public key's name or fingerprint). The type of a `passcode` field's value (red team 44).
    CueRule("meeting_passcode", "PASSWORD",
            r"\b(?:(?:meeting|zoom|webinar|webex|teams|conference)[ _-]?)?pass[ _-]?code\b|\bhost[ _-]?(?:key|pin)\b",
            rf"\d{{4,10}}#?{_CODE_END}", separator=_PHRASE_THEN_VALUE, keywords=("passcode", "pass code", "host")),
    CueRule("meeting_passcode_word", "PASSWORD",
            r"\b(?:(?:meeting|zoom|webinar|webex|teams|conference)[ _-]?)?pass[ _-]?code\b",
            r"(?=[^\s\\]{0,31}\d)(?=[^\s\\]{0,31}[^\W\d_])[^\s\\\"'<>,;()]{4,32}(?<![.,:;!?])(?![^\s\\\"'<>,;()])",
            _not_a_version, separator=_MARK_SEPARATOR, keywords=("passcode", "pass code")),
    # A one-time code a user reads out, and the codes that open a door (`OTP 482913`, `gate code 8841#`).
    CueRule("one_time_code", "CREDENTIAL",
            r"\bOTP\b|\bone[ -]time[ -](?:pass)?code|\bverification code|\b(?:gate|door|entry|access|alarm|lockbox|"
            r"keypad|building|garage|cbs|combo|combination|key[ _-]?safe|lock)[ _-]code|\blockbox\b"
            # Dutch, German and French door codes (`deurcode 4471#`, `Türcode`, `digicode`)
            r"|\bdeur[ _-]?code|\bt[üu]r[ _-]?code|\bdigicode"
            # (a courtyard's or a front door's, `Hoftor-Code 1947B`, `Haustür-Code`, `Zugangscode`; red team 51)
            r"|\b(?:hof|haus)?(?:tor|tür|tuer)[ _-]?code|\bzugangs[ _-]?code",
            # (a realtor's lockbox code may have a dash: `CBS code 4471-82`; a keypad's `#` or `*`, or a letter)
            rf"\d{{4,8}}(?:-\d{{1,4}})?{_KEYPAD_SUFFIX}{_CODE_END}",
            separator=rf"(?:{_PHRASE_THEN_VALUE}|[ \t]+from[ \t]+)",
            keywords=("otp", "one-time", "one time", "verification", "gate", "door", "entry", "access", "alarm",
                      "lockbox", "keypad", "building", "garage", "cbs", "combo", "combination", "keysafe", "key safe",
                      "key-safe", "key_safe", "lock code", "lock-code", "lock_code", "deur", "tür", "tur", "digicode",
                      "hoftor", "haustür", "haustuer", "tor", "tuer", "zugangs")),
    # A keypad's code after the gate or door itself, by the keypad's `#` or `*` (`Gate 2580*, ask for...`; an airport's
    # `Gate 12` has none), or after a courtyard gate, which no airport has (`Hoftor 1947B`; red team 51).
    CueRule("keypad_code", "CREDENTIAL", r"\b(?:gate|door|entry|portal|port[óo]n|puerta|porte)",
            r"#?\d{3,8}[#*](?![\w])", separator=r"[ \t]+", keywords=("gate", "door", "entry", "portal", "portón",
                                                                    "porton", "puerta", "porte")),
    # A field technician's access notes (red team 57): `lockbox on hose bib 0614`, `disarm 7391`, `Garage keypad 1987`,
    # `caja de llaves 0614`, `alarma 7391`: the code after what it opens, a few words saying where it is between.
    CueRule("access_note_code", "CREDENTIAL",
            r"\b(?:lock[ -]?box|key[ -]?safe|keypad|disarm|alarma|caja[ \t]+de[ \t]+llaves|candado|teclado)"
            r"(?:[ \t]+(?:on|at|by|in|near|behind|en|junto[ \t]+a)[ \t]+(?:the[ \t]+|la[ \t]+|el[ \t]+)?[\w-]{1,20}"
            r"(?:[ \t]+[\w-]{1,20}){0,2}?)?"
            # (where it is, then its code: `Key safe left of back door, code 8153`; red team 58)
            # (and an alarm panel's: `alarm panel is behind the door, code 1985`; red team 62)
            r"|\b(?:lock[ -]?box|key[ -]?safe|alarm(?:[ \t]+panel)?)[^.;\r\n]{1,60}?\b(?:code|pin|combo|combination)"
            r"(?:[ \t]+is)?",
            # (a keypad's code may start or end with a letter: `front door keypad C1946X`; red team 62)
            rf"(?-i:[A-Z])?\d{{4,8}}{_KEYPAD_SUFFIX}{_CODE_END}", separator=r"(?:[ \t]*[:#=]?[ \t]*)",
            keywords=("lockbox", "lock-box", "lock box", "keysafe", "key safe", "key-safe", "keypad", "disarm",
                      "alarma", "caja", "candado", "teclado", "alarm")),
    # An alarm's code in a text's shorthand, the key pressed after it (`Alarm 1985 + OFF`, `alarm 4471 then OFF`;
    # red team 62): the key says it is no time or year.
    CueRule("alarm_code_shorthand", "CREDENTIAL", r"\balarm(?:[ \t]+(?:panel|code))?",
            r"\d{4,8}(?=[ \t]*(?:\+|then|and|&)[ \t]*(?:press[ \t]+)?(?-i:OFF|UNSET|DISARM|Off|off|unset|disarm)\b)",
            separator=r"(?:[ \t]*[:#]?[ \t]*)", keywords=("alarm",)),
    # A code changed, both the old and the new (`change the key safe code from 4729 to 8316`; red team 62): the
    # old is one_time_code's (its `from`), the new follows `to`.
    CueRule("changed_access_code", "CREDENTIAL",
            r"\b(?:key[ _-]?safe|lock[ -]?box|door|gate|alarm|keypad|lock|entry|access)[ \t]+(?:code|pin|combination)"
            r"[ \t]+from[ \t]+\d{4,8}[#*]?[ \t]+to",
            rf"\d{{4,8}}[#*]?{_CODE_END}", separator=r"[ \t]+",
            keywords=("keysafe", "key safe", "key-safe", "key_safe", "lockbox", "lock-box", "lock box", "door", "gate",
                      "alarm", "keypad", "lock", "entry", "access")),
    # A Wi-Fi network's password after its name and a slash (`wifi if he needs it BT-Hub6-9XKQ / plumTree!2291`; red
    # team 62): with a digit or a symbol, no path.
    CueRule("wifi_network_password", "PASSWORD", r"\bwi-?fi\b[^\n/]{0,40}?[ \t][\w-]{2,32}[ \t]+/",
            # (a sentence's full stop may follow: `... / plumTree!2291. call me`)
            r"(?=[^\s/]*[\d!@#$%^&*])[^\s/\"'<>]{5,62}[^\s/\"'<>.,;:!?](?=[.,;:!?]?(?:[\s\"'<>]|$))",
            separator=r"[ \t]+",
            keywords=("wifi", "wi-fi")),
    # A WhatsApp click-to-chat link's number (`https://wa.me/5511987654321?text=...`, `api.whatsapp.com/send?phone=`;
    # red team 57): the international number without its `+`.
    CueRule("whatsapp_link_number", "PHONE_NUMBER", r"\bwa\.me/|\bwhatsapp\.com/send/?\?(?:[^\s#\"'<>]{0,200}&)?phone=",
            r"\+?\d{8,15}(?![\w-])", separator="", keywords=("wa.me", "whatsapp.com")),
    # A Canadian cheque's account after its transit and institution numbers (`Desjardins transit 30512 institution 815
    # folio 4471209`; red team 57): the branch and the bank are public, the folio is the account.
    CueRule("canadian_cheque_account", "ID_NUMBER",
            r"\btransit[ \t]*(?:no\.?|#)?[ \t]*\d{5}[ \t,;]+(?:institution|inst\.?)[ \t]*(?:no\.?|#)?[ \t]*\d{3}"
            r"[ \t,;]+(?:folio|account|acct\.?|compte)",
            r"\d{5,12}(?![\w-])", separator=r"(?:[ \t]*(?:no\.?|#|:)?[ \t]*)", keywords=("transit",)),
    CueRule("courtyard_gate_code", "CREDENTIAL", r"\bhoftor",
            rf"\d{{3,8}}{_KEYPAD_SUFFIX}{_CODE_END}", separator=r"[ \t]*[:=]?[ \t]*",
            keywords=("hoftor",)),
    # An access, activation or verification code of letters and digits (`My NETFILE access code is K7Q2M9XA`,
    # India's e-filing `EVC 8H2K4M9QXT`; red team 46): a word with both, in capitals.
    CueRule("access_code_word", "CREDENTIAL",
            r"\b(?:access|activation|verification|security|authori[sz]ation)[ \t]+code|\bEVC\b",
            r"(?=[A-Z0-9]{0,15}\d)(?=[A-Z0-9]{0,15}[A-Z])[A-Z0-9]{6,16}(?![\w-])", separator=_PHRASE_THEN_VALUE,
            keywords=("access", "activation", "verification", "security", "authorisation", "authorization", "evc")),
    # A date of birth and a password after their names in Japanese, Chinese and Korean (`生年月日1989年6月15日`,
    # `マイナポータルの暗証番号はSakura-Shinmachi2147です`; red team 46).
    CueRule("cjk_date_of_birth", "DATE_OF_BIRTH", r"生年月日|出生日期|出生年月日|생년월일|出生(?=[ \t\u3000]*\d)",
            r"(?:\d{4}|(?:昭和|平成|令和)\d{1,2})年\d{1,2}月\d{1,2}日|\d{4}년[ ]?\d{1,2}월[ ]?\d{1,2}일"
            r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)",
            separator=r"(?:[ \t\u3000]*[:：は은는]?[ \t\u3000]*)",
            keywords=("生年月日", "出生日期", "出生年月日", "생년월일", "出生")),
    # ... and a date with `生` (born) after it, as a Japanese record writes one beside the name (`小林 真由美（1950年8月
    # 21日生）`, `昭和25年8月21日生まれ`).
    CueRule("japanese_born_on", "DATE_OF_BIRTH", "",
            r"(?:\d{4}|(?:昭和|平成|令和)\d{1,2})年\d{1,2}月\d{1,2}日(?=生(?:まれ|[）)、。\s]|$))", separator="",
            keywords=("生",)),
    CueRule("cjk_password", "PASSWORD", r"暗証番号|パスワード|密码|密碼|비밀번호",
            r"[!-~]{4,64}?(?=です|でした|입니다|이에요|예요|[。、，,\s]|$)",
            separator=r"(?:[ \t\u3000]*(?:[:：]|は|が|是|为|는|은)?[ \t\u3000]*)",
            keywords=("暗証番号", "パスワード", "密码", "密碼", "비밀번호")),
    # The same in Spanish: `el código del portón es 1984`, `el código de atrás es 482` (a card's CVV).
    # (and a building's street door, `el código del portal es 4471`, `Código portal 4471`)
    CueRule("spanish_code", "CREDENTIAL",
            r"\bc[óo]digo(?:[ \t]+(?:(?:del?|de[ \t]+la)[ \t]+)?(?:port[óo]n|portal|puerta|acceso|entrada|alarma|"
            r"seguridad|atr[áa]s|verificaci[óo]n|la[ \t]+tarjeta|caja|candado|garaje))?",
            rf"\d{{3,8}}{_CODE_END}", separator=r"(?:[ \t]*[,:]?[ \t]*(?:es|era|:)?[ \t]*)",
            keywords=("código", "codigo")),
    # exiftool's degrees, minutes and seconds (`GPSLatitude: 30 deg 30' 46.35" N`, `GPS Position : 30 deg 30' 46.35" N,
    # 97 deg 41' 21.17" W`): a photo's place, a customer's home (red team 57).
    CueRule("exif_gps_dms", "LOCATION", r"\bGPS[ \t]?(?:Latitude|Longitude|Position|Dest(?:Latitude|Longitude))",
            DEGREES_MINUTES_SECONDS + r"(?:\\?\"|'')[ \t]?[NSEW]"
            r"(?:,[ \t]?" + DEGREES_MINUTES_SECONDS + r"(?:\\?\"|'')[ \t]?[NSEW])?",
            separator=r"(?:[ \t]*:?[ \t]*\\?[\"']?)", keywords=("gps",)),
    # A position as latitude and longitude after what it places (a ride's `origin=37.79612,-122.41894`, `last ping
    # 37.76231, -122.43509`, `"latlng": "..."`): four decimals or more, within range. (Without its word a pair of
    # decimals is as often two scores or an embedding's first values.)
    CueRule("coordinates", "LOCATION",
            r"\b(?:origin|destination|waypoints?|latlng|lat_lng|latlon|lat_lon|lat/lng|coords?|coordinates|gps"
            r"|location|position|pickup|drop-?off|(?:last[ \t]+)?ping|geo)",
            r"-?\d{1,2}\.\d{4,},[ ]?-?\d{1,3}\.\d{4,}(?![\d.])", _coordinates_ok,
            separator=r"(?:[ \t]*[:=]?[ \t]*[\"']?)",
            keywords=_COORDINATE_KEYWORDS, first_chars=first_characters(*_COORDINATE_KEYWORDS)),
    # ... and as a log line writes the two apart (`geofence enter lat=52.48921 lng=13.42170`, `latitude: 52.48921,
    # longitude: 13.42170`), each after its own name; and as iOS describes a CLLocation (`<+37.75162,-122.42117> +/-
    # 5.00m`). Red team 54.
    CueRule("latitude_before_longitude", "LOCATION", r"\blat(?:itude)?",
            r"[+-]?\d{1,2}\.\d{4,}(?=[ \t]*[,;]?[ \t]*(?i:lng|lon|long|longitude)[ \t]*[=:])",
            separator=r"(?:[ \t]*[:=][ \t]*)", keywords=("lat",)),
    CueRule("longitude_after_latitude", "LOCATION",
            r"(?:(?<=\d[ \t,;])|(?<=\d[,;][ \t]))(?:lng|lon|long|longitude)",
            r"[+-]?\d{1,3}\.\d{4,}(?![\d.])", separator=r"(?:[ \t]*[:=][ \t]*)", keywords=("lng", "lon")),
    # A GML point, as NG911's PIDF-LO writes a caller's location (`<gml:Point srsName="urn:ogc:def:crs:EPSG::4326">
    # <gml:pos>39.95877 -83.03315</gml:pos>`; red team 58).
    CueRule("gml_position", "LOCATION", r"<gml:pos(?:[ \t][^<>]{0,200})?>",
            r"[+-]?\d{1,2}\.\d{4,}[ \t]+[+-]?\d{1,3}\.\d{4,}(?=[ \t]*<)", separator="", keywords=("<gml:pos",)),
    CueRule("cllocation_coordinates", "LOCATION", "",
            r"(?<=<)[+-]?\d{1,2}\.\d{4,},[+-]?\d{1,3}\.\d{4,}(?=>[ \t]*\+/-)", _coordinates_ok, separator="",
            keywords=("+/-",)),
    # An Ethereum (or any EVM chain's) wallet after its name: `ETH withdrawal address 0x71C7...`,
    # `wallet: 0x...`. The shape alone is a contract's address as often (and a digest's first 40 digits).
    CueRule("evm_wallet", "CRYPTO",
            # (a network's or a token's name alone, right before the address: `usdt erc20 0x5290...`)
            r"\b(?:(?:eth(?:ereum)?|erc[ _-]?20|bep[ _-]?20|trc[ _-]?20|polygon|arbitrum|usd[tc]|crypto)"
            r"(?:[ _-]?(?:(?:deposit|withdrawal|payout|receiving)[ _-]?)?(?:wallet|address|addr))?"
            r"|(?:deposit|withdrawal|payout|receiving|sending)[ _-]?(?:wallet|address)"
            r"|wallet(?:[ _-]?(?:address|addr))?"
            r"|withdraw(?:al)?[ \t]+to)",
            r"0x[0-9a-fA-F]{40}(?![\w])",
            # (a ledger's transfer line, `withdraw 3.4 ETH -> 0x5290...`: an arrow to where it went)
            separator=rf"(?:[ \t]*(?:->|→|=>)[ \t]*|{_MARK_SEPARATOR})",
            keywords=("0x",)),  # (the value's own start: every match holds it, few texts do)
    # India's UPI payment address (a VPA): a handle at a bank's, no domain (`sidmenon@okhdfcbank`). With
    # a top-level domain it is an email address, for the email recognizer.
    CueRule("upi_address", "ID_NUMBER", r"\bUPI(?:[ _-]?(?:id|handle|address))?\b|\bVPA\b",
            r"[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}(?![\w@-]|\.\w)",
            keywords=("upi", "vpa")),
    # A person's handle on a social network, after the network's name (`follow me on instagram @jane.w92`,
    # `IG: @dana_w`, `my tiktok is @danaw_official`): it finds them as surely as their name.
    CueRule("social_handle", "PERSON",
            r"\b(?:instagram|insta|ig|twitter|tiktok|tik[ _-]tok|snapchat|snap|threads|telegram|bluesky|bsky"
            r"|mastodon|facebook|fb|x\.com)(?:[ \t]+(?:handle|account|username|user|name|id))?",
            r"@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?(?![\w@/-]|\.\w)", _social_handle_ok,
            # (`su Instagram es @...`, `meu insta é @...`, `mein Insta ist @...`; red team 41)
            separator=r"(?:[ \t]*(?:[:=]|\b(?:is|es|é|est|ist|è)\b)?[ \t]*)",
            keywords=("instagram", "insta", "ig", "twitter", "tiktok", "tik", "snapchat", "snap", "threads", "telegram",
                      "bluesky", "bsky", "mastodon", "facebook", "fb", "x.com")),
    # (`SSN on file 529841176`, a guardrail's log; red team 59)
    CueRule("ssn", "US_SSN", r"\bssn\b(?:[ \t]+on[ \t]+file)?|\bsocial[ _-]security(?:\s*(?:number|no\.?|#))?",
            r"\d{3}(?P<ssn_separator>[- ]?)\d{2}(?P=ssn_separator)\d{4}(?![\d-])", ssn_ok,
            keywords=("ssn", "social")),
    # An SSN's last four digits, as a caller says them to a voice agent (`the last four of my social are 6 6 2 1`,
    # `last 4 of your SSN is 6621`): what a bank asks to verify someone by (red team 44).
    CueRule("ssn_last_four", "US_SSN",
            r"\blast[ \t]+(?:four|4)(?:[ \t]+digits)?[ \t]+of[ \t]+(?:my|your|his|her|their|the)[ \t]+"
            r"(?:social(?:[ \t]+security(?:[ \t]+number)?)?|ssn)"
            # (a notes field's `SSN last 4: 6021`, `last 4 SSN 6021`; red team 49)
            r"|\b(?:ssn|social)[ \t]+last[ \t]+(?:four|4)(?:[ \t]+digits)?"
            r"|\blast[ \t]+(?:four|4)[ \t]+(?:of[ \t]+)?ssn\b"
            # (`SSN ending 7734`, `SSN ending in 7734`; red team 51)
            r"|\b(?:ssn|social[ \t]+security(?:[ \t]+number)?)[ \t]+ending(?:[ \t]+(?:in|with))?",
            r"\d(?:[ ,-]?\d){3}(?![\d-])", separator=r"(?:[ \t]*(?:[:=]|\b(?:is|are|was|were)\b)?[ \t]*)",
            keywords=("last", "ending")),
    # (`security code 821`: a card's, or a one-time code; sensitive either way)
    CueRule("card_security_code", "CREDIT_CARD", r"\b(?:cvv2?|cvc2?|csc|(?:card )?security code)\b"
            # (American Express calls its four digits the CID: `Amex CID 8841`; a bare `CID` is a content or a
            # caller id)
            r"|\b(?:amex|american[ \t]+express)(?:[ \t]+card)?[ \t]+(?-i:CID)\b",
            r"\d{3,4}(?![\d-])",
            keywords=("cvv", "cvc", "csc", "card security", "security", "amex", "american express")),
    # A card's expiry after the words cards and checkouts print (`EXP 11/28`, `Valid thru 07/30`, `expiry 04/31`, a form
    # body's `expiryDate=03/2029`): with the card's number it is card data (PCI DSS), and a month and a year only. (Not
    # a bare `expires 12/25`, a day's date as often; red team 51)
    CueRule("card_expiry", "CREDIT_CARD",
            r"\b(?-i:EXP)\b|\bexp\.[ \t]*date|\bexpiry(?:[ _-]?date)?|\bexpiryDate|\bexpiration[ _-]?date"
            r"|\b(?:valid|good)[ \t]+(?:thru|through)|\bcard[ _-]?exp(?:iry|iration)?(?:[ _-]?date)?",
            r"(?:0[1-9]|1[0-2])[/-](?:20)?\d{2}(?![\d/-])", separator=r"(?:[ \t]*[:=]?[ \t]*[\\\"']{0,2})",
            keywords=("exp", "expiry", "expirydate", "expiration", "valid", "good", "card")),
    # A name spelled out letter by letter after it, as a caller does and a transcript writes (`my name is Teodora
    # Kowalski, that's K-O-W-A-L-S-K-I`, `Alejandro Ramírez, R-A-M-I-R-E-Z.`): the name in other letters (red team
    # 51). Four letters at least, each a capital between hyphens.
    CueRule("spelled_name", "PERSON", r"\bthat(?:'s|’s|[ \t]+is)|\bspel(?:led|t|ling)(?:[ \t]+(?:as|it))?|,",
            # (after an Irish name's `O apostrophe`: `that's O apostrophe S-U-L-L-I-V-A-N`)
            rf"(?-i:{SPELLED_NAME})(?![\w-])", _spells_a_word,
            separator=r"[ \t]*:?[ \t]*(?:(?-i:[A-Z])[ \t]+apostrophe[ \t]+)?",
            keywords=("that", "spelled", "spelt", "spelling", ","), first_chars="tTsS,"),
    CueRule("spelled_name_after_label", "PERSON",
            r"\b(?:sur[ \t]?name|last[ \t]+name|family[ \t]+name|first[ \t]+name|given[ \t]+name)(?:[ \t]+is)?"
            r"|\bspel(?:led|t|ling)(?:[ \t]+(?:as|it))?",
            rf"(?-i:{SPACED_SPELLED_NAME})(?![\w-]|[ ][A-Z](?![\w]))", _spells_a_word,
            separator=r"[ \t]*[:,]?[ \t]*(?:(?:that's|that[ \t]+is)[ \t]+)?",
            keywords=("surname", "sur name", "last name", "family name", "first name", "given name", "spelled", "spelt",
                      "spelling")),
    # ... said aloud (`the security code is seven one nine`; red team 51)
    CueRule("spoken_card_security_code", "CREDIT_CARD", r"\b(?:cvv2?|cvc2?|csc|(?:card[ \t]+)?security[ \t]+code)\b",
            rf"(?i:(?:{_DIGIT_NAMES})(?:[ ,-]+(?:{_DIGIT_NAMES})){{2,3}})(?![\w-])",
            separator=r"(?:[ \t]*[:,]?[ \t]*(?:is|was|it's)?[ \t]*)",
            keywords=("cvv", "cvc", "csc", "card security", "security")),
    # An insurance policy's number in prose (`State Farm policy PA-4471-882910-03`): six digits or more, no date.
    CueRule("policy_number", "ID_NUMBER", r"\bpolicy(?:[ _-]?(?:number|no\.?|#))?",
            _POLICY_NUMBER, _policy_number_ok, keywords=("policy",)),
    # ... in German, French and Spanish (`Versicherungsschein-Nr. VS-4471-829310-7`, `Vertragsnr. Allianz
    # DV-4471-20391-K`, `contrat n° AXF-88213477`, `póliza nº ...`; red team 62), the insurer's name between or not.
    CueRule("contract_number", "ID_NUMBER",
            # (a contract's number alone is german_customer_number's; here with the insurer's name between)
            r"\bversicherungs(?:schein|police)(?:nummer|[ \t-]*nr\.?)?"
            r"|\bvertrags?(?:nummer|[ \t-]*nr\.?)(?=[ \t]*[:#]?[ \t]*(?-i:[A-Z][A-Za-z&]+)[ \t]+[A-Z0-9])"
            r"|\bcontrat[ \t]+(?:d['’]assurance[ \t]+)?n[°º]|\bn[°º][ \t]+de[ \t]+contrat"
            r"|\bp[óo]liza[ \t]+(?:n[°º.]|n[úu]m(?:ero|\.))",
            _POLICY_NUMBER, _policy_number_ok,
            separator=r"(?:[ \t]*[:#]?[ \t]*(?:(?-i:[A-Z][A-Za-z&]+)[ \t]+)?)",
            keywords=("versicherungs", "vertrag", "contrat", "n°", "nº", "póliza", "poliza")),
    CueRule("insurance_member", "ID_NUMBER",
            r"\b(?:(?:insurance|health[ _-]plan)[ _-]?)?member[ _-]?id|\b(?:cardholder|subscriber)[ _-]?id",
            # (a caller confirming it: `Is your insurance member ID still W2847193605?`; red team 44)
            r"[A-Z0-9][A-Z0-9-]{5,15}(?![\w-])", _has_digits(4), separator=_PHRASE_THEN_VALUE,
            keywords=("member", "cardholder", "subscriber")),
    # Names. A label that says "name" (anywhere), or a bare `Name:` that starts a line.
    # (Not a bare `name:`: YAML writes it for steps, jobs and services, `- name: Checkout Code`.)
    # (and what a card, an account or a document is in the name of: `Name on card:`, `Name as shown on ID:`)
    CueRule("labelled_name", "PERSON",
            rf"(?:\b{_PERSON_LABELS}|{_LINE_START}[ \t]*(?-i:Name)|\b{_NAME_ON_DOCUMENT}|\b{_NAME_OF_PARTY})",
            _LABELLED_FULL_NAME, is_plausible_labelled_person,
            separator=rf"(?:{_PARENTHETICAL}\s*[:=]\s*[\"']?{_TITLE})", keywords=("name",)),
    # A German form's name field, family name first (an eAU's `Name, Vorname des Versicherten: Hochstätter, Jürgen`,
    # `Vor- und Nachname: ...`; red team 62).
    CueRule("german_labelled_name", "PERSON",
            r"\b(?:(?:Familien|Nach)?[Nn]ame,[ \t]*Vorname|Vor-?[ \t]*und[ \t]+(?:Nach|Familien)name|Nachname|Vorname)"
            r"(?:[ \t]+(?:des|der)[ \t]+[^\W\d_]+)?",
            _LABELLED_FULL_NAME, is_plausible_labelled_person, separator=r"(?:[ \t]*:[ \t]*)",
            keywords=("vorname", "nachname", "familienname", "vor- und", "vor und")),
    # A form's label on a line of its own, the name on the next (a PDF's or an OCR'd text: `1 Name (as shown
    # on your income tax return)\nCornelius Ashworth-Pryce`). The label line holds nothing else.
    CueRule("label_line_name", "PERSON",
            r"(?:^|(?<=\n))[ \t]*(?:\d{1,2}[a-z]?[ .)]+)?(?:(?:full|legal|first|last|given|family|customer|patient|"
            r"employee|applicant|candidate|taxpayer|your|account holder'?s?|beneficiary'?s?)[ \t]+)?name"
            r"(?:[ \t]*\([^()\n]{1,60}\))?[ \t]*:?[ \t]*\r?\n[ \t]*",
            rf"{_FULL_NAME}(?=[ \t]*(?:\r?\n|$))", is_plausible_person, separator="", keywords=("name",)),
    # A person's key in a record written as text, its whole quoted value a full name: a Python repr or a
    # log line's extra dict (`{'name': 'Priscilla Vanterpool', ...}`), a dataclass repr or keyword
    # argument (`Contact(name='Rosalind Achterberg')`), TOML (`name = "Oyelaran Adebayo"`), a JSON
    # fragment. (Not YAML's bare `- name: Checkout Code`: unquoted values are the label rules'.)
    CueRule("quoted_person_key", "PERSON",
            rf"(?:\\?['\"](?:{_PERSON_KEYS})\\?['\"]\s*:|(?<![\w.-])(?:{_PERSON_KEYS})[ \t]*=)",
            rf"{_FULL_NAME}(?=\\?['\"])", is_plausible_person, separator=r"(?:\s*\\?['\"])",
            keywords=_PERSON_KEY_KEYWORDS,
            first_chars=first_characters("\\", "'", '"', *_PERSON_KEY_WORDS)),
    # A bare `name` names a person's only in a record with the person's contact details, after it or
    # before it (`{'name': 'Build Image'}` names a step, `{'name': 'Pull Request Review'}` a workflow).
    CueRule("quoted_contact_name", "PERSON", _NAME_KEY,
            rf"{_FULL_NAME}(?=\\?['\"]{_SAME_RECORD}{_CONTACT_KEY})", is_plausible_person,
            separator=r"(?:\s*\\?['\"])", keywords=("name",)),
    CueRule("contact_then_name", "PERSON", rf"{_CONTACT_KEY}{_SAME_RECORD}{_NAME_KEY}",
            rf"{_FULL_NAME}(?=\\?['\"])", is_plausible_person, separator=r"(?:\s*\\?['\"])",
            keywords=("name",)),
    # A role as a label: `Tenant: Grace Thornbury`, `Witness: Hamid Okoro-Mensah`, `Registered owner: ...`.
    CueRule("role_name", "PERSON",
            rf"\b(?:{_ROLE_LABELS})(?=\s*:)", _LABELLED_FULL_NAME, is_plausible_labelled_person,
            separator=rf"(?:\s*:\s*[\"']?{_TITLE})", keywords=_ROLE_LABEL_KEYWORDS,
            first_chars=first_characters(*_ROLE_LABEL_WORDS)),
    CueRule("referee_name", "PERSON",
            rf"\b(?:{'|'.join(_REFEREE_LABEL_WORDS)})(?=\s*:)", _LABELLED_FULL_NAME, _is_labelled_by_given_name,
            separator=rf"(?:\s*:\s*[\"']?{_TITLE})", keywords=_REFEREE_LABEL_WORDS,
            first_chars=first_characters(*_REFEREE_LABEL_WORDS)),
    # A mother's maiden name, a security answer, is a family name on its own (`Mother's maiden name: Kowalczyk`,
    # `Nazwisko panieńskie matki: Kowalczyk`, `nom de jeune fille : Garnier`, `Geburtsname: Brandt`).
    CueRule("maiden_name", "PERSON",
            r"\bmaiden[ \t]+name|\bnazwisk[oa][ \t]+panie[ńn]skie(?:[ \t]+matki)?|\bnom[ \t]+de[ \t]+jeune[ \t]+fille"
            r"|\bapellido[ \t]+de[ \t]+soltera|\bnome[ \t]+de[ \t]+solteira|\bgeburtsname|\bm[äa]dchenname",
            rf"{_NAME_WORD}(?:[ \t-]{_NAME_WORD})?",
            separator=r"(?:[ \t]*(?:[:=]|\b(?:is|was|ist|est|es|era)\b)?[ \t]*[\"']?)",
            keywords=("maiden", "nazwisko", "nazwiska", "nom de jeune", "apellido de soltera", "nome de solteira",
                      "geburtsname", "mädchenname", "madchenname")),
    # An address said aloud, its house number in words (`the address is twenty two eighteen Alder Creek Road`, `We moved
    # to nine oh four East Camelback Road`, `Deliver to fourteen twenty West Fullerton Avenue`; red team 51): after
    # the words that lead to one, the number, then a capitalised street and its word.
    CueRule("spoken_street_address", "STREET_ADDRESS",
            r"\b(?:address(?:[ \t]+is)?|(?:i|we|they|he|she)[ \t]+(?:live|lives|moved|just[ \t]+moved)[ \t]+(?:at|to)"
            r"|deliver(?:ed)?[ \t]+(?:it[ \t]+)?to|send[ \t]+(?:it[ \t]+)?to|ship[ \t]+(?:it[ \t]+)?to)",
            rf"(?i:{_SPOKEN_NUMBER_WORD}(?:[ -]{_SPOKEN_NUMBER_WORD}){{0,4}})[ \t]+"
            r"(?-i:(?:(?:North|South|East|West|Old|New)[ \t]+)?[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+){0,3}[ \t]+"
            r"(?:Road|Street|Avenue|Lane|Drive|Way|Court|Boulevard|Place|Close|Crescent|Terrace|Parkway|Highway"
            r"|Rd|St|Ave|Blvd|Dr|Ln))\b",
            separator=r"[ \t]*:?[ \t]*", keywords=("address", "live", "lives", "moved", "deliver", "send", "ship")),
    # A security question's answer said in prose (`my first school was St Aidan's`, `my memorable word is
    # P E M B E R L E Y`, `my first pet was called Biscuit`): it opens the account as a password does (red team 51).
    # A capitalised name of up to four words, or letters spelled apart.
    CueRule("security_answer_prose", "CREDENTIAL",
            r"\bmy[ \t]+(?:first[ \t]+(?:school|pet(?:'s[ \t]+name)?|car|teacher|street|employer)|memorable[ \t]+"
            r"(?:word|place|name|date)|favou?rite[ \t]+(?:teacher|book|film|movie|food|band)|childhood[ \t]+"
            r"(?:friend|nickname|street|hero))",
            r"(?-i:[A-Z](?:[ ][A-Z]){3,}(?![\w])|(?:St\.?[ \t]+)?[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+){0,3})",
            separator=r"[ \t]+(?:is|was)[ \t]+(?:called[ \t]+|named[ \t]+)?",
            keywords=("my first", "my memorable", "my favourite", "my favorite", "my childhood")),
    CueRule("my_name_is", "PERSON",
            r"\bmy name is|\bmy name's|\bme llamo|\bmi nombre es|\bje m'appelle|\bmein name ist|\bich heiße"
            r"|\bmijn naam is|\bnazywam się|\bmeu nome é|\bsou (?:a|o)\b|\bbenim adım|\bnama saya|\btên tôi là"
            # (`me chamo ...`, `mi chiamo ...`; red team 41)
            r"|\bme chamo|\bchamo-me|\bmi chiamo",
            _NAME, is_plausible_person, separator=r"(?:\s+)",
            keywords=("my name", "me llamo", "mi nombre", "je m'appelle", "mein name", "ich heiße", "mijn naam",
                      "nazywam", "meu nome", "sou a", "sou o", "benim adım", "nama saya", "tên tôi", "me chamo",
                      "chamo-me", "mi chiamo")),
    # A Portuguese caller's `Oi! Aqui é a Beatriz Lacerda` (`here is`): a known given name first (`aqui é o Rio de
    # Janeiro` names a city; red team 41). Not any full name: a firm's WhatsApp bot opens the same way, `Aqui é a
    # Magazine Luiza`, `Aqui é o Mercado Livre`, `Aqui é o Banco Inter` (red team 42).
    CueRule("aqui_e", "PERSON", r"\baqui (?:é|fala)(?: (?:a|o)\b)?", _NAME, _is_person_by_given_name,
            separator=r"(?:\s+)", keywords=("aqui é", "aqui fala")),
    # A relative named by the speaker: `my wife Ainhoa Larrañaga`, `Mi mujer Ainhoa`, `ma fille Léa`, `mein Sohn
    # Jonas`. (The kinship word is the cue; the name's words must read as one, as after `my name is`.)
    CueRule("relative", "PERSON", _RELATIVE_CUE, _NAME, is_plausible_person, separator=r"(?:[ \t]*,?[ \t]+)",
            keywords=_RELATIVE_CUE_KEYWORDS),
    # Someone else's relative, and the late (`mention her late husband Cornelius`, `his daughter Bethan`, `my late
    # wife Ingrid`), and people named by their tie to the speaker (`my boss Darren Pettigrew said`, `my landlord
    # Farouk`); red team 41. (A value must read as a name: `my boss said`, `my friend Alexa` name no one.)
    CueRule("relative_or_tie", "PERSON",
            rf"\b(?:(?:his|her|their|our|your)(?:[ \t]+late)?|my[ \t]+late)[ \t]+{_KINSHIP}"
            rf"|\bmy[ \t]+{_TIES}",
            _NAME, _is_named_by_tie, separator=rf"(?:[ \t]*,?[ \t]+{_TITLE})",
            keywords=(*_KINSHIP_KEYWORDS, *(f"my {tie}" for tie in _TIE_WORDS)),
            first_chars=first_characters("his", "her", "their", "our", "your", "my")),
    # A kinship title before a known given name (a seating chart's `Auntie Ngozi, Uncle Femi`, `Oma Hilde`): not
    # `Uncle Sam`, `Aunt Jemima` or `Uncle Bob` (`_PUBLIC_KINSHIP_NAMES`), nor a word after the title (`Cousin It`),
    # nor a brand's possessive (`Uncle Ben's`, `Auntie Anne's`, `Aunt Annie's`).
    CueRule("kinship_title_name", "PERSON", rf"\b(?-i:{'|'.join(map(_kinship_title_cue, _KINSHIP_TITLES))})",
            rf"{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?(?!['’]s\b)", _is_person_by_given_name, separator=r"(?:[ \t]+)",
            keywords=tuple(title.lower() for title in _KINSHIP_TITLES), first_chars=first_characters(*_KINSHIP_TITLES)),
    # The same cues in a chat typed in lower case: `hello, i'm maria jose quispe mamani, student id ...`, `ringing
    # for my mum gwen achterberg-nwosu`. Two words or more, the first a known given name, none an ordinary word.
    CueRule("lower_case_self_or_relative", "PERSON",
            rf"(?<![\w'’])(?:i['’]m|i am|my name is|this is)|{_RELATIVE_CUE}",
            rf"[a-z][a-z'’-]+(?:[ \t]+(?!{_AFTER_A_NAME}\b)[a-z][a-z'’-]+){{1,3}}"
            rf"(?=[ \t]*(?:[,;:!?)\n]|\.(?:\s|$)|$)|[ \t]{_AFTER_A_NAME}\b)",
            is_lower_case_full_name, separator=r"(?:[ \t]*,?[ \t]+)",
            keywords=("i'm", "i’m", "i am", "my name", "this is", *_RELATIVE_CUE_KEYWORDS)),
    # "I'm Jonas Weber, on call": a full name, then the sentence goes on (`I am Going Home` is a title).
    CueRule("i_am", "PERSON", r"(?<![\w'’])(?:i['’]m|i am)",
            rf"{_FULL_NAME}(?=[ \t]*(?:[,;:!)\n]|\.[ \t\n]|[ \t](?:from|at|with|on|here|and)\b))",
            is_plausible_person, separator=r"(?:[ \t]+)", keywords=("i'm", "i’m", "i am")),
    # A chat export's or a transcript's speaker in brackets at the start of a line: `[Elena Petrova] Hi Kwame`.
    CueRule("bracketed_speaker", "PERSON", r"(?:^|(?<=\n)|(?<=\\n))\[", rf"{_FULL_NAME}(?=\][ \t]*:?[ \t])",
            is_plausible_person, separator="", keywords=("[",)),
    # "Hi, this is Jane Roe" (a full name: "Hello, this is Mergify" introduces a bot); and German's `Hallo, hier Katrin
    # Obermeier`, `Guten Tag, hier ist ...` on the phone or in chat (red team 55).
    CueRule("this_is", "PERSON",
            r"(?:^|\b(?:hi|hello|hey)\b,?\s+)this is"
            r"|\b(?:hallo|guten[ \t]+(?:tag|morgen|abend)|moin|servus),?[ \t]+hier(?:[ \t]+(?:ist|spricht))?",
            _FULL_NAME, is_plausible_person, separator=r"(?:\s+)", keywords=("this is", "hier")),
    # A greeting at the start of a line or sentence: "Dear Jane,", "Hi Jane Roe," (a comma or `!` after).
    CueRule("greeting", "PERSON", _GREETING_CUE,
            # (a comma may follow the greeting, a full stop the name: `Thanks, Kayla!`, `Thank you, Kayla.`)
            rf"{_NAME}(?=\s*[,!:\n]|\.(?:\s|$))", is_plausible_person,
            separator=rf"(?:,?[ \t]+{_TITLE})",
            keywords=_GREETING_KEYWORDS, first_chars=first_characters(*_GREETING_KEYWORDS)),
    # The name may end the message (`Thanks, Priyanka`): then with the comma after the greeting and a known given
    # name first. A title is often just that (`Hey Jude`, `Dear Prudence`, `Hello Kitty`, `Hey Ya`), and a chat's
    # last words as often a role (`Thanks, Coach`, `Thanks, Dad`); red team 42.
    CueRule("greeting_ending_text", "PERSON", _GREETING_CUE, rf"{_NAME}(?=[ \t]*$)", _is_person_by_given_name,
            separator=rf"(?:,[ \t]+{_TITLE})",
            keywords=_GREETING_KEYWORDS, first_chars=first_characters(*_GREETING_KEYWORDS)),
    # A clinician named with their credential after the name (`hygienist Kasia Wróblewska, RDH`, `K. Wróblewska
    # RDH`, `Y. AL-KHATIB, MD`; red team 47): a name, or an initial and a family name, then the letters.
    CueRule("credentialed_name", "PERSON", "",
            rf"(?<![\w.-])(?:{_FULL_NAME}|[{CAPITAL}]\.[ \t]+(?:{_NAME_WORD}|{_CAPITALS_NAME_WORD}))"
            rf"(?=,?[ \t]+(?:{_CLINICAL_CREDENTIALS})(?![\w-]))",
            _is_credentialed_person, separator="", keywords=_CLINICAL_CREDENTIAL_WORDS),
    # A person mentioned by name in a wiki or a tracker (`cc @Oluwaseun Adeyemi`, Jira's `"text": "@Benedikt
    # Aufderheide"`; red team 48): a full name right after the `@`.
    CueRule("mentioned_name", "PERSON", r"(?<![\w@.+-])@", _FULL_NAME, _is_person_by_given_name, separator="",
            keywords=("@",)),
    # A phone's IMEI and a Vietnamese citizen's identity card after their names (red team 48).
    CueRule("imei", "ID_NUMBER", r"\bIMEI(?:[ _-]?(?:number|no\.?|#|1|2))?", r"\d{15}(?!\d)", _luhn,
            keywords=("imei",)),
    CueRule("vietnamese_id_card", "ID_NUMBER", r"\b(?:CCCD|CMND|c[aă]n[ \t]+c[uư][oớ]c(?:[ \t]+c[oô]ng[ \t]+d[aâ]n)?)",
            r"\d{12}(?!\d)|\d{9}(?!\d)",
            separator=_PHRASE_THEN_VALUE + r"(?:(?:cua[ \t]+minh|của[ \t]+mình|la|là)[ \t]+)?",
            keywords=("cccd", "cmnd", "can", "căn")),
    # A dash before the name that ends a message, a letter's or an email's signature (`... at move-out. — Gerry`,
    # `-- Priya Raman`): a known given name first (red team 45).
    CueRule("dash_signature", "PERSON", r"(?<![\w-])(?:—|–|--)", rf"{_NAME}(?=[ \t]*(?:\n|$))",
            _is_person_by_given_name, separator=r"[ \t]*", keywords=("—", "–", "--")),
    # A sign-off, then the name alone on the next line: "Kind regards,\nJane Roe".
    CueRule("sign_off", "PERSON",
            # (and `With gratitude,`, `Gratefully,`, `With appreciation,`, `Yours,`; red team 41)
            r"\b(?:regards|best|thanks|thank you|cheers|sincerely|best wishes|warmly|respectfully|gratitude"
            r"|gratefully|appreciation|yours)",
            rf"{_NAME}(?=[ \t]*(?:\n|$))", is_plausible_person, separator=r"(?:[ \t]*[,!][ \t]*\r?\n[ \t]*)",
            keywords=_SIGN_OFF_KEYWORDS, first_chars=first_characters(*_SIGN_OFF_KEYWORDS)),
    # The same in German, French, Spanish, Portuguese, Italian, Dutch, Polish, Swedish, Turkish, Indonesian and
    # Vietnamese, where the comma is often left out: "Mit freundlichen Grüßen\nJürgen Weiß".
    CueRule("foreign_sign_off", "PERSON",
            r"(?:grüßen|grüße|gruß|cordialement|salutations|saludos|atentamente|atenciosamente|abraços|saluti|cordiali|"
            r"groet|groeten|groetjes|pozdrawiam|pozdrowienia|hälsningar|saygılarımla|hormat saya|trân trọng)",
            rf"{_FULL_NAME}(?=[ \t]*(?:\n|$))", is_plausible_person, separator=r"(?:[ \t]*[,!]?[ \t]*\r?\n[ \t]*)",
            keywords=("grüß", "gruß", "cordialement", "salutations", "saludos", "atentamente", "atenciosamente",
                      "abraços", "saluti", "cordiali", "groet", "pozdr", "hälsningar", "saygılarımla", "hormat",
                      "trân")),
    # A title: "Dr. Bartholomew Finch", "Mrs Amara Nwosu", "spoke with Mr Patel" (written with its capital:
    # "MR" is a merge request). A given and a family name or a family name alone, no more: `Mr. Coffee
    # Espresso Maker`, `Dr. Martens Smooth Leather Boots`, `Dr. Bronner's Pure Castile Soap` are products.
    # (and the Dutch titles of a law, an engineering or a doctoral degree, written in lower case: `mr. E.J. van der
    # Linde`, `ir. J. de Boer`, `drs. P. Bakker`; red team 61)
    CueRule("titled_name", "PERSON", r"\b(?-i:Dr|Mr|Mrs|Ms|Mx|Prof)\b\.?|\b(?-i:mr|ir|drs|dr)\.",
            # (not a second title: `Prof Dr. Halvorsen-Mbeki` is named after the last; red team 45)
            rf"(?!(?:Dr|Mr|Mrs|Ms|Mx|Prof)\b)"
            rf"(?:{_NAME_WORD}(?:[ \t]+[{CAPITAL}]\.)?[ \t]+{_GAELIC_PARTICLE}{_PARTICLE}(?!{_CALENDAR_WORDS}\b)"
            rf"{_NAME_WORD}"
            rf"|{_GAELIC_PARTICLE}{_PARTICLE}(?!{_CALENDAR_WORDS}\b){_NAME_WORD}(?!['’]s[ \t]+[{CAPITAL}])"
            # (initials first: `Ms P. Venkataraman-Lowe`, `Mr E.J. Linde`; red team 47)
            rf"|(?:[{CAPITAL}]\.[ \t]?){{1,3}}[ \t]*{_GAELIC_PARTICLE}{_PARTICLE}{_NAME_WORD})(?![ \t]+[{CAPITAL}])",
            _is_titled_person,
            separator=r"(?:[ \t]+)",
            keywords=("dr", "mr", "mrs", "ms", "mx", "prof", "ir.")),
    # A German, Spanish, French or Italian title: a family name alone is enough (`Guten Tag Herr Müller`,
    # `Frau Dr. Schneider`, `Sra. María López García`), up to three words (nouns are capitalised in
    # German: `Herr Müller Zeit hat` takes a noun too, rather than leave a name). Not a role the title
    # addresses, nor the job title after an English `Sr.`: `Herr Präsident`, `Sr. Software Engineer`.
    CueRule("personal_title", "PERSON", _PERSONAL_TITLE, _ADDRESSED_NAME, is_addressed_person,
            separator=rf"(?:[ \t]+{_HONORIFICS})",
            keywords=("herr", "frau", "sr.", "sra", "srta", "mme", "mlle", "dott", "sig.ra", "sig.na", "dhr.", "mevr.",
                      "pani", "ibu")),
    # Italian engineers and lawyers are addressed by their degree: `Ing. Fabrizio Colombo`, `Avv. Russo` (red team
    # 41). `Ing.` abbreviates the discipline as often, in a CV's or a faculty's name (`Laurea in Ing. Informatica`,
    # `Dipartimento di Ing. Civile`; red team 42): a known given or family name first.
    CueRule("italian_degree_title", "PERSON", r"\b(?-i:Ing\.|Avv\.)(?![\w.])", _ADDRESSED_NAME,
            _is_addressed_by_degree, separator=rf"(?:[ \t]+{_HONORIFICS})", keywords=("ing.", "avv.")),
    # A mailbox's display name: `Jane Roe <jane.roe@example.com>`, `"Jane Roe" <jane@...>`. A quote
    # around the name, or opening a string that holds name and address (`authors = ["Jane Roe <jane@...>"]`),
    # is the separator's, never the name's: the name alone is replaced, and the string stays a string.
    CueRule("display_name", "PERSON", r"(?:^|(?<=[\s:,;=(\[]))",
            rf"{_FULL_NAME}{_NO_CLOSING_QUOTE}(?=\\?[\"']?[ \t]*<[^<>\s@]+@)", is_plausible_person,
            separator=r"(?:\\?[\"'])?", keywords=("@",)),
    # ... written in Chinese, Japanese or Korean (`Von: 田中 陽翔 <h.tanaka@...>`, `From: 김민준 <...>`; red team 54).
    CueRule("cjk_display_name", "PERSON", r"(?:^|(?<=[\s:,;=(\[]))",
            rf"(?:[{_IDEOGRAPHS}]{{1,4}}(?:[ \u3000][{_JAPANESE_GIVEN}]{{1,5}})?|[\uac00-\ud7a3]{{2,4}})"
            r"(?=[ \t]*<[^<>\s@]+@)", _is_addressed_by_name, separator="", keywords=("@",)),
    # Git's records of who wrote a line or a commit (coding agents run git all the time):
    # `git blame`'s `7bd81c8 (Jane Roe   2024-03-02 14:11:09 +0530 48)`; the hash (`^` on a boundary
    # commit), a file name (`-C`, `-f`) or an original line number (`-n`) may come before the parenthesis,
    # so what follows the name is the evidence: date, zone, line number, parenthesis. They stay.
    CueRule("git_blame", "PERSON", r"\(", _GIT_NAME + _BLAME_TAIL, is_git_person, separator="",
            keywords=("(",)),
    # The header lines of `git cat-file -p`, `git log --format=raw` and `git blame --porcelain`: `author Jane
    # Roe <jane@...> 1712345678 +0200`, `author Jane Roe` (then `author-mail <...>`), `committer ...`,
    # `tagger ...`. At a line's start and lower-case only, as git writes them: prose says "the author".
    CueRule("git_identity_line", "PERSON", rf"{_LINE_START}(?-i:author|committer|tagger)",
            rf"{_GIT_NAME}(?=[ \t]*(?:<|{_LINE_END}))", is_git_person, separator=r"(?:[ \t]+)",
            keywords=("author", "committer", "tagger", "\\nauthor", "\\ncommitter", "\\ntagger")),
    # Git's configured identity: `user.name=Jane Roe` (`git config --list`), `user.name Jane Roe`
    # (`--get-regexp`), `git config --global user.name "Jane Roe"`, `GIT_AUTHOR_NAME="Jane Roe"`. The
    # name ends the value (`user.name = Column(String)` is code).
    CueRule("git_user_name", "PERSON", r"(?:\b|(?<=\\n))(?:user\.name|git_(?:author|committer)_name)\b",
            rf"{_GIT_NAME}(?=\\?[\"']|[ \t]*(?:{_LINE_END}|[;&|#,\]}})]))", is_git_person,
            separator=r"(?:[ \t]*=[ \t]*|[ \t]+)(?:\\?[\"'])?",
            keywords=("user.name", "git_author_name", "git_committer_name", "\\nuser.name")),
    # Japanese, Korean and Chinese write the honorific after the name, with no space: `山田太郎様`,
    # `佐藤さん`, `김민준님`, `王伟先生`. The name is the run of ideographs (hangul) before it; a role
    # (`担当者様`, `お客様`, `고객님`) is no one's name. (A form or a mail merge may space the name from
    # the honorific, and then the family name from the given one too: `佐藤 健太 様`, `佐藤 様`.)
    CueRule("cjk_honorific_name", "PERSON", "",
            rf"(?<![{_CJK}])(?:[{_IDEOGRAPHS}]{{2,5}}(?={_JA_ZH_HONORIFICS})"
            rf"|[{_IDEOGRAPHS}]{{1,3}}(?:[ \u3000][{_IDEOGRAPHS}]{{1,3}})?(?=[ \u3000](?:様|さん|さま|殿)))",
            _is_addressed_by_name, separator="", keywords=_JA_ZH_HONORIFIC_WORDS),
    # A passenger's contact in a reservation's special service request, as IATA encodes it (`SSR CTCE YY HK1
    # KENJI.YAMAMOTO//DOCOMO.NE.JP`: `//` for `@`, `..` for `_`, `./` for `-`; `CTCM 447911482630`).
    CueRule("reservation_contact_email", "EMAIL_ADDRESS", r"\bCTCE\b(?:[ \t]+[A-Z]{2}[ \t]+HK\d)?",
            r"(?i:[A-Z0-9](?:[A-Z0-9.]|\./)*//[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,})(?![\w.])",
            separator=r"[ \t]+", keywords=("ctce",)),
    CueRule("reservation_contact_phone", "PHONE_NUMBER", r"\bCTCM\b(?:[ \t]+[A-Z]{2}[ \t]+HK\d)?",
            r"\+?\d{7,15}(?![\w.])", separator=r"[ \t]+", keywords=("ctcm",)),
    # An airline's passenger name as reservation systems write it (`OKONKWO/CHIDIMMA MS`, `FERREIRA/ANA LUIZA MRS`):
    # family name, a slash, given names, in capitals, then the title (IATA's PNR name element).
    CueRule("reservation_name", "PERSON", "", _RESERVATION_NAME + rf"(?=[ \t]+{_RESERVATION_TITLES}(?![\w/]))",
            _is_reservation_name, separator="", keywords=_RESERVATION_TITLE_WORDS),
    # A booking's record locator (`PNR QX7M4P`, `booking ZB3HLN`, `pnr = 'MW8FQD'` in a query): six capitals and
    # digits, a digit and two letters at least (`booking CONFIRMED` is a status). With the family name it opens the
    # booking, its passports and its seats (red team 50).
    CueRule("record_locator", "ID_NUMBER",
            r"\b(?:PNR|record[ \t]+locator|(?:booking|reservation)(?:[ \t]+(?:ref(?:erence)?|code|locator))?)",
            r"[A-Z0-9]{6}(?![\w-])", _is_record_locator,
            keywords=("pnr", "record locator", "booking", "reservation")),
    # An e-ticket's number (`New e-ticket 1252183799104`, `ETKT 057-2184937261`, a GDS's `FA PAX 125-2183746591/ET`):
    # the airline's three digits, then ten.
    CueRule("e_ticket_number", "ID_NUMBER",
            r"\b(?:e-?tickets?|tickets?|ETKT|TKT|FA[ \t]+PAX)(?:[ \t]+(?:number|no\.?|nr\.?|#))?",
            r"\d{3}-?\d{10}(?![\d-])", keywords=("ticket", "eticket", "etkt", "tkt", "fa pax")),
    # IATA's DOCS element (`SSR DOCS BA HK1 P/GBR/533891274/GBR/14MAR87/F/17SEP31/OKONKWO/CHIDINMA/P1`, an API's
    # `apis` string): a travel document's type, its issuer, its number, the nationality, the date of birth, the sex
    # and the expiry, then the family and given names. Found by its sex field between slashes.
    CueRule("travel_document_number", "ID_NUMBER", r"\b[PIACM]/[A-Z]{3}/",
            rf"[A-Z0-9]{{4,15}}(?=/[A-Z]{{3}}/{_DOCS_DATE}/{_DOCS_SEX}/)", separator="", keywords=_DOCS_KEYWORDS),
    CueRule("travel_document_birth_date", "DATE_OF_BIRTH", r"\b[PIACM]/[A-Z]{3}/[A-Z0-9]{4,15}/[A-Z]{3}/",
            rf"{_DOCS_DATE}(?=/{_DOCS_SEX}/)", separator="", keywords=_DOCS_KEYWORDS),
    CueRule("travel_document_name", "PERSON", rf"/{_DOCS_SEX}/{_DOCS_DATE}/",
            r"[A-Z][A-Z' -]{0,40}/[A-Z][A-Z' -]{0,40}(?:/[A-Z][A-Z' -]{0,40})?(?![\w'-])", separator="",
            keywords=_DOCS_KEYWORDS),
    # A child's or an infant's date of birth in a PNR's name element (`OKONKWO/EMEKA MSTR(CHD/12JUN15)`).
    CueRule("passenger_birth_date", "DATE_OF_BIRTH", r"\b(?:CHD|INF|INFT)/", rf"{_DOCS_DATE}(?![\w/])",
            separator="", keywords=("chd", "inf")),
    # ... and after the labels of a form or a shipping label (`收件人：王晓明`, `수령인: 김서연`, `氏名 山田 太郎`; the
    # same words are personal-data keys of a JSON record): the name in ideographs (two words at most), hangul
    # or katakana (a name's reading, `サトウ ミサキ`).
    # (and a call log's `お客様: 高橋健太郎です`, the customer's name said with its です; red team 62)
    CueRule("cjk_labelled_name", "PERSON", "|".join(_CJK_NAME_LABELS) + "|お客様(?=[ \t\u3000]*[:：])",
            # (not the next label: `收件人：王晓明 地址：...`)
            rf"[{_IDEOGRAPHS}]{{1,4}}(?:[ \u3000][{_IDEOGRAPHS}]{{1,3}}(?![{_CJK}]|[ \t\u3000]*[:：]))?(?![{_CJK}])"
            rf"|[{_IDEOGRAPHS}]{{2,5}}(?=です|と申します)"
            r"|[\uac00-\ud7a3]{2,4}(?:(?![\uac00-\ud7a3])|(?=입니다|이에요|예요))"  # (`예금주 이서연입니다`)
            r"|[\u30a1-\u30fa\u30fc]{2,8}(?:[ \u3000][\u30a1-\u30fa\u30fc]{2,8})?",
            _is_addressed_by_name, separator=r"(?:[ \t\u3000]*[:：]?[ \t\u3000]*)",
            keywords=(*_CJK_NAME_LABELS, "お客様")),
    # A Japanese self-introduction: `小林 結衣です。よろしくお願いします`, `サポート担当の佐藤と申します`,
    # `私は山田花子です`. The name (ideographs; a given name in kana after a space) before the humble
    # `と申します`/`といいます`, after `私は` before `です`, or written with its space before `です` when
    # `よろしく` follows. (`です` alone ends every polite sentence: `これは問題です。よろしく` names no one.)
    CueRule("japanese_self_introduction", "PERSON", "",
            # (its reading may follow in brackets, a name of its own: `佐藤美咲（サトウ ミサキ）と申します`;
            # red team 54)
            rf"(?<![{_IDEOGRAPHS}]){_JAPANESE_NAME}(?=(?:{_BRACKETED_READING})?(?:と申しま|といいます|と言います))"
            r"|(?<=[（(])[\u30a1-\u30fa\u30fc]{2,8}(?:[ \u3000][\u30a1-\u30fa\u30fc]{2,8})?"
            r"(?=[）)](?:と申しま|といいます|と言います))"
            rf"|(?<=私は){_JAPANESE_NAME}(?=です)"
            rf"|(?<![{_IDEOGRAPHS}])[{_IDEOGRAPHS}]{{1,4}}[ \u3000][{_JAPANESE_GIVEN}]{{1,5}}"
            r"(?=です[。、！!]?[ \u3000]*よろしく)",
            _is_addressed_by_name, separator="", keywords=("申しま", "といいます", "と言います", "よろしく", "私は")),
    # Turkish addresses a person by name and then `Bey` or `Hanım` (`Ahmet Bey`, `Ayşe Gül Hanım`): the name alone.
    CueRule("turkish_honorific_name", "PERSON", "",
            rf"(?<![\w])(?!(?:Merhaba|Sayın|Değerli|Sevgili|Selam)\b){_NAME_WORD}(?:[ \t]+{_NAME_WORD})?"
            r"(?=[ \t]+(?-i:Bey|Hanım|Hanim)\b)",
            is_plausible_person, separator="", keywords=("bey", "hanım", "hanim")),
    # A Korean self-introduction: `안녕하세요, 박지우입니다`, `저는 김민준이에요`, `제 이름은 이서연입니다`
    # (red team 45). A name of three syllables, a family name's first (`안녕하세요, 고객센터입니다` is a
    # desk's greeting).
    CueRule("korean_self_introduction", "PERSON", r"안녕하세요[,.!]?|저는|제[ \t]?이름은",
            r"[\uac00-\ud7a3]{3}(?=입니다|이에요|예요|이라고|라고[ \t]?합니다)", _is_korean_full_name,
            separator=r"[ \t]*", keywords=("안녕하세요", "저는", "제")),
    CueRule("korean_honorific_name", "PERSON", "",
            r"(?<![\uac00-\ud7a3])[\uac00-\ud7a3]{2,4}(?=[ ]?(?:님|씨)(?![\uac00-\ud7a3]))",
            _is_addressed_by_name, separator="", keywords=("님", "씨")),
    # Addresses: a Japanese prefecture, city or ward and block numbers (`東京都渋谷区神南1-2-3`); a Chinese
    # province or city, district and road number (`北京市朝阳区建国路88号`); a Korean city, district and road
    # (`서울특별시 강남구 테헤란로 123`).
    CueRule("japanese_address", "STREET_ADDRESS", "",
            rf"(?:東京都|北海道|大阪府|京都府|[{_IDEOGRAPHS}]{{2,3}}県)[{_CJK}]{{1,12}}?[市区町村郡][{_CJK}]{{0,12}}?"
            r"[0-9０-９]{1,4}(?:(?:丁目|番地|番|号|[-－‐ーの])[0-9０-９]{1,4}){0,4}(?:号)?",
            separator="", keywords=("都", "道", "府", "県")),
    CueRule("chinese_address", "STREET_ADDRESS", "",
            rf"[{_IDEOGRAPHS}]{{2,3}}(?:省|市)(?:[{_IDEOGRAPHS}]{{1,6}}(?:市|区|县))?[{_IDEOGRAPHS}]{{1,10}}(?:路|街|道)"
            r"\d{1,5}号",
            separator="", keywords=("省", "市")),
    CueRule("korean_address", "STREET_ADDRESS", "",
            r"[\uac00-\ud7a3]{2,4}(?:특별시|광역시|특별자치시|도|시)\s?[\uac00-\ud7a3]{1,6}(?:구|군|시)\s?"
            r"[\uac00-\ud7a3\d]{1,12}(?:로|길|동)\s?\d{1,5}(?:-\d{1,5})?"
            # (an apartment's building and unit: `, 101동 1203호`)
            r"(?:,?\s?\d{1,4}동\s?\d{1,5}호)?",
            separator="", keywords=("시", "도")),
    # A Russian or Ukrainian street and house (`ул. Крещатик, д. 22, кв. 15`, `вул. Сумська, буд. 10`, `ул. Ленина
    # 5-12`), the city before it if written (`г. Киев, `, `м. Харків, `; red team 61).
    CueRule("cyrillic_street_address", "STREET_ADDRESS", "",
            r"(?<![\w.])(?:(?:г|м)\.[ ]?[А-ЯЁІЇЄҐ][а-яёіїєґ'’-]+,[ ]?)?"
            r"(?:ул\.|улица|вул\.|вулиця|просп\.|проспект|пр-т|пер\.|переулок|провулок|бул\.|бульвар|наб\.|шоссе)[ ]?"
            r"[А-ЯЁІЇЄҐ0-9][а-яёіїєґА-ЯЁІЇЄҐ'’.-]+(?:[ ][А-ЯЁІЇЄҐ][а-яёіїєґ'’-]+)?,?[ ]?(?:(?:д|буд)\.[ ]?)?"
            r"\d{1,4}[а-яА-Я]?(?:[-/]\d{1,4})?(?:,?[ ]?(?:кв|оф)\.[ ]?\d{1,4})?(?![\w])",
            separator="", keywords=("ул.", "улица", "вул.", "вулиця", "просп", "пр-т", "пер.", "переулок", "провулок",
                                    "бул.", "бульвар", "наб.", "шоссе")),
    # An address after its label in Vietnamese, Russian or Ukrainian, Arabic, Persian or Dari, Hebrew or Greek (`Địa
    # chỉ: 45 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh`, `العنوان: شارع الملك فهد، الرياض 12214`; red team 61): the rest
    # of the field, a number in it.
    CueRule("address_label_other_scripts", "STREET_ADDRESS",
            r"(?<!\w)(?:địa[ \t]+chỉ|адрес|адреса|місце[ \t]+проживання|العنوان|عنوان|آدرس|כתובת|διεύθυνση)",
            r"[^\n;|\"\\]{4,160}?(?=[ \t]*(?:$|\n|;|\||\"|\\))", _has_digits(1), separator=r"(?:[ \t]*[:：][ \t]*)",
            keywords=("địa chỉ", "адрес", "місце проживання", "العنوان", "عنوان", "آدرس", "כתובת", "διεύθυνση")),
    # National numbers with a check digit after their names in their own scripts (full-width digits too): a
    # mainland Chinese resident identity number (`身份证号110105194912310021X`), a Taiwan one (`身分證字號
    # A123456789`), Japan's My Number (`マイナンバーは1234 5678 9018`), an Israeli Teudat Zehut (`ת.ז. 034567891`),
    # a Russian person's taxpayer number (`ИНН 771234567859`; a company's ten digits are public), a Greek tax
    # number (`ΑΦΜ 090112450`); a mainland mobile number after `手机`/`电话` (`手机号是13812345678`).
    CueRule("chinese_resident_id", "ID_NUMBER",
            r"(?:居民|公民)?身份(?:证|證)(?:号码|号|號碼|號)?|公民身份号码",
            rf"(?<![0-9０-９])[1-8１-８]{_WIDE_DIGIT}{{16}}[0-9０-９XxＸ](?![0-9０-９])", chinese_resident_id_ok,
            separator=_CJK_SEPARATOR, keywords=("身份证", "身份證", "身份号码")),
    CueRule("taiwan_id", "ID_NUMBER", r"(?:國民)?身分(?:證|证)(?:統一編號|字號|号码|號碼|号|號)?",
            r"[A-Z][12]\d{8}(?![\w])", taiwan_id_ok, separator=_CJK_SEPARATOR, keywords=("身分證", "身分证")),
    # (a few kana between: `マイナンバーも書いておきます: 482173905615`; red team 62. The check digit decides.)
    CueRule("japanese_my_number", "ID_NUMBER",
            r"(?:マイナンバー(?:カード)?(?:の番号)?|個人番号)(?:[\u3040-\u309f\u4e00-\u9fff]{1,12}(?=[:：]))?",
            rf"{_WIDE_DIGIT}{{4}}[ \u3000\-－]?{_WIDE_DIGIT}{{4}}[ \u3000\-－]?{_WIDE_DIGIT}{{4}}(?![0-9０-９])",
            japanese_my_number_ok, separator=_CJK_SEPARATOR, keywords=("マイナンバー", "個人番号")),
    CueRule("china_mobile", "PHONE_NUMBER",
            r"手机(?:号码|号)?|手機(?:號碼|號)?|(?:联系)?电话(?:号码)?|電話(?:號碼)?|联系方式",
            rf"(?:(?:\+|＋)?(?:86|８６)[ \-]?)?[1１][3-9３-９]{_WIDE_DIGIT}"
            rf"(?:[ \-－]?{_WIDE_DIGIT}{{4}}){{2}}(?![0-9０-９])",
            separator=_CJK_SEPARATOR, keywords=("手机", "手機", "电话", "電話", "联系方式")),
    CueRule("israeli_id", "ID_NUMBER", r"ת\.[ ]?ז\.?|ת[\"״]ז|תעודת[ _]זהות|מספר[ _]זהות|\bteudat[ _]zehut",
            r"\d{8,9}(?![\d-])", israeli_id_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("ת.ז", "ת. ז", "ת\"ז", "ת״ז", "תעודת", "מספר זהות", "teudat")),
    CueRule("russian_inn", "ID_NUMBER", r"\b(?-i:ИНН|INN)\b", r"\d{12}(?![\d-])", russian_inn_ok,
            separator=_ID_CELL_SEPARATOR, keywords=("инн", "inn")),
    # Ten digits after a Dutch immigration number's name (`V-nummer 3012345678`) or a Ukrainian taxpayer's (`РНОКПП`,
    # `ІПН`): ids, not phones (red team 61).
    CueRule("ten_digit_registry_number", "ID_NUMBER", r"\bV-?nummer\b|(?<!\w)(?:РНОКПП|ІПН)(?!\w)", r"\d{10}(?!\d)",
            keywords=("v-nummer", "vnummer", "рнокпп", "іпн")),
    CueRule("greek_afm", "ID_NUMBER", r"Α\.?Φ\.?Μ\.?", r"\d{9}(?![\d-])", greek_afm_ok, separator=_ID_CELL_SEPARATOR,
            keywords=("αφμ", "α.φ.μ")),
    # An Emirates ID has its own shape: 784 (the country), the year of birth, seven digits and a Luhn check digit.
    CueRule("emirates_id", "ID_NUMBER", "", r"(?<![\d-])784[ -]?(?:19|20)\d{2}[ -]?\d{7}[ -]?\d(?![\d-])",
            emirates_id_ok, separator="", keywords=("784",)),
    # A name right before an identifier or a phone of theirs in brackets (`locatrice Giuseppina Lombardozzi (C.F. ...)`,
    # `from Graham Pettifer (tel 0113 496 0721)`; red team 62).
    CueRule("name_before_its_identifier", "PERSON", "",
            rf"(?<![\w'’-]){_FULL_NAME}(?=[ \t]*\([ \t]*(?i:C\.F\.|CF\b|codice[ \t]+fiscale|tel\b|t[ée]l\b"
            r"|phone\b|mob\b"
            r"|mobile\b|cell\b|DOB\b|d\.o\.b\.|geb\.|n[ée]e?\b|nat[oa]\b|NINO\b|SSN\b|DNI\b|NIE\b|BSN\b|NIF\b|CPF\b"
            r"|personal(?:nummer|nr)\b|personeelsn(?:umme)?r\b))",
            is_plausible_person, separator="",
            keywords=("(c.f", "(cf", "(codice", "(tel", "(tél", "(phone", "(mob", "(cell", "(dob", "(d.o.b", "(geb",
                      "(né", "(ne", "(nat", "(nino", "(ssn", "(dni", "(nie", "(bsn", "(nif", "(cpf",
                      "(personal", "(personeel")),
    # A Russian or Ukrainian form's name field (`ПІБ: Ковальчук Олена Петрівна`, `Ф.И.О.: Иванов Сергей`, `Заявитель:
    # ...`; red team 61): up to three capitalised Cyrillic words after the label and its colon.
    CueRule("cyrillic_name_label", "PERSON",
            r"(?<![\w.])(?:П\.?І\.?Б\.?|Ф\.?И\.?О\.?|имя|ім['’]я|фамилия|прізвище|клиент|клієнт|заявитель|заявник"
            r"|получатель|отримувач|отправитель|відправник|пациент|пацієнт|владелец|власник)",
            _CYRILLIC_NAME, separator=r"(?:[ \t]*[:：][ \t]*)",
            keywords=("піб", "п.і.б", "фио", "ф.и.о", "имя", "ім'я", "ім’я", "фамилия", "прізвище", "клиент", "клієнт",
                      "заявитель", "заявник", "получатель", "отримувач", "отправитель", "відправник", "пациент",
                      "пацієнт", "владелец", "власник")),
    # A self-introduction in Chinese, Russian or Ukrainian, Hindi or Greek: `我叫王小明`, `Меня зовут Сергей
    # Иванов`, `मेरा नाम राहुल शर्मा है`, `είμαι ο Γιώργος Παπαδόπουλος`.
    CueRule("self_introduction_other_scripts", "PERSON",
            r"我叫|我的名字(?:是|叫)|меня[ \t]+зовут|мене[ \t]+звати|मेरा[ \t]+नाम|είμαι[ \t]+(?:ο|η)|με[ \t]+λένε"
            r"|ονομάζομαι",
            rf"(?![你您他她它咱我大])[{_IDEOGRAPHS}]{{2,4}}(?![{_CJK}])"
            rf"|{_CYRILLIC_NAME}"
            r"|[Α-ΩΆΈΉΊΌΎΏ][α-ωάέήίόύώϊϋΐΰς]+(?:[ ][Α-ΩΆΈΉΊΌΎΏ][α-ωάέήίόύώϊϋΐΰς]+){0,2}(?![\w])"
            r"|[\u0900-\u097f]+(?:[ ][\u0900-\u097f]+){0,2}(?=[ ]*(?:है|हूँ|हूं)(?![\u0900-\u0963\u0966-\u097f]))",
            _is_addressed_by_name, separator=r"(?:[ \t\u3000]*[:：,]?[ \t\u3000]*)",
            keywords=("我叫", "我的名字", "меня зовут", "мене звати", "मेरा नाम", "είμαι ο", "είμαι η", "με λένε",
                      "ονομάζομαι")),
    # An NCIC / Nlets message (a police query and the state's or the FBI's response, red team 58): fields written
    # `CODE/value`, parted by a full stop, a blank or a line end (`QW.OH0250000.NAM/NGUYEN, THI NGOC ANH.SEX/F.
    # DOB/19910227.OLN/PT448219`): the subject's or the registered owner's name (NAM, REG), social security number
    # (SOC), FBI and state ids (FBI, SID), operator's licence (OLN), plate (LIC) and VIN. A name word is never the
    # next field's code.
    CueRule("ncic_name", "PERSON", r"\b(?-i:NAM|REG)/",
            r"[A-Z][A-Z'-]+(?:[ -][A-Z][A-Z'-]+)?,[ ]?[A-Z][A-Z'-]*(?:[ ](?![A-Z]{3}/)[A-Z][A-Z'-]*){0,3}(?![\w/])",
            separator="", keywords=("nam/", "reg/")),
    CueRule("ncic_social_security_number", "US_SSN", r"\b(?-i:SOC)/", r"\d{9}(?!\w)", separator="",
            keywords=("soc/",)),
    CueRule("ncic_record_number", "ID_NUMBER", r"\b(?-i:FBI|SID|OLN|LIC|VIN)/", r"[A-Z0-9]{4,20}(?!\w)",
            _has_digits(2), separator="", keywords=("fbi/", "sid/", "oln/", "lic/", "vin/")),
    CueRule("ncic_birth_date", "DATE_OF_BIRTH", r"\b(?-i:DOB)/",
            r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\w)", separator="", keywords=("dob/",)),
    # FreeRADIUS's log of a PAP login, bad passwords logged (`Login incorrect (...): [user@realm/Bl4ckbird.1984] (from
    # client ...)`; `log_auth_badpass`): the password after the user's name and its slash (red team 58).
    CueRule("radius_logged_password", "PASSWORD", r"\bLogin[ \t]+(?:incorrect|OK)[^\[\r\n]{0,200}\[[^\]/\r\n]{1,128}/",
            r"[^\]\r\n]{1,128}(?=\])", separator="", keywords=("login",)),
    # A bank's or a utility's memorable word, said (`Memorable word is Snowdrop.`; under its key it is already one).
    CueRule("memorable_word", "CREDENTIAL", r"\bmemorable[ \t]+(?:word|phrase|answer)",
            r"[A-Za-z][A-Za-z0-9'’-]{2,30}(?![\w'’-])", keywords=("memorable",)),
    # A Texas premise's ESI ID (17 or 22 digits, `10` first; `ESI 10443720008123456`) and a French line's RIO, the
    # code that ports it away (two digits, `P` or `E`, nine characters: `Mon RIO c'est 02P4H7K2M9XQ`).
    CueRule("esi_id", "ID_NUMBER", r"\bESI(?:[ \t]?ID)?", r"10\d{15}(?:\d{5})?(?!\d)", keywords=("esi",)),
    CueRule("rio_code", "ID_NUMBER", r"\b(?-i:RIO)\b", r"\d{2}[PE][A-Z0-9]{9}(?![\w-])",
            separator=r"[ \t]*(?::|c'est|c’est|est)?[ \t]*", keywords=("rio",)),
    # HL7 v3's birth time, as ICH E2B(R3) safety reports and CDA documents write it (`<birthTime value="19570209"/>`;
    # red team 59).
    CueRule("hl7_birth_time", "DATE_OF_BIRTH", r"<(?:\w{1,10}:)?birthTime[ \t]+value=",
            r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\d{4,6})?(?=\\?[\"'])", separator=r"\\?[\"']",
            keywords=("<birthtime", "birthtime")),
    # A Swiss AHV/AVS number after its name, dotted (`AHV-Nr. 756.4815.2739.03`: four dotted groups read as a version
    # anywhere else; red team 60).
    CueRule("ahv_number", "ID_NUMBER", r"\b(?:AHV|AVS|AVS/AHV|AHV/AVS)(?:-?Nr\.?|[ \t]+(?:Nr\.?|number|n°|no\.?))?",
            r"756\.\d{4}\.\d{4}\.\d{2}(?!\d|\.\d)", lambda number: gs1_check_ok(digits_of(number)),
            keywords=("ahv", "avs")),
    # Austria's social insurance number, compact or spaced (`SV-Nr. des GF 1279150472`, `SVNR 4831 090883`).
    CueRule("austrian_svnr", "ID_NUMBER", r"\bSV-?(?:Nummer|Nr\.?)|\bSVNR\b|\bSozialversicherungsnummer",
            r"\d{4}[ ]?(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2}(?!\d)", austrian_svnr_ok,
            separator=r"(?:[ \t]+(?:des|der|von|vom)[ \t]+[\w.-]{1,20})?[ \t]*[:#]?[ \t]*",
            keywords=("sv-nummer", "sv-nr", "svnummer", "svnr", "sozialversicherungsnummer")),
    # A birth name after its mark (`Anna Schulz geb. Hoffmeister`, `Marie Dupont, née Laurent`; red team 60): a
    # family name, capitalised (`geb. 14.03.1979` is a date's).
    # (Not `born Free`, a title's; nor Dutch `nee`, no.)
    CueRule("birth_name", "PERSON", r"\b(?:geb\.|geborene|née)",
            rf"[{CAPITAL}][{SMALL}]+(?:-[{CAPITAL}][{SMALL}]+)?(?![\w-])", is_plausible_person,
            separator=r"[ \t]+", keywords=("geb.", "geborene", "née")),
    # A UK Police National Computer id (`PNCID: 19/482917Y`: the year, a serial and a check letter; red team 58).
    CueRule("pnc_id", "ID_NUMBER", r"\bPNC[ \t]?(?:ID|number|no\.?|ref(?:erence)?)?", r"\d{2}/\d{1,7}[A-Z](?![\w/])",
            keywords=("pnc",)),
    # (and an operator's licence number in a dispatcher's words: `OH OLN PT448219`)
    CueRule("operator_licence_number", "ID_NUMBER", r"\b(?-i:OLN)\b", r"[A-Z0-9]{5,20}(?!\w)", _has_digits(4),
            separator=r"[ \t]*[:#]?[ \t]*", keywords=("oln",)),
    *_AFRICA_ASIA_LATIN_AMERICA_RULES,
)

# Parts of shared mailboxes' names, not people's: `billing.team@`, `data.science@`.
_MAILBOX_WORDS = frozenset({
    "info", "admin", "support", "billing", "accounts", "payments", "sales", "ops", "devops", "security", "team",
    "hr", "jobs", "careers", "press", "media", "marketing", "help", "service", "services", "contact", "hello",
    "noreply", "no", "reply", "do", "not", "notifications", "alerts", "system", "root", "web", "dev", "qa", "test",
    "office", "legal", "finance", "tech", "engineering", "platform", "infra", "oncall", "on", "call", "api", "app",
    "bot", "cloud", "mail", "news", "newsletter", "orders", "shop", "store", "data", "science", "research",
    "customer", "care", "success", "desk", "mailer", "daemon", "postmaster", "webmaster", "abuse", "release",
    "manager", "review", "reviewer", "owner", "officer", "build", "deploy", "ci", "hiring", "recruiting", "payroll",
    "compliance", "privacy", "dpo", "ceo", "cto", "cfo", "coo", "vp", "head", "lead", "account", "accounting",
    "reception", "frontdesk", "returns", "shipping", "partners", "investor", "relations", "community",
})
_MAILBOX_SEPARATORS = re.compile(r"[._-]")


def names_from_mailbox(address: str) -> list[str]:
    """The name an address is made of: `aisha.becker32@fastmail.com` -> ["Aisha Becker"].

    Wherever else the trace writes that name (`Thanks Aisha Becker,`), it is this person's. Only
    two or three alphabetic parts of two letters or more, none of them a word of shared mailboxes
    (`data.science@`) or a common word; with three parts, first and last are also a name.
    """
    local = AT_SIGN.split(address, maxsplit=1)[0].rstrip("0123456789")
    parts = _MAILBOX_SEPARATORS.split(local)
    if not 2 <= len(parts) <= 3 or not all(len(part) >= 2 and part.isalpha() and part.isascii() for part in parts):
        return []
    from redactor.detection.pii import ignorable_capitalised_words

    ignorable = ignorable_capitalised_words()
    if any(part.lower() in _MAILBOX_WORDS or part.lower() in ignorable for part in parts):
        return []
    words = [part.capitalize() for part in parts]
    names = [" ".join(words)]
    if len(words) == 3:
        names.append(f"{words[0]} {words[2]}")
    return names


CUE_ENTITIES = frozenset(rule.entity for rule in CUE_RULES)
# The rules whose value passes a check digit or an issuing authority's rules besides its cue: what they find
# is that number even where the trace also keeps it under an id key (see `engine.TraceSession.identifiers`).
# (and the recognizers of `redactor.detection.pii` that check a number without a cue, named here for both)
ICCID_RECOGNIZER, NINO_RECOGNIZER, CODICE_FISCALE_RECOGNIZER, USCIS_RECEIPT_RECOGNIZER, UK_LICENCE_RECOGNIZER = (
    "IccidRecognizer", "NinoRecognizer", "CodiceFiscaleRecognizer", "UscisReceiptRecognizer", "UkLicenceRecognizer")
EID_RECOGNIZER, EAN_CONNECTION_RECOGNIZER, DEA_RECOGNIZER = "EidRecognizer", "EanConnectionRecognizer", "DeaRecognizer"
AHV_RECOGNIZER = "AhvRecognizer"
NORDIC_NUMBER_RECOGNIZERS = ("PersonnummerRecognizer", "FodselsnummerRecognizer", "HetuRecognizer",
                             "IsikukoodRecognizer")
CHECKED_DETECTORS = frozenset(rule.name for rule in CUE_RULES if rule.validator in {
    aba_routing_ok, _luhn, nhs_number_ok, sin_ok, tfn_ok, aadhaar_ok, cpf_ok, _nir_ok, pesel_ok, dni_nie_ok, ssn_ok,
    belgian_national_number_ok,
    ppsn_ok, portuguese_nif_ok, polish_id_card_ok, chinese_resident_id_ok, taiwan_id_ok, japanese_my_number_ok,
    israeli_id_ok, russian_inn_ok, greek_afm_ok, emirates_id_ok, south_african_id_ok, thai_id_ok, saudi_id_ok,
    personal_cuit_ok, personal_rut_ok, cbu_ok, nric_ok, hkid_ok, sa_tax_reference_ok,
}) | {ICCID_RECOGNIZER, NINO_RECOGNIZER, CODICE_FISCALE_RECOGNIZER, USCIS_RECEIPT_RECOGNIZER, UK_LICENCE_RECOGNIZER,
     EID_RECOGNIZER, EAN_CONNECTION_RECOGNIZER, DEA_RECOGNIZER, AHV_RECOGNIZER, *NORDIC_NUMBER_RECOGNIZERS}
_SURROGATE = re.compile("[\ud800-\udfff]")
_KEYWORDS = sorted({keyword for rule in CUE_RULES for keyword in rule.keywords})
_RULES_BY_KEYWORD = [frozenset(rule.name for rule in CUE_RULES if keyword in rule.keywords) for keyword in _KEYWORDS]
_MIN_KEYWORDS = {rule.name: rule.min_keywords for rule in CUE_RULES if rule.min_keywords > 1}


@lru_cache(maxsize=1)
def _keyword_automaton() -> Any:
    from ahocorasick_rs import AhoCorasick

    return AhoCorasick(_KEYWORDS)


@lru_cache(maxsize=16)  # asked by the gate in find_structured, then by the recognizer, for one text
def rules_worth_running(text: str) -> frozenset[str]:
    """The names of the rules whose keywords occur in `text`, each at the start of a word. Most
    strings of a trace have none: one automaton pass over the lower-cased text instead of twenty
    case-insensitive regexes (which cost more than the rest of detection)."""
    lowered = text.lower()
    if _SURROGATE.search(lowered):
        lowered = _SURROGATE.sub("\ufffd", lowered)  # the automaton takes valid UTF-8 only
    seen: dict[str, int] = {}
    for index, start, _ in _keyword_automaton().find_matches_as_indexes(lowered, overlapping=True):
        if start and _KEYWORDS[index][0].isascii() and _KEYWORDS[index][0].isalpha() \
                and lowered[start - 1].isalnum():
            continue  # inside a word: "this" holds no "hi" (CJK writes no spaces: `山田様`'s 様 ends a name)
        for name in _RULES_BY_KEYWORD[index]:
            seen[name] = seen.get(name, 0) + 1
    return frozenset(name for name, count in seen.items() if count >= _MIN_KEYWORDS.get(name, 1))


def may_have_cue(text: str) -> bool:
    return bool(rules_worth_running(text))


def cue_recognizer(entities: frozenset[str]) -> Any:
    """A presidio recognizer for the cue rules of `entities` (those a policy enables)."""
    from presidio_analyzer import EntityRecognizer, RecognizerResult

    rules = [(rule, rule.compile(), rule.compile_value()) for rule in CUE_RULES if rule.entity in entities]
    # Keywords say a rule may apply (`account` for `account holder:`); the literals its regex cannot match
    # without say more (`account holder`), and skip most of the keyword-gated scans that would find nothing.
    gate = LiteralGate()
    position = {rule.name: index for index, (rule, _, _) in enumerate(rules)}

    class CueRecognizer(EntityRecognizer):
        def __init__(self) -> None:
            super().__init__(supported_entities=sorted({rule.entity for rule, _, _ in rules}), name="CueRecognizer")

        def load(self) -> None:
            return None

        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
            results: list[RecognizerResult] = []
            worth_running = sorted(position[name] for name in rules_worth_running(text) if name in position)
            folded = fold(text) if worth_running else ""
            for rule, pattern, value in (rules[index] for index in worth_running):  # (in the rules' order)
                if not gate.may_match(pattern, folded):
                    continue
                for match in pattern.finditer(text):
                    if not rule.validator(match.group("value")):
                        continue
                    spans = [match.span("value"), *more_values(text, match.end("value"), value, rule.validator)]
                    results.extend(RecognizerResult(rule.entity, start, end, CUE_SCORE,
                                                    recognition_metadata={"recognizer_name": rule.name})
                                   for start, end in spans)
            return results

    return CueRecognizer()
