"""Declarative secret rules (detect-secrets style): one frozen `SecretRule` per token format.

A rule is data: a name, the entity type it reports, a compiled pattern, the group(s) holding the
secret value, and `keywords`, cheap lowercase substrings of which at least one must occur in the
text before the regex runs at all. The detector (`redactor.detection.secrets`) only iterates
`RULES`; nothing here scans text by itself.

Pattern conventions, so a reviewer can check them quickly:

* Vendor prefixes are matched literally and the body with one flat, bounded character class:
  no nested quantifiers, so no catastrophic backtracking on adversarial input.
* `_LB` / `_RB` are token boundaries. They reject a match glued inside a longer run of token
  characters (a format-shaped slice of a hash, of base64 or of an identifier). `_LB` also accepts
  a JSON-escaped newline (`\\n`) right before the token, which is how secrets look inside
  serialised strings.
* Formats whose shape alone would collide with hashes or ids (Twilio SIDs, Mailgun keys, AWS
  secret keys) are gated on a vendor keyword; validators then check what a regex cannot
  (a JWT header that decodes to JSON with "alg", a Basic credential that decodes to user:pass).

Sources are the vendors' public documentation, the gitleaks rule ids (config/gitleaks.toml) and
the trufflehog detector names (pkg/detectors/<name>, `trufflehog:<name>` in `source`) the formats
were checked against; the facts were re-expressed here, no rule text was copied.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from redactor.detection.base import ARN_PREFIX, SECRET_ENTITY_TYPES
from redactor.detection.scanning import leading_class, literal_prefix

Validator = Callable[[re.Match[str], str], bool]

# --------------------------------------------------------------------------------------------
# Secret-named keys. Lives here (not in secrets.py) because the assignment rules below use it
# as their validator; `redactor.detection.secrets` re-exports it.
# --------------------------------------------------------------------------------------------

# Other languages' words for a password (German, Spanish, Portuguese, Polish, Turkish, Dutch, Italian,
# Indonesian, Vietnamese; French `mot_de_passe` holds "pass" already): secret names whose values are passwords.
PASSWORD_WORDS: tuple[str, ...] = ("passwort", "kennwort", "contrasena", "contraseña", "senha", "haslo", "hasło",
                                   "sifre", "şifre", "wachtwoord", "parola", "kata_sandi", "mat_khau",
                                   # Czech and Slovak, Swedish, Danish, Norwegian, Finnish, Hungarian, Croatian and
                                   # Serbian, Slovene (red team 50)
                                   "heslo", "lösenord", "losenord", "adgangskode", "passord", "salasana", "jelszó",
                                   "jelszo", "lozinka", "geslo")

# Normalised key names (lowercase, `_`-separated) whose value is always a secret. A key also
# matches when it *ends* with one of these after a `_` boundary: `openai_api_key`, `db_password`,
# `x_auth_token`. Suffix matching is what keeps structural keys out without a long deny list:
# `token_usage`, `max_tokens`, `tokenizer`, `password_policy`, `secret_name` do not end with a
# secret word.
SECRET_KEY_NAMES: frozenset[str] = frozenset(
    {
        "password",
        "passwd",
        "pwd",  # NB: also the PWD env var (a directory); the assignment rule skips path values.
        "passphrase",
        "pass",  # nodemailer's `auth.pass`, `SMTP_PASS`, `DB_PASS` (a whole word: not `passport`, `bypass`)
        "pgpassword",  # libpq env var: one word, so the `_password` suffix does not catch it
        "secret",
        "client_secret",
        "secret_key",
        "secret_key_base",  # Rails: ends with "base", so the suffix rule would miss it
        "secret_access_key",
        "api_key",
        "apikey",
        "x_api_key",
        "token",
        "access_token",
        "refresh_token",
        "id_token",
        "auth_token",
        "session_token",
        "bearer_token",
        "bearer",  # a bearer credential named for its scheme (`CDK_API_BEARER`, `auth.bearer`; red team 41)
        "authorization",
        "proxy_authorization",
        "cookie",
        "cookies",
        "set_cookie",
        "private_key",
        "privatekey",
        # kubeconfig `client-key-data`: the client's PEM private key, base64-encoded. Its siblings
        # `client-certificate-data` / `certificate-authority-data` are public and end with "data",
        # which is no secret word, so they stay out without an exclusion.
        "client_key_data",
        "credential",
        "credentials",
        "access_key",
        "signing_key",
        "encryption_key",
        "master_key",
        "subscription_key",
        # other languages' words for a password, a secret and an API key (French, Spanish, Italian and
        # PASSWORD_WORDS' languages); Midtrans' `server_key`
        *PASSWORD_WORDS, "mot_de_passe", "motdepasse", "clave_secreta", "chiave_api", "server_key",
        "hmac_key",  # a webhook's or a signature's shared key (DocuSign Connect, ...)
        "psk", "pre_shared_key", "preshared_key",  # a Wi-Fi or VPN pre-shared key (wpa_supplicant's `psk="..."`)
        "pin", "pin_code", "passcode",  # a card's, a phone's or an account's PIN
        "passkey",  # M-Pesa Daraja's Lipa na M-Pesa passkey (`MPESA_PASSKEY`), which signs STK pushes; red team 43
        "write_key",  # Segment's source write key (also the Basic-auth user of its HTTP API)
        "license_key",  # New Relic's ingest key, a paid product's activation key
        "jwt",
        "sdk_key",  # LaunchDarkly's and Split's server-side SDK keys (`LAUNCHDARKLY_SDK_KEY`)
        "auth_key",  # Cloudflare's global API key (`X-Auth-Key`), a push service's; red team 46
        "puk", "puk_code", "activation_code",  # a SIM's unblocking key, an eSIM's activation code (red team 48)
        # the codes that open a home and its locks (a courier's `door_code`, a lock's `guest_code`), a Tuya device's
        # `local_key` (its AES key on the LAN) and a Zigbee network's key (red team 51)
        "door_code", "gate_code", "entry_code", "building_code", "buzzer_code", "intercom_code", "keypad_code",
        "lockbox_code", "garage_code", "alarm_code", "guest_code", "lock_code", "user_code", "master_code",
        "key_safe_code", "keysafe_code", "key_safe_pin", "keysafe_pin", "key_box_code", "keybox_code",  # (red team 62)
        "check_code",  # DVLA's licence check code: whoever holds it sees the driver's record (red team 62)
        "local_key", "network_key",
        # a DocuSign signer's access code (red team 54)
        "access_code",
        # an OCPP charger's Basic-auth password (`AuthorizationKey`); LoRaWAN's root and session keys (The Things
        # Stack's `root_keys.app_key.key`, `session.keys.app_s_key`, ChirpStack's `nwkSEncKey`; red team 55)
        "authorization_key", "root_keys", "session_keys", "device_keys", "nwk_key", "app_s_key", "nwk_s_key",
        "f_nwk_s_int_key", "s_nwk_s_int_key", "nwk_s_enc_key",
        # What opens an account or a wallet without its password: a wallet's BIP39 recovery phrase,
        # 2FA backup codes, and a password's hash (bcrypt and its kin are cracked offline)
        "mnemonic", "seed_phrase", "recovery_phrase", "secret_phrase", "wallet_seed",
        "recovery_code", "recovery_codes", "backup_code", "backup_codes", "password_hash", "passwd_hash",
        # the answer to an account's security question, and a bank's memorable word (red team 41)
        "security_answer", "secret_answer", "challenge_answer", "security_question_answer", "memorable_word",
        # Vendor keys whose names end with no secret word. Datadog's application key (the API
        # key already ends with `api_key`); `app_key` alone is not here: Pusher's app key is
        # public. PagerDuty's integration key under a PagerDuty name; a bare `routing_key` is also
        # RabbitMQ's routing name (`orders.created`), so it is left to pagerduty_routing_key,
        # which wants a 32-hex value.
        "dd_app_key",
        "dd_application_key",
        "datadog_app_key",
        "datadog_application_key",
        "pagerduty_routing_key",
        "pagerduty_integration_key",
        "pagerduty_service_key",
        # an OHIP (Oracle Hospitality) application key header, Moodle's web-service token, Alloggiati Web's
        # session key, an LTI 1.1 launch's OAuth signature, an HTTP header named `Key` (AbuseIPDB's) as OTLP
        # records it (red team 56). (`app_key` alone is Pusher's public key, above.)
        "x_app_key", "wstoken", "wskey", "ws_key", "oauth_signature", "request_header_key",
        "tok",  # a link's token parameter, short (`/t/accept?tok=trf_tok_...`)
        "st_app_key",  # ServiceTitan's application key header (`ST-App-Key: ak1...`; red team 57)
        "x_auth",  # ChurchSuite's `X-Auth` header: the account's API key (red team 57)
        "dev_key",  # AppsFlyer's dev key (`appsFlyerDevKey = "..."`), which signs its server-to-server API calls
        # a home router's Wi-Fi key (`cle_wifi`, French box's `cle_wpa`), an eSIM profile's matching id (it installs
        # the profile), a SIP subscriber's HA1 digest (it authenticates as the password does; red team 58)
        "cle_wifi", "cle_wpa", "wifi_key", "wpa_key", "mot_de_passe_wifi", "wifi_pass", "matching_id", "ha1", "ha1b",
    }
)

# Keys that end with a secret word but whose value is not a credential. Kept small and explicit.
EXCLUDED_SECRET_KEY_NAMES: frozenset[str] = frozenset(
    {
        # Tokenizer vocabulary: "token" here is a unit of text (`"eos_token": "</s>"`).
        "eos_token",
        "bos_token",
        "pad_token",
        "unk_token",
        "sep_token",
        "cls_token",
        "mask_token",
        "stop_token",
        "start_token",
        "end_token",
        "special_token",
        "input_token",
        "output_token",
        # Pagination / sync cursors: opaque but not credentials, and replay tests compare them.
        "next_token",
        "page_token",
        "next_page_token",
        "prev_page_token",
        "previous_page_token",
        "continuation_token",
        "sync_token",
        "next_continuation_token",  # S3 ListObjectsV2 `<NextContinuationToken>` / `NextContinuationToken`
        "pagination_token",  # X (Twitter) API v2's `pagination_token` request parameter
        "next_forward_token",  # CloudWatch Logs GetLogEvents `nextForwardToken`: a position in the stream
        "next_backward_token",  # ... and `nextBackwardToken`, its counterpart
        "resumption_token",  # OAI-PMH `resumptionToken`: where a harvest continues, no credential
        "cursor_token",  # a page cursor spelt as a token
        # MCP `_meta.progressToken`: a client-chosen id tying progress notifications to a request.
        "progress_token",
        # .NET strong names (`Culture=neutral, PublicKeyToken=b77a5c561934e089`): an 8-byte hash of
        # the assembly's *public* key, printed in every assembly-binding log and stack trace.
        "public_key_token",
        # An attribution SDK's event token (Adjust's `event_token: "x7k2pq"`): shipped in the app, it names an event.
        "event_token",
        # A right to work (`"work_authorization": "US Citizen"`, an I-9's; red team 58), no HTTP header
        "work_authorization", "employment_authorization", "work_authorisation",
        # a support request's correlation id (DocuSign's `X-DocuSign-TraceToken: <uuid>`, which its support asks for)
        "x_docu_sign_trace_token", "trace_token", "x_trace_token",
        # Names of secrets, not secrets: helm's `existingSecret: pg-credentials`, a k8s `secretRef`.
        "existing_secret",
        "secret_ref",
    }
)

# First components that make the key describe a secret instead of holding one:
# `has_password: true`, `max_token: 5`, `use_auth_token: true`.
_NON_VALUE_PREFIXES: frozenset[str] = frozenset(
    {"is", "has", "use", "uses", "requires", "require", "needs", "enable", "enabled", "disable",
     "disabled", "allow", "show", "num", "max", "min", "total", "count"}
)

_ACRONYM_BOUNDARY = re.compile(r"([A-Z]+)([A-Z][a-z])")  # APIKey -> API_Key
_CAMEL_BOUNDARY = re.compile(r"([a-z0-9])([A-Z])")  # apiKey -> api_Key
_NON_ALNUM = re.compile(r"[\W_]+")  # (letters of any script stay: `contraseña`, `şifre`, `hasło`)
# Secret words that end a name even when glued to what comes before, with no `_` or case change:
# HubSpot's `hapikey` query parameter, `x-apikey` written `xapikey`. No ordinary word ends with "apikey".
_GLUED_SECRET_SUFFIXES: tuple[str, ...] = ("apikey",)
_SECRET_SUFFIX = re.compile(
    r"(?:^|_)(?:" + "|".join(sorted((re.escape(n) for n in SECRET_KEY_NAMES), key=len, reverse=True)) + r")$"
    r"|(?:" + "|".join(re.escape(s) for s in _GLUED_SECRET_SUFFIXES) + r")$"
)


@lru_cache(maxsize=16_384)  # keys repeat in every record of a trace
def normalize_key(key: str) -> str:
    """`X-Auth-Token` -> `x_auth_token`, `openaiApiKey` -> `openai_api_key`, `db.password` -> `db_password`."""
    spaced = _CAMEL_BOUNDARY.sub(r"\1_\2", _ACRONYM_BOUNDARY.sub(r"\1_\2", key))
    return _NON_ALNUM.sub("_", spaced).strip("_").lower()


# An environment variable or a config constant named `..._KEY` (`AWS_APIGW_KEY`, `MAPBOX_KEY`) is no secret's name by
# its last word alone (`CACHE_KEY`, `S3_KEY`, `SORT_KEY`, `PRIMARY_KEY` hold names and paths), but it holds one when
# its value is what vendors issue as keys: 20 characters or more of base62/base64, both cases mixed as at random,
# digits among them, and not made of capitalised words (`ProductionCacheKeyV2024`: in random base62 such words cover
# 30% of the letters, 68% in one value of a hundred; in CamelCase 75% or more). A hex digest, a path, a word or an
# identifier is not (red team 41: an API gateway's key in a process's environment).
_ENV_KEY_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_KEY")
_ISSUED_KEY_VALUE = re.compile(r"[A-Za-z0-9+/_-]{20,256}={0,2}")
_CAPITALISED_WORD = re.compile(r"[A-Z][a-z]{2,}")
_ISSUED_KEY_MIN_DIGITS = 2
_ISSUED_KEY_MAX_WORD_SHARE = 0.7


# Words of a name that say its random value is no secret (red team 42): a publishable, site or public key is made to
# be embedded in pages and apps (Stripe's `pk_`, reCAPTCHA's site key, a VAPID or a JWT-verifying public key); a
# dedupe, idempotency or correlation key is a random id, a cursor or pagination key base64 of where a page ends.
# (Not the keys that hold names and paths, `CACHE_KEY`, `S3_KEY`, `SORT_KEY`: their values are no issued key's.)
_ENV_KEY_NOT_SECRET_WORDS = frozenset({
    "PUBLIC", "PUBLISHABLE", "PUB", "SITE", "DEDUPE", "DEDUP", "DEDUPLICATION", "IDEMPOTENCY", "CORRELATION", "CURSOR",
    "PAGINATION", "PAGE",
})
# A public key's own encodings under any name: an SSH public key's blob (`AAAAC3NzaC1lZDI1NTE5...`) and DER
# SubjectPublicKeyInfo in base64 (`MCowBQYDK2VwAyEA...` for Ed25519, `MFkwEwYHKoZIzj0CAQ...` for P-256, `MIIBIjAN...`
# for RSA), which no private key starts with (PKCS#8 opens with a version, `MC4CAQAw`, `MIIEvQIBADAN`).
_PUBLIC_KEY_ENCODING = re.compile(r"AAAA[BCE][0-9A-Za-z+/]{8,}|MC[o0]wBQYDK2V[uw]|MFkwEwYHKoZIzj0CAQ|MHYwEAYHKoZIzj0CAQ"
                                  r"|MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A|MIICIjANBgkqhkiG9w0BAQEFAAOCAg8A"
                                  r"|MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQ")
_SSH_PUBLIC_KEY_TYPES = (b"ssh-", b"ecdsa-", b"sk-ssh-", b"sk-ecdsa-")


def is_public_key_encoding(value: str) -> bool:
    """An SSH public key's base64 blob (its type string read back) or a DER public key's (its opening read)."""
    if _PUBLIC_KEY_ENCODING.match(value) is None:
        return False
    if not value.startswith("AAAA"):
        return True
    try:
        blob = base64.b64decode(value[:64] + "=" * (-len(value[:64]) % 4), validate=False)
    except ValueError:
        return False
    size = int.from_bytes(blob[:4], "big")
    return 0 < size <= 40 and blob[4:4 + size].startswith(_SSH_PUBLIC_KEY_TYPES)


def env_key_holds_secret(key: str, value: str) -> bool:
    """Whether `key=value` is an environment variable's `*_KEY` holding an issued key (see `_ENV_KEY_NAME`); a
    header's or a field's name in its own spelling too (`X-EFSP-Key`, `partnerKey`; red team 46), not a file's
    (`tls.key`, a Kubernetes Secret's data key: a certificate's or a key file's name, which its own rules read)."""
    name = key if _ENV_KEY_NAME.fullmatch(key) else "" if "." in key else normalize_key(key).upper()
    if _ENV_KEY_NAME.fullmatch(name) is None or not _ENV_KEY_NOT_SECRET_WORDS.isdisjoint(name.split("_")[:-1]):
        return False
    return reads_as_issued_key(value)


def reads_as_issued_key(value: str) -> bool:
    """Whether a value is what vendors issue as keys (see `_ENV_KEY_NAME`): random base62/base64 of both cases with
    digits, not a public key's encoding nor a name made of capitalised words."""
    if _ISSUED_KEY_VALUE.fullmatch(value) is None or is_public_key_encoding(value):
        return False
    letters = [char for char in value if char.isalpha()]
    if len(letters) < 10 or sum(char.isdigit() for char in value) < _ISSUED_KEY_MIN_DIGITS:
        return False
    upper = sum(char.isupper() for char in letters) / len(letters)
    words = sum(len(word) for word in _CAPITALISED_WORD.findall(value))
    return 0.2 <= upper <= 0.8 and words / len(letters) < _ISSUED_KEY_MAX_WORD_SHARE


def is_secret_key(key: str) -> bool:
    """True when the value stored under `key` is always a secret (see SECRET_KEY_NAMES).

    Decisions: `password_policy` and `secret_name` are False (they describe or name a secret and
    do not hold one; a vault secret's *name* is structure replay needs). `pwd` is True as asked,
    although the `PWD` environment variable is a directory: whole-value redaction of a path is
    harmless, and the in-text assignment rule skips path-shaped values.
    """
    if ("." in key and _HADOOP_SECRET_PROPERTY.search(key) is not None) or _VAULT_SESSION.fullmatch(key):
        return True
    name = normalize_key(key)
    name = _QUALIFIER_SUFFIX.sub("", name) or name
    if not name or name in EXCLUDED_SECRET_KEY_NAMES:
        return False
    if name.split("_", 1)[0] in _NON_VALUE_PREFIXES and name not in SECRET_KEY_NAMES:
        return False
    if _HARDWARE_PIN.search(name):
        return False
    return _SECRET_SUFFIX.search(name) is not None


# Hadoop's, Spark's and Hive's secret properties, whose dotted names end in a host or a bucket
# (`fs.azure.account.key.<account>.dfs.core.windows.net`, `spark.hadoop.fs.s3a.bucket.<bucket>.secret.key`,
# `javax.jdo.option.ConnectionPassword`, `fs.gs.auth.service.account.private.key`; red team 53).
_HADOOP_SECRET_PROPERTY = re.compile(r"(?i)(?:^|\.)(?:fs\.azure\.account\.key|fs\.azure\.sas"
                                     r"|fs\.azure\.account\.oauth2\.client\.secret|s3a?n?\.(?:bucket\.[^\s]+\.)?(?:secret\.key|session\.token)"
                                     r"|connectionpassword|private\.key$|ssl\.(?:key|trust)store\.password)(?:\.|$)")


# A password manager CLI's unlocked session (`BW_SESSION`, 1Password's `OP_SESSION_<account>`; red team 53).
# (and fastlane's Apple ID session, `FASTLANE_SESSION`: the cookies of a signed-in developer account; red team 54)
_VAULT_SESSION = re.compile(r"(?i)BW_SESSION|OP_SESSION_\w{1,64}|FASTLANE_SESSION")


# A board's pin (`gpio_pin: 17`, `LED_PIN = 13`, `sda_pin`) is a pin number on a chip, no one's PIN.
# (Only a signal's or a part's name: `reset_pin`, `input_pin` and `new_pin` may be a person's PIN.)
_HARDWARE_PIN = re.compile(
    r"(?:^|_)(?:gpio|led|clock|clk|sda|scl|sck|mosi|miso|tx|rx|irq|trigger|trig|echo|button|btn|relay|servo"
    r"|motor|analog|pwm|adc|dac|dht|busy|interrupt|gnd|vcc|i2c|spi|uart|bcm)_pin$"
)


# Words after a secret's name that say which one or in what form (`recovery_codes_unused`, `api_key_b64`,
# `password_plaintext`, `token_list`): the value is still the secret.
# (and which version: `ses_smtp_password_v4`, `PINECONE_API_KEY_LEGACY`, `api_key_2`; red team 50)
# (Which one of several: also read where an assignment's key ends, `_KEY_QUALIFIER_TAIL`.)
# (and OCPI's credentials tokens, `token_a`, `token_b`, `token_c`, one per party of the handshake; red team 55)
_WHICH_ONE_QUALIFIERS = ("legacy", "deprecated", "backup", "fallback", "rotated", "old", "new", "next", "current",
                         "previous", "primary", "secondary", r"v\d{1,2}", r"\d{1,2}", "[a-c]")
_QUALIFIER_SUFFIX = re.compile(r"(?:_(?:unused|used|remaining|list|raw|plain|plaintext|clear|cleartext|encoded|b64"
                               r"|base64|hex|value|values|str|string|" + "|".join(_WHICH_ONE_QUALIFIERS) + r"))+$")


# --------------------------------------------------------------------------------------------
# Rule type
# --------------------------------------------------------------------------------------------


class Matcher(Protocol):
    """What the detector asks of a rule's `pattern`: a compiled regex, or an object whose `finditer`
    yields one regex match per span where one regex cannot (see _CookieValues)."""

    def finditer(self, string: str, /) -> Iterator[re.Match[str]]: ...


@dataclass(frozen=True)
class SecretRule:
    """One secret format. `groups` lists the groups that may hold the value; the first that took
    part in the match is the span (so alternations such as quoted/bare values work)."""

    name: str
    entity_type: str
    pattern: Matcher
    keywords: tuple[str, ...]
    source: str
    groups: tuple[int | str, ...] = ("secret",)
    validator: Validator | None = None
    score: float = 1.0
    # Breaks ties between overlapping spans of equal length: vendor formats beat generic ones.
    priority: int = 30

    def __post_init__(self) -> None:
        if self.entity_type not in SECRET_ENTITY_TYPES:
            raise ValueError(f"rule {self.name}: unknown entity type {self.entity_type}")
        if not self.keywords or any(k != k.lower() or not k for k in self.keywords):
            # Every rule needs a prefilter, or `might_contain_secret` could not be a fast path.
            raise ValueError(f"rule {self.name}: keywords must be non-empty lowercase strings")


VENDOR = 30
GENERIC = 10

# Token boundaries (see module docstring). Lookbehinds are fixed-width alternatives.
_LB = r"(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))"
_RB = r"(?![A-Za-z0-9_-])"
# A "/" in a URL, also JSON-escaped ("\/"): JSON allows it, and PHP's json_encode and some Java
# serialisers always write it, so a URL quoted inside text from them keeps the backslashes.
_SLASH = r"\\?/"


# The format each `_token` pattern was built from: the vendor formats that delimit themselves,
# which might_be_vendor_token matches a whole structural value against.
_TOKEN_BODIES: dict[re.Pattern[str], str] = {}


def _token(body: str) -> re.Pattern[str]:
    """A vendor format delimited on both sides. Where the format starts with a literal (`ghp_`), the left
    delimiter is tested after it: sre then looks for the literal itself instead of trying every position
    (`redactor.detection.scanning`; the same matches, tests/detection/test_decoys.py)."""
    prefix = literal_prefix(body)
    seen = prefix  # what the lookbehinds see of the format: the literal, or any one character of a class
    if not prefix and (prefix := leading_class(body)):
        seen = "(?s:.)"
    if prefix:
        bounded = f"{prefix}(?:(?<![A-Za-z0-9_-]{seen})|(?<=\\\\[nrt]{seen})){body[len(prefix):]}"
        pattern = re.compile("(?P<secret>" + bounded + ")" + _RB)
    else:
        pattern = re.compile(_LB + "(?P<secret>" + body + ")" + _RB)
    _TOKEN_BODIES[pattern] = body
    return pattern


# --------------------------------------------------------------------------------------------
# Validators: (match, secret value) -> keep?
# --------------------------------------------------------------------------------------------


def _b64decode(segment: str, *, urlsafe: bool) -> bytes | None:
    padded = segment + "=" * (-len(segment) % 4)
    try:
        if urlsafe:
            return base64.urlsafe_b64decode(padded)
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None


def _mixed_case(value: str) -> bool:
    return any(c.isupper() for c in value) and any(c.islower() for c in value)


def _mixed_case_random(_m: re.Match[str], value: str) -> bool:
    # Real tokens drawn from [A-Za-z] are about half upper case; identifiers (`hf_requiredFoo`)
    # and placeholders (`hf_xxxx`) are not.
    letters = [c for c in value.split("_", 1)[-1] if c.isalpha()]
    if len(letters) < 10:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    return 0.2 <= upper <= 0.8


def aws_secret_ok(_m: re.Match[str], value: str) -> bool:
    # 40 base64 chars with both cases; a 40-char lowercase hex git SHA next to "aws key" is not it.
    return _mixed_case(value)


_SECRET_LIST_MAX_ITEMS = 200  # (list items read back from one item: bounded, whatever the text's length)
_LIST_OWNER = re.compile(r"[ \t]*(?:[\w.-]+_)?(?:passwords|passwds|password_list|passwordlist)[ \t]*:[ \t]*",
                         re.IGNORECASE)
_LIST_ITEM = re.compile(r"[ \t]*-[ \t]")


def _in_secret_list(match: re.Match[str]) -> bool:
    """Whether the YAML list item `match` is in a list named for passwords: the lines above it are items of the
    list up to the line that names it."""
    text, end = match.string, match.start()
    for _ in range(_SECRET_LIST_MAX_ITEMS):
        start = text.rfind("\n", 0, max(end - 1, 0)) + 1
        line = text[start:end].rstrip("\r\n")
        if _LIST_OWNER.fullmatch(line):
            return True
        if not _LIST_ITEM.match(line) or start == 0:
            return False
        end = start
    return False


def _has_letter_and_digit(_m: re.Match[str], value: str) -> bool:
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _backup_code_ok(_m: re.Match[str], value: str) -> bool:
    """A backup code has a digit, and is no word or number of a sentence's (`recovery code 2024` has four); or it is
    shaped as the code before it in capitals and groups (`DZMW-BQTD-BAKN`: `_BackupCodes` yields it only then)."""
    return (any(c.isdigit() for c in value) or ("-" in value and value.isupper())) \
        and sum(c.isalnum() for c in value) >= 8


def jwt_header_ok(_m: re.Match[str], value: str) -> bool:
    header = _b64decode(value.split(".", 1)[0], urlsafe=True)
    if header is None:
        return False
    try:
        decoded = json.loads(header.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(decoded, dict) and "alg" in decoded


def discord_token_ok(_m: re.Match[str], value: str) -> bool:
    # The first segment of a bot token is the bot's numeric user id in base64.
    raw = _b64decode(value.split(".", 1)[0], urlsafe=True)
    return raw is not None and raw.isdigit() and 15 <= len(raw) <= 21


def salesforce_session_ok(_m: re.Match[str], value: str) -> bool:
    # The part after "!" is random (base64-like, both cases and digits); an org id followed by a
    # word (`00D5g000004Xq7L!Done`) is not a session.
    body = value.split("!", 1)[1]
    return _mixed_case(body) and any(c.isdigit() for c in body)


def vault_token_ok(m: re.Match[str], value: str) -> bool:
    # Random base62/base64url after the prefix. The legacy `s.` form also needs a digit: what else
    # looks like it is a member access on a variable `s` (`s.makeKubeConfigController`, gitleaks'
    # false positives), which has none.
    body = value.split(".", 1)[1]
    if m.group("legacy") is not None:
        return _mixed_case(body) and any(c.isdigit() for c in body)
    return _mixed_case(body)


def datadog_key_ok(m: re.Match[str], value: str) -> bool:
    # The key name says which key it is: application keys are 40 hex, API keys 32.
    if m.group("yaml_app") is not None and "datadog" not in m.string.lower():
        return False
    application = m.group("app") is not None or m.group("yaml_app") is not None
    return len(value) == (40 if application else 32) and _has_letter_and_digit(m, value)


def _random_mixed_ok(m: re.Match[str], value: str) -> bool:
    # Base62 bodies after a short prefix that identifiers also use (`fw_`, `re_`, `tfp_`, `ico-`):
    # random letters in both cases about half and half, and a digit. `fw_version_2024_01_15` or
    # `re_compile_Pattern_Cache` are not.
    return _mixed_case_random(m, value) and any(c.isdigit() for c in value.split("_", 1)[-1])


def _percent_encoded_ok(_m: re.Match[str], value: str) -> bool:
    # X (Twitter) app-only bearer tokens are URL-encoded (`%2B`, `%3D` inside); base64 that merely
    # starts with a run of "A" (zero bytes) has no "%".
    return "%" in value and _mixed_case(value)


def _random_b64_ok(_m: re.Match[str], value: str) -> bool:
    # Base64/base64url bodies, where "_" and "-" are data, not word separators: both cases and a
    # digit. A 40-hex git SHA, an upper-case constant or a `tskey-auth-XXXX` placeholder has not.
    return _mixed_case(value) and any(c.isdigit() for c in value)


_PEM_BASE64_RUN = re.compile(r"[A-Za-z0-9+/=]{40,}")


def _pem_ok(_m: re.Match[str], value: str) -> bool:
    # A header quoted in prose is not a key: require real base64 key material after it.
    return _PEM_BASE64_RUN.search(value) is not None


# The header of a PEM private key block, looked for in the decoded start of a base64 value. A few
# hundred bytes are decoded, not 48: OpenSSL's EC keys start with an "EC PARAMETERS" block.
_PEM_PRIVATE_KEY_HEADER = re.compile(rb"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_B64_HEAD = 256  # base64 characters decoded (192 bytes)


def _b64_pem_key_ok(m: re.Match[str], value: str) -> bool:
    if m.group("kw") is not None:
        # Under `client-key-data` the PEM is the client's private key by definition; a value cut
        # short by an output limit is still the start of that key.
        return True
    # Anywhere else (a Secret's `tls.key`, a Helm value) the block must say it is a private key:
    # base64 of a certificate (`client-certificate-data`, `ca.crt`) starts the same way.
    head = value[: min(len(value), _PEM_B64_HEAD) // 4 * 4]
    decoded = _b64decode(head, urlsafe=False)
    return decoded is not None and _PEM_PRIVATE_KEY_HEADER.search(decoded) is not None


def _basic_ok(_m: re.Match[str], value: str) -> bool:
    raw = _b64decode(value, urlsafe=False)
    if raw is None:
        return False
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return ":" in decoded and decoded.isprintable()


_PLACEHOLDER = re.compile(
    r"""(?x)
    (?i:none|null|nil|undefined|true|false|redacted|changeme|placeholder)
    | (?i:foo|bar|baz|qux|example|dummy|sample|test)  # metasyntactic values in docs and tests
    | (?i:[\w-]*[-_])?(?i:change[-_]?me|replace[-_]?me|change[-_]?this)(?:[-_][\w-]*)?  # django-insecure-change-me
    | \[[^\]]*\]                           # [redacted], [secret key]
    | [*xX\u2022.]{3,}                     # ***, xxxx, ...
    | \$(?:\{[A-Za-z_][A-Za-z0-9_]*\}?     # ${VAR} (or the "$" left of a "{")
        | [A-Z_][A-Z0-9_]*                 # $DB_PASSWORD: an env var is upper case
        | [A-Za-z_]+                       # $password, $dbPass: a shell/PHP variable has no digits
        | \d)?                             # $1: a shell positional argument
                                           # ($unsh1ne2024, lower case with digits, is a password)
    | \$?\{\{[^}]*\}\} | \{\w*\}            # {{ var }}, ${{ secrets.X }} (CI expression), {token}
    | .*%(?:\(\w+\))?[sd].*                 # %s, %(name)s, '%s:%s' (not %40: URL-encoded "@")
    | \#[0-9a-fA-F]{3,8}                   # a colour (#dcdccc), e.g. in a style table
    | <[^>]*>                              # <your-token>
    | (?i:your|my)[-_][^0-9]*              # your_api_key, my-token (my_s3cr3t_pw is a password)
    | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+        # OPENAI_API_KEY: an env var *name*, not its value
    | [A-Za-z0-9_-]{0,16}[-_]              # sk-proj-, ghp_: a vendor prefix with no body
    | [A-Za-z0-9_-]{0,16}(?:\.{3}|…)        # sk-..., ghp_…: a vendor prefix and an ellipsis
      (?i:redacted|masked|hidden|omitted|truncated)?  # sk-...redacted
    """
)
# What stands in a document for a value (never one itself), under a secret-named key too: `<your-api-key>`,
# `${DB_PASSWORD}`, `{{ secrets.TOKEN }}`, a mask (`********`), a vendor prefix and an ellipsis (`sk-...`).
_OBVIOUS_PLACEHOLDER = re.compile(
    r"<(?![A-Z][A-Z0-9_]*:[0-9a-f]{6,64}>)[^<>]*>|\$\{[A-Za-z_]\w*\}|\$?\{\{[^}]*\}\}|[*\u2022]{3,}|[xX]{6,}"
    r"|[A-Za-z0-9_-]{0,16}(?:\.{3}|…)"
    # (a vendor's prefix and a filler, `lin_api_xxxxxxxx...`, `ghp_XXXXXXXX`; red team 46)
    r"|(?:[A-Za-z0-9]{1,16}[_-]){1,3}(?:[xX]{6,}|0{8,}|\*{6,})"
    # what a recorder or an earlier scrubber wrote in a value's place (`[REDACTED]`, `redacted`, `[FILTERED]`;
    # red team 40: `"ssn_last4": "redacted"` became a token)
    r"|\[(?i:redacted|filtered|removed|masked)\]|(?i:redacted)"
)


def is_obvious_placeholder(value: str) -> bool:
    return _OBVIOUS_PLACEHOLDER.fullmatch(value) is not None
_PATH_VALUE = re.compile(r"(?:~?/|\.{1,2}/|[A-Za-z]:[\\/])\S*")
_SCHEME_WORDS = frozenset({"bearer", "basic", "token", "bot", "digest"})


def _not_placeholder(value: str) -> bool:
    return _PLACEHOLDER.fullmatch(value) is None and value.lower() not in _SCHEME_WORDS


def _token_like(value: str) -> bool:
    """Shape of a credential in running prose: digits or symbols, or a long mixed-case run."""
    if len(value) < 6:
        return False
    if any(c.isdigit() for c in value) or any(c in "!@#$%^&*_+-=./~" for c in value):
        return True
    return len(value) >= 20 and _mixed_case(value)


# Passwords that documentation writes in example URLs (`https://user:password@host`).
_DOC_URL_PASSWORDS = frozenset({"password", "pass", "passwd", "pwd", "pw", "secret"})


def url_password_ok(_m: re.Match[str], value: str) -> bool:
    return _not_placeholder(value) and value.lower() not in _DOC_URL_PASSWORDS


_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def _key_before(m: re.Match[str]) -> tuple[int, str]:
    """Start and full name of the key ending with the matched keyword: `db.password`, `X-Api-Key`."""
    text, start = m.string, m.start()
    left = start
    while left > 0 and start - left < 64 and text[left - 1] in _KEY_CHARS:
        left -= 1
    end = m.end("tail") if "tail" in m.re.groupindex and m.group("tail") else m.end("kw")
    return left, text[left:end]


_SIGV4_SCOPE = re.compile(r"(?:/|%2[Ff])aws4_request$")
_PASSWORD_WORDS = frozenset({"password", "passwd", "pwd", "passphrase", "pass"})
# "pass" is also the pass/fail word: `eval.pass: 0.8234`, `tests_pass=97.5%`, `pass: 12/15` are
# scores. A fraction, a percentage or a ratio is never taken as a password under it (a whole number
# still is: `DB_PASS=12345678`; 1-3 digit counts are dropped for every key by _SMALL_INT).
_PASS_SCORE = re.compile(r"\d*\.\d+%?|\d+%|\d+/\d+")
_DOTTED_NAME = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")  # self.api_key, os.environ (no digits)
_IDENTIFIER = re.compile(r"[A-Za-z_]+")
_SMALL_INT = re.compile(r"-?\d{1,3}")


_OPENING_QUOTE_AFTER = frozenset(" \t\r\n=:([{,")
_QUOTE_LOOKBACK = 2048  # bounds the search on one huge line; a longer quoted run is rare


def _closes_string(text: str, start: int, quote: str) -> bool:
    """True when the `quote` right after a bare value closes a string the value sits in:
    `body="user=bob&password=<value>"`, `-d '...&client_secret=<value>'`, `href="...?token=<value>"`.
    Then the nearest `quote` before the value on its line opens a string (it follows `=`, `(`, a
    space...). For a string prefix such as `token = f"..."` or `{"token": f"..."}` there is no such
    quote, or the nearest one closes an earlier string (it follows a word character)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text.rfind(quote, max(line_start, start - _QUOTE_LOOKBACK), start)
    if before < 0:
        return False
    # An escaped quote (`\"`) belongs to another level of quoting than the bare one that follows.
    return before == 0 or text[before - 1] in _OPENING_QUOTE_AFTER


def _random_besides(value: str, word: str) -> bool:
    """Whether `value` without `word` is a long random run: 20+ characters with 4+ digits and 4+ letters."""
    rest = re.sub(re.escape(word), "", value, flags=re.IGNORECASE)
    digits = sum(c.isdigit() for c in rest)
    return len(rest) >= 20 and digits >= 4 and sum(c.isalpha() for c in rest) >= 4


def _code_expression(m: re.Match[str], value: str) -> bool:
    """Unquoted right-hand sides that are code, not a literal secret: traces quote source files and
    diffs, where `token = self.get_token()`, `api_key=api_key,`, `password = str(password)`,
    `credential = DefaultAzureCredential()` and `token = -1` are everywhere."""
    text = m.string
    following = text[m.end("bare") : m.end("bare") + 1]
    if following in ("(", "["):
        return True  # a call or a subscript
    if following in ('"', "'") and not _closes_string(text, m.start("bare"), following):
        return True  # a string prefix such as f"..." / @"..." opening a literal
    if _DOTTED_NAME.fullmatch(value) or _SMALL_INT.fullmatch(value):
        return True
    kw = m.group("kw").lower()
    if kw not in _PASSWORD_WORDS and kw in value.lower() and not _random_besides(value, kw):
        # A name that repeats the key word is a variable or a type, not a key: api_key=api_key,
        # `private_key: Ed25519PrivateKey`. (Passwords are exempt: "Password123!" is one; so is a
        # random body that happens to hold the word: Telnyx keys are `KEY0188B9F2...`.)
        return True
    if _IDENTIFIER.fullmatch(value) is None:
        return False
    if kw in value.lower():
        return True  # password = raw_password
    # `token = initial`: spaces around "=" and a bare name is source code; env files, query
    # strings and connection strings write `KEY=value` without spaces.
    op_start, op_end = m.span("op")
    spaced = text[op_start - 1 : op_start] in (" ", "\t") and text[op_end : op_end + 1] in (" ", "\t")
    return m.group("op") == "=" and spaced


_ARN_PREFIX = re.compile(ARN_PREFIX + r"\Z")


# A format string's field in braces (a variable's or a constant's name), not a braced ODBC value.
_FORMAT_FIELD = re.compile(r"[a-z_][a-z0-9_.]*|[A-Z_][A-Z0-9_.]*")


_PIN_DIGITS = re.compile(r"\d{4,12}")


# Words in place of a token (red team 54): one to three of letters only, no digit; an issued token has digits.
_TOKEN_HEADER_LITERAL = re.compile(r"[A-Za-z]{2,10}(?:-[A-Za-z]{2,10}){0,2}")


def _assignment_ok(m: re.Match[str], value: str) -> bool:
    left, key = _key_before(m)
    if (not is_secret_key(key) and not env_key_holds_secret(key, value)) or len(value) < 3:
        return False
    kw = m.group("kw").lower()
    if value.lower() == kw:
        return False  # `SECRET = "secret"`, `password: password`: a docs example or an enum
    if kw == "pass":
        if _PASS_SCORE.fullmatch(value):
            return False
        if left == m.start() and not m.group("kw").islower() and m.group("op") == ":":
            # A capitalised `PASS:` / `Pass:` on its own is a test status (Go's `--- PASS: TestX`,
            # automake's `PASS: t/x.sh`); the credential key is `pass:` (nodemailer) or `SMTP_PASS`.
            return False
    if kw not in _PASSWORD_WORDS and any(c.isspace() for c in value):
        return False  # tokens and keys have no spaces; `"secret": "will be replaced"` is prose
    if kw == "token" and _TOKEN_HEADER_LITERAL.fullmatch(value):
        return False  # a header's documented literal: `X-Atlassian-Token: no-check`, SAP's `X-CSRF-Token: Fetch`
    if "arn:" in m.string and _ARN_PREFIX.search(m.string[max(0, left - 120):left]):
        return False  # `arn:aws:secretsmanager:...:secret:prod/db-Xk3P9q`: a secret's name in its ARN
    if m.string.endswith(("://", ":\\/\\/"), 0, left):
        # `https://x-access-token:<token>@host` (also JSON-escaped, `https:\/\/`): URL userinfo,
        # not `key: value` (url_password spans just the password there).
        return False
    if not _not_placeholder(value) or _PATH_VALUE.fullmatch(value) or _SIGV4_SCOPE.search(value):
        # (a SigV4 `Credential=<key id>/<date>/<region>/<service>/aws4_request` scope, `/` written
        # `%2F` in a presigned URL: the key id in it is reported by aws_access_key_id, the rest is
        # not secret)
        return False
    if m.group("braced") is not None and _FORMAT_FIELD.fullmatch(value):
        return False  # `password={db_password}`, `PWD={PASSWORD}`: a format string's field, filled in later
    if m.group("bare") is not None:
        if _code_expression(m, value):
            return False
        if m.group("op") == ":":
            # `password: it must have 8 chars` is prose; `password: hunter2` is a credential.
            return _token_like(value)
    return True


# An upper-case scheme name such as AWS4-HMAC-SHA256 (SigV4), not a credential; the access key id
# inside a SigV4 header is found by aws_access_key_id.
_SCHEME_NAME = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)+")


# Schemes that are also words of prose and documentation (`Authorization: OAuth 2.0 flows`,
# `Authorization: Splunk HEC`): after one of them the value must look like a credential, as it
# must without a scheme. After bearer/token/bot/apikey any value is one, however short.
_PROSE_SCHEMES = frozenset({"oauth", "ssws", "api-key", "api_key", "dpop", "splunk", "geniekey"})


def _auth_header_ok(m: re.Match[str], value: str) -> bool:
    if not _not_placeholder(value) or _SCHEME_NAME.fullmatch(value):
        return False
    scheme = m.group("scheme")
    if scheme is not None and scheme.lower() not in _PROSE_SCHEMES:
        if scheme.lower() == "basic":
            return _basic_ok(m, value)
        return True
    return _token_like(value) and len(value) >= 16


def _bearer_ok(m: re.Match[str], value: str) -> bool:
    if not _not_placeholder(value):
        return False
    text = m.string
    # A string (or line) that is exactly "Bearer <token>", a header value on its own, is always a
    # credential, however short.
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    before = text[line_start : m.start()]
    after = text[m.end() : len(text) if line_end < 0 else line_end]
    if not before.strip(" \t\r\"'") and not after.strip(" \t\r\"',"):
        return True
    # In prose, "bearer tokens are ..." must not fire: require a token-shaped value.
    return len(value) >= 8 and _token_like(value) and (any(c.isdigit() for c in value) or len(value) >= 20)


def _cli_flag_ok(m: re.Match[str], value: str) -> bool:
    if not _not_placeholder(value):
        return False
    # `--password options` in help text: after a space (not "="), an unquoted value must look
    # like a credential.
    return m.group("sep") == "=" or m.group("bare") is None or _token_like(value)


# What names a secret's form field in a script's selector or label: a password or passcode, a PIN, a card's security
# code, a one-time or verification code, a token (`#new-password`, `Security code`, `input[name="cvc"]`).
_BROWSER_SECRET_FIELD = re.compile(r"(?i)pass(?:word|code|wd|phrase)?(?![a-z])|pin(?![a-z])|\bcv[cv]2?\b|\bcsc\b|cc-csc"
                                   r"|security[ _-]?code|one[ _-]?time|otp|verification[ _-]?code|\b2fa\b|\bmfa\b"
                                   r"|totp|token|secret")
# The autocomplete tokens of a secret's field (the HTML standard's).
_SECRET_AUTOCOMPLETE = re.compile(r"(?i)\bautocomplete\s*=\s*[\"']?[^\"'>]*\b(?:current-password|new-password|cc-csc"
                                  r"|one-time-code)\b")
_INPUT_NAME = re.compile(r"""(?i)\b(?:name|id)\s*=\s*["']?([^"'\s>]{1,120})""")
_PASSWORD_INPUT = re.compile(r"""(?i)\btype\s*=\s*["']?password\b""")


_FIELD_NAME_GROUPS = ("sel1", "sel2", "label")


def _secret_field_ok(m: re.Match[str], value: str) -> bool:
    """The field a value is typed into or shown in names a secret's (a script's selector, a snapshot's label)."""
    field = next((m.group(group) for group in _FIELD_NAME_GROUPS if group in m.re.groupindex and m.group(group)), "")
    return _BROWSER_SECRET_FIELD.search(field) is not None and _not_placeholder(value)


def _html_secret_input_ok(m: re.Match[str], value: str) -> bool:
    """A `<meta>` CSRF token; an `<input>` whose type is password, whose autocomplete is a secret's, or whose name
    or id is a secret's (`authenticity_token`, `__RequestVerificationToken`)."""
    if m.group("meta") is not None:
        return _not_placeholder(value)
    attrs = (m.group("attrs") or "") + " " + (m.group("rest") or "")
    names = [found.group(1) for found in _INPUT_NAME.finditer(attrs)]
    return _not_placeholder(value) and (
        _PASSWORD_INPUT.search(attrs) is not None or _SECRET_AUTOCOMPLETE.search(attrs) is not None
        or any(is_secret_key(name) or _BROWSER_SECRET_FIELD.search(name) is not None for name in names))


def _config_property_secret_ok(m: re.Match[str], value: str) -> bool:
    name = m.group("n1") or m.group("n2") or m.group("n3") or ""
    return is_secret_key(name) and _not_placeholder(value)


def _not_a_placeholder(_m: re.Match[str], value: str) -> bool:
    """For a rule whose syntax alone says the value is a secret: anything but a placeholder."""
    return _not_placeholder(value)


def _secret_literal_ok(m: re.Match[str], value: str) -> bool:
    """A `--from-literal` value of a Secret (`kubectl create secret ...` earlier on its line)."""
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    return "secret" in m.string[line_start:m.start()].lower() and _not_placeholder(value)


def _login_password_ok(m: re.Match[str], value: str) -> bool:
    if not url_password_ok(m, value) or not any(c.isalnum() for c in value):
        return False  # `-p $REGISTRY_PASSWORD`, `-p password` in docs, `docker login -p, ...` in prose
    # As for cli_secret_flag: after a space an unquoted word may be prose (`docker login -p is
    # insecure`) and must look like a credential; glued (`-pS3cret`), after "=" or quoted it is one.
    return m.group("sep") in (None, "=") or m.group("bare") is None or _token_like(value)


def _stdin_password_ok(m: re.Match[str], value: str) -> bool:
    # Whatever is piped into a password-on-stdin reader is the password, however short or plain
    # (`echo hunter2 | sudo -S ...`); only variables and documentation words are not.
    return url_password_ok(m, value) and any(c.isalnum() for c in value)


# Where the file's name is looked for around a line: before it (`$ cat ~/.pgpass`, a heredoc's
# `cat > ~/.pgpass <<EOF`) or after it on its line (`echo '...' >> ~/.pgpass`). Bounded: searched
# across the whole text for every line, a long file of such lines took quadratic time. (A lowered
# slice and `in` is ~8x faster here than a case-insensitive regex search.)
_PGPASS_CUE_BEFORE = 4096
_PGPASS_CUE_AFTER = 256


def _pgpass_ok(m: re.Match[str], value: str) -> bool:
    """The 5th field of a `host:port:database:user:password` line. The host must look like one
    (a name, an IPv4 address or `*`), so `12:34:56:78:90` is no line. Where the text names the file
    near the line (`~/.pgpass`, `PGPASSFILE`, Windows' `pgpass.conf`) any password counts; elsewhere
    the line's shape alone is the evidence, and the field must look like a password too (as in
    prose, see _prose_password_ok; 8+ characters)."""
    host = m.group("host")
    if host != "*" and not any(c.isalpha() or c == "." for c in host):
        return False
    if not url_password_ok(m, value):
        return False
    if "pgpass" in m.string[max(0, m.start() - _PGPASS_CUE_BEFORE) : m.end() + _PGPASS_CUE_AFTER].lower():
        return True
    return len(value) >= 8 and _prose_password_ok(m, value)


def _cli_user_ok(m: re.Match[str], value: str) -> bool:
    # `docker run -u 1000:1000` is uid:gid, not user:password.
    return url_password_ok(m, value) and not value.isdigit() and not _PATH_VALUE.fullmatch(value)


# Cookie values shorter than this are settings (`theme=dark`, `lang=en-US`, `cart=3`), not session
# credentials, and stay; the length is the one redactor.structure.cookie_values propagates from. A
# secret-named cookie (`token=`, `auth_token=`) holds a credential at any length.
COOKIE_CREDENTIAL_MIN_LENGTH = 12


_CISCO_TYPE7 = re.compile(r"[0-9][0-9A-Fa-f]{3,}")


def _network_secret_ok(_m: re.Match[str], value: str) -> bool:
    """A device's secret after its command: an encrypted form (a Cisco type 7 hex run, a crypt hash) or
    a value shaped like a credential (`public`, `version`, `manager` are words; a community worth hiding
    is `Bw7!corpRO`). Plain words stay: a value found once is replaced wherever the trace holds it."""
    if not url_password_ok(_m, value) or value.isdigit() or value in _NET_TYPE_WORDS:
        return False  # (a type word is the value only when the value is missing: `pre-shared-key ascii-text`)
    if _CRYPT_OPENING.match(value):
        crypt = _CRYPT_HASH.fullmatch(value)
        return crypt is not None and _crypt_hash_ok(crypt, value)
    return _token_like(value) or _CISCO_TYPE7.fullmatch(value) is not None


def _crypt_hash_ok(m: re.Match[str], _value: str) -> bool:
    # Junos's `$9$` has no structure to check: its obfuscated text mixes both cases (`$9$-dimensional` in
    # LaTeX prose does not).
    junos = m.group("junos")
    return junos is None or _mixed_case(junos)


def _cookie_value_ok(m: re.Match[str], value: str) -> bool:
    if not _not_placeholder(value):
        return False
    return len(value) >= COOKIE_CREDENTIAL_MIN_LENGTH or (is_secret_key(m.group("name")) and _token_like(value))


def _azure_sas_ok(m: re.Match[str], _value: str) -> bool:
    # A SAS signature always travels with its signed version (`sv=`).
    return "sv=" in m.string


def _bitlocker_blocks_ok(_m: re.Match[str], value: str) -> bool:
    # Each six-digit block of a BitLocker recovery password is a multiple of 11 below 720,896 (it
    # encodes 16 bits): eight blocks that all pass are no order or tracking number.
    return all(int(block) % 11 == 0 and int(block) < 720_896 for block in value.split("-"))


def _signed_url_ok(m: re.Match[str], _value: str) -> bool:
    # A V2 `Signature=` counts only in a URL that also names the signing key's id.
    return m.group("v2") is None or "AWSAccessKeyId=" in m.string or "GoogleAccessId=" in m.string


def _stripe_client_secret_ok(_m: re.Match[str], value: str) -> bool:
    # The intent id and the part after "_secret_" are random base62 (both cases); a docs-style
    # `pi_1234567890abcdef_secret_abcdefghijklmnop` has one case.
    intent_id, _, secret = value.partition("_secret_")
    return _mixed_case(intent_id.split("_", 1)[1]) and _mixed_case(secret)


_JSX_EXPRESSION = re.compile(r"\{[\w.]+\}")


def _named_field_ok(m: re.Match[str], value: str) -> bool:
    """The text of an XML element or the body of a form-data part, under its name: `is_secret_key`
    decides as it does for a JSON key (`<PasswordPolicy>`, `<TokenType>`, a part named `file` are
    not secrets)."""
    name = next(n for n in (m.group("tag"), m.group("field"), m.group("entry")) if n is not None)
    if m.group("entry") is not None and any(c.isspace() for c in value):
        return False  # an app's string resource (`<string name="error_incorrect_password">This password is ...`)
    if not is_secret_key(name) or len(value) < 3 or not _not_placeholder(value) or _PATH_VALUE.fullmatch(value):
        return False
    if "${" in value or _JSX_EXPRESSION.fullmatch(value) or value.lower() in normalize_key(name).split("_"):
        # A template: Maven's `<privateKey>${user.home}/.ssh/id_rsa</privateKey>` names a key file,
        # JSX's `<Token>{props.value}</Token>` a variable; `<password>password</password>` is a sample.
        return False
    if normalize_key(name).endswith("pass") and _PASS_SCORE.fullmatch(value):
        return False  # `<pass>0.85</pass>`: a score, as for `pass:` assignments
    if any(c.isspace() for c in value):
        # `<Password>Enter your password</Password>` (a JSX form) is prose; only a password may
        # hold spaces, and then it must look like one.
        return normalize_key(name).endswith(tuple(_PASSWORD_WORDS)) and _token_like(value)
    return True


# A parameter or key name with its "=" and no value: the `token=` of Rails' `Token token=...`,
# the `session=` of an empty cookie. A value reported once is replaced wherever it recurs in the
# trace, so a reported `token=` rewrote every `access_token=` of every URL after it. `_rules`
# puts this check in front of every rule's validator. Base64 padding makes a trailing "=" legal
# in a credential, so a long run of random-case letters (`QmFzZTY0VGV4dA==`-like, about half
# upper case) still passes; a name never looks like that (`AccessToken=`, `x_api_key=`).
_NAME_AND_EQUALS = re.compile(r"[A-Za-z_-]{1,256}=+")


def _is_bare_name(value: str) -> bool:
    if _NAME_AND_EQUALS.fullmatch(value) is None:
        return False
    letters = [c for c in value if c.isalpha()]
    upper = sum(c.isupper() for c in letters) / len(letters) if letters else 0.0
    return len(value) < 16 or not 0.3 <= upper <= 0.7


def _quoted_value(m: re.Match[str]) -> bool:
    """The value was written in quotes (`"password": "aHVudGVyMg=="`): it is no next parameter's name."""
    return any(name in m.re.groupindex and m.group(name) is not None for name in ("dq", "sq"))


def _never_a_bare_name(validator: Validator | None) -> Validator:
    def check(m: re.Match[str], value: str) -> bool:
        return (_quoted_value(m) or not _is_bare_name(value)) and (validator is None or validator(m, value))

    return check


# ---- Secrets in running prose (no `=` or `:` between the word and the value) ----------------

_HEX_32 = re.compile(r"[0-9a-f]{32}|[0-9A-F]{32}")


def _hex_32_ok(m: re.Match[str], value: str) -> bool:
    # One case throughout, as the vendor prints it; and digits and letters both, since 32 digits
    # are a number (an id, concatenated timestamps), not a hex token.
    return _HEX_32.fullmatch(value) is not None and _has_letter_and_digit(m, value)


_EMAIL_VALUE = re.compile(r"[^@\s]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_HEX_RUN = re.compile(r"[0-9a-fA-F]{32}")
# Punctuation that joins the words of an identifier, a file name or a version; any other symbol
# (`!`, `#`, `$`, `&`, `@`...) is what a password policy asks for.
_IDENTIFIER_PUNCTUATION = frozenset("_-./")


# Other languages' words for a password, as prose writes them before one (`heslo Vojta.Brno-19`, `mein Passwort ist
# ...`, `la contraseña es ...`); not Italian `parola`, which is any word (`la parola chiave`).
# Spanish `clave` is any key too (`palabra clave`), but a credential-shaped word after it is a password (`la clave
# del Office Banking es Galicia.Nomina#26`; red team 52).
_PROSE_PASSWORD_KEYWORDS = (*(word for word in PASSWORD_WORDS if word != "parola" and "_" not in word),
                            "mot de passe", "clave")
_PROSE_PASSWORD_WORDS = "|".join(re.escape(word) for word in _PROSE_PASSWORD_KEYWORDS)


_UUID_VALUE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _quoted_or_prose_password_ok(m: re.Match[str], value: str) -> bool:
    """A word quoted after "password" is the password whatever its shape, if it has a letter and a digit
    (`monitoring password 'bluebonnet22'`, `(clave 'bluebonnet22')`; red team 57); else see _prose_password_ok."""
    start, end = m.start("secret"), m.end("secret")
    quote = m.string[start - 1:start]
    if quote in ("'", '"', "`") and m.string[end:end + 1] == quote and len(value) >= 6:
        return _may_be_password_word(m, value)
    return _prose_password_ok(m, value)


def _prose_password_ok(m: re.Match[str], value: str) -> bool:
    """The word after "password" in a sentence is usually a noun (`password policy`, `password
    reset-link-2024`, `password v2.3.1`): it is a credential only if shaped like one. 8+ characters
    with a digit and a letter, and either both cases (`Pg4dmin2026x`) or a symbol that does not
    join identifier words (`Zr7!kLq2#vBn`); never a placeholder, a path, a URL, an address or a
    digest (`sha256:<hex>` is a hash, and hashes stay for replay)."""
    if not _may_be_password_word(m, value):
        return False
    symbol = any(not c.isalnum() and c not in _IDENTIFIER_PUNCTUATION for c in value)
    return _mixed_case(value) or symbol


def _may_be_password_word(m: re.Match[str], value: str) -> bool:
    """What every password word after its name needs: a letter and a digit, and no placeholder, path, URL,
    address or digest."""
    return _not_placeholder(value) and not _PATH_VALUE.fullmatch(value) and "://" not in value \
        and not _EMAIL_VALUE.fullmatch(value) and not _HEX_RUN.search(value) and _has_letter_and_digit(m, value)


# A wallet's BIP39 recovery phrase: 12, 15, 18, 21 or 24 words of 3 to 8 small letters (the list's
# words), longest first, so a sentence that goes on after the phrase (`... alpha and my ...`) ends it.
_RECOVERY_PHRASE = "|".join(rf"(?:[a-z]{{3,8}}[ \t]+){{{count - 1}}}[a-z]{{3,8}}" for count in (24, 21, 18, 15, 12))
# An authenticator's setup key: base32 (`JBSWY3DPEHPK3PXP`), 16 characters or more.
_BASE32_KEY = re.compile(r"[A-Z2-7]{16,128}=*")


def _base32_key_ok(_m: re.Match[str], value: str) -> bool:
    return _BASE32_KEY.fullmatch(value) is not None and any(c in "234567" for c in value) \
        and sum(c.isalpha() for c in value) >= 8


def _random_or_client_secret_ok(m: re.Match[str], value: str) -> bool:
    """As _random_secret_ok, and a UUID after "client secret" (HubSpot's app client secret; red team 57)."""
    return _random_secret_ok(m, value) or (_UUID_VALUE.fullmatch(value) is not None
                                           and m.string[max(0, m.start() - 7):m.start()].lower() == "client ")


def _random_secret_ok(m: re.Match[str], value: str) -> bool:
    """A value after the bare word "secret" is one when it looks random: letters and digits, and both
    cases or 32 hex digits or more (`secret projects/123/secrets/db` and `secret manager` are not)."""
    if not _has_letter_and_digit(m, value):
        return False
    # (30 hex digits: Plaid's secrets; red team 51)
    return _mixed_case(value) or (len(value) >= 30 and all(c in "0123456789abcdefABCDEF" for c in value))


# ---- Tokens in URL paths ----------------------------------------------------------------------

# Path segments after which the next segment is a one-time or bearer token (`/invite/<token>`,
# `/password-reset/<token>`). Hyphenated names also match with "_" or nothing in between.
_PATH_TOKEN_SEGMENTS: tuple[str, ...] = (
    "token", "tokens", "invite", "invites", "invitation", "invitations", "reset", "password-reset", "magic",
    "reset-password", "magic-link", "magic-links", "login-link", "login-links",
)
_PATH_TOKEN_NAMES: tuple[str, ...] = tuple(
    sorted({name.replace("-", sep) for name in _PATH_TOKEN_SEGMENTS for sep in ("-", "_", "")}, key=len, reverse=True)
)
# Typed object ids (`tok_1N3T...` of Stripe's `/v1/tokens/{id}`, `inv_...`): ids replay needs.
_OBJECT_ID = re.compile(r"[a-z]{2,10}_")
# A number written in hex after `0x`: an Ethereum address (its EIP-55 checksum mixes the cases as a random token's
# would) or a transaction's hash, as a block explorer's `/token/0xdAC17F...` and `/tx/0x...` write them (red team 45).
_PREFIXED_HEX = re.compile(r"0x[0-9A-Fa-f]+")


def _path_token_ok(_m: re.Match[str], value: str) -> bool:
    """A segment is a token only if it looks random: 16+ characters, both cases in the
    proportions of random base58/base62 (about half upper case), and a digit unless it is long.
    That keeps `list`, `overview`, slugs (`Getting-Started-With-OAuth2`, a fifth upper case),
    CamelCase names (`TokenExchangeOverview`), UUIDs and hex digests (one case), ULIDs (upper
    case) and typed ids (`tok_...`) out."""
    if _OBJECT_ID.match(value) or _PREFIXED_HEX.fullmatch(value):
        return False
    letters = [c for c in value if c.isalpha()]
    if len(letters) < 10:
        return False
    upper = sum(c.isupper() for c in letters) / len(letters)
    return 0.25 <= upper <= 0.75 and (any(c.isdigit() for c in value) or len(value) >= 20)


# --------------------------------------------------------------------------------------------
# Generic patterns
# --------------------------------------------------------------------------------------------

# Value of an assignment: "double quoted", 'single quoted' (JSON-escaped quotes accepted) or a
# bare run that stops at whitespace, quotes, separators and brackets. `<` is excluded so the
# project's own redaction tokens are never a value.
#
# A bare value ending a sentence (`export DB_PASSWORD=pgAdm1n_2026.`) must not take the period:
# the same secret written `DB_PASSWORD: pgAdm1n_2026` or as a JSON value would get another
# pseudonym. So a trailing run of `.` `:` `?` right before whitespace (also a JSON-escaped \n) or
# the end of the text is left out (`,` and `;` already end a bare value). Inside the value (`a.b`,
# `host:port`) or before another delimiter (`pw.&x=1`) it stays. `!` is deliberately not in the
# set: passwords end with "!" far more often than a sentence ends with one right after a
# credential (`SMTP_PASS=mailpw_2026!` in an env file), and dropping it would split such a password
# into two pseudonyms instead. Quoted values keep every character. The first alternative
# backtracks over at most 512 characters; when there is no such tail the whole run is the value.
#
# An `&` ends a bare value where a query string's next parameter follows (`password=pw&next=/home`), not inside
# a connection string's value (`Pwd=Tr0ub&dor;`): the `&` and the run after it belong to the value when that
# run, up to the next delimiter, is no `name=` (possessive: the run is not cut short to make the test pass).
_BARE_CHAR = r"""(?:[^\s"'\\,;&{}\[\]()<>`|]|&(?=[^\s"'\\,;&{}\[\]()<>`|=]++(?!=)))"""
_BARE_LAST = r"""[^\s"'\\,;&{}\[\]()<>`|.:?]"""
_VALUE = (
    r"""(?:[rRbBuU]{0,2}\\?"(?P<dq>[^"\\\r\n]{1,512})\\?"|[rRbBuU]{0,2}\\?'(?P<sq>[^'\\\r\n]{1,512})\\?'"""
    # (ODBC quotes a value in braces after `=`: `PWD={p@ss;word}`)
    r"|(?<==)\{(?P<braced>[^{}\"\r\n]{1,512})\}(?=[;\"'\s\\]|\Z)"
    r"|(?P<bare>(?!&)(?:" + _BARE_CHAR + r"{0,511}" + _BARE_LAST + r"(?=[.:?]{1,8}(?:\s|\\[nrt]|\Z))"
    r"|" + _BARE_CHAR + r"{1,512})))"
)
# `==` / `===` are comparisons in code, not assignments: the operator may not be followed by "=".
# Aligned columns put many blanks around the operator: `kubectl describe` pads after the colon
# (`DB_PASSWORD:      <value>`), terraform fmt / HCL / INI files pad before `=` (`password     = "x"`).
# So up to 32 blanks before any operator and after a colon; after `=` at most 3 (`KEY=  cmd` in a
# shell is an empty assignment followed by a command). Each run is bounded and the operator sits
# between the two, and a value never starts with a blank, so a long blank run costs at most 32
# steps per keyword (an unbounded `\s*` next to another would be quadratic on it).
_ASSIGN = r"""(?:\\?["'])?\]?[ \t]{0,32}(?P<op>:=|=>|[:=])(?!=)(?:(?<=:)[ \t]{0,32}|(?<!:)[ \t]{0,3})"""
_VALUE_GROUPS: tuple[int | str, ...] = ("dq", "sq", "bare")
_ASSIGNMENT_GROUPS: tuple[int | str, ...] = ("dq", "sq", "braced", "bare")  # (`_VALUE` with its braces)

# One character of a credential after an HTTP auth scheme: RFC 6750's b64token characters, and a
# "!" between two of them. Salesforce session ids, sent as `Bearer`/`OAuth` credentials, are
# `<org id>!<token>`; stopping at the "!" reported the org id and left the session token in place.
# A trailing "!" (`... Bearer abc123!`) is the sentence's.
_CREDENTIAL_CHARS = r"(?:[A-Za-z0-9._~+/-]|!(?=[A-Za-z0-9._~+/-]))"


# Which one, after the secret word and before the operator (`PINECONE_API_KEY_LEGACY=`, `DB_PASSWORD_2=`,
# `ses_smtp_password_v4 =`): part of the key's name, which `is_secret_key` reads with it (`_QUALIFIER_SUFFIX`).
_KEY_QUALIFIER_TAIL = r"(?P<tail>(?:[_-](?:" + "|".join(_WHICH_ONE_QUALIFIERS) + r")){0,2})"


def _assignment(words: str) -> re.Pattern[str]:
    # Anchored on the secret word itself (cheap to find); the validator reads the full key name
    # leftwards and asks `is_secret_key`, so `token_usage=` or `max_tokens:` never match.
    return re.compile(r"(?i)(?P<kw>" + words + r")" + _KEY_QUALIFIER_TAIL + _ASSIGN + _VALUE)


# The secret words of each assignment rule, shared with the named-field rules below so a value gets
# the same entity type (hence the same pseudonym) as `password=...` or as `<password>...</password>`.
# (and a Wi-Fi network's pre-shared key, `psk="..."` in wpa_supplicant.conf, `"psk": "..."` in a device's config)
_PASSWORD_WORDS_RE = r"password|passwd|pwd|passphrase|pass|psk"  # noqa: S105 (a regex of key names)
_TOKEN_WORDS_RE = r"token|jwt"  # noqa: S105 (a regex of key names)
_KEY_WORDS_RE = r"key[_-]?base|key"
_SECRET_WORDS_RE = r"secret|credentials?"  # noqa: S105 (a regex of key names)

_NL = r"(?:\r?\n|\\r\\n|\\n)"  # a line end, also JSON-escaped (`\r\n` inside a string)
_WS = r"(?:\s|\\[nrt])"
# One character of a header line in a multipart body; a JSON-escaped quote (`name=\"x\"`) is one too.
_HEADER_CHAR = r"""(?:[^\r\n\\]|\\")"""


def _named_field(words: str) -> re.Pattern[str]:
    r"""A value under a name that is neither `key=value` nor a JSON key, the name ending with one of
    `words` (the validator asks `is_secret_key` about the whole name):

    * an XML element's text: `<Password>v</Password>`, `<wsse:Password Type="...">v</wsse:Password>`
      (SOAP WS-Security), `<ApiKey>`, also in a JSON string (`Type=\"...\"`, `<\/Password>`). The
      closing tag must repeat the name, so a value is never taken across elements. Text with
      markup in it (`<Credentials><Password>...`) is not a value: its child elements are read on
      their own. A CDATA section is text (`<Password><![CDATA[p<&>w]]></Password>`): its content is
      the value. Empty elements have none.
    * a multipart/form-data part (RFC 7578): `Content-Disposition: form-data; name="password"`,
      optional further part headers, a blank line, then the body up to the line end before the
      next `--boundary`. Line ends may be CRLF, LF or JSON-escaped. The name is quoted, as RFC 7578
      writes it, and may be a Rails form name (`user[password]`); `filename=` is not `name=`.
    """
    return re.compile(
        r"<(?:(?P<ns>[A-Za-z_][\w.-]{0,40}):)?(?P<tag>[\w.-]{0,64}?(?i:" + words + r"))"
        r"(?:" + _WS + r"[^<>]{0,1024})?(?<!/)>" + _WS + r"{0,64}"
        r"(?:<!\[CDATA\[(?P<cdata>(?:[^\]]|\](?!\]>)){1,4096})\]\]>|(?P<text>[^<>\s\\][^<>]{0,4095}?))"
        + _WS + r"{0,64}<\\?/(?:(?P=ns):)?(?P=tag)>"
        r'|<string name=\\?"(?P<entry>[^"\\<>]{0,64}?(?i:' + words + r'))\\?">'
        r"(?P<pref>[^<>\s\\][^<>]{0,4095}?)</string>"
        r"|(?i:content-disposition)[ \t]{0,3}:[ \t]{0,3}(?i:form-data)" + _HEADER_CHAR + r"{0,256}?"
        r'(?<![\w*-])(?i:name)=\\?"(?P<field>[^"\\\r\n]{0,64}?(?i:' + words + r')\]?)\\?"'
        + _HEADER_CHAR + r"{0,256}" + _NL
        + r"(?:[A-Za-z][A-Za-z0-9-]{0,63}[ \t]{0,3}:" + _HEADER_CHAR + r"{0,256}" + _NL + r"){0,4}"
        + _NL + r"(?P<part>(?:[^\r\n\\]|\\[^rn\r\n]){1,4096})(?=" + _NL + r"--)"
    )


_FIELD_GROUPS: tuple[int | str, ...] = ("cdata", "text", "part", "pref")


def _shell_word(suffix: str = "") -> str:
    """One shell word: "double quoted" (JSON-escaped quotes accepted), 'single quoted' or bare, in
    groups dq/sq/bare (+ `suffix`, for a second place in the same pattern)."""
    return (r'(?:\\?"(?P<dq' + suffix + r'>[^"\\\r\n]{1,256})\\?"'
            r"""|'(?P<sq""" + suffix + r""">[^'\\\r\n]{1,256})'"""
            r"""|(?P<bare""" + suffix + r""">[^\s"'\\`<>;&|()]{1,256}))""")


# Commands reading a password from their standard input: any `--password-stdin` (docker, podman,
# nerdctl, helm registry, oras, skopeo login), and `sudo -S` / `sudo --stdin`, whose first input line
# is the user's password. For sudo the `-S` must be one of sudo's own flags, read up to the wrapped
# command: the flags that take an argument (`-u root`, `-p prompt`) take it, any other word ends
# them, so `sudo pacman -S vim` (pacman's -S, `echo y |` answering a prompt) is not it.
_SUDO_STDIN = (
    r"sudo(?:[ \t]{1,3}(?:-[A-RT-Za-z]{0,5}[CDghpRrTtUu][ \t]{1,3}[^\s;&|-][^\s;&|]{0,63}"
    r"|-[A-RT-Za-z]{1,6}|--(?!stdin\b)[a-z][a-z-]{1,20}(?:=[^\s;&|]{1,64})?)){0,8}"
    r"[ \t]{1,3}(?:-[A-RT-Za-z]{0,5}S[A-Za-z]{0,5}|--stdin)(?![\w-])"
)
_PASSWORD_STDIN = r"(?<![\w-])--password-stdin(?![\w-])"  # noqa: S105 (a regex of a flag)
_SHELL_GAP = r"[^\r\n;&|<]{0,200}?"  # the rest of one command: no line end, no `;` `&&` `|`

_PGPASS_FIELD = r"""(?:[^\s:\\"'`<>]|\\[:\\])"""  # `\:` and `\\` are the file's escapes

# ---- Network device configurations (Cisco IOS/NX-OS/ASA, Junos, MikroTik RouterOS, FortiOS, Huawei VRP) ----
# A running-config an agent pulled (`show running-config`, `show configuration`, `/export`) holds the
# device's shared secrets in the clear or in reversible forms (Cisco type 7, Junos `$9$`): SNMP
# communities, RADIUS/TACACS+ keys, IKE pre-shared keys, routing-protocol and NTP keys, local passwords.
# The value follows its command, after an optional encryption type (`7`, `ENC`, `cipher`, `ascii-text`).
_NET_TYPE_WORDS = ("ENC", "cipher", "irreversible-cipher", "simple", "ascii-text", "hexadecimal", "ascii", "hex")
_NET_TYPE = r"(?:[ \t]{1,3}(?:[0-9]|" + "|".join(_NET_TYPE_WORDS) + r")){0,2}"
_NET_VALUE = r"""(?:\\?"(?P<dq>[^"\\\r\n]{1,128})\\?"|(?P<bare>[^\s"'`\\;{}]{1,128}))"""
_NET_HOST = r"[^\s\"'\\]{1,64}"
_NET_PORTS = r"(?:[ \t]{1,3}(?:auth-port|acct-port|port|timeout|retransmit)[ \t]{1,3}\d{1,5})*"
# Commands that name their secret, written anywhere on a line (also quoted in a sentence).
_NET_COMMANDS = (
    r"enable[ \t]{1,3}(?:secret|password)(?:[ \t]{1,3}level[ \t]{1,3}\d{1,2})?",
    r"username[ \t]{1,3}" + _NET_HOST + r"(?:[ \t]{1,3}privilege[ \t]{1,3}\d{1,2})?"
    r"(?:[ \t]{1,3}(?:role|view)[ \t]{1,3}" + _NET_HOST + r")?[ \t]{1,3}(?:secret|password)",
    r"snmp-server[ \t]{1,3}community",
    r"snmp-server[ \t]{1,3}host[ \t]{1,3}" + _NET_HOST + r"(?:[ \t]{1,3}(?:traps|informs))?"
    r"(?:[ \t]{1,3}version[ \t]{1,3}(?:1|2c))?",
    r"snmp-agent[ \t]{1,3}community[ \t]{1,3}(?:read|write)",
    r"(?:tacacs|radius)-server(?:[ \t]{1,3}host[ \t]{1,3}" + _NET_HOST + _NET_PORTS + r")?[ \t]{1,3}key",
    r"server-private[ \t]{1,3}" + _NET_HOST + _NET_PORTS + r"[ \t]{1,3}key",
    r"crypto[ \t]{1,3}isakmp[ \t]{1,3}key",
    r"pre-shared-key(?:[ \t]{1,3}(?:local|remote))?",
    r"wpa-psk",
    r"ntp[ \t]{1,3}authentication-key[ \t]{1,3}\d{1,5}[ \t]{1,3}md5",
    r"message-digest-key[ \t]{1,3}\d{1,3}[ \t]{1,3}md5",
    r"ip[ \t]{1,3}ospf[ \t]{1,3}authentication-key",
    r"neighbor[ \t]{1,3}" + _NET_HOST + r"[ \t]{1,3}password",
    r"key-string",
    r"snmp-server[ \t]{1,3}user[ \t]{1,3}" + _NET_HOST + r"[ \t]{1,3}" + _NET_HOST
    + r"[ \t]{1,3}v3(?:[ \t]{1,3}encrypted)?[ \t]{1,3}auth[ \t]{1,3}(?:md5|sha(?:-?\d{1,3})?)",
    r"priv[ \t]{1,3}(?:des|3des|aes(?:[ \t]{1,3}(?:128|192|256))?)",
    # Junos and FortiOS `set` commands: `set system radius-server 10.0.0.5 secret X`, `set snmp community X`,
    # `set protocols bgp group ext authentication-key X`, FortiOS `set passwd ENC ...`, `set psksecret ...`.
    r"set[ \t]{1,3}(?:[\w.:/-]{1,64}[ \t]{1,3}){0,8}?(?:secret|authentication-key|authentication-password"
    r"|privacy-password|passwd|psksecret)",
    r"set[ \t]{1,3}snmp[ \t]{1,3}community",
)
_NET_GLUED = (
    # RouterOS: `/snmp set trap-community=X`, `/snmp community set [ find default=yes ] name=X`
    r"trap-community=",
    r"/snmp[ \t]{1,3}community[ \t]{1,3}(?:set|add)[^\r\n\\]{0,80}?[ \t]name=",
)
# Lines that are a secret by their whole shape: Cisco's `password 7 <hex>` (line vty, con), an indented
# ` key 7 <hex>` / ` key <plain>` (a RADIUS/TACACS+ server block), Junos's `community X {`, `secret "...";`.
# (The line end is consumed, not looked behind at: a pattern that starts with a character set is searched for that
# set, several times faster over a long text than one that starts with lookbehinds.)
_LINE_START = r"(?:\A|\n|\\[nr])[ \t]{0,32}"
_LINE_END = r"""(?=[ \t]{0,8}(?:\r?\n|\\[rn]|\\?"|\Z))"""

# crypt(3) hashes (see crypt_password_hash), the whole hash in group `secret`.
_CRYPT_HASH = re.compile(
    r"(?<![A-Za-z0-9./$])(?P<secret>\$(?:"
    r"(?:1|apr1)\$[./0-9A-Za-z]{1,8}\$[./0-9A-Za-z]{22}"
    r"|[56]\$(?:rounds=\d{1,9}\$)?[./0-9A-Za-z]{1,16}\$(?:[./0-9A-Za-z]{86}|[./0-9A-Za-z]{43})"
    r"|2[abxy]\$\d\d\$[./0-9A-Za-z]{53}"
    r"|[89]\$[./0-9A-Za-z]{14}\$[./0-9A-Za-z]{43}"
    r"|7\$[./0-9A-Za-z]{11,64}\$[./0-9A-Za-z]{43}"
    r"|y\$[./0-9A-Za-z]{1,64}\$[./0-9A-Za-z]{1,86}\$[./0-9A-Za-z]{43}"
    r"|argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,10},t=\d{1,10},p=\d{1,4}\$[A-Za-z0-9+/]{8,128}\$[A-Za-z0-9+/]{16,256}"
    r"|pbkdf2-sha(?:1|256|512)\$\d{1,9}\$[./0-9A-Za-z]{1,64}\$[./0-9A-Za-z]{27,86}"
    r"|9\$(?P<junos>[A-Za-z0-9./-]{8,256})"
    r")|pbkdf2_sha(?:1|256)\$\d{1,9}\$[A-Za-z0-9]{1,64}\$[A-Za-z0-9+/]{27,86}={0,2})"
    r"(?![A-Za-z0-9./$+=-])"
)
# A value that opens like a crypt hash (`$9$`, `$argon2id$`) is one or is nothing (`$9$....` elides it).
_CRYPT_OPENING = re.compile(r"\$\w{1,8}\$")

# A Cookie / Set-Cookie header and its value (quoted, JSON-escaped or bare to the line end). A bare
# value stops at `,` and `}` (the end of an unquoted JSON-ish value) and never starts with a
# backtick (`document.cookie = \`a=${b}\``, a JS template, is code). As for `_LB`, the header may
# follow a JSON-escaped line end (`HTTP/1.1\r\nCookie: ...` in a serialised dump).
# (or curl's cookie option, `curl -b 'sid=...; csrftoken=...' https://...`, `--cookie "..."`; red team 53)
_COOKIE_HEADER = re.compile(
    r"(?i)(?:(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))(?P<set>set-)?cookie(?:\\?[\"'])?[ \t]{0,3}[:=]"
    r"|\bcurl\b[^\n|;&]{0,400}?[ \t](?:-b|--cookie))[ \t]{0,3}"
    r"""(?:\\?"(?P<dq>[^"\\\r\n]{1,4096})\\?"|\\?'(?P<sq>[^'\\\r\n]{1,4096})\\?'"""
    r"""|(?P<bare>[^\s"'\\<>`][^"'\\\r\n<>,}]{0,4095}))"""
)
# One `name=value` cookie, matched where a pair starts. The value (RFC 6265 cookie-value, optionally
# in double quotes) has no blank, `"`, `;`, `,` or `\`, and here no `<>` (a redaction token is no
# value) or backtick; it must end the pair, so a value cut at such a character is not reported.
_COOKIE_PAIR = re.compile(
    r"""[ \t]{0,32}(?P<name>[^\s=;,"'\\<>]{1,256})=(?P<q>"?)(?P<secret>[^\s";,\\<>`]{1,4096})(?P=q)"""
    r"[ \t]{0,32}(?=[;,]|$)"
)


class _CookieValues:
    """The `pattern` of cookie_header: one match per cookie, its value the span, so names, `;` and
    Set-Cookie attributes stay. One regex cannot do it: a pair after the first is a cookie only
    because a Cookie header comes before it on its line, and `re` has neither `\\G` nor
    variable-width lookbehind. So the header is found first and its pairs are matched inside it
    (`match(string, pos, endpos)` returns real matches, positioned in the whole string). Linear: each
    pair is matched once, from the position after the separator before it."""

    def finditer(self, string: str, /) -> Iterator[re.Match[str]]:
        for header in _COOKIE_HEADER.finditer(string):
            group = next(g for g in ("dq", "sq", "bare") if header.group(g) is not None)
            pos, end = header.span(group)
            # Cookie: every `;`-separated pair is a cookie. Set-Cookie: the first pair is the cookie
            # and what follows `;` are its attributes (Path, Expires, SameSite...); several Set-Cookie
            # headers folded into one value are joined with `,` (RFC 9110 section 5.3), where a pair
            # right after the comma starts the next cookie (after the comma of `Expires=Wed, 21 Oct`
            # comes no pair).
            separator = ";" if header.group("set") is None else ","
            while pos < end:
                pair = _COOKIE_PAIR.match(string, pos, end)
                if pair is not None:
                    yield pair
                following = string.find(separator, pos if pair is None else pair.end(), end)
                if following < 0:
                    break
                pos = following + 1


# A list of 2FA backup codes after their name: `backup codes: 4f7k-29qd-x8mw, b3n8-q1zt-7vyc`, `recovery code
# 8213 4477`, `백업 코드는 ... 이랑 ...` (red team 45). Each code is its own span (a tool's result lists them one by
# one), so the codes are matched one after another from the name, as cookies are from their header.
_BACKUP_CODES_NAME = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:(?:backup|recovery|2fa|mfa|one[ -]time|single[ -]use|emergency)[ \t-]+codes?"
    r"|wiederherstellungs-?codes?|codes?[ \t]+de[ \t]+(?:secours|r[ée]cup[ée]ration)"
    r"|c[óo]digos?[ \t]+de[ \t]+(?:respaldo|recuperaci[óo]n)|(?:백업|복구)[ \t]*코드)"
)
# What may stand between the name and the first code (`are`, a colon, Korean's topic particle) and between codes.
_BACKUP_CODES_LEAD = re.compile(r"[ \t]*(?:(?i:is|are|was|were)[ \t]+|[는은][ \t]*)?[:=]?[ \t]*[\"'`]?")
_BACKUP_CODES_GAP = re.compile(r"[\"'`]?[ \t]*(?:,|;|/|&|(?i:and|or|und|et|y)(?![\w])|이랑|랑|하고)?[ \t]*[\"'`]?")
_BACKUP_CODE = re.compile(r"(?P<secret>[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,3}|\d{4} \d{4}|[A-Za-z0-9]{8,12})"
                          r"(?![\w-])")
_MAX_BACKUP_CODES = 16


_CODE_CHARACTER = re.compile(r"[A-Za-z0-9]")


class _BackupCodes:
    """The `pattern` of backup_codes: one match per code after the codes' name (see `_BACKUP_CODES_NAME`)."""

    def finditer(self, string: str, /) -> Iterator[re.Match[str]]:
        for name in _BACKUP_CODES_NAME.finditer(string):
            lead = _BACKUP_CODES_LEAD.match(string, name.end())
            pos = name.end() if lead is None else lead.end()
            first_shape = None
            for _ in range(_MAX_BACKUP_CODES):
                code = _BACKUP_CODE.match(string, pos)
                if code is None:
                    break
                # (a code of letters only is one when shaped as the code before it: `4T5Q-AQV2-FX79, DZMW-BQTD-BAKN`;
                # red team 53)
                shape = _CODE_CHARACTER.sub("x", code.group())
                if not any(char.isdigit() for char in code.group()) and shape != first_shape:
                    break
                first_shape = first_shape or shape
                yield code
                gap = _BACKUP_CODES_GAP.match(string, code.end())
                if gap is None or gap.end() == code.end():
                    break
                pos = gap.end()


def _named_field_rule(name: str, entity_type: str, words: str, closing_tags: tuple[str, ...],
                      source: str = "redactor.detection.secret_rules.SECRET_KEY_NAMES (XML elements, RFC 7578 "
                                    "form-data parts, Android SharedPreferences entries)",
                      validator: Callable[[re.Match[str], str], bool] = _named_field_ok) -> SecretRule:
    """A `_named_field` rule for one family of key words: its own entity type, so that the value gets
    the token `password=...` (`token=...`, ...) gives it."""
    return SecretRule(name, entity_type, _named_field(words), (*closing_tags, "form-data", "<string name="), source,
                      groups=_FIELD_GROUPS, validator=validator, score=0.9, priority=GENERIC)


# --------------------------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------------------------

_GL = "gitleaks:"  # prefix for gitleaks rule ids in `source`


def _rules(*rules: SecretRule) -> dict[str, SecretRule]:
    registry: dict[str, SecretRule] = {}
    for rule in rules:
        if rule.name in registry:
            raise ValueError(f"duplicate secret rule {rule.name}")
        # Whatever its pattern allows, no rule reports a bare `name=` (see _is_bare_name).
        registry[rule.name] = replace(rule, validator=_never_a_bare_name(rule.validator))
    return registry


RULES: dict[str, SecretRule] = _rules(
    # ---- AI providers --------------------------------------------------------------------
    SecretRule(
        "openai_project_key", "API_KEY",
        # Project / service-account / admin keys: long base64url bodies (with "T3BlbkFJ" inside,
        # not required here so a future length change still matches).
        _token(r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,300}"),
        ("sk-proj-", "sk-svcacct-", "sk-admin-", "sk-none-"),
        _GL + "openai-api-key; https://platform.openai.com/docs/api-reference/authentication",
    ),
    SecretRule(
        "openai_legacy_key", "API_KEY",
        _token(r"sk-[A-Za-z0-9]{48}"),
        ("sk-",),
        _GL + "openai-api-key (sk- + 20 + T3BlbkFJ + 20 = 48 alphanumerics)",
    ),
    SecretRule(
        "anthropic_key", "API_KEY",
        # api03 (API), admin01 (Admin API); oat01/ort01 are Claude OAuth access/refresh tokens.
        _token(r"sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_-]{80,200}"),
        ("sk-ant-",),
        _GL + "anthropic-api-key, anthropic-admin-api-key (sk-ant-api03-<93>AA)",
    ),
    SecretRule(
        "groq_key", "API_KEY",
        _token(r"gsk_[A-Za-z0-9]{48,60}"),
        ("gsk_",),
        "https://console.groq.com/docs/api-keys (gsk_ + 52 alphanumerics)",
    ),
    SecretRule(
        "replicate_token", "API_KEY",
        _token(r"r8_[A-Za-z0-9]{36,40}"),
        ("r8_",),
        "https://replicate.com/docs/topics/security/api-tokens (r8_ + 37 alphanumerics)",
    ),
    SecretRule(
        "huggingface_token", "ACCESS_TOKEN",
        # (34 letters as Hugging Face issues them; digits and a length off by a few too, as docs, tests and
        # hand-written fixtures write them: red team 61's `token hf_QmT4rPx9...` of 33)
        _token(r"(?:hf_|api_org_)[A-Za-z0-9]{30,40}"),
        ("hf_", "api_org_"),
        _GL + "huggingface-access-token, huggingface-organization-api-token",
        validator=_mixed_case_random,
    ),
    SecretRule(
        "openrouter_key", "API_KEY",
        _token(r"sk-or-v1-[a-f0-9]{64}"),
        ("sk-or-v1-",),
        "https://openrouter.ai/docs/api-reference/authentication (sk-or-v1- + 64 hex)",
    ),
    SecretRule(
        "langsmith_key", "API_KEY",
        _token(r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}"),
        ("lsv2_",),
        "https://docs.smith.langchain.com/administration/how_to_guides/organization_management/"
        "create_account_api_key (lsv2_pt_/lsv2_sk_)",
    ),
    SecretRule(
        "perplexity_key", "API_KEY",
        _token(r"pplx-[A-Za-z0-9]{48}"),
        ("pplx-",),
        _GL + "perplexity-api-key",
    ),
    SecretRule(
        "xai_key", "API_KEY",
        _token(r"xai-[A-Za-z0-9]{70,100}"),
        ("xai-",),
        "https://docs.x.ai/docs/overview; trufflehog:xai (xai- + 80 alphanumerics)",
    ),
    SecretRule(
        "together_key", "API_KEY",
        _token(r"tgp_v1_[A-Za-z0-9_-]{40,64}"),
        ("tgp_v1_",),
        "https://docs.together.ai/ (tgp_v1_ + 43 base64url API keys)",
    ),
    SecretRule(
        "fireworks_key", "API_KEY",
        # `fw_` is also a firmware prefix in identifiers (`fw_version`): only a random base62 body.
        _token(r"fw_[A-Za-z0-9]{20,48}"),
        ("fw_",),
        "https://docs.fireworks.ai/ (fw_ API keys)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "pinecone_key", "API_KEY",
        _token(r"pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80}"),
        ("pcsk_",),
        "https://docs.pinecone.io/guides/projects/manage-api-keys; trufflehog:pinecone (pcsk_<id>_<secret>)",
    ),
    SecretRule(
        "helicone_key", "API_KEY",
        # sk- (write) keys, four dash-separated base32 groups; pk- keys are read-only and not here.
        _token(r"sk-helicone-(?:eu-)?[a-z0-9]{7}-[a-z0-9]{7}-[a-z0-9]{7}-[a-z0-9]{7}"),
        ("sk-helicone-",),
        "https://docs.helicone.ai/ (sk-helicone- API keys)",
    ),
    SecretRule(
        "langfuse_secret_key", "API_KEY",
        # The secret half of a Langfuse key pair (the pk-lf- public key is not secret).
        _token(r"sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
        ("sk-lf-",),
        "https://langfuse.com/docs; trufflehog:langfuse (sk-lf-<uuid> secret key)",
    ),
    SecretRule(
        "elevenlabs_key", "API_KEY",
        _token(r"sk_[a-f0-9]{48}"),
        ("sk_",),
        "https://elevenlabs.io/docs/api-reference/authentication; trufflehog:elevenlabs (sk_ + 48 hex)",
    ),
    SecretRule(
        "tavily_key", "API_KEY",
        _token(r"tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}"),
        ("tvly-",),
        "https://docs.tavily.com/ (tvly- API keys)",
        validator=_has_letter_and_digit,
    ),
    # ---- Payments -----------------------------------------------------------------------
    SecretRule(
        "stripe_secret_key", "API_KEY",
        # Secret (sk_) and restricted (rk_) keys, live and test. Publishable pk_ keys are public.
        _token(r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,247}"),
        ("sk_live_", "sk_test_", "rk_live_", "rk_test_"),
        _GL + "stripe-access-token; https://docs.stripe.com/keys",
    ),
    SecretRule(
        "stripe_ephemeral_key", "ACCESS_TOKEN",
        # A mobile SDK's ephemeral key (`ek_live_...`): the customer's short-lived API key, which the app keeps in its
        # keychain (red team 54).
        _token(r"ek_(?:live|test)_[A-Za-z0-9]{20,247}"),
        ("ek_live_", "ek_test_"),
        "https://docs.stripe.com/payments/accept-a-payment?platform=ios (ephemeral keys)",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "checkout_legacy_secret_key", "API_KEY",
        # Checkout.com's secret keys of its earlier platform: `sk_` (or `sk_test_`, `sk_sbox_`) and a UUID (its
        # publishable `pk_` twin is public; red team 51). A bare UUID stays an id.
        _token(r"sk_(?:test_|sbox_)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
        ("sk_",),
        "https://www.checkout.com/docs/previous/integrate/api-keys (previous platform: sk_<uuid>)",
    ),
    SecretRule(
        "flutterwave_secret_key", "API_KEY",
        # Flutterwave's secret key (`FLWSECK-<32 hex>-X`, `FLWSECK_TEST-...-X`) and its encryption key
        # (`FLWSECK_TEST<12 hex>`); the `FLWPUBK` public key goes to the browser (red team 43).
        _token(r"FLWSECK(?:_TEST)?(?:-[0-9a-f]{32}-X|[0-9a-f]{12})"),
        ("flwseck",),
        "https://developer.flutterwave.com/docs/authentication (secret and encryption keys); "
        "trufflehog:flutterwave",
    ),
    SecretRule(
        "stripe_client_secret", "CREDENTIAL",
        # A PaymentIntent's / SetupIntent's `client_secret`, `<intent id>_secret_<random>`: with the
        # publishable key it confirms the payment or reads its details, and Stripe says not to log
        # it. The whole string is the secret (the type secret_assignment gives it under
        # `client_secret`); the intent id alone (`pi_...`) is an id replay needs and never matches.
        _token(r"(?:pi|seti)_[A-Za-z0-9]{14,64}_secret_[A-Za-z0-9]{16,128}"),
        ("_secret_",),
        "https://docs.stripe.com/api/payment_intents/object#payment_intent_object-client_secret; "
        "https://docs.stripe.com/api/setup_intents/object#setup_intent_object-client_secret",
        validator=_stripe_client_secret_ok,
    ),
    SecretRule(
        "stripe_webhook_secret", "CREDENTIAL",
        _token(r"whsec_[A-Za-z0-9+/=]{24,80}"),
        ("whsec_",),
        "https://docs.stripe.com/webhooks#verify-official-libraries (whsec_ signing secret)",
    ),
    SecretRule(
        "square_token", "ACCESS_TOKEN",
        _token(r"(?:sq0atp-[A-Za-z0-9_-]{22,60}|EAAA[A-Za-z0-9_-]{22,60})"),
        ("sq0atp-", "eaaa"),
        _GL + "square-access-token; https://developer.squareup.com/docs/build-basics/access-tokens",
    ),
    SecretRule(
        "square_oauth_secret", "CREDENTIAL",
        _token(r"sq0csp-[A-Za-z0-9_-]{43}"),
        ("sq0csp-",),
        _GL + "square-secret",
    ),
    SecretRule(
        "shopify_token", "ACCESS_TOKEN",
        _token(r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"),
        ("shpat_", "shpca_", "shppa_", "shpss_"),
        _GL + "shopify-access-token, shopify-custom-access-token, shopify-private-app-access-token, "
        "shopify-shared-secret",
    ),
    # ---- Code hosting & package registries ------------------------------------------------
    SecretRule(
        "github_token", "ACCESS_TOKEN",
        # ghp_ personal, gho_ OAuth, ghu_ user-to-server, ghs_ server-to-server, ghr_ refresh.
        _token(r"gh[pousr]_[A-Za-z0-9]{36,251}"),
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
        _GL + "github-pat, github-oauth, github-app-token, github-refresh-token; "
        "https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/",
    ),
    SecretRule(
        "github_fine_grained_pat", "ACCESS_TOKEN",
        _token(r"github_pat_[A-Za-z0-9_]{70,251}"),
        ("github_pat_",),
        _GL + "github-fine-grained-pat",
    ),
    SecretRule(
        "gitlab_token", "ACCESS_TOKEN",
        # glpat- personal (optionally routable: ".01.<9>"), gldt- deploy, glrt- runner, glffct-
        # feature-flag client, ... tokens.
        _token(
            r"(?:glpat|gldt|glrt|glcbt|glptt|glft|glffct|glimt|glsoat|gloas|glagent)-[A-Za-z0-9_-]{20,300}"
            r"(?:\.[0-9a-z]{2}\.?[0-9a-z]{7,9})?"
        ),
        ("glpat-", "gldt-", "glrt-", "glcbt-", "glptt-", "glft-", "glffct-", "glimt-", "glsoat-", "gloas-", "glagent-"),
        _GL + "gitlab-pat, gitlab-pat-routable, gitlab-deploy-token, gitlab-feature-flag-client-token; "
        "https://docs.gitlab.com/security/tokens/",
    ),
    SecretRule(
        "npm_token", "ACCESS_TOKEN",
        _token(r"npm_[A-Za-z0-9]{36}"),
        ("npm_",),
        _GL + "npm-access-token",
    ),
    SecretRule(
        "pypi_token", "API_KEY",
        # The body is a macaroon whose first bytes encode "pypi.org" / "test.pypi.org".
        _token(r"pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000}"),
        ("pypi-ag",),
        _GL + "pypi-upload-token; https://pypi.org/help/#apitoken",
    ),
    SecretRule(
        "artifactory_token", "API_KEY",
        _token(r"(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})"),
        ("akcp", "cmvmd"),
        _GL + "artifactory-api-key, artifactory-reference-token",
    ),
    SecretRule(
        "docker_hub_token", "ACCESS_TOKEN",
        # Personal (dckr_pat_) and organization (dckr_oat_) access tokens: what `docker login -p`
        # and CI variables carry.
        _token(r"dckr_(?:pat|oat)_[A-Za-z0-9_-]{24,40}"),
        ("dckr_pat_", "dckr_oat_"),
        "https://docs.docker.com/security/for-developers/access-tokens/; trufflehog:dockerhub (dckr_oat_)",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "bitbucket_app_password", "CREDENTIAL",
        # Bitbucket Cloud app passwords start with ATBB (the Atlassian API tokens, ATATT3, are
        # atlassian_token). `LATBbits` (PIC registers) is glued to the L, so the boundary rejects it.
        _token(r"ATBB[A-Za-z0-9]{32,60}"),
        ("atbb",),
        "https://support.atlassian.com/bitbucket-cloud/docs/app-passwords/; trufflehog:bitbucketapppassword (ATBB)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "sourcegraph_token", "ACCESS_TOKEN",
        _token(r"sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}"),
        ("sgp_",),
        _GL + "sourcegraph-access-token; https://sourcegraph.com/docs/cli/how-tos/creating_an_access_token",
    ),
    SecretRule(
        "sonarqube_token", "ACCESS_TOKEN",
        # sqp_ project analysis, squ_ user, sqa_ global analysis tokens; sqco_ SonarQube Cloud.
        _token(r"(?:sq[pua]_[a-f0-9]{40}|sqco_[A-Za-z0-9]{59})"),
        ("sqp_", "squ_", "sqa_", "sqco_"),
        _GL + "sonar-api-token; trufflehog:sonarcloud (sqco_)",
    ),
    SecretRule(
        "circleci_token", "ACCESS_TOKEN",
        # Personal (CCIPAT_) and project (CCIPRJ_) API tokens.
        _token(r"CCI(?:PAT|PRJ)_[A-Za-z0-9]{22}_[a-f0-9]{40}"),
        ("ccipat_", "cciprj_"),
        "https://circleci.com/docs/managing-api-tokens/; trufflehog:circleci (CCIPAT_/CCIPRJ_)",
    ),
    SecretRule(
        "buildkite_token", "ACCESS_TOKEN",
        _token(r"bkua_[a-f0-9]{40}"),
        ("bkua_",),
        "https://buildkite.com/docs/apis/managing-api-tokens; trufflehog:buildkite (bkua_)",
    ),
    # ---- Cloud ----------------------------------------------------------------------------
    SecretRule(
        "aws_access_key_id", "CREDENTIAL",
        _token(r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}"),
        ("akia", "asia", "a3t", "abia", "acca"),
        _GL + "aws-access-token; https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html",
    ),
    SecretRule(
        "aws_secret_access_key", "CREDENTIAL",
        # 40 base64 chars are everywhere; only trust them right after an aws...secret/key name.
        re.compile(
            r"(?i:aws)[A-Za-z0-9_.-]{0,30}?(?i:secret|key)[A-Za-z0-9_.-]{0,20}?" + _ASSIGN
            + r"""(?:\\?["'])?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"""
        ),
        ("aws",),
        "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html; detect-secrets AWSKeyDetector",
        validator=aws_secret_ok,
    ),
    SecretRule(
        "google_api_key", "API_KEY",
        _token(r"AIza[A-Za-z0-9_-]{35}"),
        ("aiza",),
        _GL + "gcp-api-key; https://cloud.google.com/docs/authentication/api-keys",
    ),
    SecretRule(
        "google_oauth_secret", "CREDENTIAL",
        _token(r"(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[A-Za-z0-9_-]{30,2048})"),
        ("gocspx-", "ya29."),
        "https://developers.google.com/identity/protocols/oauth2 (GOCSPX- client secrets, ya29. access tokens)",
    ),
    SecretRule(
        "azure_storage_key", "CREDENTIAL",
        re.compile(
            r"(?i:AccountKey)=(?P<secret>[A-Za-z0-9+/]{86}==)"
            r"|(?i:SharedAccessKey)=(?P<sak>[A-Za-z0-9+/]{42,43}=)"
        ),
        ("accountkey=", "sharedaccesskey="),
        "https://learn.microsoft.com/azure/storage/common/storage-configure-connection-string; "
        "detect-secrets AzureStorageKeyDetector",
        groups=("secret", "sak"),
    ),
    SecretRule(
        "bitlocker_recovery_password", "PASSWORD",
        # It unlocks the encrypted disk; a helpdesk agent reads it out of Entra ID / Intune (Graph's
        # `bitlocker/recoveryKeys`).
        _token(r"\d{6}(?:-\d{6}){7}"),
        # (its own digits and dash: a Graph `recoveryKeys` record's `key` holds it with no word beside it)
        tuple(f"{digit}-" for digit in "0123456789"),
        "https://learn.microsoft.com/windows/security/operating-system-security/data-protection/bitlocker/"
        "recovery-overview (48-digit recovery password, 8 blocks of 6)",
        validator=_bitlocker_blocks_ok,
    ),
    SecretRule(
        "azure_sas_signature", "CREDENTIAL",
        re.compile(r"[?&]sig=(?P<secret>[A-Za-z0-9%+/]{40,120}(?:=|%3[Dd]){0,2})(?![A-Za-z0-9%+/=])"),
        ("sig=",),
        "https://learn.microsoft.com/rest/api/storageservices/create-service-sas (sig= in SAS URLs)",
        validator=_azure_sas_ok,
    ),
    SecretRule(
        "signed_url_signature", "CREDENTIAL",
        # A presigned S3 / signed GCS URL is a bearer credential until it expires (up to 7 days):
        # its signature is redacted, the rest of the URL (bucket, object, expiry) kept. V4: hex
        # `X-Amz-Signature` (HMAC-SHA256, 64) / `X-Goog-Signature` (HMAC 64, RSA 512), as a query
        # parameter or a presigned-POST form field. V2: base64 `Signature=` next to its
        # `AWSAccessKeyId=` / `GoogleAccessId=` parameter (a bare `Signature=` is too common).
        re.compile(
            r"(?i)(?<![A-Za-z0-9_-])x-(?:amz|goog)-signature(?:\\?[\"'])?[ \t]{0,3}[:=][ \t]{0,3}(?:\\?[\"'])?"
            r"(?P<secret>[0-9a-f]{64,1024})(?![A-Za-z0-9])"
            r"|[?&](?-i:Signature)=(?P<v2>[A-Za-z0-9%+/]{20,1024}(?:=|%3[Dd]){0,2})(?![A-Za-z0-9%+/=])"
        ),
        ("x-amz-signature", "x-goog-signature", "awsaccesskeyid=", "googleaccessid="),
        "https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html; "
        "https://cloud.google.com/storage/docs/authentication/signatures; "
        "https://cloud.google.com/storage/docs/access-control/signed-urls-v2",
        groups=("secret", "v2"),
        validator=_signed_url_ok,
    ),
    SecretRule(
        "databricks_token", "ACCESS_TOKEN",
        _token(r"dapi[a-f0-9]{32}(?:-\d)?"),
        ("dapi",),
        _GL + "databricks-api-token",
    ),
    SecretRule(
        "digitalocean_token", "ACCESS_TOKEN",
        _token(r"do[opr]_v1_[a-f0-9]{64}"),
        ("dop_v1_", "doo_v1_", "dor_v1_"),
        _GL + "digitalocean-pat, digitalocean-access-token, digitalocean-refresh-token",
    ),
    SecretRule(
        "doppler_token", "ACCESS_TOKEN",
        # pt personal, st service, sa service account, ct CLI, scim, audit.
        _token(r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}"),
        ("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."),
        _GL + "doppler-api-token; https://docs.doppler.com/reference/auth-token-formats",
    ),
    SecretRule(
        "vault_token", "ACCESS_TOKEN",
        # HashiCorp Vault 1.10+ tokens carry their type in the prefix: hvs. service, hvb. batch,
        # hvr. recovery; the body is 24 characters (root namespace) or a long base64url blob.
        # Older service tokens are `s.` + 24 alphanumerics, which is also how a member access on a
        # variable `s` looks: only trusted after the word "vault" on the same line (`vault login
        # s....`, `vault token lookup s....`). The gap may not hold a ".", so it never runs over an
        # hv token (or a host name) on its way to a later `s.`.
        re.compile(
            _LB + r"(?P<secret>hv[sbr]\.[A-Za-z0-9_-]{24,400})" + _RB
            + r"|(?i:vault)[^\r\n.]{0,40}?(?<![A-Za-z0-9_.-])(?P<legacy>s\.[A-Za-z0-9]{24})" + _RB
        ),
        ("hvs.", "hvb.", "hvr.", "vault"),
        "https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes; "
        + _GL + "vault-service-token, vault-batch-token",
        groups=("secret", "legacy"),
        validator=vault_token_ok,
    ),
    SecretRule(
        "aws_session_token", "CREDENTIAL",
        # STS / SSO session tokens (AWS_SESSION_TOKEN, `aws sts assume-role` output): base64 of a
        # protobuf whose first bytes are fixed, so the start is: `IQoJb3JpZ2luX2Vj` ("\x21\n\torigin_ec",
        # current), `AgoJb3JpZ2luX2Vj`, `FwoGZXIvYXdzE` / `FQoGZXIvYXdzE` ("...er/aws", older) and
        # `FQoDYXdzE`. A "+" or "/" before or after would make it a slice of a longer base64 run.
        _token(
            r"(?<![+/])(?:(?:IQ|Ag)oJb3JpZ2luX2Vj|F[Qw]oGZXIvYXdzE|FQoDYXdzE)[A-Za-z0-9+/]{100,8192}={0,2}"
            r"(?![A-Za-z0-9+/=])"
        ),
        ("ojb3jpz2lux2vj", "zxivyxdze", "fqodyxdze"),
        "https://docs.aws.amazon.com/STS/latest/APIReference/API_Credentials.html (SessionToken)",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "aws_bedrock_api_key", "API_KEY",
        # Amazon Bedrock API keys (2025): long-term `ABSK<base64>`, short-term
        # `bedrock-api-key-<base64 of a presigned bedrock.amazonaws.com URL>`.
        _token(
            r"(?<![+/])(?:ABSK[A-Za-z0-9+/]{109,269}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/]{20,8192})"
            r"={0,2}(?![A-Za-z0-9+/=])"
        ),
        ("absk", "bedrock-api-key-"),
        _GL + "aws-amazon-bedrock-api-key-long-lived, aws-amazon-bedrock-api-key-short-lived; "
        "https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys.html",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "google_refresh_token", "CREDENTIAL",
        # OAuth 2.0 refresh tokens from Google's token endpoint (gcloud's
        # application_default_credentials.json, rclone/oauth2l output): "1//0" + base64url.
        _token(r"1//0[A-Za-z0-9_-]{40,512}"),
        ("1//0",),
        "https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "azure_ad_client_secret", "CREDENTIAL",
        # Entra ID (Azure AD) application client secrets: 3 characters, a digit, "Q~", then 31-34
        # more (40 in all for current secrets). "~" and "." belong to the value, so they may not
        # come right before it; a "." after it ends a sentence unless a token character follows.
        _token(r"(?<![~.])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{30,33}[A-Za-z0-9_~-](?!~|\.[A-Za-z0-9_~-])"),
        ("q~",),
        _GL + "azure-ad-client-secret; https://learn.microsoft.com/entra/identity-platform/"
        "how-to-add-credentials",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "azure_devops_pat", "ACCESS_TOKEN",
        # 84-character Azure DevOps personal access tokens (2024 format): 52 random characters, the
        # "JQQJ" signature, 20 more, the "AZDO" service tag and a 4-character checksum.
        _token(r"[A-Za-z0-9]{52}JQQJ[A-Za-z0-9]{20}AZDO[A-Za-z0-9]{4}"),
        ("azdo",),
        "https://learn.microsoft.com/azure/devops/organizations/accounts/use-personal-access-tokens-to-authenticate "
        "(84-character PATs with the JQQJ / AZDO signature)",
    ),
    SecretRule(
        "cloudflare_token", "ACCESS_TOKEN",
        # Scannable user (cfut_) and account (cfat_) API tokens: 40 base62 + 8-hex checksum; Origin
        # CA keys (`v1.0-<24 hex>-<146 hex>`).
        _token(r"(?:cf[ua]t_[A-Za-z0-9]{40}[a-f0-9]{8}|v1\.0-[a-f0-9]{24}-[a-f0-9]{146})"),
        ("cfut_", "cfat_", "v1.0-"),
        "https://developers.cloudflare.com/fundamentals/api/get-started/create-token/; trufflehog:cloudflareapitoken "
        "(cfut_/cfat_); " + _GL + "cloudflare-origin-ca-key",
    ),
    SecretRule(
        "cloudflare_legacy_token", "ACCESS_TOKEN",
        # Unprefixed Cloudflare API tokens (40 base64url) only right after "cloudflare ... token" or
        # "wrangler ... token" on the same line (`the Cloudflare token is <value>`). With no cue
        # 40 characters are anybody's id; `CLOUDFLARE_API_TOKEN=` is also token_assignment's, with
        # the same entity type. The validator wants a random value (both cases and a digit).
        re.compile(
            r"(?i:cloudflare|wrangler)[^\r\n]{0,40}?(?i:token)[^\r\n]{0,30}?"
            r"(?<![A-Za-z0-9_-])(?P<secret>[A-Za-z0-9_-]{40})" + _RB
        ),
        ("cloudflare", "wrangler"),
        _GL + "cloudflare-api-key; https://developers.cloudflare.com/fundamentals/api/get-started/create-token/",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "tailscale_key", "API_KEY",
        # tskey-<type>-<key id>-<secret>: auth keys, API access tokens, OAuth client secrets, SCIM
        # and webhook secrets.
        _token(r"tskey-[a-z]{3,10}-[A-Za-z0-9]{6,40}-[A-Za-z0-9]{16,64}"),
        ("tskey-",),
        "https://tailscale.com/kb/1085/auth-keys; https://tailscale.com/kb/1101/api",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "terraform_cloud_token", "ACCESS_TOKEN",
        # HCP Terraform / Terraform Enterprise user, team and organization tokens.
        _token(r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}"),
        ("atlasv1",),
        _GL + "hashicorp-tf-api-token; https://developer.hashicorp.com/terraform/cloud-docs/users-teams-"
        "organizations/api-tokens",
    ),
    SecretRule(
        "pulumi_token", "ACCESS_TOKEN",
        _token(r"pul-[a-f0-9]{40}"),
        ("pul-",),
        _GL + "pulumi-api-token; https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/",
    ),
    SecretRule(
        "heroku_key", "API_KEY",
        # Heroku's prefixed API keys (2024); the older keys are bare UUIDs and are left to
        # key_assignment under HEROKU_API_KEY.
        _token(r"HRKU-AA[A-Za-z0-9_-]{58}"),
        ("hrku-",),
        _GL + "heroku-api-key-v2; https://devcenter.heroku.com/articles/authentication",
    ),
    SecretRule(
        "netlify_token", "ACCESS_TOKEN",
        _token(r"nfp_[A-Za-z0-9_]{36,40}"),
        ("nfp_",),
        "https://docs.netlify.com/api/get-started/; trufflehog:netlify (nfp_ personal access tokens)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "flyio_token", "ACCESS_TOKEN",
        # Fly.io macaroon tokens (`FlyV1 fm2_...`, several joined with ","; each part is its own
        # span) and fo1_ OAuth tokens.
        _token(r"(?:(?<![+/])(?:fm2|fm1[ar])_[A-Za-z0-9+/]{64,4096}={0,3}(?![A-Za-z0-9+/=])|fo1_[A-Za-z0-9_-]{43})"),
        ("fm2_", "fm1a_", "fm1r_", "fo1_"),
        _GL + "flyio-access-token; https://fly.io/docs/security/tokens/",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "planetscale_token", "CREDENTIAL",
        # Database passwords (pscale_pw_), service tokens (pscale_tkn_) and OAuth tokens.
        _token(r"pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_]{32,64}"),
        ("pscale_pw_", "pscale_tkn_", "pscale_oauth_"),
        _GL + "planetscale-password, planetscale-api-token, planetscale-oauth-token",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "supabase_key", "API_KEY",
        # Personal access tokens (sbp_) and the 2025 secret API keys (sb_secret_, which replace the
        # service_role JWT). sb_publishable_ keys are public and not matched.
        _token(r"(?:sbp_(?:oauth_)?[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{28,64})"),
        ("sbp_", "sb_secret_"),
        "https://supabase.com/docs/guides/api/api-keys; https://supabase.com/docs/reference/api/introduction",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "dynatrace_token", "ACCESS_TOKEN",
        # dt0<type><version>.<24-character public id>.<64-character secret>
        _token(r"dt0[a-z][0-9]{2}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}"),
        ("dt0",),
        _GL + "dynatrace-api-token; https://docs.dynatrace.com/ (dt0c01.<public id>.<secret>)",
    ),
    SecretRule(
        "newrelic_key", "API_KEY",
        # User API keys (NRAK-), Insights insert keys (NRII-) and ingest license keys (40 characters
        # ending with "NRAL"). NRJS- browser keys ship in web pages and are not matched.
        _token(r"(?:NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9_-]{25,32}|(?:[a-f0-9]{32}|eu01xx[a-f0-9]{26})FFFFNRAL)"),
        ("nrak-", "nrii-", "ffffnral"),
        _GL + "new-relic-user-api-key, new-relic-insert-key; https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "grafana_token", "ACCESS_TOKEN",
        # Service-account tokens (glsa_), Grafana Cloud access-policy tokens (glc_ + base64 JSON)
        # and legacy API keys (base64 of `{"k":"...`).
        _token(
            r"(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"
            r"|(?<![+/])(?:glc_[A-Za-z0-9+/]{32,400}|eyJrIjoi[A-Za-z0-9]{70,400})={0,3}(?![A-Za-z0-9+/=]))"
        ),
        ("glsa_", "glc_", "eyjrijoi"),
        _GL + "grafana-service-account-token, grafana-cloud-api-token, grafana-api-key",
        validator=_random_b64_ok,
    ),
    # ---- SaaS -----------------------------------------------------------------------------
    SecretRule(
        "slack_token", "ACCESS_TOKEN",
        # xoxb bot, xoxp user, xoxa/xoxr workspace app, xoxe rotating, xoxs/xoxo legacy. A digit
        # segment must follow the prefix, so the docs' `xoxb-your-token` does not match.
        _token(r"xox[abposre]-\d{1,13}-[A-Za-z0-9-]{8,250}"),
        ("xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxr-", "xoxe-"),
        _GL + "slack-bot-token, slack-user-token, slack-legacy-workspace-token; "
        "https://api.slack.com/concepts/token-types",
    ),
    SecretRule(
        "slack_app_token", "ACCESS_TOKEN",
        _token(r"xapp-\d-[A-Za-z0-9]{6,30}-\d{6,20}-[A-Za-z0-9]{20,100}"),
        ("xapp-",),
        _GL + "slack-app-token",
    ),
    SecretRule(
        "slack_webhook_url", "CREDENTIAL",
        # The whole URL is the credential: anyone holding it can post to the channel.
        # A URL inside JSON text serialised by PHP/Java writers has its slashes escaped (`\/`).
        re.compile(
            r"(?P<secret>https?:" + _SLASH + _SLASH + r"hooks\.slack\.com" + _SLASH
            + r"(?:services|workflows|triggers)" + _SLASH + r"(?:[A-Za-z0-9_+-]|" + _SLASH + r"){20,120})"
            r"(?![A-Za-z0-9_+/-]|\\/)"
        ),
        ("hooks.slack.com",),
        _GL + "slack-webhook-url; https://api.slack.com/messaging/webhooks",
    ),
    SecretRule(
        "discord_webhook_url", "CREDENTIAL",
        # As Slack's: the URL alone posts to the channel. `/api/webhooks/<snowflake id>/<68-character token>`,
        # on discord.com, discordapp.com or the ptb/canary clients' hosts, with an optional API version.
        re.compile(
            r"(?P<secret>https?:" + _SLASH + _SLASH + r"(?:(?:ptb|canary)\.)?discord(?:app)?\.com" + _SLASH
            + r"api" + _SLASH + r"(?:v\d{1,2}" + _SLASH + r")?webhooks" + _SLASH + r"\d{17,20}" + _SLASH
            + r"[A-Za-z0-9_-]{60,80})(?![A-Za-z0-9_-])"
        ),
        ("/webhooks",),
        "https://discord.com/developers/docs/resources/webhook#execute-webhook; trufflehog:discordwebhook",
    ),
    SecretRule(
        "sendgrid_key", "API_KEY",
        _token(r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
        ("sg.",),
        _GL + "sendgrid-api-token",
    ),
    SecretRule(
        "brevo_key", "API_KEY",
        # Brevo (Sendinblue): `xkeysib-` API keys and `xsmtpsib-` SMTP keys, 64 hex and a 16-character tail.
        _token(r"x(?:keysib|smtpsib)-[0-9a-f]{64}-[A-Za-z0-9]{16}"),
        ("xkeysib-", "xsmtpsib-"),
        _GL + "sendinblue-api-token; https://developers.brevo.com/docs/getting-started",
    ),
    SecretRule(
        "twilio_key", "API_KEY",
        # SK (API key SID) + 32 hex looks like any prefixed md5: only with the vendor's name in the same
        # string. Not the AC account SID: an account's public id (its API URLs carry it; the auth token,
        # keyword-gated below, is the secret).
        _token(r"SK[0-9a-fA-F]{32}"),
        ("twilio",),
        _GL + "twilio-api-key; https://www.twilio.com/docs/glossary/what-is-a-sid",
    ),
    SecretRule(
        "twilio_credential_pair", "ACCESS_TOKEN",
        # An account or API key SID and its secret as HTTP Basic's `user:password` (`AC<32 hex>:<32 hex>`,
        # `SK...:...`): the part after the colon is the auth token or the key's secret, whatever the key.
        # An API key's SID goes with it (it names a key, where an AC SID names the account, which the
        # API's URLs carry anyway).
        # (the left delimiter after `AC`/`SK`, which sre then looks for: `redactor.detection.scanning`)
        re.compile(r"(?:AC(?<![0-9A-Za-z]AC)[0-9a-f]{32}:(?P<secret>[0-9a-zA-Z]{32})"
                   r"|(?P<key_pair>SK(?<![0-9A-Za-z]SK)[0-9a-f]{32}:[0-9a-zA-Z]{32}))(?![0-9A-Za-z])"),
        ("ac", "sk"),
        "https://www.twilio.com/docs/usage/requests-to-twilio#authenticate-with-http",
        groups=("secret", "key_pair"),
    ),
    SecretRule(
        "sabre_session_token", "ACCESS_TOKEN",
        # Sabre's SOAP/REST session (ATK) token: `T1RLAQ...` with base64 characters and a `*` end,
        # sent as `Authorization: Bearer` and kept in a GDS agent's session state.
        re.compile(r"(?<![A-Za-z0-9+/])(?P<secret>T1RLAQ[A-Za-z0-9+/=!*-]{40,2048})"),
        ("t1rlaq",),
        "https://developer.sabre.com/guides/travel-agency/developer-guides/rest-apis-token-credentials",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "mailgun_key", "API_KEY",
        # "key-<32 hex>" is also a common cache-key shape, so: only next to the vendor name.
        _token(r"(?:key-[a-f0-9]{32}|[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8})"),
        ("mailgun",),
        _GL + "mailgun-private-api-token, mailgun-signing-key",
    ),
    SecretRule(
        "mailchimp_key", "API_KEY",
        _token(r"[a-f0-9]{32}-us\d{1,2}"),
        ("-us",),
        _GL + "mailchimp-api-key; https://mailchimp.com/developer/marketing/guides/quick-start/",
    ),
    SecretRule(
        "discord_bot_token", "ACCESS_TOKEN",
        _token(r"[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}"),
        (".",),  # no vendor prefix; the validator decodes the id segment instead
        "https://discord.com/developers/docs/reference#authentication; detect-secrets DiscordBotTokenDetector",
        validator=discord_token_ok,
    ),
    SecretRule(
        "telegram_bot_token", "ACCESS_TOKEN",
        re.compile(r"(?<![0-9])(?P<secret>\d{5,16}:AA[A-Za-z0-9_-]{33})" + _RB),
        (":aa",),
        _GL + "telegram-bot-api-token; https://core.telegram.org/bots/api#authorizing-your-bot",
    ),
    SecretRule(
        "postman_key", "API_KEY",
        _token(r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}"),
        ("pmak-",),
        _GL + "postman-api-token",
    ),
    SecretRule(
        "linear_key", "API_KEY",
        _token(r"lin_api_[A-Za-z0-9]{40}"),
        ("lin_api_",),
        _GL + "linear-api-key; https://linear.app/developers/graphql#personal-api-keys",
    ),
    SecretRule(
        "notion_token", "API_KEY",
        # ntn_ (current) and legacy secret_ internal-integration tokens. `secret_` + 43 word chars
        # could be an identifier, so the legacy form also needs letters and digits.
        _token(r"(?:ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})"),
        ("ntn_", "secret_"),
        _GL + "notion-api-token; https://developers.notion.com/docs/authorization",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "atlassian_token", "API_KEY",
        _token(r"ATATT3[A-Za-z0-9_=-]{186}"),
        ("atatt3",),
        _GL + "atlassian-api-token; https://id.atlassian.com/manage-profile/security/api-tokens",
    ),
    SecretRule(
        "atlassian_legacy_token", "API_KEY",
        # Pre-2023 Atlassian tokens are 24 alphanumerics with no prefix: trust them only as the
        # value assigned to a jira/confluence/atlassian-named key.
        re.compile(
            r"(?i:atlassian|confluence|jira)[A-Za-z0-9_.-]{0,30}?" + _ASSIGN
            + r"""(?:\\?["'])?(?P<secret>[A-Za-z0-9]{24})""" + _RB
        ),
        ("jira", "confluence", "atlassian"),
        _GL + "atlassian-api-token (keyword form)",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "salesforce_session_id", "ACCESS_TOKEN",
        # A Salesforce session id / OAuth access token is the org id (15 or 18 characters, always
        # starting "00D") + "!" + a random token. The same type as bearer_token, which reports the
        # same span in an `Authorization: Bearer` header; this rule also finds it in `sf org
        # display` output, SOAP `<sessionId>` elements and `sid` values.
        _token(r"00D[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?![A-Za-z0-9._]{20,512}"),
        ("00d",),
        "Salesforce REST API Developer Guide: the OAuth access token is the session id, "
        "`00D<org id>!<token>` (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/)",
        validator=salesforce_session_ok,
    ),
    SecretRule(
        "datadog_key", "API_KEY",
        # DD_APP_KEY / DATADOG_APP_KEY / the `DD-APPLICATION-KEY` header: 40 hex; DD_API_KEY /
        # `DD-API-KEY`: 32 hex. Only as the value of such a key: 40 hex alone is a git SHA, 32 hex
        # an md5. (Both names are also in SECRET_KEY_NAMES, so key_assignment and structured data
        # replace any value under them; this rule reports the documented shapes as Datadog's.)
        # The agent's datadog.yaml says `app_key:` alone, in a text that names Datadog (a bare
        # `app_key` is also Pusher's public 20-hex key).
        re.compile(
            r"(?<![A-Za-z0-9])(?i:(?:dd|datadog)[_-]?(?:(?P<app>app(?:lication)?)|api)[_-]?key"
            r"|(?P<yaml_app>app_key)(?=:))" + _ASSIGN
            + r"""(?:\\?["'])?(?P<secret>[0-9a-f]{40}|[0-9a-f]{32})""" + _RB
        ),
        ("dd_", "dd-", "ddapp", "ddapi", "datadog"),
        "https://docs.datadoghq.com/account_management/api-app-keys/; " + _GL + "datadog-access-token",
        validator=datadog_key_ok,
    ),
    SecretRule(
        "sentry_dsn", "API_KEY",
        # `https://<public key>@o123.ingest.sentry.io/<project id>`: the 32-hex public key is the
        # URL's user, with no password, so url_password (which spans passwords) never sees it. The
        # key alone is replaced; host and project id stay. A legacy DSN's `:<secret key>` is left
        # to url_password. The path must end with the numeric project id, and "sentry" must be in
        # the text (a sentry.io host, a SENTRY_DSN name, `sentry_sdk.init(dsn=...)`), which also
        # covers self-hosted Sentry.
        re.compile(
            r"(?i:https?):" + _SLASH + _SLASH + r"(?P<secret>[0-9a-f]{32})(?::[0-9a-f]{32})?@"
            r"[A-Za-z0-9.-]{1,253}(?::\d{1,5})?(?:" + _SLASH + r"[A-Za-z0-9._-]{1,64}){0,4}?" + _SLASH
            + r"\d{1,20}(?![A-Za-z0-9_/-]|\\/|\.[A-Za-z0-9])"
        ),
        ("sentry",),
        "https://docs.sentry.io/concepts/key-terms/dsn-explainer/",
        validator=_hex_32_ok,
    ),
    SecretRule(
        "sentry_auth_token", "ACCESS_TOKEN",
        # A user auth token (`sntryu_` + 64 hex) and an organization auth token (`sntrys_`, base64 of a
        # JSON claim set `{"iat": ..., "url": ..., "org": ...}`, `_`, 43 characters of secret), as
        # `SENTRY_AUTH_TOKEN` and sentry-cli's `.sentryclirc` hold them.
        _token(r"sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/]{20,400}={0,2}_[A-Za-z0-9+/_-]{43}"),
        ("sntryu_", "sntrys_"),
        _GL + "sentry-user-token, sentry-org-token; https://docs.sentry.io/account/auth-tokens/",
    ),
    SecretRule(
        "pagerduty_routing_key", "API_KEY",
        # Events API v2 `routing_key` (the integration key of a service), `integration_key`,
        # `PAGERDUTY_..._KEY`: 32 hex. RabbitMQ/AMQP also say `routing_key`, for routing names
        # (`orders.created`, `#`), so only a 32-hex value counts.
        re.compile(
            r"(?<![A-Za-z0-9])(?i:routing|integration|pagerduty[A-Za-z0-9_.-]{0,30}?)[_.-]?(?i:key)" + _ASSIGN
            + r"""(?:\\?["'])?(?P<secret>[0-9A-Fa-f]{32})""" + _RB
        ),
        ("routing", "integration", "pagerduty"),
        "https://github.com/PagerDuty/developer-docs (docs/events-API-v2: `routing_key`, a service's "
        "32-character integration key)",
        validator=_hex_32_ok,
    ),
    SecretRule(
        "okta_token", "ACCESS_TOKEN",
        # Okta API tokens ("00" + 40) after their `SSWS` scheme word, also outside an Authorization
        # header (a curl line quoted in prose, a log). The same type as authorization_header.
        re.compile(r"(?<![A-Za-z0-9_-])(?i:ssws)[ \t]{1,3}(?P<secret>00[A-Za-z0-9_-]{40})" + _RB),
        ("ssws",),
        "https://developer.okta.com/docs/guides/create-an-api-token/main/; " + _GL + "okta-access-token",
    ),
    SecretRule(
        "resend_key", "API_KEY",
        # re_<8>_<24>: `re_` alone is a common identifier prefix (`re_run`), hence the exact shape
        # and a random body.
        _token(r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}"),
        ("re_",),
        "https://resend.com/docs (re_<8>_<24> API keys)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "figma_token", "ACCESS_TOKEN",
        # figd_ personal access tokens; figp_/figu_/figo_/figur_/figoh_ OAuth and plugin tokens.
        _token(r"fig(?:d|p|u|o|ur|oh)_[A-Za-z0-9_-]{40,54}"),
        ("figd_", "figp_", "figu_", "figo_", "figur_", "figoh_"),
        "https://www.figma.com/developers/api#access-tokens; trufflehog:figmapersonalaccesstoken",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "airtable_token", "ACCESS_TOKEN",
        _token(r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}"),
        ("pat",),
        _GL + "airtable-personnal-access-token; https://airtable.com/developers/web/guides/personal-access-tokens",
    ),
    SecretRule(
        "hubspot_token", "ACCESS_TOKEN",
        # Private-app / service-key access tokens: pat-<region>-<uuid>.
        _token(r"pat-(?:na|eu|ap)[0-9]-[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}"),
        ("pat-na", "pat-eu", "pat-ap"),
        "https://developers.hubspot.com/docs/api/private-apps; trufflehog:hubspot_apikey (pat-<region>-<uuid>)",
    ),
    SecretRule(
        "shippo_token", "API_KEY",
        _token(r"shippo_(?:live|test)_[a-f0-9]{40}"),
        ("shippo_",),
        _GL + "shippo-api-token",
    ),
    SecretRule(
        "easypost_key", "API_KEY",
        _token(r"EZ[AT]K[A-Za-z0-9]{54}"),
        ("ezak", "eztk"),
        _GL + "easypost-api-token, easypost-test-api-token",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "braintree_token", "ACCESS_TOKEN",
        # Braintree / PayPal access tokens: access_token$<environment>$<merchant id>$<32 hex>.
        _token(r"access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}"),
        ("access_token$",),
        "https://developer.paypal.com/braintree/docs/ (access_token$<environment>$<merchant id>$<hex>)",
    ),
    SecretRule(
        "mapbox_secret_token", "ACCESS_TOKEN",
        # Secret (sk.) and temporary (tk.) tokens; public pk. tokens ship in web pages.
        _token(r"(?:sk|tk)\.eyJ[A-Za-z0-9_-]{20,400}\.[A-Za-z0-9_-]{20,64}"),
        ("sk.eyj", "tk.eyj"),
        "https://docs.mapbox.com/help/getting-started/access-tokens/#token-types",
    ),
    SecretRule(
        "facebook_token", "ACCESS_TOKEN",
        # Meta Graph API user / page / system-user tokens: "EAA" + an app marker + 90+ base62. EAAA
        # is Square's (square_token).
        _token(r"EAA[B-Za-z0-9][A-Za-z0-9]{90,500}"),
        ("eaa",),
        _GL + "facebook-page-access-token; https://developers.facebook.com/docs/facebook-login/guides/access-tokens/",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "twitter_bearer_token", "ACCESS_TOKEN",
        # X (Twitter) app-only bearer tokens: 22 "A" then URL-encoded base64 (see _percent_encoded_ok).
        _token(r"(?<![+/%])A{22}[A-Za-z0-9%]{80,160}(?![A-Za-z0-9%+/=])"),
        ("a" * 22,),
        _GL + "twitter-bearer-token; https://developer.x.com/en/docs/authentication/oauth-2-0/bearer-tokens",
        validator=_percent_encoded_ok,
    ),
    SecretRule(
        "onepassword_token", "CREDENTIAL",
        # Service-account tokens (ops_ + base64 JSON) and account Secret Keys (A3-XXXXXX-...).
        _token(
            r"(?:ops_eyJ[A-Za-z0-9+/]{250,8192}={0,3}(?![A-Za-z0-9+/=])"
            r"|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})"
        ),
        ("ops_eyj", "a3-"),
        _GL + "1password-service-account-token, 1password-secret-key; "
        "https://developer.1password.com/docs/service-accounts/",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "prefect_key", "API_KEY",
        _token(r"pnu_[A-Za-z0-9]{36}"),
        ("pnu_",),
        _GL + "prefect-api-token",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "infracost_key", "API_KEY",
        # `ico-` is also an icon class prefix (`ico-arrow-left`): only a random base62 body.
        _token(r"ico-[A-Za-z0-9]{32}"),
        ("ico-",),
        _GL + "infracost-api-token",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "lob_key", "API_KEY",
        # Secret keys: live_/test_ + 35 hex (the publishable keys have `_pub_` and are not matched).
        _token(r"(?:live|test)_[a-f0-9]{35}"),
        ("live_", "test_"),
        _GL + "lob-api-key",
        validator=_has_letter_and_digit,
    ),
    SecretRule(
        "contentful_token", "ACCESS_TOKEN",
        _token(r"CFPAT-[A-Za-z0-9_-]{43}"),
        ("cfpat-",),
        "https://www.contentful.com/developers/docs/references/authentication/; "
        "trufflehog:contentfulpersonalaccesstoken",
    ),
    SecretRule(
        "frameio_token", "ACCESS_TOKEN",
        _token(r"fio-u-[A-Za-z0-9_=-]{64}"),
        ("fio-u-",),
        _GL + "frameio-api-token",
    ),
    SecretRule(
        "typeform_token", "ACCESS_TOKEN",
        _token(r"tfp_[A-Za-z0-9_]{40,64}"),
        ("tfp_",),
        _GL + "typeform-api-token",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "adafruit_io_key", "API_KEY",
        _token(r"aio_[A-Za-z0-9]{28}"),
        ("aio_",),
        "https://io.adafruit.com/api/docs/; trufflehog:adafruitio (aio_ keys)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "intercom_token", "ACCESS_TOKEN",
        # Access tokens are base64 of "tok:<id>:1:0", so they start "dG9rO" and then j, k or m (the
        # id's first character is a digit, an upper- or a lower-case hex letter).
        _token(r"(?<![+/])dG9rO[jkm][A-Za-z0-9+/]{40,200}={0,2}(?![A-Za-z0-9+/=])"),
        ("dg9ro",),
        "https://developers.intercom.com/ (access tokens: base64 of `tok:<id>:1:0`)",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "posthog_key", "API_KEY",
        # Personal API keys (phx_); phc_ project keys are public.
        _token(r"phx_[A-Za-z0-9_]{43,48}"),
        ("phx_",),
        "https://posthog.com/docs/api; trufflehog:posthog (phx_ personal API keys)",
        validator=_random_mixed_ok,
    ),
    SecretRule(
        "ngrok_authtoken", "ACCESS_TOKEN",
        # `2<26>_<21>` (a KSUID, "_", a secret) looks like other ids, so only where the text names
        # ngrok or an authtoken (`ngrok config add-authtoken ...`), as for Twilio.
        _token(r"2[A-Za-z0-9]{26}_[A-Za-z0-9]{21,22}"),
        ("ngrok", "authtoken"),
        "https://ngrok.com/docs/agent/cli/; trufflehog:ngrok (2<26>_<21>)",
        validator=_random_b64_ok,
    ),
    SecretRule(
        "wandb_api_key", "API_KEY",
        # Weights & Biases keys are 40 hex (a git SHA's shape), so only as the argument of
        # `wandb login` or `wandb.login(key=...)`; WANDB_API_KEY= is key_assignment's.
        re.compile(
            r"(?<![\w.-])wandb(?:[ \t]{1,3}login"
            r"(?:[ \t]{1,3}--?[A-Za-z][A-Za-z0-9-]{0,20}(?:=[^\s]{1,200})?){0,4}[ \t]{1,3}"
            r"|\.login\([^)\r\n]{0,100}?(?<![A-Za-z0-9_])key[ \t]{0,3}=[ \t]{0,3}\\?[\"'])"
            r"(?P<secret>(?:local-)?[0-9a-f]{40})" + _RB
        ),
        ("wandb",),
        "https://docs.wandb.ai/ref/cli/wandb-login/; trufflehog:weightsandbiases (40 hex)",
        validator=_has_letter_and_digit,
    ),
    # ---- Structural secrets ---------------------------------------------------------------
    SecretRule(
        "jwt", "JWT",
        _token(r"eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{2,16384}\.[A-Za-z0-9_-]{0,2048}"),
        ("eyj",),
        "https://datatracker.ietf.org/doc/html/rfc7519#section-3; " + _GL + "jwt",
        validator=jwt_header_ok,
    ),
    SecretRule(
        "pem_private_key", "PRIVATE_KEY",
        # The whole block is the span. Body characters cover base64, PEM headers such as
        # "Proc-Type: 4,ENCRYPTED" / "DEK-Info: AES-128-CBC,..." / PGP "Version:", and JSON-escaped
        # newlines; a dash may not start "-----", so the body stops at the END line (no
        # backtracking). A key truncated before its END line still yields header + key lines.
        re.compile(
            r"(?P<secret>-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:"
            # complete block
            r"(?:[A-Za-z0-9+/= \t\r\n\\:,._]|-(?!----)){16,16384}"
            r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
            # truncated (no END line): whole base64 or "Name: value" header lines only, so the
            # span does not run on into the log text that follows
            r"|(?:(?:\r?\n|\\n)(?:[A-Za-z0-9+/=]{16,100}|[A-Za-z-]{2,30}: [^\r\n\\]{1,100}|)){1,400}"
            r"))"
        ),
        ("private key",),
        "https://datatracker.ietf.org/doc/html/rfc7468; " + _GL + "private-key",
        validator=_pem_ok,
    ),
    SecretRule(
        "base64_pem_private_key", "PRIVATE_KEY",
        # A PEM block base64-encoded once more, as kubeconfig (`client-key-data`) and Kubernetes
        # Secrets (`data: tls.key`) store keys: "LS0tLS1CRUdJTi" is "-----BEGIN" in base64. The
        # value is one base64 run (kubectl writes it on one line). After `client-key-data` any
        # such value is reported (even cut short); elsewhere the validator decodes the start and
        # wants a PRIVATE KEY header. `kubectl config view` without --raw prints `DATA+OMITTED` /
        # `REDACTED`, which do not start like base64 PEM.
        re.compile(
            r"(?:(?P<kw>(?i:client[-_]?key[-_]?data))" + _ASSIGN + r"""(?:\\?["'])?)?"""
            r"(?:(?<![A-Za-z0-9+/_-])|(?<=\\[nrt]))(?P<secret>LS0tLS1CRUdJTi[A-Za-z0-9+/]{0,16384}={0,2})"
        ),
        ("ls0tls1crudjti",),
        "https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/; "
        "https://kubernetes.io/docs/concepts/configuration/secret/#tls-secrets; "
        "https://datatracker.ietf.org/doc/html/rfc7468",
        validator=_b64_pem_key_ok,
    ),
    SecretRule(
        "age_secret_key", "PRIVATE_KEY",
        # age (https://age-encryption.org) X25519 identities: Bech32, upper case, 58 characters.
        _token(r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
        ("age-secret-key-1",),
        _GL + "age-secret-key; https://age-encryption.org/v1 (X25519 identities)",
    ),
    SecretRule(
        "putty_private_key", "PRIVATE_KEY",
        # A PuTTY .ppk file (v2/v3), pasted or `cat`: the span runs from the header over the public
        # lines to the last Private-Lines line and its MAC. Line ends may be JSON-escaped. Each line
        # is one bounded run that cannot cross a line end, and a base64 line must end at one, so
        # "Private-MAC" is never read as base64. The search from one header stops at the next
        # header, so a text of many headers is scanned once, not once per header.
        re.compile(
            r"(?P<secret>PuTTY-User-Key-File-[23]:[ \t]" + _HEADER_CHAR + r"{1,200}"
            r"(?:" + _NL + r"(?!PuTTY-User-Key-File-)(?:[A-Za-z0-9-]{1,40}:" + _HEADER_CHAR + r"{0,200}"
            r"|[A-Za-z0-9+/=]{1,100})){0,80}?"
            + _NL + r"Private-Lines:[ \t]{0,3}[0-9]{1,3}"
            r"(?:" + _NL + r"[A-Za-z0-9+/=]{1,100}(?![A-Za-z0-9:-])){1,400}"
            r"(?:" + _NL + r"Private-MAC:[ \t]{0,3}[0-9a-f]{40,64})?)"
        ),
        ("putty-user-key-file-",),
        "PuTTY User Manual, appendix \"PPK file format\" (https://www.chiark.greenend.org.uk/~sgtatham/putty/)",
    ),
    SecretRule(
        "url_password", "PASSWORD",
        # scheme://user:PASSWORD@host: only the password. It may contain '@' (taken up to the last
        # one before the host) and ':'; never '<' or '>', so a redaction token is never a password.
        # '#' is not legal there unencoded but people write it (libpq and most drivers split on the
        # last '@' anyway), so it is part of the password. Slashes may be JSON-escaped (`\/`).
        # Second form: Go's MySQL driver DSN `user:PASSWORD@tcp(host:port)/db`, no scheme; the
        # password runs to the last '@' before the protocol, as the driver parses it.
        re.compile(
            r"(?i)\b[a-z][a-z0-9+.-]{1,30}:" + _SLASH + _SLASH + r"[^\s:/?#@\"'<>]{0,128}:"
            r"(?P<secret>[^\s/?\"'<>]{1,256})@(?=[^\s@/?#\"'<>]*(?:[/?#\s\"'<>]|$))"
            r"|(?:(?<![^\s=\"'`(,;>])|(?<=\\[nrt]))[^\s:/?#@\"'<>()]{0,128}:"
            r"(?P<dsn>[^\s\"'<>]{1,256})@(?:tcp6?|unix)\("
        ),
        ("://", ":\\/\\/", "@tcp(", "@tcp6(", "@unix("),
        "https://datatracker.ietf.org/doc/html/rfc3986#section-3.2.1; detect-secrets BasicAuthDetector; "
        "https://github.com/go-sql-driver/mysql#dsn-data-source-name",
        groups=("secret", "dsn"),
        validator=url_password_ok,
        score=0.95,
        priority=GENERIC,
    ),
    SecretRule(
        "sip_uri_password", "PASSWORD",
        # A SIP URI's password (`sip:trunk-user:Qv7mT2pxL9wz@pbx.example.com;transport=tls`, RFC 3261 19.1.1): the
        # userinfo of a URI with no `//`, which url_password's form needs (red team 51).
        re.compile(r"(?i)\bsips?:[A-Za-z0-9._~!$&'()*+,;=%-]{1,64}:(?P<secret>[^\s@:;/?\"'<>\\]{3,128})@"
                   r"(?=[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\[?[0-9a-fA-F:.]+)"),
        ("sip:", "sips:"),
        "https://datatracker.ietf.org/doc/html/rfc3261#section-19.1.1 (SIP URI userinfo)",
        validator=url_password_ok,
        score=0.95,
        priority=GENERIC,
    ),
    SecretRule(
        "pgpass_password", "PASSWORD",
        # A libpq password file line (`~/.pgpass`, PGPASSFILE), `host:port:database:user:password`:
        # `cat ~/.pgpass` output, a heredoc, `echo '...' >> ~/.pgpass`. Exactly five non-empty fields
        # on their own line (or in their own quotes, JSON-escaped line ends and quotes accepted), the
        # second a port number or `*`. That shape is rare: a time has 3 fields, an IPv6 address 8 or
        # an empty one (`::`), a ratio no port; the validator checks the host and, unless the text
        # names the file, that the password looks like one (see _pgpass_ok). A `:` in a field is
        # escaped (`\:`), so an unescaped one makes a sixth field and no match.
        re.compile(
            r"""(?m)(?:^|(?<=\\[nr])|(?<=["']))[ \t]{0,32}(?P<host>\*|[A-Za-z0-9_.-]{1,253})"""
            r":(?:[1-9][0-9]{0,4}|\*):" + _PGPASS_FIELD + r"{1,63}:" + _PGPASS_FIELD + r"{1,63}:"
            r"(?P<secret>" + _PGPASS_FIELD + r"""{1,256})(?=[ \t]{0,32}(?:\r?$|\\[rn]|\\?["']))"""
        ),
        (*(f":{digit}" for digit in "123456789"), ":*:"),
        "https://www.postgresql.org/docs/current/libpq-pgpass.html",
        validator=_pgpass_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "ipsec_secret", "PASSWORD",
        # An IPsec secrets file's line (strongSwan's and Libreswan's `ipsec.secrets`): `[ids] : PSK "..."`,
        # `carol : EAP "..."`, `: XAUTH "..."`, a pre-shared key in hex or base64 (`: PSK 0sAbC...`). The
        # colon and the capitalised type are the file's syntax; quotes may be JSON-escaped.
        re.compile(
            r"""(?<![\w:])[ \t]{0,8}:[ \t]{1,8}(?:PSK|EAP|XAUTH|NTLM)[ \t]{1,8}"""
            r"""(?:\\?"(?P<secret>[^"\\\r\n]{1,256})\\?"|(?P<encoded>0[sx][A-Za-z0-9+/=]{8,512})(?![\w+/=]))"""
        ),
        ("psk", "eap", "xauth", "ntlm"),
        "https://docs.strongswan.org/docs/latest/config/ipsecSecrets.html; "
        "https://libreswan.org/man/ipsec.secrets.5.html",
        groups=("secret", "encoded"),
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "crypt_password_hash", "PASSWORD",
        # A password's hash in the crypt(3) formats (`/etc/shadow`, htpasswd, a device config, a user table):
        # MD5 `$1$`/`$apr1$`, SHA-crypt `$5$`/`$6$`, bcrypt `$2b$`, yescrypt `$y$`, scrypt `$7$`, Cisco type 8/9
        # (`$8$`/`$9$` with a 14-character salt), Argon2, passlib's and Django's PBKDF2; and Junos's reversible
        # `$9$` (no inner `$`). Each has its fixed salt and digest lengths, so a price or LaTeX's `$9$` is none.
        # Offline cracking turns these back into passwords, and MD5-crypt or `$9$` take seconds.
        _CRYPT_HASH,
        ("$1$", "$apr1$", "$5$", "$6$", "$2a$", "$2b$", "$2x$", "$2y$", "$7$", "$8$", "$9$", "$y$", "$argon2",
         "pbkdf2"),
        "https://man.archlinux.org/man/crypt.5 (crypt(3) hash formats); "
        "https://www.cisco.com/c/en/us/support/docs/security-vpn/remote-authentication-dial-user-service-radius/"
        "107614-64.html (Cisco password types); https://docs.djangoproject.com/en/stable/topics/auth/passwords/",
        validator=_crypt_hash_ok,
        score=0.95,
        priority=VENDOR,
    ),
    SecretRule(
        "network_config_secret", "PASSWORD",
        # The secret a device command names (see _NET_COMMANDS), after its encryption type: `enable secret 9
        # $9$...`, `username ops privilege 15 password 7 0822455D0A16`, `snmp-server community Bw7!corpRO RO`,
        # `crypto isakmp key Vp9n-Dallas-2024 address 203.0.113.9`, `ntp authentication-key 1 md5 <key> 7`.
        re.compile(
            r"(?<![\w-])(?:(?:" + "|".join(_NET_COMMANDS) + r")" + _NET_TYPE + r"[ \t]{1,3}"
            r"|(?:" + "|".join(_NET_GLUED) + r"))" + _NET_VALUE + r"(?![^\s\"'`\\;{}])"
        ),
        # (what every match holds, not each command's first word: `set `, `enable` and `username` are in most prose)
        ("secret", "password", "passwd", "snmp", "-server", "server-private", "isakmp", "pre-shared-key", "wpa-psk",
         "authentication-", "message-digest-key", "key-string", "priv des", "priv 3des", "priv aes",
         "trap-community"),
        "https://www.cisco.com/c/en/us/td/docs/ios-xml/ios/security/a1/sec-a1-cr-book.html; "
        "https://www.juniper.net/documentation/us/en/software/junos/cli-reference/topics/ref/statement/"
        "secret-edit-system.html; https://help.mikrotik.com/docs/display/ROS/SNMP",
        groups=("dq", "bare"),
        validator=_network_secret_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "network_config_line_secret", "PASSWORD",
        # A config line that is a secret by its whole shape: `password 7 <hex>` under `line vty`, an indented
        # ` key 7 <hex>` or ` key <plain>` in a RADIUS/TACACS+ server block, Junos's `community <name> {` and
        # `secret "<value>";`. Whole lines only: `key takeaways` in prose has no indent and no credential.
        re.compile(
            _LINE_START + r"(?:password|[ \t]key|(?:" + _NET_HOST + r"[ \t]{1,3})?(?:secret|authentication-key)"
            r"|community(?=[ \t]{1,3}\S{1,128}[ \t]{1,3}(?:\{|;)|[ \t]{1,3}\S{1,128};))"
            + _NET_TYPE + r"[ \t]{1,3}" + _NET_VALUE + r"(?:[ \t]{1,3}\{|;)?" + _LINE_END
        ),
        ("password", "key", "secret", "community"),
        "https://www.cisco.com/c/en/us/td/docs/ios-xml/ios/security/a1/sec-a1-cr-book.html; "
        "https://www.juniper.net/documentation/us/en/software/junos/network-mgmt/topics/ref/statement/"
        "community-edit-snmp.html",
        groups=("dq", "bare"),
        validator=_network_secret_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "password_assignment", "PASSWORD",
        # Password=...; (ADO/ODBC), password=... (JDBC, query strings), PGPASSWORD=, "password": "..."
        # and `pass` (SMTP_PASS=, DB_PASS=, nodemailer's `pass:`). The keyword must be followed by
        # the operator, so `passport=`, `pass_rate=` and `passed=` never match, and the validator
        # asks is_secret_key about the whole key, so `bypass=` / `compass:` (no `_` before "pass")
        # do not either.
        _assignment(_PASSWORD_WORDS_RE),
        ("pass", "pwd", "psk"),
        "https://learn.microsoft.com/dotnet/framework/data/adonet/connection-string-syntax; "
        "https://www.postgresql.org/docs/current/libpq-envars.html",
        groups=_ASSIGNMENT_GROUPS,
        validator=_assignment_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "token_assignment", "ACCESS_TOKEN",
        _assignment(_TOKEN_WORDS_RE + "|bearer"),
        ("token", "jwt", "bearer"),
        "redactor.detection.secret_rules.SECRET_KEY_NAMES (values of secret-named keys)",
        groups=_ASSIGNMENT_GROUPS,
        validator=_assignment_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "key_assignment", "API_KEY",
        # `key_base` too: Rails' `SECRET_KEY_BASE=` (`secret_key_base:`, `secretKeyBase`) ends with
        # "base", so no rule anchored on "key" reached its operator and any value, hex or not, stayed.
        _assignment(_KEY_WORDS_RE),
        ("key",),
        "redactor.detection.secret_rules.SECRET_KEY_NAMES (values of secret-named keys)",
        groups=_ASSIGNMENT_GROUPS,
        validator=_assignment_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "secret_assignment", "CREDENTIAL",
        _assignment(_SECRET_WORDS_RE),
        ("secret", "credential"),
        "redactor.detection.secret_rules.SECRET_KEY_NAMES (values of secret-named keys)",
        groups=_ASSIGNMENT_GROUPS,
        validator=_assignment_ok,
        score=0.9,
        priority=GENERIC,
    ),
    # A PIN in a query string or a config line under a name the `pin` cue does not see as a word
    # (`account_pin=904417`, `SIM_PIN=4417`): the type a `pin` key's value gets (CREDENTIAL), and digits
    # only, four to twelve of them (a board's `pin=13` has one or two). Red team 49.
    SecretRule(
        "pin_assignment", "CREDENTIAL",
        _assignment(r"pin[_-]?code|pin"),
        ("pin",),
        "https://www.iso.org/standard/68669.html (ISO 9564-1: a PIN is 4 to 12 digits)",
        groups=_ASSIGNMENT_GROUPS,
        validator=lambda m, value: _PIN_DIGITS.fullmatch(value) is not None and _assignment_ok(m, value),
        score=0.9,
        priority=GENERIC,
    ),
    # Secret-named XML elements and form-data parts (see _named_field), one rule per entity type as
    # for assignments. Keywords: the closing tag's end (`password>`, lowered) or "form-data".
    _named_field_rule("password_field", "PASSWORD", _PASSWORD_WORDS_RE,
                      ("password>", "passwd>", "pwd>", "passphrase>", "pass>"),
                      "https://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0.pdf; "
                      "https://datatracker.ietf.org/doc/html/rfc7578#section-4.2"),
    _named_field_rule("token_field", "ACCESS_TOKEN", _TOKEN_WORDS_RE, ("token>", "jwt>")),
    _named_field_rule("key_field", "API_KEY", _KEY_WORDS_RE, ("key>", "base>")),
    _named_field_rule("secret_field", "CREDENTIAL", _SECRET_WORDS_RE, ("secret>", "credential>", "credentials>")),
    # (a PIN's element or entry: IRS e-file's `<IdentityProtectionPIN>`, `<PIN>`, an app's `app_lock_pin`; digits
    # only, as for `pin_assignment`; red team 54)
    _named_field_rule("pin_field", "CREDENTIAL", r"pin|passcode", ("pin>", "passcode>"),
                      validator=lambda m, value: _PIN_DIGITS.fullmatch(value) is not None
                      and _named_field_ok(m, value)),
    # A Terraform plan's change to a secret-named attribute or variable (`~ "DB_PASSWORD" = "old" -> "new"`): the
    # assignment rules see the old value after `=`; the new one after `->` is the secret now in force (red team 50).
    SecretRule(
        "terraform_plan_secret_change", "PASSWORD",
        re.compile(r"(?i)(?P<kw>" + _PASSWORD_WORDS_RE + "|" + _SECRET_WORDS_RE + "|" + _TOKEN_WORDS_RE + "|"
                   + _KEY_WORDS_RE + r")" + _KEY_QUALIFIER_TAIL
                   + r"""\\?"?[ \t]{0,32}=[ \t]{0,32}\\?"[^"\\\n]{0,256}\\?"[ \t]{1,4}->[ \t]{1,4}"""
                   + r"""\\?"(?P<dq>[^"\\\n]{1,256})\\?\""""),
        ("->",),
        "https://developer.hashicorp.com/terraform/cli/commands/plan (the `~ old -> new` diff)",
        groups=("dq",),
        validator=lambda m, value: is_secret_key(_key_before(m)[1]) and _not_placeholder(value),
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "authorization_header", "ACCESS_TOKEN",
        # Authorization / Proxy-Authorization: the credential after the scheme word. Rails'
        # `authenticate_with_http_token` writes it as an auth-param, `Token token="<credential>",
        # nonce=...` (RFC 9110 auth-param syntax): the value after `token=` (quoted or not) is the
        # credential, never the parameter name. Vendor schemes besides Bearer: `OAuth` (Salesforce,
        # OAuth 1.0), `SSWS` (Okta API tokens), `Api-Key` (djangorestframework-api-key), `DPoP`
        # (RFC 9449), `Splunk` (HEC tokens), `GenieKey` (Opsgenie). Without a known scheme word the
        # first word is the credential (`Authorization: <token>`), so an unknown scheme is left
        # alone rather than reported as the secret while the credential after it stays.
        re.compile(
            r"(?i)\b(?:proxy-)?authorization(?:\\?[\"'])?[ \t]{0,3}[:=][ \t]{0,3}(?:\\?[\"'])?"
            r"(?:(?P<scheme>bearer|basic|token|bot|apikey|api[-_]key|oauth|ssws|dpop|splunk|geniekey)[ \t]{1,3})?"
            r"(?:(?:access_)?token=(?:\\?\")?)?"
            r"(?P<secret>" + _CREDENTIAL_CHARS + r"{1,4096}=*)"
        ),
        ("authorization",),
        "https://datatracker.ietf.org/doc/html/rfc9110#section-11.6.2; "
        "https://developer.okta.com/docs/guides/create-an-api-token/main/ (SSWS); "
        "https://datatracker.ietf.org/doc/html/rfc9449#section-7.1 (DPoP)",
        validator=_auth_header_ok,
        # Lower than bearer_token / basic_credentials, which type the same span more precisely.
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "bearer_token", "ACCESS_TOKEN",
        re.compile(r"(?i)\bbearer[ \t]{1,3}(?P<secret>" + _CREDENTIAL_CHARS + r"{1,4096}=*)"),
        ("bearer",),
        "https://datatracker.ietf.org/doc/html/rfc6750#section-2.1",
        validator=_bearer_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "basic_credentials", "CREDENTIAL",
        re.compile(r"(?i)\bbasic[ \t]{1,3}(?P<secret>[A-Za-z0-9+/]{4,4096}={0,2})(?![A-Za-z0-9+/=])"),
        ("basic",),
        "https://datatracker.ietf.org/doc/html/rfc7617#section-2",
        validator=_basic_ok,
        score=0.95,
        priority=GENERIC,
    ),
    SecretRule(
        "api_key_as_basic_user", "API_KEY",
        # APIs that take the key as HTTP Basic's user with an empty or dummy password (BambooHR and
        # Freshdesk `<key>:x`, Harvest, Stripe's `-u sk_...:`): in a URL's userinfo or curl's `-u`. The
        # user must look like a key (20+ characters, letters and digits), not a login name.
        re.compile(
            r"(?i)\b[a-z][a-z0-9+.-]{1,30}:" + _SLASH + _SLASH + r"(?P<secret>[A-Za-z0-9_.-]{20,128}):x?@"
            r"|(?<![A-Za-z0-9-])(?:-u|--user)(?:=|[ \t]{1,3})[\"']?(?P<cli>[A-Za-z0-9_.-]{20,128}):x?(?=[\"'\s]|$)"
        ),
        ("://", ":\\/\\/", "-u", "--user"),
        "https://documentation.bamboohr.com/docs/getting-started (API key as the username, any password); "
        "https://developers.freshdesk.com/api/#authentication",
        groups=("secret", "cli"),
        validator=_has_letter_and_digit,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "cli_user_password", "PASSWORD",
        # curl/wget/httpie `-u user:password` / `--user user:password`: the password only.
        re.compile(
            r"(?<![A-Za-z0-9-])(?:-u|--user|--proxy-user)(?:=|[ \t]{1,3})[\"']?[^\s:\"'<>]{1,128}:"
            r"(?P<secret>[^\s\"'<>]{1,256})"
        ),
        ("-u", "--user", "--proxy-user"),
        _GL + "curl-auth-user; https://curl.se/docs/manpage.html#-u",
        validator=_cli_user_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "mysql_cli_password", "PASSWORD",
        # mysql/mysqldump/mysqladmin take the password glued to -p (`-pS3cret`, quoted: `-p'L3gacy#Rpt'`).
        re.compile(r"\bmysql(?:dump|admin|import|check|sh)?\b[^\r\n]{0,200}?[ \t]-p[\"']?"
                   r"(?P<secret>[^\s\"'<>]{1,128})"),
        ("mysql",),
        "https://dev.mysql.com/doc/refman/8.0/en/connection-options.html#option_general_password",
        validator=url_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "netrc_password", "PASSWORD",
        # A .netrc entry (`machine api.heroku.com login bob@x.io password <token>`, on one line or
        # several): whatever follows `password` is the credential, a UUID too (Heroku's API keys).
        re.compile(r"\bmachine[ \t]+[\w.-]+(?:\s+(?:login|account|port)[ \t]+\S+){0,3}\s+password[ \t]+"
                   r"(?P<secret>[^\s\"'<>]{4,256})"),
        ("machine",),
        "https://everything.curl.dev/usingcurl/netrc.html",
        validator=url_password_ok,
        score=0.95,
        priority=GENERIC,
    ),
    SecretRule(
        "redis_cli_password", "PASSWORD",
        # redis-cli's `-a PASSWORD` (or `--pass`), quoted or not.
        re.compile(r"\bredis-cli\b[^\r\n]{0,200}?[ \t](?:-a|--pass)[ \t]+[\"']?(?P<secret>[^\s\"'<>]{1,128})"),
        ("redis-cli",),
        "https://redis.io/docs/latest/develop/tools/cli/#host-port-password-and-database",
        validator=url_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "cli_login_password", "PASSWORD",
        # `-p PASSWORD` of registry logins (docker, podman and the CLIs that copy their flags, helm
        # registry login) and of sshpass: `-p pw`, `-p=pw`, `-ppw`, quoted or not. Elsewhere `-p`
        # is a port, a path or a plugin (`ssh -p 2222`, `mkdir -p`, `pytest -p no:cacheprovider`),
        # so the rule is tied to these commands. The search for `-p` stays in the same command:
        # it stops at a line end or a shell separator (`;`, `&&`, `|`), and for sshpass `-p` must
        # come among sshpass's own flags, before the wrapped command's (`sshpass -e ssh -p 22`).
        # A bare value is one shell word: it ends at whitespace, quotes and shell metacharacters.
        re.compile(
            r"(?<![\w.-])(?:"
            r"(?:(?:docker|podman|nerdctl|buildah|skopeo|oras)(?:[ \t]{1,3}-[^\r\n;&|]{0,100}?)?"
            r"|helm[ \t]{1,3}registry)[ \t]{1,3}login(?![\w-])[^\r\n;&|]{0,200}?"
            r"|sshpass(?:[ \t]{1,3}-[evV])*"
            r")[ \t]{1,3}-p"
            r"""(?P<sep>=|[ \t]{1,3})?(?:\\?"(?P<dq>[^"\\\r\n]{1,256})\\?"|\\?'(?P<sq>[^'\\\r\n]{1,256})\\?'"""
            r"""|(?P<bare>[^\s"'\\`<>;&|()]{1,256}))"""
        ),
        ("login", "sshpass"),
        "https://docs.docker.com/reference/cli/docker/login/; https://docs.podman.io/en/latest/markdown/"
        "podman-login.1.html; https://helm.sh/docs/helm/helm_registry_login/; sshpass(1)",
        groups=_VALUE_GROUPS,
        validator=_login_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "stdin_password", "PASSWORD",
        # A literal fed to a command that reads its password from standard input (_SUDO_STDIN,
        # _PASSWORD_STDIN): `echo 'pw' | docker login -u ci --password-stdin`, `printf '%s'
        # 'pw' | ...`, `echo "pw" | sudo -S apt-get install ...`, and the here-string form
        # `sudo -S cmd <<< 'pw'`. The echoed word is the whole secret; a variable (`printf '%s'
        # "$X"`, `echo $CR_PAT`) is not one. `||` is no pipe. In the here-string form the gap may
        # not hold a quote, so a `<<<` inside a quoted `bash -c '...'` does not count.
        re.compile(
            r"(?<![\w.-])(?:echo(?:[ \t]{1,3}-[neE]{1,3}){0,2}"
            r"""|printf(?:[ \t]{1,3}(?:\\?"%s(?:\\{1,2}n)?\\?"|'%s(?:\\{1,2}n)?'))?)"""
            r"[ \t]{1,3}" + _shell_word() + r"[ \t]{0,3}\|(?!\|)[ \t]{0,3}"
            r"(?:" + _SUDO_STDIN + r"|" + _SHELL_GAP + _PASSWORD_STDIN + r")"
            r"|(?:" + _SUDO_STDIN + r"|" + _PASSWORD_STDIN + r")"
            r"""[^\r\n;&|<"']{0,200}?[ \t]<<<[ \t]{0,3}""" + _shell_word("2")
        ),
        ("--password-stdin", "sudo"),
        "https://docs.docker.com/reference/cli/docker/login/#password-stdin; sudo(8) -S",
        groups=(*_VALUE_GROUPS, "dq2", "sq2", "bare2"),
        validator=_stdin_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "cookie_header", "ACCESS_TOKEN",
        # Session cookies are bearer credentials. Each cookie's value is its own span (see
        # _CookieValues): `Cookie: connect.sid=<token>; theme=<kept>`, `Set-Cookie: sessionid=<token>;
        # Path=/; HttpOnly`. The same value then gets the same token wherever else the trace holds it
        # (a note quoting the stolen session id), and short settings values stay (_cookie_value_ok).
        _CookieValues(),
        ("cookie", "curl"),
        "https://datatracker.ietf.org/doc/html/rfc6265#section-4; "
        "https://datatracker.ietf.org/doc/html/rfc9110#section-5.3 (folded Set-Cookie)",
        validator=_cookie_value_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "cli_secret_flag", "CREDENTIAL",
        # `--password s3cret`, `--token=...`, `--api-key ...` on a logged command line.
        re.compile(
            # (a numbered flag too: `--password1 X --password2 X`, a tool's old and new password)
            r"(?i)(?<![A-Za-z0-9-])--(?:password|passwd|token|api-key|apikey|secret|client-secret|auth-token)\d?"
            r"""(?P<sep>=|[ \t]{1,3})(?:"(?P<dq>[^"\r\n]{1,512})"|'(?P<sq>[^'\r\n]{1,512})'"""
            r"""|(?P<bare>[^\s"'<>-][^\s"'<>]{0,511}))"""
        ),
        ("--",),
        "redactor: command lines recorded in tool calls",
        groups=_VALUE_GROUPS,
        validator=_cli_flag_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "keytool_password", "PASSWORD",
        # Java's keytool and jarsigner take a keystore's and a key's password after a single-dash option
        # (`keytool -importkeystore ... -deststorepass Jks-Store-8814`; `-storepass:env VAR` names a variable).
        re.compile(
            r"(?i)(?<![A-Za-z0-9-])-(?:src|dest|new)?(?:store|key)pass"
            r"""(?P<sep>[ \t]{1,3})(?:"(?P<dq>[^"\r\n]{1,512})"|'(?P<sq>[^'\r\n]{1,512})'"""
            r"""|(?P<bare>[^\s"'<>-][^\s"'<>]{0,511}))"""
        ),
        ("storepass", "keypass"),
        "https://docs.oracle.com/en/java/javase/21/docs/specs/man/keytool.html",
        groups=_VALUE_GROUPS,
        validator=_cli_flag_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "kubectl_secret_literal", "CREDENTIAL",
        # `kubectl create secret generic ledger-bootstrap --from-literal=ADMIN_BOOTSTRAP=...`: whatever a
        # Secret is made from is secret, whatever its key is called (a ConfigMap's literals are not).
        re.compile(
            r"--from-literal[= ](?P<name>[\w.-]{1,253})="
            r"""(?:"(?P<dq>[^"\r\n]{1,1024})"|'(?P<sq>[^'\r\n]{1,1024})'|(?P<bare>[^\s"'<>\\]{1,1024}))"""
        ),
        ("from-literal",),
        "https://kubernetes.io/docs/tasks/configmap-secret/managing-secret-using-kubectl/",
        groups=_VALUE_GROUPS,
        validator=_secret_literal_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "sql_identified_by", "PASSWORD",
        # `CREATE USER 'reporting'@'10.%' IDENTIFIED BY 'Rpt-Grant-88xQ'` (MySQL, also `IDENTIFIED WITH
        # caching_sha2_password BY '...'`), Oracle's `ALTER USER app IDENTIFIED BY "..."`: the account's password.
        re.compile(
            r"(?i)\bIDENTIFIED[ \t]+(?:WITH[ \t]+\w{1,64}[ \t]+)?BY[ \t]+(?:PASSWORD[ \t]+)?"
            r"""(?:'(?P<sq>[^'\r\n]{1,256})'|"(?P<dq>[^"\r\n]{1,256})")"""
        ),
        ("identified",),
        "https://dev.mysql.com/doc/refman/8.0/en/create-user.html",
        groups=("sq", "dq"),
        validator=url_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "bundler_host_credentials", "CREDENTIAL",
        # Bundler's credentials for a gem server, in an environment variable named after its host
        # (`BUNDLE_GEMS__CONTRIBSYS__COM=user:password`, `BUNDLE_RUBYGEMS__PKG__GITHUB__COM=user:ghp_...`).
        re.compile(r"\bBUNDLE_[A-Z0-9_]*[A-Z0-9]__[A-Z0-9][A-Z0-9_]*[ \t]*[=:][ \t]*[\"']?"
                   r"(?P<secret>[^\s:\"'$<>{}]{1,128}:[^\s\"'<>]{3,256})(?=[\"']?(?:\s|\\[nrt]|\Z))"),
        ("bundle_",),
        "https://bundler.io/v2.5/man/bundle-config.1.html#CREDENTIALS-FOR-GEM-SOURCES",
        validator=lambda _m, value: _not_placeholder(value.partition(":")[2]),
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "npmrc_auth", "CREDENTIAL",
        # An .npmrc's `_auth` (base64 of `user:password`) and `_password` (base64 of the password), bare or
        # scoped to a registry (`//nexus.example/repository/npm/:_auth=...`); `_authToken` is a token's rule.
        re.compile(r"(?:^|(?<=[\s:]))_(?:auth|password)[ \t]*=[ \t]*[\"']?"
                   r"(?P<secret>[A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])", re.MULTILINE),
        ("_auth", "_password"),
        "https://docs.npmjs.com/cli/v10/configuring-npm/npmrc#auth-related-configuration",
        validator=_not_a_placeholder,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "browser_fill_secret", "CREDENTIAL",
        # A browser automation script typing into a secret's field: Playwright's and Puppeteer's
        # `page.fill('#new-password', '...')`, `page.type('#gift-card-pin', '8814')`, a locator's
        # `getByLabel('Security code').fill('416')`, Selenium's `send_keys` after a find (red team 53).
        re.compile(
            r"""\.(?:fill|type|pressSequentially|press_sequentially|setValue|set_value)\(\s*(?P<q1>['"`])"""
            r"""(?P<sel1>(?:(?!(?P=q1))[^\r\n]){1,200})(?P=q1)\s*,\s*(?P<q2>['"`])(?P<s1>(?:(?!(?P=q2))[^\r\n]){1,256})"""
            r"""(?P=q2)"""
            r"""|(?:getByLabel|getByPlaceholder|getByTestId|get_by_label|get_by_placeholder|get_by_test_id|locator"""
            r"""|find_element|findElement|\$)\(\s*(?:By\.\w+\s*,\s*)?(?P<q3>['"`])(?P<sel2>(?:(?!(?P=q3))[^\r\n]){1,200})"""
            r"""(?P=q3)"""
            r"""[^()\r\n]{0,40}\)\s*\.(?:fill|type|pressSequentially|press_sequentially|send_keys|sendKeys|setValue)"""
            r"""\(\s*(?P<q4>['"`])(?P<s2>(?:(?!(?P=q4))[^\r\n]){1,256})(?P=q4)"""
        ),
        ("fill(", "type(", "presssequentially(", "press_sequentially(", "send_keys(", "sendkeys(", "setvalue(",
         "set_value("),
        "redactor: browser automation scripts recorded by computer-use agents",
        groups=("s1", "s2"),
        validator=_secret_field_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "aria_snapshot_secret", "CREDENTIAL",
        # A secret's field in a page's accessibility snapshot, as Playwright writes it for an agent
        # (`- textbox "Verification code" [ref=e41]: 604118`; red team 53).
        re.compile(r"(?m)^[ \t]*-[ \t]+textbox[ \t]+\"(?P<label>[^\"\r\n]{1,80})\"(?:[ \t]+\[[^\]\r\n]{1,40}\])*:[ \t]+"
                   r"(?P<secret>[^\r\n]{1,256}?)[ \t]*$"),
        ("textbox",),
        "https://playwright.dev/docs/aria-snapshots",
        validator=_secret_field_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "vault_cli_session", "ACCESS_TOKEN",
        # A password manager CLI's unlocked session in the environment (Bitwarden's `BW_SESSION=...`, 1Password's
        # `OP_SESSION_<account>=...`): it opens the whole vault until it expires (red team 53).
        re.compile(r"\b(?:BW_SESSION|OP_SESSION_\w{1,64})[ \t]*=[ \t]*[\"']?(?P<secret>[A-Za-z0-9+/=_-]{20,512})"),
        ("bw_session", "op_session_"),
        "https://bitwarden.com/help/cli/#unlock (BW_SESSION)",
        validator=_not_a_placeholder,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "otp_message", "CREDENTIAL",
        # A one-time code as the text that brings it writes it, the code first (`604 118 is your verification code`,
        # `G-730164 is your Google verification code`; red team 53).
        re.compile(r"(?<![\w-])(?:G-)?(?P<secret>\d{3}[ -]?\d{3}|\d{4,8})[ \t]+is[ \t]+your[ \t]+(?:[\w-]+[ \t]+){0,3}?"
                   r"(?i:verification|security|one-time|one[ ]time|login|sign-in|confirmation|authentication|2fa"
                   r"|access|otp)[ \t]+(?i:code|pin|passcode)\b"),
        ("is your",),
        "redactor: one-time codes in the messages a computer-use agent reads",
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "html_secret_input", "CREDENTIAL",
        # A page's form field that holds a secret, in the HTML an agent read: a password input, a CSRF token's
        # hidden input (`<input type="hidden" name="authenticity_token" value="...">`), a card's security code
        # (`autocomplete="cc-csc"`), a one-time code; and a CSRF token's meta tag (red team 53).
        re.compile(
            r"""<input\b(?P<attrs>[^<>]{0,400}?)\bvalue\s*=\s*(?:"(?P<dq>[^"<>]{1,512})"|'(?P<sq>[^'<>]{1,512})')"""
            r"""(?P<rest>[^<>]{0,400})>"""
            r"""|<meta\s+name\s*=\s*["'](?:csrf-token|csrf_token|_csrf|xsrf-token|csrf-param-token)["']\s+"""
            r"""content\s*=\s*["'](?P<meta>[^"'<>]{8,512})["']"""
        ),
        ("<input", "<meta"),
        "https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill (autocomplete tokens)",
        groups=("dq", "sq", "meta"),
        validator=_html_secret_input_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "config_property_secret", "CREDENTIAL",
        # A secret property in a configuration's own syntax, the name beside its value: Hadoop's and Hive's XML
        # (`<name>fs.s3a.secret.key</name><value>...</value>`), spark-defaults.conf's whitespace
        # (`spark.hadoop.fs.s3a.secret.key    ...`), a (name, value) tuple as `SparkConf().getAll()` prints it
        # (red team 53).
        re.compile(
            r"<name>\s*(?P<n1>[^<\s]{1,200})\s*</name>\s*<value>\s*(?P<s1>[^<\s][^<]{0,1023}?)\s*</value>"
            r"|(?m:^[ \t]*(?P<n2>(?:spark|fs|hive|hadoop|javax|dfs|yarn)\.[\w.-]{3,200})[ \t]+(?P<s2>[^\s#=]\S{0,1023})"
            r"[ \t]*$)"
            r"|\(\s*(?P<q1>['\"])(?P<n3>[\w.-]{3,200})(?P=q1)\s*,\s*(?P<q2>['\"])(?P<s3>(?:(?!(?P=q2))[^\r\n]){1,1024})"
            r"(?P=q2)\s*\)"
        ),
        ("</name>", "spark.", "fs.", "hive.", "hadoop.", "javax.", "dfs.", "yarn.", "('", "(\""),
        "https://hadoop.apache.org/docs/stable/hadoop-aws/tools/hadoop-aws/index.html (fs.s3a.secret.key)",
        groups=("s1", "s2", "s3"),
        validator=_config_property_secret_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "sql_aws_credentials_option", "CREDENTIAL",
        # Redshift's COPY and UNLOAD take an AWS secret key and session token as options
        # (`ACCESS_KEY_ID 'AKIA...' SECRET_ACCESS_KEY '...' SESSION_TOKEN '...'`; red team 53).
        re.compile(r"(?i)\b(?:SECRET_ACCESS_KEY|SESSION_TOKEN)[ \t]+'(?P<secret>[^'\s]{8,2048})'"),
        ("secret_access_key", "session_token"),
        "https://docs.aws.amazon.com/redshift/latest/dg/copy-parameters-authorization.html",
        validator=_not_a_placeholder,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "oracle_jdbc_password", "PASSWORD",
        # Oracle's thin driver takes the user and password before the host
        # (`jdbc:oracle:thin:scott/<pw>@//db:1521/SVC`; red team 53).
        re.compile(r"jdbc:oracle:(?:thin|oci):(?P<user>[\w$#.]{1,128})/(?P<secret>[^@\s\"'/]{1,128})@"),
        ("jdbc:oracle:",),
        "https://docs.oracle.com/en/database/oracle/oracle-database/21/jajdb/oracle/jdbc/OracleDriver.html",
        validator=url_password_ok,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "confluent_api_secret", "API_KEY",
        # Confluent's Schema Registry and REST clients take a key and its secret joined by a colon
        # (`basic.auth.user.info=<key>:<secret>`), and `confluent api-key create` prints the secret in its table
        # (`| API Secret | ... |`; red team 53).
        re.compile(r"\b(?:schema\.registry\.)?basic\.auth\.user\.info[ \t]*[=:][ \t]*[\"']?[^:\s\"']{1,128}:"
                   r"(?P<secret>[^\s\"']{8,256})"
                   r"|\|[ \t]*API Secret[ \t]*\|[ \t]*(?P<table>[A-Za-z0-9+/=]{16,256})[ \t]*\|"),
        ("basic.auth.user.info", "api secret"),
        "https://docs.confluent.io/platform/current/schema-registry/security/index.html",
        groups=("secret", "table"),
        validator=_not_a_placeholder,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "smtp_imap_auth", "CREDENTIAL",
        # A mail session's authentication, as a transcript records it: SMTP's and IMAP's `AUTH PLAIN <base64 of
        # \0user\0password>`, `AUTHENTICATE XOAUTH2 <base64 of user=...^Aauth=Bearer ...>`, and AUTH LOGIN's
        # password line after the server's `334 UGFzc3dvcmQ6` ("Password:"; red team 53).
        re.compile(r"\bAUTH(?:ENTICATE)?[ \t]+(?:PLAIN|XOAUTH2|OAUTHBEARER)[ \t]+"
                   r"(?P<secret>[A-Za-z0-9+/]{8,4096}={0,2})"
                   r"|\b334[ \t]+UGFzc3dvcmQ6[ \t]*(?:\r?\n|\\r\\n|\\n)[ \t]*(?:C:[ \t]*)?"
                   r"(?P<login>[A-Za-z0-9+/]{4,1024}={0,2})(?![A-Za-z0-9+/=])"),
        ("auth plain", "xoauth2", "oauthbearer", "ugfzc3dvcmq6"),
        "https://datatracker.ietf.org/doc/html/rfc4954 (SMTP AUTH)",
        groups=("secret", "login"),
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "calendar_secret_address", "CREDENTIAL",
        # Google Calendar's "secret address in iCal format" (`/calendar/ical/<calendar>/private-<32 hex>/basic.ics`):
        # anyone with it reads the calendar (red team 53).
        re.compile(r"\bcalendar/ical/[^/\s\"']{1,200}/private-(?P<secret>[0-9a-f]{32})/"),
        ("/private-",),
        "https://support.google.com/calendar/answer/37648 (secret address in iCal format)",
        score=0.9,
        priority=VENDOR,
    ),
    # ---- Secrets in running prose and in URL paths ---------------------------------------------
    SecretRule(
        "prose_auth_token", "ACCESS_TOKEN",
        # `Twilio auth token e2b4...`, `auth token is <hex>`: Twilio's Auth Token is 32 hex, and an
        # agent pasting it into a message writes no `=` or `:`. Only the exact 32-hex shape right
        # after the words counts (a UUID, a longer digest or "auth token expired" do not). The
        # same ACCESS_TOKEN type as token_assignment, so `AUTH_TOKEN=<hex>` gets the same pseudonym.
        re.compile(
            r"(?i)(?<![A-Za-z0-9])auth(?:entication)?[ _-]?token[ \t]{1,3}"
            r"(?:(?:is|was)[ \t]{1,3}|[:=][ \t]{0,3})?"
            r"(?P<secret>[0-9A-Fa-f]{32})" + _RB
        ),
        tuple(f"{word}{sep}token" for word in ("auth", "authentication") for sep in (" ", "_", "-", "")),
        "https://www.twilio.com/docs/iam/api/authtoken (32 hex Auth Token)",
        validator=_hex_32_ok,
        # Below token_assignment: on `auth token: <hex>` both report the same span.
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_password", "PASSWORD",
        # `the login used password Zr7!kLq2#vBn`, `the password is ...`, `changed it to ...`: one
        # word after "password", shaped like a credential (see _prose_password_ok). Brackets,
        # commas and semicolons are not in the value, and the word must end at whitespace or a
        # sentence's punctuation, so `password VARCHAR(255)` (SQL) never yields a partial value.
        # A trailing `.`/`:`/`?` is the sentence's, as for assignments; `!` stays in the value.
        # What the password is for may come between (`LAPS password for WS-0231 is ...`), and after a colon
        # the account it opens, before a slash (`password for WS-0231: Administrator / ...`); or the value
        # in brackets after the word (`the office Wi-Fi password (Kettle-Orchard-71)`).
        re.compile(
            r"(?i)(?<![A-Za-z0-9])(?:(?:password|passwd|passphrase|" + _PROSE_PASSWORD_WORDS + r")"
            # (or in the words of other languages, before a colon: `hasło do stagingu na demo dla X: ...`; red team 54)
            r"(?:[ \t]{1,3}(?:for|of|on|dla|do|für|pour|voor)(?:[ \t]{1,3}[\w.@-]{1,40}){1,5}"
            # (Spanish and Portuguese say what it opens at more length, then the verb: `la contraseña de la llave
            # privada del CSD es ...`, `a senha do certificado A1 da empresa é ...`; red team 52)
            # (and Italian: `la mia password dell'home banking è ...`; red team 55)
            # (words apart by blanks, the apostrophe's glued to its word: one way to read each run)
            r"|[ \t]{1,3}(?:(?:de|del|do|da|para|di|della|dello|per)(?:[ \t]{1,3}[\w.@-]{1,40}){1,5}"
            r"|(?:dell'|d')[\w.@-]{1,40}(?:[ \t]{1,3}[\w.@-]{1,40}){0,4})"
            r"(?=[ \t]{1,3}(?:es|era|é|foi|è)[ \t]))?"
            r"(?:[ \t]{0,3}:[ \t]{1,3}(?:[\w.\\-]{1,40}[ \t]{1,3}/[ \t]{1,3})?"
            r"|[ \t]{0,3}\((?=[^()\s]{8,64}\))"
            r"|[ \t]{1,3}(?:(?:is|was|to|set[ \t]to|ist|war|es|era|est|é|foi|è|är|er|jest|je)[ \t]{1,3})?)"
            # (the short forms only before `is` or a colon: `FSA ID pw is ...`, `pwd: ...`; `pw 2` is no password)
            r"|pwd?(?:[ \t]{1,3}(?:is|was)[ \t]{1,3}|[ \t]{0,3}:[ \t]{1,3}))[\"'`]?"
            r"(?P<secret>[^\s\"'`<>\\(){}\[\],;:=][^\s\"'`<>\\(){}\[\],;]{6,62}[^\s\"'`<>\\(){}\[\],;.:?])"
            r"(?=[\"'`]?[.,;:?)\]]{0,8}(?:\s|\\[nrt]|\Z))"
        ),
        ("password", "passwd", "passphrase", "pw", *_PROSE_PASSWORD_KEYWORDS),
        "redactor: passwords pasted into agent messages and tool output",
        validator=_quoted_or_prose_password_ok,
        # Below the assignment and command-line rules, which type the same span from its syntax.
        score=0.8,
        priority=GENERIC,
    ),
    # An OAuth authorization code in a redirect (`myapp://oauth/callback?code=...&state=...`, `/auth/callback?code=`):
    # exchanged for tokens by whoever holds it until it expires. Google's (`4/0A...`) anywhere. Red team 54.
    SecretRule(
        "oauth_callback_code", "ACCESS_TOKEN",
        re.compile(r"(?i)(?:callback|redirect|oauth2?)[^\s?#\"'<>\\]{0,200}\?(?:[^\s#\"'<>\\]{0,400}?&)?code="
                   r"(?P<secret>[A-Za-z0-9%/_.~+-]{16,512})(?=[&#\s\"'<>\\]|$)"
                   r"|(?<![\w/%])(?P<google>4(?:/|%2F)0A[A-Za-z0-9_-]{40,200})(?![\w-])"),
        ("code=", "4/0a", "4%2f0a"),
        "https://datatracker.ietf.org/doc/html/rfc6749#section-4.1.2; "
        "https://developers.google.com/identity/protocols/oauth2/native-app (4/0A... codes)",
        groups=("secret", "google"),
        validator=_has_letter_and_digit,
        score=0.85,
        priority=GENERIC,
    ),
    # A signed URL's HMAC (`...png?expires=1763539200&signature=<64 hex>`): whoever holds the URL fetches the file
    # until it expires. (AWS's and Google's signed URLs are `signed_url`'s.) Red team 54.
    SecretRule(
        "url_hmac_signature", "ACCESS_TOKEN",
        re.compile(r"(?i)[?&](?:signature|sig|hmac)=(?P<secret>[0-9a-f]{64})(?![0-9a-z%])"),
        ("signature=", "sig=", "hmac="),
        "redactor: HMAC-signed download links (Intercom, Discourse, imgproxy-style)",
        score=0.85,
        priority=GENERIC,
    ),
    # An APNs device token: in the provider API's path (`api.push.apple.com/3/device/<64 hex>`) and as apsd and
    # UIKit log it (`token=<68fb...>`, NSData's description in brackets). It addresses one person's device. Red
    # team 54.
    SecretRule(
        "apns_device_token", "ACCESS_TOKEN",
        re.compile(r"(?i)push\.apple\.com(?::\d{2,5})?/3/device/(?P<secret>[0-9a-f]{64})(?![0-9a-z])"
                   r"|(?<![\w-])(?:device[ _]?)?token[ \t]{0,2}[=:][ \t]{0,2}<(?P<bracketed>[0-9a-f]{64})>"),
        ("push.apple.com", "token"),
        "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns",
        groups=("secret", "bracketed"),
        score=0.85,
        priority=GENERIC,
    ),
    # A cookie of a Ruby cookie jar saved as YAML (fastlane's `FASTLANE_SESSION`, spaceship's `cookie` file: `- !ruby/
    # object:HTTP::Cookie` then `name: myacinfo`, `value: DAWTKNV...`): each cookie's value is an Apple ID session.
    # Red team 54.
    SecretRule(
        "ruby_cookie_jar_value", "ACCESS_TOKEN",
        re.compile(r"!ruby/object:HTTP::Cookie(?:(?!!ruby/)[^'\"]){0,400}?\bvalue:[ \t]*"
                   r"(?P<secret>[^\s\\'\"]{8,4096})"),
        ("http::cookie",),
        "https://github.com/sparklemotion/http-cookie (HTTP::Cookie); https://docs.fastlane.tools/best-practices/"
        "continuous-integration/ (FASTLANE_SESSION)",
        validator=lambda _m, value: _not_placeholder(value),
        score=0.85,
        priority=GENERIC,
    ),
    # A Zoom invitation's one-tap mobile number carries the meeting's passcode after `*`
    # (`+16699006833,,85012345678#,,,,*482913# US`): whoever dials it joins (round 53).
    SecretRule(
        "zoom_one_tap_passcode", "CREDENTIAL",
        re.compile(r"\+\d{8,15},,\d{9,11}#,,,,\*(?P<secret>\d{4,10})#"),
        (",,,,*",),
        "https://support.zoom.com/hc/en/article?id=zm_kb&sysparm_article=KB0060550 (one tap mobile)",
        score=0.85,
        priority=GENERIC,
    ),
    # A name/value pair written in a log line's JSON (an OCPP `ChangeConfiguration`'s `{"key": "AuthorizationKey",
    # "value": "..."}`, a pod spec's `{"name": "DB_PASSWORD", "value": "..."}` in an event): the value is what its
    # name says, as for a parsed pair (`StructureRules.attribute_name`). Red team 55.
    SecretRule(
        "pair_in_text_secret", "CREDENTIAL",
        re.compile(r"""(?i)(?P<q>\\?")(?:key|name)(?P=q)[ \t]*:[ \t]*(?P=q)(?P<name>[\w.-]{1,64})(?P=q)[ \t]*,[ \t]*"""
                   r"""(?P=q)value(?P=q)[ \t]*:[ \t]*(?P=q)(?P<secret>[^"\\\s]{3,512})(?P=q)"""),
        ("value",),
        "redactor: name/value pairs (OCPP 1.6 ChangeConfiguration, Kubernetes EnvVar) in text",
        validator=lambda m, value: is_secret_key(m.group("name")) and _not_placeholder(value),
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_login_pair", "PASSWORD",
        # `web UI login admin / Gr8-Fibre-Hub!`, `credentials: root / T00r-Pass!2024`, `log in as admin / ...`: an
        # account and its password written with a slash between them. The password is one word shaped like a
        # credential (see _prose_password_ok) that ends there, so `login page /admin/Dashboard2` (a path) and
        # `login admin/settings` are none.
        re.compile(
            r"(?i)(?<![\w-])(?:log[ -]?in|sign[ -]?in|credentials?|creds)"
            r"(?:[ \t]{1,3}(?:is|are|was|were|as|with))?[ \t]{0,3}:?[ \t]{1,3}[\w.@+-]{1,64}[ \t]{0,3}/[ \t]{0,3}"
            r"(?P<secret>[^\s/\"'`<>\\(){}\[\],;:=][^\s/\"'`<>\\(){}\[\],;]{4,62}[^\s/\"'`<>\\(){}\[\],;.:?])"
            r"(?=[\"'`]?[.,;:?)\]]{0,8}(?:\s|\\[nrt]|\Z))"
        ),
        ("login", "log in", "log-in", "sign in", "signin", "sign-in", "credential", "creds"),
        "redactor: account and password pairs pasted into agent messages and tool output",
        validator=_prose_password_ok,
        score=0.8,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_recovery_phrase", "CREDENTIAL",
        # `my recovery phrase is answer aim all alley ...`: a wallet's words, told to a support agent.
        re.compile(
            r"(?i:(?:recovery|seed|secret|backup|mnemonic|wallet)[ \t]+(?:phrase|words|seed)"
            # (or the bare word, then `is` or a colon: `my metamask seed is orbit vessel ...`)
            r"|(?:seed|mnemonic)(?=[ \t]+(?:is|was)[ \t]|[ \t]*:))"
            r"(?:(?:[ \t]+(?i:is|was|are|were))?[ \t]*[:=]?[ \t]*[\"'`]?"
            # (a few words may say more before a colon or a quote: `seed phrase exposure: "abandon orbit ..."`)
            r"|(?:[ \t]+[A-Za-z]{2,15}){1,5}[ \t]*(?:[:=][ \t]*[\"'`]?|[\"'`]))"
            rf"(?P<secret>{_RECOVERY_PHRASE})(?![A-Za-z])"
        ),
        ("recovery", "seed", "secret", "backup", "mnemonic", "wallet"),
        "https://github.com/bitcoin/bips/blob/master/bip-0039.mediawiki (12-24 word mnemonics)",
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_totp_setup_key", "CREDENTIAL",
        # `my 2fa setup key was JBSWY3DPEHPK3PXP`: an authenticator's shared secret in base32 (RFC 4648),
        # the `secret=` of an otpauth:// URI written in a sentence.
        re.compile(
            r"(?i:(?:2fa|mfa|totp|otp|authenticator|setup)[ \t_-]+(?:setup[ \t_-]+)?(?:key|secret|seed|code))"
            r"(?:[ \t]+(?i:is|was))?[ \t]*[:=]?[ \t]*[\"'`]?"
            r"(?P<secret>[A-Z2-7]{16,128}=*)(?![A-Za-z0-9])"
        ),
        ("2fa", "mfa", "totp", "otp", "authenticator", "setup"),
        "https://github.com/google/google-authenticator/wiki/Key-Uri-Format (base32 secret)",
        validator=_base32_key_ok,
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_secret", "CREDENTIAL",
        # `signed with secret iQ3vT8kPz2...`, `the webhook secret is 9f86d0...`: a random-looking value
        # right after the word (see _random_secret_ok), 24 characters or more.
        re.compile(
            r"(?i)(?<![A-Za-z0-9_-])secret[ \t]{1,3}(?:(?:is|was)[ \t]{1,3})?[\"'`]?"
            r"(?P<secret>[A-Za-z0-9+/_-]{24,256}={0,2})(?![A-Za-z0-9+/_=-])"
        ),
        ("secret",),
        "redactor: shared secrets pasted into agent messages and tool output",
        validator=_random_or_client_secret_ok,
        score=0.8,
        priority=GENERIC,
    ),
    SecretRule(
        "prose_api_key", "API_KEY",
        # `Your API key is 4f9a8c...`, `API key: Xk92LmQp...`, `the new api token 9c1e...`: a support agent's or a
        # dashboard's sentence, the words written with a space (`api_key=` is an assignment's). A random-looking
        # value right after them (see _random_secret_ok), 20 characters or more.
        re.compile(
            # (and a CDP's or an SDK's keys, `write key: 2L63...`, `dev key`; red team 57)
            r"(?i)(?<![A-Za-z0-9_-])(?:api[ \t](?:key|token)|(?:hmac|signing|webhook)[ \t](?:key|secret)"
            r"|(?:write|dev|server|sdk|ingest)[ \t]key)"
            r"(?:[ \t]{1,3}(?:is|was)[ \t]{1,3}|[ \t]{0,3}:[ \t]{1,3}|[ \t]{1,3})"
            r"[\"'`]?(?P<secret>[A-Za-z0-9+/_-]{20,256}={0,2})(?![A-Za-z0-9+/_=-])"
        ),
        ("api key", "api\tkey", "api token", "api\ttoken", "hmac key", "hmac secret", "signing key", "signing secret",
         "webhook key", "webhook secret", "write key", "dev key", "server key", "sdk key", "ingest key"),
        "redactor: API keys pasted into agent messages and tool output",
        # (a vendor's key may be a UUID: Braze's REST key in `Invalid API key: <uuid>`)
        validator=lambda m, value: _random_secret_ok(m, value) or _UUID_VALUE.fullmatch(value) is not None,
        score=0.8,
        priority=GENERIC,
    ),
    SecretRule(
        "backup_codes", "CREDENTIAL",
        _BackupCodes(),
        ("backup", "recovery", "2fa", "mfa", "one time", "one-time", "single use", "single-use", "emergency",
         "wiederherstellungs", "de secours", "cupération", "cuperation", "de respaldo", "de recuperaci",
         "백업", "복구"),
        "https://support.google.com/accounts/answer/1187538 (backup codes); "
        "https://docs.github.com/en/authentication/securing-your-account-with-two-factor-authentication-2fa",
        validator=_backup_code_ok,
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "twilio_sid_and_token", "ACCESS_TOKEN",
        # An account's auth token beside its SID, as the SDKs take them (`Client("AC...", "<32 hex>")`,
        # `AC...:<token>` in a Basic credential's source; red team 46): the SID names the account, the hex is its
        # password.
        re.compile(r"AC[0-9a-f]{32}\\?[\"']?[ \t]*[,:][ \t]*\\?[\"']?(?P<secret>[0-9a-f]{32})(?![0-9A-Za-z])"),
        ("ac",),
        "https://www.twilio.com/docs/iam/credentials/api (Account SID and Auth Token)",
        score=0.9,
        priority=VENDOR,
    ),
    SecretRule(
        "razorpay_key_secret", "API_KEY",
        # A Razorpay key's secret beside its id, as the SDKs and a basic auth tuple take them (`razorpay.Client(
        # auth=("rzp_live_3HYfgCHe0fS3sh", "<24 characters>"))`; red team 52): the id is published in checkout pages,
        # the secret signs every API call.
        re.compile(r"rzp_(?:live|test)_[A-Za-z0-9]{14}\\?[\"']?[ \t]*[,:][ \t]*\\?[\"']?"
                   r"(?P<secret>[A-Za-z0-9]{24})(?![0-9A-Za-z])"),
        ("rzp_",),
        "https://razorpay.com/docs/api/authentication/ (key id and key secret)",
        validator=lambda m, value: _has_letter_and_digit(m, value) and _mixed_case(value),
        score=0.9,
        priority=VENDOR,
    ),
    SecretRule(
        "steam_web_api_key", "API_KEY",
        # Steam's Web API key: 32 upper-case hex in a call's `key=` (`api.steampowered.com/ISteamUser/...?key=...`;
        # red team 56). Too plain a shape for `url_query_key`, which wants both cases.
        # (the host and the path may be apart: urllib3's `https://api.steampowered.com:443 "GET /ISteamUser/...`)
        re.compile(r"steampowered\.com[^\r\n]{0,200}?[?&]key=(?P<secret>[0-9A-F]{32})(?![0-9A-Za-z])"),
        ("steampowered.com",),
        "https://steamcommunity.com/dev (Steam Web API key); https://partner.steamgames.com/doc/webapi_overview",
        priority=VENDOR,
    ),
    SecretRule(
        "teams_incoming_webhook_url", "CREDENTIAL",
        # As Slack's: whoever holds a Teams (Office 365 connector) incoming webhook's URL posts to the channel
        # (`https://<tenant>.webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<32 hex>/<user>[/V2...]`).
        re.compile(r"(?P<secret>https?:" + _SLASH + _SLASH + r"[\w-]{1,63}\.webhook\.office\.com" + _SLASH
                   + r"webhookb2" + _SLASH + r"(?:[A-Za-z0-9@_.~%-]|" + _SLASH + r"){40,400})(?![A-Za-z0-9@_.~%/-])"),
        ("webhook.office.com",),
        "https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook",
        priority=VENDOR,
    ),
    SecretRule(
        "net_use_password", "PASSWORD",
        # Windows' `net use \\host\share <password> /user:DOMAIN\user` (or the password after `/user:...`), as a
        # process tree or a script records it (red team 56). `*` asks for the password: none is given.
        re.compile(r"(?i)\bnet(?:\.exe)?[ \t]+use[ \t]+(?:[A-Z]:[ \t]+)?\\{2,4}[^\s\"']{2,200}[ \t]+"
                   r"(?:/u(?:ser)?:[^\s\"']{1,128}[ \t]+(?P<after>[^\s/*\"'][^\s\"']{2,127})"
                   r"|(?P<before>[^\s/*\"'][^\s\"']{2,127})[ \t]+/u(?:ser)?:)"),
        ("net use", "net.exe use"),
        "https://learn.microsoft.com/windows-server/administration/windows-commands/net-use",
        groups=("after", "before"),
        validator=lambda _m, value: _not_placeholder(value) and not value.lower().startswith("/persistent"),
        priority=GENERIC,
    ),
    SecretRule(
        "windows_password_hash", "CREDENTIAL",
        # An account's NT (and LM) hash as credential dumpers print it: mimikatz's `* NTLM     : <32 hex>`, pwdump's
        # and secretsdump's `user:1001:<LM>:<NT>:::`. Pass-the-hash needs nothing else (red team 56).
        re.compile(r"(?m)^[ \t]*\*[ \t]*(?:NTLM|LM)[ \t]*:[ \t]*(?P<secret>[0-9a-fA-F]{32})(?![0-9a-fA-F])"
                   r"|(?<![\w$.-])[\w.$\\-]{1,64}:\d{1,10}:(?P<lm>[0-9a-fA-F]{32}):(?P<nt>[0-9a-fA-F]{32}):::"),
        ("ntlm", ":::"),
        "https://github.com/gentilkiwi/mimikatz/wiki/module-~-sekurlsa; impacket secretsdump.py output format",
        groups=("secret", "nt"),
        priority=VENDOR,
    ),
    SecretRule(
        "kerberos_ticket_base64", "CREDENTIAL",
        # A Kerberos ticket (a KRB-CRED, `.kirbi`) in base64, as Rubeus prints and takes it (`Base64EncodedTicket :
        # doIF...`, `/ticket:doIF...`): whoever holds it is the user until it expires (red team 56). Its ASN.1
        # application tag 22 makes it start with `doI`; Rubeus wraps it in indented lines.
        re.compile(r"(?<![A-Za-z0-9+/])(?P<secret>doI[A-Za-z0-9+/]{60,}={0,2}(?:(?:\r?\n|\\r?\\n)[ \t]{0,12}"
                   r"[A-Za-z0-9+/]{16,}={0,2})*)(?![A-Za-z0-9+/=])"),
        ("doi",),
        "https://github.com/GhostPack/Rubeus (ticket export and /ticket:); RFC 4120 section 5.8 (KRB-CRED)",
        validator=lambda _m, value: _mixed_case(value.replace("\\n", "")),
        priority=VENDOR,
    ),
    SecretRule(
        "yaml_password_list_item", "PASSWORD",
        # An item of a YAML list under a password's name (a spraying tool's `passwords:` then `- 'Hansa2024!'`;
        # red team 56): each item is one. The list's name is read back from the lines above (`_in_secret_list`).
        re.compile(r"(?m)^[ \t]*-[ \t]+(?P<q>['\"]?)(?P<secret>[^\s'\"#][^'\"\r\n]{2,127}?)(?P=q)[ \t]*\r?$"),
        ("passwords", "passwds", "password_list", "passwordlist"),
        "redactor: YAML lists of passwords in configs and tool output",
        validator=lambda m, value: _in_secret_list(m) and _not_placeholder(value),
        priority=GENERIC,
    ),
    SecretRule(
        "esim_activation_code", "CREDENTIAL",
        # An eSIM's activation code (GSMA SGP.22: `LPA:1$<SM-DP+ address>$<matching id>`), what its QR code holds:
        # the matching id installs the profile on whatever device presents it (red team 58). The server is public.
        re.compile(r"LPA:1\$[A-Za-z0-9.-]{3,253}\$(?P<secret>[A-Za-z0-9-]{8,64})(?![A-Za-z0-9-])"),
        ("lpa:1$",),
        "https://www.gsma.com/solutions-and-impact/technologies/esim/ (SGP.22, activation code)",
        validator=_has_letter_and_digit,
        priority=VENDOR,
    ),
    SecretRule(
        "express_signed_session_cookie", "ACCESS_TOKEN",
        # express-session's and cookie-signature's signed cookie, URL-encoded as the browser sends it and as an app
        # logs or stores it (`s%3A<session id>.<base64 HMAC-SHA256>`): the session itself, wherever it is written
        # (red team 58: under a `portal_session` key).
        re.compile(r"(?<![\w%])(?P<secret>s%3[Aa][A-Za-z0-9_-]{16,64}\.(?:[A-Za-z0-9+/]|%2[BbFf]){27,86})"
                   r"(?![A-Za-z0-9+/%])"),
        ("s%3a",),
        "https://github.com/expressjs/session#secret; https://github.com/tj/node-cookie-signature",
        validator=_has_letter_and_digit,
        priority=VENDOR,
    ),
    SecretRule(
        "http_digest_response", "CREDENTIAL",
        # HTTP and SIP Digest authentication's `response=` (RFC 7616, RFC 3261): a hash of the password with the
        # nonce. It is replayed while the nonce lives and cracked offline for the password, so it is the password's
        # stand-in. The nonce, realm and uri beside it are the server's and stay. Quotes may be JSON-escaped.
        re.compile(r"\bDigest[ \t]+(?:[^\n]{0,600}?[,\s])?response=(?:\\?\")?"
                   r"(?P<secret>[0-9a-fA-F]{32}(?:[0-9a-fA-F]{32})?)(?![0-9a-fA-F])"),
        ("response=",),
        "https://www.rfc-editor.org/rfc/rfc7616#section-3.4; https://www.rfc-editor.org/rfc/rfc3261#section-22.4",
        priority=VENDOR,
    ),
    SecretRule(
        "segment_public_api_token", "API_KEY",
        # Segment's Public API token (`sgp_` and 64 letters and digits), a workspace's admin credential (red team 57).
        re.compile(r"(?<![\w-])(?P<secret>sgp_[A-Za-z0-9]{64})(?![\w-])"),
        ("sgp_",),
        "https://docs.segmentapis.com/tag/Getting-Started#section/Get-an-API-token",
        validator=_has_letter_and_digit,
        priority=VENDOR,
    ),
    SecretRule(
        "mparticle_key", "API_KEY",
        # An mParticle server-to-server or workspace key: its pod (`us1-`, `us2-`, `eu1-`, `au1-`, `st1-`) and 32 hex
        # (`key=us1-f309...`; red team 57).
        re.compile(r"(?<![\w-])(?P<secret>(?:us[12]|eu1|au1|st1)-[0-9a-f]{32})(?![\w-])"),
        ("us1-", "us2-", "eu1-", "au1-", "st1-"),
        "https://docs.mparticle.com/developers/server/http/#authentication (key and secret per input)",
        priority=VENDOR,
    ),
    SecretRule(
        "servicetitan_app_key", "API_KEY",
        # ServiceTitan's application key (`ak1.` and random lower-case letters and digits), sent as `ST-App-Key` with
        # every API call beside the OAuth client's `cid.`/`cs1.` pair (red team 57).
        re.compile(r"(?<![\w.])(?P<secret>ak1\.[a-z0-9]{30,64})(?![\w.])"),
        ("ak1.",),
        "https://developer.servicetitan.io/docs/get-going-manage-client-id-and-secret/ (app key, ak1.)",
        validator=_has_letter_and_digit,
        priority=VENDOR,
    ),
    SecretRule(
        "oauth_refresh_grant", "ACCESS_TOKEN",
        # A refresh token in a token request's query (`/token?grant_type=refresh_token&code=<token>&client_id=...`, as
        # ecobee takes it; `&refresh_token=` elsewhere): whoever holds it mints access tokens (red team 57).
        re.compile(r"(?i)[?&]grant_type=refresh_token(?:&[^\s#&\"'<>\\=]{1,64}=[^\s#&\"'<>\\]{0,512}){0,8}?"
                   r"&(?:code|refresh_token)=(?P<secret>[A-Za-z0-9._~+/%-]{16,512})(?=[&#\s\"'<>\\]|$)"),
        ("grant_type=refresh_token",),
        "https://datatracker.ietf.org/doc/html/rfc6749#section-6; https://www.ecobee.com/home/developer/api/documentation/"
        "v1/auth/authz-code-authorization.shtml",
        validator=_has_letter_and_digit,
        score=0.9,
        priority=GENERIC,
    ),
    SecretRule(
        "url_query_key", "API_KEY",
        # `?key=tk_prod_auJS...`: a query string's bare `key`, the API key parameter of Google's and many vendors'
        # APIs, holding what vendors issue as keys (`?key=profile_photo`, `&key=2024/03/report.pdf` are none;
        # red team 45).
        re.compile(r"[?&]key=(?P<secret>[A-Za-z0-9_-]{20,256})(?![A-Za-z0-9_%+/=.-])"),
        ("?key=", "&key="),
        "https://cloud.google.com/docs/authentication/api-keys-use (`key=` query parameter)",
        validator=lambda _m, value: reads_as_issued_key(value),
        score=0.85,
        priority=GENERIC,
    ),
    SecretRule(
        "url_path_token", "ACCESS_TOKEN",
        # `/attachments/token/<token>/`, `/invite/<token>/accept`, `/password-reset/<token>`: the
        # segment right after a token-naming segment, when it looks random (see _path_token_ok).
        # The segment must end there: a `+`, `=` or `%` after it would make the match a slice.
        re.compile(
            _SLASH + r"(?i:" + "|".join(re.escape(name) for name in _PATH_TOKEN_NAMES) + r")" + _SLASH
            + r"(?P<secret>[A-Za-z0-9_-]{16,256})(?![A-Za-z0-9_~%+=-]|\.[A-Za-z0-9])"
        ),
        tuple(name + sep for name in _PATH_TOKEN_NAMES for sep in ("/", "\\/")),
        "redactor: one-time links (invitations, password resets, magic links) in recorded URLs",
        validator=_path_token_ok,
        score=0.85,
        priority=GENERIC,
    ),
)


# --------------------------------------------------------------------------------------------
# Vendor tokens as structural values
# --------------------------------------------------------------------------------------------

# Every rule built with `_token`: a vendor format that delimits itself (its prefix and alphabet),
# found by the detector wherever it stands. Derived from RULES, so a new `_token` rule is covered
# here without a second list.
_VENDOR_TOKEN_RULES: tuple[tuple[SecretRule, re.Pattern[str]], ...] = tuple(
    (rule, rule.pattern) for rule in RULES.values()
    if isinstance(rule.pattern, re.Pattern) and rule.pattern in _TOKEN_BODIES
)
# Their formats in one alternation, the fast gate. No capturing groups: with a group around each
# alternative `re` cannot skip a value by its first character and a miss cost ~4x as much.
_VENDOR_TOKEN = re.compile(
    "(?:" + "|".join(_TOKEN_BODIES[pattern] for _, pattern in _VENDOR_TOKEN_RULES) + ")" + _RB
)


def might_be_vendor_token(value: str) -> bool:
    """Whether an atomic value (an `id`, a structural field that is never analysed as text) starts
    with a vendor token: `AKIA...` in a terraform state's `"id"`, `ghp_...`, `sk-ant-...`, a JWT.

    True when a `_token` rule's format matches at the start of `value` up to a token boundary, the
    token holds that rule's own prefilter keyword (so it names its vendor: Twilio's `SK<32 hex>` and
    Mailgun's `key-<32 hex>`, which the detector trusts only next to the vendor's name, are False)
    and the rule's validator accepts it (a JWT header decodes with "alg", an `hf_` body is random).
    That is what the detector would report on the value alone, except its check for placeholder
    bodies (`ghp_xxxx...`). UUIDs, hex digests, ULIDs, `call_`/`toolu_`/`msg_`/`chatcmpl-` ids,
    Stripe object ids (`pi_`, `cus_`, `ch_`), model names and a bare `sk` are False: no vendor format
    starts like them. AWS unique ids of users, roles and groups (`AIDA`, `AROA`, `AGPA`) are ids, not
    keys, and no rule reports them. Cost: one anchored regex match (a few hundred nanoseconds on an
    ordinary id); the rule's own pattern, keyword and validator run only when it matches.
    """
    if _VENDOR_TOKEN.match(value) is None:
        return False
    for rule, pattern in _VENDOR_TOKEN_RULES:
        match = pattern.match(value)
        if match is None:
            continue
        token = match.group("secret")
        lowered = token.lower()
        if any(keyword in lowered for keyword in rule.keywords) and (
            rule.validator is None or rule.validator(match, token)
        ):
            return True
    return False
