"""Synthetic, format-valid, fake secrets for `secrets_corpus.json`, built at test time.

Why generated: realistic fake keys committed as literals trip push protection and secret scanners
(including this project's own pre-commit gate). The corpus JSON names a sample as "@<name>"; this
module turns the name into a value.

Every body is derived from sha256("redactor-fake:<label>:<n>") mapped onto the format's alphabet,
so values are deterministic, have the documented shape and real-looking randomness, and cannot be
anybody's credential. Where the alphabet allows it, the body starts with "FAKE" so a human reading
a failure sees at once that the value is synthetic.
"""

from __future__ import annotations

import base64
import hashlib
import json
import string

ALNUM = string.ascii_letters + string.digits
ALPHA = string.ascii_letters
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
B64 = ALNUM + "+/"
UPPER_B32 = string.ascii_uppercase + "234567"
DIGITS = string.digits


def fake(label: str, alphabet: str, length: int, *, marker: bool = True) -> str:
    """`length` deterministic characters from `alphabet` (rejection sampling keeps it uniform)."""
    prefix = "FAKE" if marker and all(c in alphabet for c in "FAKE") and length >= 12 else ""
    out: list[str] = list(prefix)
    limit = 256 - 256 % len(alphabet)
    counter = 0
    while len(out) < length:
        digest = hashlib.sha256(f"redactor-fake:{label}:{counter}".encode()).digest()
        out.extend(alphabet[b % len(alphabet)] for b in digest if b < limit)
        counter += 1
    return "".join(out[:length])


def _b64url_json(obj: object) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _jwt(label: str, claims: dict[str, object], alg: str = "HS256") -> str:
    header = _b64url_json({"alg": alg, "typ": "JWT"})
    payload = _b64url_json(claims)
    signature = fake(label, B64URL, 43 if alg == "HS256" else 342, marker=False)
    return f"{header}.{payload}.{signature}"


def _discord(label: str, user_id: str) -> str:
    first = base64.urlsafe_b64encode(user_id.encode()).rstrip(b"=").decode()
    return f"{first}.{fake(label + 'ts', B64URL, 6, marker=False)}.{fake(label + 'hmac', B64URL, 27)}"


def _pem(kind: str, label: str, lines: int, *, header_lines: tuple[str, ...] = (), newline: str = "\n") -> str:
    body_lines = [fake(f"{label}:{i}", B64, 64, marker=i == 0) for i in range(lines)]
    body_lines.append(fake(f"{label}:tail", B64, 24, marker=False) + "==")
    begin = f"-----BEGIN {kind}-----"
    end = f"-----END {kind}-----"
    parts = [begin, *header_lines, *([""] if header_lines else []), *body_lines, end]
    return newline.join(parts)


def _slack_app(label: str) -> str:
    return f"xapp-1-A{fake(label + 'a', UPPER_B32, 10)}-{fake(label + 'b', DIGITS, 13)}-{fake(label + 'c', HEX, 64)}"


def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


SAMPLES: dict[str, str] = {
    # AI providers
    "openai_project_1": "sk-proj-" + fake("oa-p1a", B64URL, 74) + "T3BlbkFJ" + fake("oa-p1b", B64URL, 74),
    "openai_project_2": "sk-proj-" + fake("oa-p2a", B64URL, 58) + "T3BlbkFJ" + fake("oa-p2b", B64URL, 58),
    "openai_svcacct_1": "sk-svcacct-" + fake("oa-s1a", B64URL, 74) + "T3BlbkFJ" + fake("oa-s1b", B64URL, 74),
    "openai_admin_1": "sk-admin-" + fake("oa-a1a", B64URL, 58) + "T3BlbkFJ" + fake("oa-a1b", B64URL, 58),
    "openai_legacy_1": "sk-" + fake("oa-l1a", ALNUM, 20) + "T3BlbkFJ" + fake("oa-l1b", ALNUM, 20),
    "openai_legacy_2": "sk-" + fake("oa-l2a", ALNUM, 20) + "T3BlbkFJ" + fake("oa-l2b", ALNUM, 20),
    "anthropic_api_1": "sk-ant-api03-" + fake("an-1", B64URL, 93) + "AA",
    "anthropic_api_2": "sk-ant-api03-" + fake("an-2", B64URL, 93) + "AA",
    "anthropic_admin_1": "sk-ant-admin01-" + fake("an-a1", B64URL, 93) + "AA",
    "groq_1": "gsk_" + fake("groq-1", ALNUM, 52),
    "groq_2": "gsk_" + fake("groq-2", ALNUM, 52),
    "replicate_1": "r8_" + fake("rep-1", ALNUM, 37),
    "replicate_2": "r8_" + fake("rep-2", ALNUM, 37),
    "huggingface_1": "hf_" + fake("hf-1", ALPHA, 34),
    "huggingface_2": "hf_" + fake("hf-2", ALPHA, 34),
    "huggingface_org_1": "api_org_" + fake("hf-o1", ALPHA, 34),
    "openrouter_1": "sk-or-v1-" + fake("or-1", HEX, 64),
    "openrouter_2": "sk-or-v1-" + fake("or-2", HEX, 64),
    "langsmith_pt_1": "lsv2_pt_" + fake("ls-1a", HEX, 32) + "_" + fake("ls-1b", HEX, 10),
    "langsmith_sk_1": "lsv2_sk_" + fake("ls-2a", HEX, 32) + "_" + fake("ls-2b", HEX, 10),
    "perplexity_1": "pplx-" + fake("pplx-1", ALNUM, 48),
    "perplexity_2": "pplx-" + fake("pplx-2", ALNUM, 48),
    # Payments
    "stripe_live_1": "sk_live_" + fake("st-l1", ALNUM, 24),
    "stripe_test_1": "sk_test_" + fake("st-t1", ALNUM, 99),
    "stripe_restricted_1": "rk_live_" + fake("st-r1", ALNUM, 24),
    "stripe_whsec_1": "whsec_" + fake("st-w1", ALNUM, 32),
    "stripe_whsec_2": "whsec_" + fake("st-w2", ALNUM, 32),
    "square_atp_1": "sq0atp-" + fake("sq-1", B64URL, 22),
    "square_eaaa_1": "EAAA" + fake("sq-2", B64URL, 60),
    "square_csp_1": "sq0csp-" + fake("sq-3", B64URL, 43),
    "square_csp_2": "sq0csp-" + fake("sq-4", B64URL, 43),
    "shopify_shpat_1": "shpat_" + fake("sh-1", HEX, 32),
    "shopify_shpss_1": "shpss_" + fake("sh-2", HEX, 32),
    # Code hosting & registries
    "github_ghp_1": "ghp_" + fake("gh-p1", ALNUM, 36),
    "github_gho_1": "gho_" + fake("gh-o1", ALNUM, 36),
    "github_ghu_1": "ghu_" + fake("gh-u1", ALNUM, 36),
    "github_ghs_1": "ghs_" + fake("gh-s1", ALNUM, 36),
    "github_ghr_1": "ghr_" + fake("gh-r1", ALNUM, 36),
    "github_fine_1": "github_pat_" + fake("gh-f1a", ALNUM, 22) + "_" + fake("gh-f1b", ALNUM, 59),
    "github_fine_2": "github_pat_" + fake("gh-f2a", ALNUM, 22) + "_" + fake("gh-f2b", ALNUM, 59),
    "gitlab_pat_1": "glpat-" + fake("gl-1", B64URL, 20),
    "gitlab_routable_1": "glpat-" + fake("gl-2", B64URL, 27) + ".01." + fake("gl-2r", HEX, 9),
    "gitlab_deploy_1": "gldt-" + fake("gl-3", B64URL, 20),
    "npm_1": "npm_" + fake("npm-1", ALNUM, 36),
    "npm_2": "npm_" + fake("npm-2", ALNUM, 36),
    "pypi_1": "pypi-AgEIcHlwaS5vcmc" + fake("pypi-1", B64URL, 70),
    "pypi_test_1": "pypi-AgENdGVzdC5weXBpLm9yZw" + fake("pypi-2", B64URL, 70),
    "artifactory_1": "AKCp" + fake("af-1", ALNUM, 69),
    "artifactory_ref_1": "cmVmd" + fake("af-2", ALNUM, 59),
    # Cloud
    "aws_akia_1": "AKIA" + fake("aws-1", UPPER_B32, 16),
    "aws_asia_1": "ASIA" + fake("aws-2", UPPER_B32, 16),
    "aws_secret_1": fake("aws-s1", ALNUM + "/+", 40),
    "aws_secret_2": fake("aws-s2", ALNUM + "/+", 40),
    "google_1": "AIza" + fake("gcp-1", B64URL, 35),
    "google_2": "AIza" + fake("gcp-2", B64URL, 35),
    "google_client_secret_1": "GOCSPX-" + fake("gcp-3", B64URL, 28),
    "google_access_token_1": "ya29." + fake("gcp-4", B64URL, 120),
    "azure_account_key_1": fake("az-1", B64, 86) + "==",
    "azure_account_key_2": fake("az-2", B64, 86) + "==",
    "azure_shared_access_key_1": fake("az-3", B64, 43) + "=",
    "azure_sas_sig_1": fake("az-4", ALNUM, 43) + "%3D",
    "azure_sas_sig_2": fake("az-5", ALNUM, 43) + "%3D",
    "databricks_1": "dapi" + fake("db-1", HEX, 32),
    "databricks_2": "dapi" + fake("db-2", HEX, 32) + "-2",
    "digitalocean_1": "dop_v1_" + fake("do-1", HEX, 64),
    "digitalocean_2": "doo_v1_" + fake("do-2", HEX, 64),
    "doppler_1": "dp.pt." + fake("dp-1", ALNUM, 43),
    "doppler_2": "dp.st." + fake("dp-2", ALNUM, 43),
    # SaaS
    "slack_bot_1": f"xoxb-{fake('sl-1a', DIGITS, 11)}-{fake('sl-1b', DIGITS, 13)}-{fake('sl-1c', ALNUM, 24)}",
    "slack_user_1": "xoxp-" + "-".join(fake(f"sl-2{i}", DIGITS, 12) for i in range(3)) + "-" + fake("sl-2c", HEX, 32),
    "slack_workspace_1": "xoxa-2-" + fake("sl-3", ALNUM, 40),
    "slack_app_1": _slack_app("sl-4"),
    "slack_app_2": _slack_app("sl-5"),
    "slack_webhook_1": "https://hooks.slack.com/services/T" + fake("sl-6a", UPPER_B32, 8) + "/B"
    + fake("sl-6b", UPPER_B32, 10) + "/" + fake("sl-6c", ALNUM, 24),
    "slack_webhook_2": "https://hooks.slack.com/services/T" + fake("sl-7a", UPPER_B32, 10) + "/B"
    + fake("sl-7b", UPPER_B32, 10) + "/" + fake("sl-7c", ALNUM, 24),
    "sendgrid_1": "SG." + fake("sg-1a", B64URL, 22) + "." + fake("sg-1b", B64URL, 43),
    "sendgrid_2": "SG." + fake("sg-2a", B64URL, 22) + "." + fake("sg-2b", B64URL, 43),
    "twilio_sk_1": "SK" + fake("tw-1", HEX, 32),
    "twilio_ac_1": "AC" + fake("tw-2", HEX, 32),
    "mailgun_key_1": "key-" + fake("mg-1", HEX, 32),
    "mailgun_signing_1": fake("mg-2a", HEX, 32) + "-" + fake("mg-2b", HEX, 8) + "-" + fake("mg-2c", HEX, 8),
    "mailchimp_1": fake("mc-1", HEX, 32) + "-us14",
    "mailchimp_2": fake("mc-2", HEX, 32) + "-us6",
    "discord_1": _discord("dc-1", "101234567890123456"),
    "discord_2": _discord("dc-2", "912345678901234567"),
    "telegram_1": fake("tg-1", DIGITS, 10) + ":AA" + fake("tg-1b", B64URL, 33),
    "telegram_2": fake("tg-2", DIGITS, 9) + ":AA" + fake("tg-2b", B64URL, 33),
    "postman_1": "PMAK-" + fake("pm-1a", HEX, 24) + "-" + fake("pm-1b", HEX, 34),
    "postman_2": "PMAK-" + fake("pm-2a", HEX, 24) + "-" + fake("pm-2b", HEX, 34),
    "linear_1": "lin_api_" + fake("ln-1", ALNUM, 40),
    "linear_2": "lin_api_" + fake("ln-2", ALNUM, 40),
    "notion_ntn_1": "ntn_" + fake("nt-1a", DIGITS, 11) + fake("nt-1b", ALNUM, 35),
    "notion_secret_1": "secret_" + fake("nt-2", ALNUM, 43),
    "atlassian_1": "ATATT3" + fake("at-1", B64URL, 186),
    "atlassian_legacy_1": fake("at-2a", ALNUM, 20) + fake("at-2b", HEX, 4),
    # Structural
    "jwt_hs256_1": _jwt("jwt-1", {"sub": "fake-user-1", "name": "Test Fixture", "iat": 1700000000}),
    "jwt_rs256_1": _jwt("jwt-2", {"iss": "https://auth.example.test", "sub": "fake", "exp": 1900000000}, "RS256"),
    "pem_rsa_1": _pem("RSA PRIVATE KEY", "pem-rsa", 6),
    "pem_ec_1": _pem("EC PRIVATE KEY", "pem-ec", 3),
    "pem_openssh_1": _pem("OPENSSH PRIVATE KEY", "pem-ssh", 5),
    "pem_pgp_1": _pem("PGP PRIVATE KEY BLOCK", "pem-pgp", 5, header_lines=("Version: GnuPG v2",)),
    "pem_encrypted_1": _pem("ENCRYPTED PRIVATE KEY", "pem-enc", 5),
    "pem_rsa_legacy_encrypted_1": _pem(
        "RSA PRIVATE KEY", "pem-enc2", 4,
        header_lines=("Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC," + fake("pem-iv", HEX, 32).upper()),
    ),
    "pem_json_escaped_1": _pem("PRIVATE KEY", "pem-esc", 4, newline="\\n"),
    "pem_truncated_1": "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(
        fake(f"pem-tr:{i}", B64, 64) for i in range(3)
    ),
    "bearer_opaque_1": fake("bearer-1", ALNUM, 40),
    "basic_1": _basic("ci-bot", "Fake-Passw0rd-1"),
    "basic_2": _basic("alice@example.com", "correct horse battery staple FAKE"),
    "cookie_1": "session=" + fake("ck-1", ALNUM, 32) + "; csrftoken=" + fake("ck-2", ALNUM, 32),
}
