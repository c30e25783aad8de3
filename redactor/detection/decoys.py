"""Decoys: values that look sensitive to a naive detector but carry the structure replay needs.

Each filter is a small named function returning the regions of a text it protects. They are
composed in order (vcrpy style). PII findings that overlap a protected region are dropped, and a
string that is *entirely* a decoy is not analysed at all. Secret rules are not filtered here:
a secret can legitimately sit inside a URL, so the secret rules carry their own exclusions.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable, Iterator

from redactor.detection.base import ARN_PREFIX, AT_SIGN
from redactor.detection.scanning import first_characters_first
from redactor.detection.validators import card_ok, digits_of, gs1_check_ok, iso7064_mod97_ok
from redactor.replacement.tokens import marker_spans

Region = tuple[int, int]

# (glued to a letter too: LangSmith's `dotted_order` writes `...T101502123456Z563bc7e0-1738-...`)
_UUID = re.compile(r"(?<![0-9a-fA-F-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
                   r"(?![0-9a-fA-F-])")
# Digests and ids: lowercase hex runs of 7+ chars with a digit and a letter (git SHAs, sha1/sha256,
# span/trace ids; an all-digit run is a number, maybe a card); uppercase hex only at exact digest lengths (md5,
# sha1, sha256), because an uppercase run such as an IBAN (DE89370400440532013000) is all hex too.
# A `0x` literal of any case (an Ethereum address or transaction hash, EIP-55 mixed case: its digits
# can pass a card's checksum) is a hex value too.
_HEX = re.compile(
    r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,}\b"
    r"|\b(?=[0-9A-F]*[A-F])(?:[0-9A-F]{32}|[0-9A-F]{40}|[0-9A-F]{64})\b"
    r"|\b0x[0-9a-fA-F]{16,}\b"
)
_TIMESTAMP = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
)
# A C library's or git's date, the year after the time and a UTC offset after it (`git log`'s `Date:   Tue Mar 11
# 14:02:55 2025 -0700`, `date`'s `Wed Mar 26 11:02:44 UTC 2025`): `2025 -0700` is no phone number.
_CLOCK_DATE = re.compile(
    r"\b(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? )?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}\d{1,2} "
    r"\d{2}:\d{2}:\d{2}(?:\.\d+)?(?: [A-Z]{3,5})? \d{4}(?: [+-]\d{4}\b)?"
    r"|\b\d{2}:\d{2}:\d{2}(?:\.\d+)? \d{4} [+-]\d{4}\b"
)
# Up to three numeric parts (four would be an IPv4 address), or any number after a "v". Not ten
# digits or more: `415.555.0132` and `030.1234567` are phone numbers written with dots.
# A .NET assembly's `Version=4.0.0.0` has four parts and is still no address.
# (Written to start with the `v` or the digit, each lookbehind after it: `redactor.detection.scanning`. The
# regexes below that start so are the same; tests/detection/test_decoys.py compares each with its readable form.)
_VERSION = re.compile(
    r"(?:v(?<![\w.]v)\d+(?:\.\d+){1,3}|\d(?<![\w.]\d)(?<=(?!(?:\d\.?){10})\d)\d*\.\d+(?:\.\d+)?)"
    r"(?:[-+][0-9A-Za-z.]+)?\b(?![.]\d)"
    r"|\d(?<=Version=\d)\d*(?:\.\d+){1,3}\b"
)
_MODEL_NAME = re.compile(r"\b(?:gpt|claude|gemini|llama|mistral|o\d)[\w.-]*\d{4}-?\d{2}-?\d{2}\b", re.IGNORECASE)
# Paths and URLs never cover an "@" (or its `%40`): an email address inside one is still PII. Nor does a path
# begin with an IPv4 address (the host of `http://192.0.2.44:9000/...` after its "//").
_IPV4_AHEAD = r"\d{1,3}(?:\.\d{1,3}){3}(?![\w.-])"
_PATH = re.compile(rf"(?<![\w@])(?:~|\.{{1,2}})?/(?!{_IPV4_AHEAD})(?:[\w.-]+/)*[\w.-]+")
# scheme://host/path without credentials; the query string is not protected (it may hold tokens),
# nor is a host that is an IPv4 address (an address is PII wherever it is written).
# (A fragment is the page's own anchor, `rfc5545#section-3.8.4.3`; one with `=` or `@` may carry values:
# `#access_token=...`, `#/users/jane@example.com`.)
_URL = re.compile(
    rf"\bhttps?://(?![^/\s]*@)(?!{_IPV4_AHEAD})[\w.-]+(?::\d+)?(?:/(?:[^\s?#\"'<>@%]|%(?!40))*)?"
    r"(?:#[^\s?#\"'<>@=&]*(?=[\s\"'<>)\]]|$))?"
)
# Loopback and "any" addresses name this machine, no one's: `http://127.0.0.1:8080/`, `0.0.0.0:80`.
# (and the cloud instance-metadata endpoint, one fixed address on every cloud: `http://169.254.169.254/latest/`;
# and the public DNS resolvers everyone's `dig`, `resolv.conf` and `ping` name: Google's, Cloudflare's, Quad9's,
# OpenDNS's, a service's addresses, no one's: `;; SERVER: 8.8.8.8#53(8.8.8.8)`)
_PUBLIC_RESOLVERS = (r"8\.8\.8\.8|8\.8\.4\.4|1\.1\.1\.1|1\.0\.0\.1|9\.9\.9\.9|149\.112\.112\.112"
                     r"|208\.67\.222\.222|208\.67\.220\.220")
_PUBLIC_RESOLVERS_V6 = r"2001:4860:4860::88(?:88|44)|2606:4700:4700::1(?:111|001)|2620:fe::(?:fe|9)"
_LOCAL_ADDRESS = re.compile(
    rf"(?<![\w.:])(?:127(?:\.\d{{1,3}}){{3}}|0\.0\.0\.0|169\.254\.169\.254|{_PUBLIC_RESOLVERS})(?![\w.])"
    rf"|(?<![\w:])(?:::1|{_PUBLIC_RESOLVERS_V6})(?![\w:])")
_LOCAL_ADDRESS_HINTS = ("127.", "0.0.0.0", "::1", "169.254.169.254", "8.8.", "1.1.1.1", "1.0.0.1", "9.9.9.9",  # noqa: S104
                        "149.112.112.112", "208.67.22", "2001:4860:4860::", "2606:4700:4700::", "2620:fe::")
# An access log's status and size after the request line: `"GET /x HTTP/1.1" 200 48213`.
_ACCESS_LOG_STATUS = re.compile(r'HTTP/[\d.]+" (\d{3} (?:\d+|-))')
# IANA time zone names: `America/New_York` is a setting, not a place someone lives.
_TIME_ZONE = re.compile(
    r"\b(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
    r"/[A-Z][A-Za-z_+-]+(?:/[A-Z][A-Za-z_+-]+)?\b"
)
_CALL_ID = re.compile(r"\b(?:call|toolu|tool|run|msg|req|chatcmpl|resp|span|trace|env)[_-][A-Za-z0-9_-]{3,}\b")

# Browser user agents: product tokens and platform comments ("like Gecko" is not a place).
_USER_AGENT = re.compile(r"\b(?:Mozilla|Opera|Dalvik)/\d+(?:\.\d+)*(?:\s+(?:\([^)]*\)|[\w.-]+/[\w.-]+))+")
# Human-readable record ids: ORD-2026-004417, JIRA-1234, BOE-A-2019-5089 (letters, hyphens, digits).
# Not letters glued to digits: that is the shape of an IBAN (DE89370400440532013000).
_TICKET_ID = re.compile(r"[A-Z](?<!\w[A-Z])[A-Z0-9]{1,9}(?:-[A-Z]{1,3})*-\d[\d-]*\d\b")
# A network written in CIDR notation, whose host bits are all zero (`10.20.0.0/16`, `fd00::/8`): a
# block of addresses in a VPC or a firewall rule, no one's host. (`192.168.1.23/24`, an interface's
# address with its netmask, is a host: it is not a network address.)
# (A full stop after it ends a sentence: `traffic from 10.20.0.0/16.`)
_CIDR = re.compile(r"(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:]*)/\d{1,3}(?![\w]|\.\w)")
# A build or version stamped with its date (`20240609.1.0`, CalVer `2024.06.09`'s compact form): ten
# digits and more read as a phone number.
_DATED_BUILD = re.compile(r"(?:19|20)(?<![\w.]..)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\.\d+)+(?![\w.])")
# A US employer identification number (`EIN 12-3456789`): a company's, shaped like no phone number.
# A product's or a listing's code after its name: a drug's NDC (`00093-7146-56`), a real-estate listing's
# `MLS# 24-118273`, a customs procedure code (`CPC 40 00 000`), a tariff code, a SKU or a barcode, an order's,
# an invoice's, a return's (RMA), a shipment's (BOL, PRO, tracking) or a lot's number. Their digit groups read
# as phone numbers.
# (The codes' acronyms in any case, and a meeting's id: a digest's `- ndc: 0093-7180-56`, a sheet's `Sku` column,
# an assistant's `the conference ID 318 447 902#`; red team 44. An Argentine invoice's point of sale and number,
# `factura 0003-00012874`, a waybill's `AWB`/`TRK` number written in a mobile number's groups, `TRK 0712 345 678`:
# red team 43.)
_LABELLED_PRODUCT_CODE = re.compile(r"\b(?:(?i:NDC|SKU|UPC|EAN|GTIN|RMA)|MLS|CPC|HTS|HS code|tariff code|commodity code"
                                    r"|PO|BOL|PRO|Lot|Style|Model|INV|[Ii]nvoice|[Oo]rder"
                                    r"|[Ff]actura|[Cc]omprobante|[Rr]emito|AWB|TRK|[Ww]aybill"
                                    r"|(?:FedEx |UPS |USPS |DHL )?"
                                    r"[Tt]racking(?: number| no\.?)?|(?i:meeting|webinar|conference)[ ](?i:ID)"
                                    r"|FedEx(?: Ground| Express)?|UPS|USPS|DHL"
                                    # (a parking receipt's ticket, a clinical trial's EU CT and EudraCT numbers;
                                    # red team 59)
                                    r"|[Tt]icket|TICKET|EU CT|EudraCT"
                                    # (a notary's deed roll and register, a gazette's and a land register's
                                    # references, a court's file: `URNr. 0873/2025`, `Rep. n. 48213/15902`, `SHAB
                                    # 20250611/0027`, `TZ 18734/2024`, `Az. 3 O 117/25`; red team 60)
                                    r"|URNr\.?|UR-Nr\.?|Rep\.(?:[ \t]*n\.)?|Repertorio|Racc\.|Raccolta|SHAB|TZ|Az\.|GZ)"
                                    r"(?:[ \t]*(?:#|no\.?|code|number))?[ \t]*[:#]?[ \t]*\d[\d ./-]{3,16}\d\b"
                                    # an FDA medical device report's manufacturer report number (the registrant's
                                    # FEI number, the year, a serial: `3012845570-2024-00183`)
                                    r"|\b\d{7,10}-(?:19|20)\d{2}-\d{5}\b"
                                    # (and a trial's EU CT or EudraCT number in any language: `EU-CT-Nr.
                                    # 2023-504218-41-00`)
                                    r"|\b(?:19|20)\d{2}-\d{6}-\d{2}(?:-\d{2})?\b")
_EMPLOYER_ID = re.compile(r"\b(?:EIN|FEIN|Employer Identification Number)\)?[:#\s(]{0,4}\d{2}-\d{7}\b")
# A business's tax or registration number after its name (`ABN 51 824 753 556`, `Our business GST number is
# 123-847-571`, `VAT no. GB 123 4567 89`): a firm's, written in a phone number's groups (red team 46).
# (and Czech and Polish registers of schools and firms: `IZO 102 930 236`, `IČO 27 08 21 57`, `KRS 0000312456`,
# `REGON 012345678`; red team 50)
# (and France's register of firms and establishments: `SIREN 482 139 573`, `SIRET 48213957300026`; red team 58; the
# Nordic firms' numbers and a payee's bankgiro: `org.nr 202100-5448`, `CVR 29 94 29 27`, `bankgiro 5050-1055`; red
# team 59)
_BUSINESS_NUMBER = re.compile(r"\b(?:ABN|ACN|GST(?:IN)?|VAT|[Bb]usiness|IZO|REDIZO|IČO|IČ|KRS|REGON|SIREN|SIRET"
                              r"|[Oo]rg\.?[ \t]?nr\.?|[Oo]rganisations?nummer|[Oo]rganisasjonsnummer|CVR|Y-tunnus"
                              r"|[Bb]ankgiro|[Pp]lusgiro)"
                              r"(?:[ \t]+(?:[Nn]umber|[Nn]o\.?|[Rr]eg(?:istration)?(?:[ \t]+[Nn]o\.?)?))?"
                              r"[ \t]*(?:is|:|#)?[ \t]*(?:[A-Z]{2}[ \t]?)?\d[\d .-]{6,16}\d\b")
# A ship's name after its prefix (`MV Kota Raja`, `HMS Victory`, `M/S Aurora Meridian`): a vessel, no one (red team
# 47). Not after `MS`, which is `Ms` in capitals as often (`MS JANE DOE`).
_SHIP_PREFIXES = ("MV ", "SS ", "RMS ", "HMS ", "USS ", "M/V ", "M/S ")
_SHIP_NAME = re.compile(r"(?<![\w/])(?:MV|SS|RMS|HMS|USS|M/V|M/S)[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+){0,3}")
# A law's, a rule's or a form's number after its name (`OAR 461-115-0651`, `26 CFR 1.401-1`, `8 U.S.C. § 1101`,
# `OMB No. 1545-0008`): its digit groups read as a phone number (red team 46).
# (and a state code's abbreviated name before its section, `Cal. Civ. Proc. Code § 2031.240`, `N.Y. Penal Law § 155.30`,
# whose `Cal` NER takes for a person; red team 50)
_CITED_NUMBER = r"[ \t]*(?:§[ \t]*)?\d[\d .-]{3,16}\d\b"
_LEGAL_CITATION = re.compile(r"(?:\b(?:OAR|ORS|WAC|RCW|CFR|C\.F\.R\.|OMB[ \t]+No\.|Pub\.[ \t]+L\.)|U\.S\.C\.|§§?)"
                             + _CITED_NUMBER)
_STATE_CODE_CITATION = re.compile(r"(?:\b(?:[A-Z]\.){1,2}[A-Z]?[a-z]{0,4}\.?|\b[A-Z][a-z]{1,4}\.)"
                                  r"(?:[ \t]+[A-Z][a-z]{1,8}\.?){1,5}[ \t]+§§?" + _CITED_NUMBER)
# A chapter or an article cited by its abbreviation (Hong Kong's `AMLO (Cap. 615)`, Brazil's `Art. 7º da CLT`), whose
# `Cap` and `Art` NER takes for a person once the sentence cutter has ended a sentence after them (red team 52).
_ABBREVIATED_CITATION = re.compile(r"\b(?:Cap|Arts?)\.[ \t]*\d{1,4}[A-Z]?[º°ª]?(?![\w])")
# A cloud host's name (`ip-10-40-2-17.ap-southeast-2.compute.internal`, EC2's private DNS names):
# infrastructure, whose dashes make the address read as a phone number.
_CLOUD_HOST_NAME = re.compile(r"\bip-\d{1,3}(?:-\d{1,3}){3}(?:\.[a-z0-9-]+)*")

# Book numbers and object identifiers: `ISBN 978-0-13-468599-1`, `urn:oid:1.2.36.146.595.217.0.1`,
# `1.2.840.113549.1.1.11` (a first arc of 0, 1 or 2 and five arcs or more; a French phone number is
# written `01.84.17.61.18`, with a leading zero no arc has).
_ISBN = re.compile(r"\bISBN(?:-1[03])?:?\s*[\dX][\d -]{8,15}[\dX]\b")
_OID = re.compile(r"[012](?<![\w.][012])(?:\.(?:0|[1-9]\d*)){4,}(?![\w]|\.\d)"
                  # X.509's attribute and extension ids (`SAN extension 2.5.29.17`, `2.5.4.3`); an SNMP object
                  # named from its root (`iso.3.6.1.2.1.1.5.0`, `SNMPv2-SMI::enterprises.9.9.43.1.1.6.1.5`)
                  r"|2(?<![\w.]2)\.5\.(?:4|29)\.\d{1,3}(?![\w]|\.\d)"
                  r"|" + first_characters_first("iso|enterprises|mib-2|internet|private", not_after=r"\w")
                  + r"(?:\.\d+){2,}(?![\w]|\.\d)"
                  # (an OID named as one, however short: `urn:oid:1.2.246.21`, Finland's root; red team 59)
                  r"|(?<=oid:)[012](?:\.(?:0|[1-9]\d*))+(?![\w]|\.\d)")
# (not the tail of a longer run of digit groups: `1 7 25272 73070 6`)
_SPACED_UPC = re.compile(r"\d(?<!\d\d)(?<!\d \d)[ ]\d{5}[ ]\d{5}[ ]\d(?![\d])")
_CSS_FONT = re.compile(r"(?i)\bfont(?:-family|-[\w-]+)?[ \t]*:[ \t]*(?P<families>[^;{}\n]{1,300})")
# A version or a number of five dotted parts or more (`Release 19.22.0.0.0`, `23.4.0.24.05`): no IPv4 address
# (and no French phone number, five groups of two digits: `01.84.17.61.18`).
_LONG_DOTTED_NUMBER = re.compile(r"\d(?<![\w.]\d)(?!\d(?:\.\d\d){4}(?![\w.]))\d*(?:\.\d+){4,}(?![\w]|\.\d)")
# An SNMP agent's uptime (`Timeticks: (3481200) 9:40:12.00`): hundredths of a second, no phone number.
_TIMETICKS = re.compile(r"\bTimeticks:[ \t]*\(\d+\)(?:[ \t]+[\d:. ]+|[ \t]+\d+[ \t]+days?,?[ \t]*[\d:.]*)?"
                        # (the value alone, as an SNMP library prints it: `(128934400) 14 days, 22:09:04.00`)
                        r"|\(\d{3,12}\)[ \t]+\d+[ \t]+days?,?[ \t]+\d{1,2}:\d{2}:\d{2}(?:\.\d+)?")

# A mail's own id and its references (`Message-ID: <CAF=Yk2p...@mail.gmail.com>`): a server's token
# in the shape of an address, no one's mailbox.
_MESSAGE_ID = re.compile(r"(?i)\b(?:message-id|in-reply-to|references):[ \t]*(?:<[^<>\s]+>[ \t]*)+")
# The same id without its header (an agent's `in_reply_to` argument, a thread's `references` list): a
# local part of 20 characters or more, as mail servers generate them: base64-like, capitals inside
# words and digits (`CAJ7x9Rk2vQm+0aZ4Lq8s_tn5hFw-Q@mail.gmail.com`), or capitals and digits only
# (Exchange's `DM6PR11MB4691C1E2...@DM6PR11MB4691.namprd11.prod.outlook.com`). No one's mailbox is
# written like either (`Maria.Gonzalez_1987@...` has no capital inside a word).
_MAIL_ID_CANDIDATE = re.compile(r"(?<![\w.+=-])([\w.+=-]{20,})@[\w-]+(?:\.[\w-]+)+")
_CAPITAL_INSIDE_WORD = re.compile(r"[a-z][A-Z]")


# (or a time stamp first, as Postfix, sendmail and JavaMail write them: `20250314160355.1a2b3c@...`,
# `1741770011.48213.JavaMail.app@...`; a phone number as a mailbox, `4155550134@vtext.com`, has no
# separator after its digits)
_TIME_STAMPED_MAIL_ID = re.compile(r"\d{10,}[._$-]\w")


def _is_generated_mail_id(local_part: str) -> bool:
    if _TIME_STAMPED_MAIL_ID.match(local_part):
        return True
    digits = sum(char.isdigit() for char in local_part)
    if not any(char.islower() for char in local_part):
        return digits >= 4 and sum(char.isalpha() for char in local_part) >= 4
    return digits >= 3 and len(_CAPITAL_INSIDE_WORD.findall(local_part)) >= 3


# Logins on hosts, not mailboxes: git's scp syntax (`git@github.com:org/repo.git`), the target of an
# ssh/scp/rsync command (`ssh deploy@bastion-01`), senders no one reads (`noreply@github.com`) and the role
# mailboxes of RFC 2142 and of teams (`support@`, `postmaster@`, `platform-alerts@`, `l10n@`): no one's own.
# Only the login and its `@` are protected: the host may be an IP address, which is still replaced.
_SCP_TARGET = re.compile(r"(?<![\w.%+-])([\w.-]+@)[\w.-]+:(?=[\w~./-])")
# (not a public key's type, `ssh-ed25519 AAAA... rosalind@example.io`, whose comment is its owner's address; red
# team 52)
_SSH_TARGET = re.compile(r"\b(?:ssh|scp|sftp|rsync|mosh)\b(?!-)[^\n|;&]{0,80}?(?<![\w.%+-])([\w.-]+@)[\w.-]+")
_UNREAD_MAILBOX = re.compile(
    r"(?<![\w.%+-])((?:no-?reply|do-?not-?reply|mailer-daemon|postmaster|hostmaster|webmaster|abuse|noc|security"
    # (and a business's shared boxes, `accounts@`, `orders@`; red team 53)
    r"|support|info|sales|marketing|billing|privacy|legal|l10n|i18n|accounts|orders|bookings|reservations|enquiries"
    r"|inquiries|careers|jobs|press|(?:[\w-]+-)?(?:alerts|notifications))@)[\w.-]+",
    re.IGNORECASE)
# A Google Cloud service account's address (`tf-deployer@orchard-mesa-prod.iam.gserviceaccount.com`, a project's
# `123-compute@developer.gserviceaccount.com`): a machine's identity, no one's mailbox (red team 52).
# (and Google Calendar's own addresses: a room's `c_...@resource.calendar.google.com`, a public calendar's
# `...#holiday@group.v.calendar.google.com`, URL-encoded in its feed's path too, an event's iCalUID
# `5m3k9q2rfedlm2f9t0vl3m9k8p@google.com`; red team 53)
_SERVICE_ACCOUNT_MAILBOX = re.compile(
    r"(?<![\w.%+-])([\w.%-]+(?:@|%40))(?:[\w-]+\.)*(?:gserviceaccount|resource\.calendar\.google|group\.v\.calendar"
    r"\.google|group\.calendar\.google|import\.calendar\.google)\.com\b|(?<![\w.%+-])([a-z0-9]{20,64}@)google\.com\b")

# A version of four parts (`1.2.3.4` reads as an IPv4 address): one part over 255 in the third or fourth place
# (`Chromium 126.0.6478.126`, `build 10.0.19045.3930`), three zero parts (`122.0.0.0`, Chrome's reduced
# user-agent version: no host), or what a version word or a product's name introduces: `firmware 4.2.1.17`,
# `Version: 24.5.0.2`, `.NET 8.0.1.23`, `Cisco ASA 9.18.4.22`. (Not any name before it: a device's or a
# header's, `mgmt-laptop 10.2.3.4`, `x-forwarded-for 10.0.0.5`, names a host.) Each four-part number is found
# first, then what is before it is read: one regex with all of it in alternatives costs a scan per position.
_FOUR_PART_NUMBER = re.compile(r"(?<![\w.])v?(?P<number>\d+\.\d+\.\d+\.\d+)(?![\w.])")
_VERSION_BEFORE = re.compile(
    # (an attribute's quoted value too: a VCF header's `Version="4.5.0.0"`; red team 55)
    r"(?:(?i:\b(?:version|ver|firmware|fw|build|release|rev|patch))\.?[ \t]*[:=]?[ \t]*[\"']?"
    r"|(?:(?<![\w-])\.NET|\b(?:Windows|Java|JDK|JRE|Node\.js|Python|Chrome|Chromium|Firefox|Safari|Oracle|iOS|"
    r"Android|macOS|ASA|FTD|IOS-XE|NX-OS|Junos|FortiOS|PAN-OS|ESXi|vCenter|SQL Server))[ \t]+v?"
    # (a Maven coordinate's version, `jackson-databind:jar:2.13.4.1:compile`; red team 46)
    r"|:(?:jar|war|ear|pom|aar|bundle|maven-plugin):"
    # (a rule book's numbered part, `NACHA Operating Rules, Subsection 2.3.2.4`; red team 48)
    r"|(?i:\b(?:sub)?section|\bclause|\bparagraph|\bpara\.|\barticle|\brule|§)[ \t]*"
    # (a user agent's product token, `kCura.Relativity.Client/13.2.114.5`: a name with a capital, not a path's
    # `/hosts/10.0.0.12`; red team 49)
    r"|(?<![\w/.-])(?=[\w.-]*[A-Z])[A-Za-z][\w-]*(?:\.[\w-]+)*/)$"
)
_VERSION_WORD_REACH = 24  # characters before the number where its version word or product may stand
# A dependency's upgrade as a bot or a changelog writes it (`bump jackson-databind from 2.13.4 to 2.13.4.1`):
# both numbers are versions when one has fewer than four parts (`traffic from 10.0.0.12 to 10.0.0.13` is two hosts;
# red team 46).
_UPGRADE = re.compile(r"\bfrom[ \t]+v?(\d+(?:\.\d+){1,3})[ \t]+(?:to|->|→)[ \t]+v?(\d+(?:\.\d+){1,3})(?![\w.]|\.\d)")
# Postal codes written so that they read as phone numbers: Japan's `〒150-0002`, Brazil's CEP `01426-001`.
_POSTAL_CODE = re.compile(r"〒\s?\d{3}-?\d{4}|(?<![\w-])\d{5}-\d{3}(?![\w-])")
# A SIP address's host (`sip:4158675309@sip.telnyx.com`): the user part is a phone number, no mailbox.
_SIP_HOST = re.compile(r"\bsips?:[^@\s]+(@[\w.-]+)")

DecoyFilter = Callable[[str], list[Region]]


def uuid_regions(text: str) -> list[Region]:
    return [m.span() for m in _UUID.finditer(text)] if "-" in text else []


def hex_digest_regions(text: str) -> list[Region]:
    return [m.span() for m in _HEX.finditer(text)]


def timestamp_regions(text: str) -> list[Region]:
    return [m.span() for m in _TIMESTAMP.finditer(text)] if "-" in text else []


def clock_date_regions(text: str) -> list[Region]:
    return [m.span() for m in _CLOCK_DATE.finditer(text)] if ":" in text else []


def version_regions(text: str) -> list[Region]:
    return [m.span() for m in _VERSION.finditer(text)] if "." in text else []


def model_name_regions(text: str) -> list[Region]:
    return [m.span() for m in _MODEL_NAME.finditer(text)]


def _before_local_part(text: str, match: re.Match[str]) -> Region:
    """A path or URL stops where an email address begins: `/users/jane.roe@example.net/orders`
    protects `/users`, never the local part `jane.roe`, which the email recognizer needs whole."""
    start, end = match.span()
    if AT_SIGN.match(text, end):  # (URL-encoded in a request path too: `/users/ravi.iyer%40contoso.com`)
        last_slash = text.rfind("/", start, end)
        # (but `scheme://user@host`: a login name right after the scheme is not a local part)
        if not (last_slash == start and text.endswith(":/", 0, start)):
            end = last_slash
    return start, end


def _stopped_before_local_parts(text: str, matches: Iterator[re.Match[str]]) -> list[Region]:
    regions = (_before_local_part(text, m) for m in matches)
    return [(start, end) for start, end in regions if end > start]


def path_regions(text: str) -> list[Region]:
    return _stopped_before_local_parts(text, _PATH.finditer(text)) if "/" in text else []


def url_regions(text: str) -> list[Region]:
    return _stopped_before_local_parts(text, _URL.finditer(text)) if "://" in text else []


def local_address_regions(text: str) -> list[Region]:
    if not any(hint in text for hint in _LOCAL_ADDRESS_HINTS):
        return []
    return [m.span() for m in _LOCAL_ADDRESS.finditer(text)]


def access_log_regions(text: str) -> list[Region]:
    return [m.span(1) for m in _ACCESS_LOG_STATUS.finditer(text)] if "HTTP/" in text else []


def time_zone_regions(text: str) -> list[Region]:
    return [m.span() for m in _TIME_ZONE.finditer(text)] if "/" in text else []


def call_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _CALL_ID.finditer(text)]


def user_agent_regions(text: str) -> list[Region]:
    return [m.span() for m in _USER_AGENT.finditer(text)] if "/" in text else []


def ticket_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _TICKET_ID.finditer(text)]


def dated_build_regions(text: str) -> list[Region]:
    return [m.span() for m in _DATED_BUILD.finditer(text)] if "." in text else []


def network_regions(text: str) -> list[Region]:
    if "/" not in text:
        return []
    return [m.span() for m in _CIDR.finditer(text) if _is_network(m.group(0))]


# ISPs delegate a /48 to /64 of global IPv6 space to each customer (RIPE-690): such a prefix is as personal
# as the customer's IPv4 address. A shorter one (an operator's /32) and documentation or unique-local space
# stay networks.
_SUBSCRIBER_PREFIX_LENGTH = 48


def _is_network(block: str) -> bool:
    try:
        network = ipaddress.ip_network(block, strict=True)  # strict: host bits set is an error
    except ValueError:
        return False
    if network.version == 6 and network.prefixlen >= _SUBSCRIBER_PREFIX_LENGTH and network.is_global:
        return False  # a prefix an ISP delegates to one home or small site: it points at a subscriber
    return network.prefixlen < network.max_prefixlen


def product_code_regions(text: str) -> list[Region]:
    return [m.span() for m in _LABELLED_PRODUCT_CODE.finditer(text)]


def upc_regions(text: str) -> list[Region]:
    """A UPC-A barcode written in its printed groups (`0 12345 67890 5`), its check digit right (a UPC-A is
    the EAN-13 with a leading 0)."""
    return [m.span() for m in _SPACED_UPC.finditer(text) if gs1_check_ok("0" + m.group(0).replace(" ", ""))]


# A form field's hint (`<input placeholder="you@example.com">`, `placeholder: '+44 7700 900000'`): what a user
# is shown to type, not what anyone typed. (Its quotes may be escaped: HTML inside a JSON string.)
_PLACEHOLDER_ATTRIBUTE = re.compile(r"\bplaceholder(?:=|:[ \t]*)\\?([\"'])(?P<hint>[^\"'<>\n]{1,120}?)\\?\1")


def placeholder_regions(text: str) -> list[Region]:
    return [m.span("hint") for m in _PLACEHOLDER_ATTRIBUTE.finditer(text)] if "placeholder" in text else []


def css_font_regions(text: str) -> list[Region]:
    """A CSS font declaration's families (`font-family: "Gill Sans", Baskerville, serif`): typefaces named
    after people, no one's name."""
    return [m.span("families") for m in _CSS_FONT.finditer(text)] if "font" in text else []


def long_dotted_number_regions(text: str) -> list[Region]:
    if text.count(".") < 4:
        return []
    return [m.span() for m in _LONG_DOTTED_NUMBER.finditer(text)]


def timeticks_regions(text: str) -> list[Region]:
    return [m.span() for m in _TIMETICKS.finditer(text)] if "Timeticks" in text or "day" in text else []


def employer_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _EMPLOYER_ID.finditer(text)] if "EIN" in text or "Employer" in text else []


def ship_name_regions(text: str) -> list[Region]:
    return [m.span() for m in _SHIP_NAME.finditer(text)] if any(p in text for p in _SHIP_PREFIXES) else []


# A creditor's structured reference (ISO 11649, `RF18 5390 0754 7034`, form-encoded `RF18+5390+...`; a Finnish or
# an Estonian bill's `viite`): a bill's, its digits in a phone's groups (red team 59). Its check digits tell it.
_CREDITOR_REFERENCE = re.compile(r"\bRF\d{2}(?:[ +]?[0-9A-Z]{1,4}){1,6}\b")


def creditor_reference_regions(text: str) -> list[Region]:
    return [m.span() for m in _CREDITOR_REFERENCE.finditer(text) if _creditor_reference_ok(m.group(0))] \
        if "RF" in text else []


def _creditor_reference_ok(reference: str) -> bool:
    compact = reference.replace(" ", "").replace("+", "")
    return len(compact) > 4 and iso7064_mod97_ok(compact)


# A Belgian enterprise number (`0812.345.603`, `BE 0456.789.133`: its last two digits are 97 less the first eight
# modulo 97): a firm's, in a phone number's groups (red team 60).
_BELGIAN_ENTERPRISE_NUMBER = re.compile(r"(?<![\d.])(?:BE[ \t]?)?[01]\d{3}\.\d{3}\.\d{3}(?![\d.]|\.\d)")


def belgian_enterprise_number_regions(text: str) -> list[Region]:
    return [m.span() for m in _BELGIAN_ENTERPRISE_NUMBER.finditer(text) if _enterprise_number_ok(m.group(0))] \
        if "." in text else []


def _enterprise_number_ok(number: str) -> bool:
    digits = digits_of(number)
    return 97 - int(digits[:8]) % 97 == int(digits[8:])


def business_number_regions(text: str) -> list[Region]:
    return [m.span() for m in _BUSINESS_NUMBER.finditer(text)]


def may_cite(text: str) -> bool:
    """Whether `text` may hold a citation whose abbreviations NER misreads (see `PiiDetector.find_names`)."""
    return "§" in text or "Cap." in text or "Art" in text


def citation_regions(text: str) -> list[Region]:
    regions = [m.span() for m in _LEGAL_CITATION.finditer(text)]
    if "Cap." in text or "Art" in text:
        regions += [m.span() for m in _ABBREVIATED_CITATION.finditer(text)]
    if "§" in text:
        regions += [m.span() for m in _STATE_CODE_CITATION.finditer(text)]
    if _LAW_WORDS.search(text):
        regions += [m.span() for m in _NAMED_LAW.finditer(text)]
    return regions


# A law by its name in its language, the law's word then its subject in lower case (`Wet kinderopvang`, `Wet op de
# loonbelasting`, `Ley de Enjuiciamiento`): NER takes the pair for a place or a person (red team 50).
_LAW_WORD = r"\b(?:Wet|Gesetz|Loi|Ley|Lei|Legge|Ustawa|Zákon|Lov|Lag)"
_LAW_WORDS = re.compile(_LAW_WORD + r"\b")  # (the cheap test before the whole name's)
_NAMED_LAW = re.compile(_LAW_WORD + r"[ \t]+"
                        r"(?:(?:op|van|de|der|des|du|sur|la|le|del|di|do|da|o|über|zum|zur|om|z)[ \t]+){0,3}"
                        r"(?-i:[a-zäöüßàâçéèêëîïôûùüÿñæœáíóúãõąćęłńóśźżčďěňřšťůý])[\w-]+")


def cloud_host_name_regions(text: str) -> list[Region]:
    return [m.span() for m in _CLOUD_HOST_NAME.finditer(text)] if "ip-" in text else []


# A Databricks cluster's id (`0612-091533-k3x9p2ab`: its creation's month, day and time, then a suffix) and a
# workspace's host (`adb-4243513410813209.9.azuredatabricks.net`), whose digits read as a phone number and a card
# (red team 53).
_DATABRICKS_ID = re.compile(r"(?<![\w-])\d{4}-\d{6}-[a-z0-9]{8}(?![\w-])"
                            r"|\badb-\d{8,19}\.\d{1,3}\.azuredatabricks\.net\b")


def databricks_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _DATABRICKS_ID.finditer(text)] if "-" in text else []


def isbn_regions(text: str) -> list[Region]:
    return [m.span() for m in _ISBN.finditer(text)] if "ISBN" in text else []


# Codes of things that read as phone numbers, IPv6 addresses or names, each by its own shape:
# - a UPS tracking number (`1Z 999 AA1 01 2345 678 4`), a shipping container's ISO 6346 number
#   (`TGHU 875123 4`);
# - an ISSN (`ISSN 0028-0836`), a DOI (`10.1038/s41586-024-07421-0`), an ISBN-10 or -13 written with its
#   hyphens and no `ISBN` before it (`0-306-40615-2`, `978-0-306-40615-7`, the check digit verified), an
#   Amazon order number, an HTTP weak entity tag (`W/"0815-4711"`);
# - a MAC or EUI-64 hardware address (`00:17:88:01:0b:2c:4d:5e`: eight groups of two read as IPv6);
# - a directory name's organisational units and domain components (`OU=Groups,DC=corp`: a CN may be a
#   person's and is left to the detectors);
# - a GS1 element string (`(00)340123450000000017`: a pallet's SSCC, a GTIN, a GLN).
# Each shape with a literal or a few words that any match holds, tested first: the shapes would otherwise each
# be tried at every position of every text (one alternation of them all costs about as much as their sum).
# (case-sensitive literals; the company labels' words are looked for in the lower-cased text)
_CODES: tuple[tuple[tuple[str, ...], bool, re.Pattern[str]], ...] = (
    (("1Z",), False, re.compile(r"\b1Z ?[0-9A-Z]{3} ?[0-9A-Z]{3} ?[0-9A-Z]{2} ?[0-9A-Z]{4} ?[0-9A-Z]{3} ?[0-9A-Z]\b")),
    (("U", "J", "Z"), False, re.compile(r"\b[A-Z]{3}[UJZ] ?\d{6} ?\d\b")),
    (("ISSN",), False, re.compile(r"\bISSN:?\s*\d{4}-\d{3}[\dX]\b")),
    (("10.",), False, re.compile(r"\b10\.\d{4,9}/[^\s\"'<>]+")),
    ((":", "-"), False, re.compile(
        r"[0-9A-Fa-f](?<![\w:.-][0-9A-Fa-f])[0-9A-Fa-f]([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?:\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2})?"
        r"(?![\w:])")),
    (("OU=", "DC="), False, re.compile(r"(?<![\w=])(?:OU|DC)=[^,;\r\n\"]+")),
    # a GS1 element string's serial shipping container code, trade item or location number after its
    # application identifier (`(00)340123450000000017`, `(01)00012345678905`, `(414)...`): read as a card
    (("(0", "(41"), False, re.compile(r"\((?:00|01|02|414|415)\)\d{13,18}(?!\d)")),
    # an AWS resource name (`arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-Xk3P9q`)
    (("arn:aws",), False, re.compile(rf"{ARN_PREFIX}[^\s\"'<>,;]+")),
    # a company's registration or tax number after its label (`org. no. 987 654 321`, `VAT GB123456789`; not a
    # Dutch KvK number: most are sole traders', an ID_NUMBER, see `cues.py`'s `dutch_kvk`)
    (("org", "company", "vat", "siren", "siret", "abn", "acn", "crn", "hrb"), True, re.compile(
        r"(?i:\b(?:org(?:anisation|anization)?\.?[ \t]*(?:no|nr|number)|company[ \t]+(?:no|number|reg(?:istration)?"
        r"\.?[ \t]*(?:no|number))|vat[ \t]*(?:no|number|id|reg(?:istration)?)?|siren|siret|abn|acn|crn|hrb)"
        r"\.?[ \t]*[:#]?[ \t]*)(?:[A-Z]{2})?\d[\d .-]{5,16}\d\b")),
)
_ISBN_10 = re.compile(r"\d(?<![\w-]\d)(?=[\d-]{11}[\dX](?![\w-]))\d{0,4}-\d{1,7}-\d{1,7}-[\dX]")
# An ISBN-13 with its hyphens (`978-0-306-40615-7`, its check digit verified: a barcode's).
_ISBN_13 = re.compile(r"97(?<![\w-]97)[89]-(?=[\d-]{13}(?![\w-]))\d{1,5}-\d{1,7}-\d{1,7}-\d")
# An Amazon order number (`112-4567890-1234567`): 3-7-7 digits, read as a card or a phone number.
_AMAZON_ORDER = re.compile(r"\d(?<![\w-]\d)\d{2}-\d{7}-\d{7}(?![\w-])")
# An HTTP weak entity tag (`W/"0815-4711"`, also JSON-escaped): an opaque validator.
_WEAK_ETAG = re.compile(r'W/\\?"[^"\\\s]{1,128}\\?"')


def _isbn_10_ok(value: str) -> bool:
    digits = value.replace("-", "")
    if len(digits) != 10:
        return False
    total = sum((10 - i) * (10 if char == "X" else int(char)) for i, char in enumerate(digits))
    return total % 11 == 0


def code_regions(text: str) -> list[Region]:
    lowered = ""
    regions: list[Region] = []
    for literals, folded, pattern in _CODES:
        if folded and not lowered:
            lowered = text.lower()
        if any(literal in (lowered if folded else text) for literal in literals):
            regions += [m.span() for m in pattern.finditer(text)]
    hyphens = text.count("-")
    if hyphens >= 2:
        regions += [m.span() for m in _AMAZON_ORDER.finditer(text)]
    if hyphens >= 3:
        regions += [m.span() for m in _ISBN_10.finditer(text) if _isbn_10_ok(m.group(0))]
    if hyphens >= 4:
        regions += [m.span() for m in _ISBN_13.finditer(text) if gs1_check_ok(m.group(0).replace("-", ""))]
    if 'W/' in text:
        regions += [m.span() for m in _WEAK_ETAG.finditer(text)]
    return regions


def object_id_regions(text: str) -> list[Region]:
    return [m.span() for m in _OID.finditer(text)] if text.count(".") >= 3 else []


def message_id_regions(text: str) -> list[Region]:
    if "@" not in text:
        return []
    headers = [m.span() for m in _MESSAGE_ID.finditer(text)] if ":" in text and "<" in text else []
    return headers + [m.span() for m in _MAIL_ID_CANDIDATE.finditer(text) if _is_generated_mail_id(m.group(1))]


def four_part_version_regions(text: str) -> list[Region]:
    if text.count(".") < 3:
        return []
    regions: list[Region] = []
    for match in _FOUR_PART_NUMBER.finditer(text):
        parts = match.group("number").split(".")
        if all(len(part) == 4 for part in parts) and card_ok(match.group("number")):
            continue  # a card number written in dotted groups (`4111.1111.1111.1111`), no version
        if any(len(part) >= 4 for part in parts[2:]) or (parts[1:] == ["0", "0", "0"] and len(parts[0]) <= 3) \
                or _VERSION_BEFORE.search(text, max(0, match.start() - _VERSION_WORD_REACH), match.start()):
            regions.append(match.span("number"))
    if "from" in text:
        regions += [span for match in _UPGRADE.finditer(text)
                    if min(match.group(1).count("."), match.group(2).count(".")) < 3
                    for span in (match.span(1), match.span(2))]
    return regions


def postal_code_regions(text: str) -> list[Region]:
    return [m.span() for m in _POSTAL_CODE.finditer(text)] if "-" in text else []


def sip_host_regions(text: str) -> list[Region]:
    return [m.span(1) for m in _SIP_HOST.finditer(text)] if "sip" in text else []


def host_login_regions(text: str) -> list[Region]:
    if "@" not in text:
        return []
    return [m.span(m.lastindex or 0)
            for pattern in (_SCP_TARGET, _SSH_TARGET, _UNREAD_MAILBOX, _SERVICE_ACCOUNT_MAILBOX)
            for m in pattern.finditer(text)]


def redaction_marker_regions(text: str) -> list[Region]:
    return marker_spans(text)


DECOY_FILTERS: tuple[DecoyFilter, ...] = (
    redaction_marker_regions,
    uuid_regions,
    hex_digest_regions,
    timestamp_regions,
    clock_date_regions,
    model_name_regions,
    version_regions,
    url_regions,
    path_regions,
    local_address_regions,
    time_zone_regions,
    access_log_regions,
    call_id_regions,
    user_agent_regions,
    ticket_id_regions,
    cloud_host_name_regions,
    databricks_id_regions,
    employer_id_regions,
    business_number_regions,
    creditor_reference_regions,
    belgian_enterprise_number_regions,
    citation_regions,
    ship_name_regions,
    product_code_regions,
    long_dotted_number_regions,
    timeticks_regions,
    upc_regions,
    css_font_regions,
    placeholder_regions,
    network_regions,
    dated_build_regions,
    isbn_regions,
    code_regions,
    object_id_regions,
    message_id_regions,
    host_login_regions,
    four_part_version_regions,
    postal_code_regions,
    sip_host_regions,
)


def protected_regions(text: str) -> list[Region]:
    regions: list[Region] = []
    for decoy_filter in DECOY_FILTERS:
        regions.extend(decoy_filter(text))
    return regions


def is_entirely_decoy(text: str, regions: list[Region] | None = None) -> bool:
    """True when one protected region covers the whole string (after trimming whitespace).
    `regions`: the text's protected regions, when the caller has them already."""
    stripped = text.strip()
    if not stripped:
        return True
    offset = text.index(stripped[0])
    end = offset + len(stripped)
    covering = protected_regions(text) if regions is None else regions
    return any(start <= offset and stop >= end for start, stop in covering)


def overlaps(start: int, end: int, regions: list[Region]) -> bool:
    return any(start < stop and region_start < end for region_start, stop in regions)


# A word that source code declares or calls (`class Meta:`, `def alice():`, `fn build`, `Bob()`, `Alice.get()`,
# `String>`, a base64 vector `Zg==`, a key in `Name=value`): an identifier, whichever name it spells.
_DECLARING_WORD_BEFORE = re.compile(
    r"\b(?:class|def|fn|func|function|interface|struct|enum|trait|impl|extends|implements|throws|instanceof|typeof)"
    r"[ \t]+$")
_CODE_AFTER = re.compile(r"\(|<[A-Z\]?>]|>|::|\.[a-z_]\w*\(|\[\]|=")


def in_code_position(text: str, start: int, end: int) -> bool:
    """`text[start:end]` is an identifier of source code, by the words and marks around it."""
    return bool(_CODE_AFTER.match(text, end) or _DECLARING_WORD_BEFORE.search(text, max(0, start - 16), start))


# A firm's legal form after a word (`Rautenberg GmbH`, `Okafor & Sons Ltd`): the word names the firm, even when
# it is the family name of someone in the trace.
_LEGAL_FORM_AFTER = re.compile(
    r"[ \t]+(?:&[ \t]+(?:Co|Sons|Söhne|Partners?)\b|(?:GmbH|AG|KG|OHG|UG|LLC|LLP|Ltd|Limited|Inc|Corp|PLC|plc|Pty|"
    r"SA|SAS|SARL|SpA|Srl|S\.?L|BV|B\.V|NV|N\.V|AB|ASA|Oy|A/S|ApS|Sp\.[ ]?z[ ]?o\.o)(?![\w]))")


def followed_by_legal_form(text: str, end: int) -> bool:
    return _LEGAL_FORM_AFTER.match(text, end) is not None

