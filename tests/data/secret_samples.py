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
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
BECH32_UPPER = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


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


def _b64_json(obj: object) -> str:
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def _uuid(label: str) -> str:
    hexes = fake(label, HEX, 32)
    return "-".join((hexes[:8], hexes[8:12], hexes[12:16], hexes[16:20], hexes[20:]))


def _putty(label: str, newline: str = "\n") -> str:
    """A PuTTY .ppk (v3, unencrypted): header lines, public lines, private lines, MAC."""
    public = [fake(f"{label}:pub{i}", B64, 64, marker=False) for i in range(5)]
    public.append(fake(label + ":pubt", B64, 20) + "==")
    private = [fake(f"{label}:prv{i}", B64, 64, marker=i == 0) for i in range(13)]
    private.append(fake(label + ":prvt", B64, 40) + "=")
    lines = ["PuTTY-User-Key-File-3: ssh-rsa", "Encryption: none", "Comment: rsa-key-20260114",
             f"Public-Lines: {len(public)}", *public, f"Private-Lines: {len(private)}", *private,
             "Private-MAC: " + fake(label + ":mac", HEX, 64)]
    return newline.join(lines)


def _twitter_bearer(label: str) -> str:
    # 22 "A", then URL-encoded base64 (the consumer key part and the secret, joined by %3D).
    return ("A" * 22 + fake(label + "a", ALNUM, 4, marker=False) + "AAAAAAA" + fake(label + "b", ALNUM, 20) + "%2B"
            + fake(label + "c", ALNUM, 22, marker=False) + "%3D" + fake(label + "d", ALNUM, 50, marker=False))


def _bedrock_long_term(label: str) -> str:
    raw = f"BedrockAPIKey-{fake(label + 'id', LOWER_ALNUM, 4)}-at-{fake(label + 'acct', DIGITS, 12)}:"
    return "ABSK" + base64.b64encode((raw + fake(label + "s", B64, 60)).encode()).decode()


def _bedrock_short_term(label: str) -> str:
    url = ("bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256"
           f"&X-Amz-Credential=FAKEKEYID%2F20260101%2Fus-east-1%2Fbedrock%2Faws4_request&X-Amz-Date=20260101T000000Z"
           f"&X-Amz-Expires=43200&X-Amz-Security-Token={fake(label + 'st', B64URL, 120)}"
           f"&X-Amz-Signature={fake(label + 'sig', HEX, 64)}&X-Amz-SignedHeaders=host&Version=1")
    return "bedrock-api-key-" + base64.b64encode(url.encode()).decode()


def _intercom(label: str) -> str:
    # base64 of "tok:<uuid with underscores>:1:0"
    return base64.b64encode(f"tok:{_uuid(label).replace('-', '_')}:1:0".encode()).decode()


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
    "sentry_user_1": "sntryu_" + fake("sn-u1", HEX, 64),
    # (the organization token's claims as Sentry writes them, then its secret)
    "sentry_org_1": "sntrys_eyJpYXQiOjE3MzAwMDAwMDAuMCwidXJsIjoiaHR0cHM6Ly9zZW50cnkuaW8iLCJvcmciOiJleGFtcGxlIn0_"
                    + fake("sn-o1", B64URL, 43),
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
    "checkout_legacy_1": "sk_" + "-".join(fake(f"co-1{i}", HEX, n, marker=False)
                                          for i, n in enumerate((8, 4, 4, 4, 12))),
    "checkout_legacy_2": "sk_test_" + "-".join(fake(f"co-2{i}", HEX, n, marker=False)
                                                for i, n in enumerate((8, 4, 4, 4, 12))),
    "discord_webhook_1": "https://discord.com/api/webhooks/" + fake("dw-1a", DIGITS, 19, marker=False) + "/"
    + fake("dw-1b", B64URL, 68),
    "discord_webhook_2": "https:\\/\\/discordapp.com\\/api\\/v10\\/webhooks\\/"
    + fake("dw-2a", DIGITS, 18, marker=False) + "\\/" + fake("dw-2b", B64URL, 68),
    "sendgrid_1": "SG." + fake("sg-1a", B64URL, 22) + "." + fake("sg-1b", B64URL, 43),
    "sendgrid_2": "SG." + fake("sg-2a", B64URL, 22) + "." + fake("sg-2b", B64URL, 43),
    "brevo_1": "xkeysib-" + fake("brevo-1a", HEX, 64) + "-" + fake("brevo-1b", ALNUM, 16),
    "brevo_2": "xsmtpsib-" + fake("brevo-2a", HEX, 64) + "-" + fake("brevo-2b", ALNUM, 16),
    "twilio_sk_1": "SK" + fake("tw-1", HEX, 32),
    "twilio_secret_1": fake("tw-sec-1", HEX, 32),
    "twilio_secret_2": fake("tw-sec-2", ALNUM, 32),
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
    # ---- 2024-2026 formats (free text, no secret-named key) ----
    # AI providers
    "xai_1": "xai-" + fake("xai-1", ALNUM, 80),
    "xai_2": "xai-" + fake("xai-2", ALNUM, 80),
    "together_1": "tgp_v1_" + fake("tg-1", B64URL, 43),
    "together_2": "tgp_v1_" + fake("tg-2", B64URL, 43),
    "fireworks_1": "fw_" + fake("fw-1", ALNUM, 33),
    "fireworks_2": "fw_" + fake("fw-2", ALNUM, 33),
    "pinecone_1": "pcsk_" + fake("pc-1a", ALNUM, 6) + "_" + fake("pc-1b", ALNUM, 63),
    "pinecone_2": "pcsk_" + fake("pc-2a", ALNUM, 5) + "_" + fake("pc-2b", ALNUM, 63),
    "helicone_1": "sk-helicone-" + "-".join(fake(f"hc-1{i}", LOWER_ALNUM, 7) for i in range(4)),
    "helicone_eu_1": "sk-helicone-eu-" + "-".join(fake(f"hc-2{i}", LOWER_ALNUM, 7) for i in range(4)),
    "langfuse_1": "sk-lf-" + _uuid("lf-1"),
    "langfuse_2": "sk-lf-" + _uuid("lf-2"),
    "flutterwave_1": "FLWSECK-" + fake("flw-1", HEX, 32) + "-X",
    "flutterwave_2": "FLWSECK_TEST-" + fake("flw-2", HEX, 32) + "-X",
    "flutterwave_3": "FLWSECK_TEST" + fake("flw-3", HEX, 12),  # the encryption key
    "elevenlabs_1": "sk_" + fake("el-1", HEX, 48),
    "elevenlabs_2": "sk_" + fake("el-2", HEX, 48),
    "tavily_1": "tvly-" + fake("tv-1", ALNUM, 32),
    "tavily_dev_1": "tvly-dev-" + fake("tv-2", ALNUM, 32),
    # Cloud & infrastructure
    "aws_session_1": "IQoJb3JpZ2luX2VjE" + fake("sts-1", B64, 600),
    "aws_session_2": "FwoGZXIvYXdzE" + fake("sts-2", B64, 340) + "=",
    "aws_bedrock_1": _bedrock_long_term("br-1"),
    "aws_bedrock_short_1": _bedrock_short_term("br-2"),
    "google_refresh_1": "1//0" + fake("grt-1", B64URL, 99),
    "google_refresh_2": "1//0" + fake("grt-2", B64URL, 99),
    "azure_ad_secret_1": fake("aad-1a", ALNUM, 3) + "8Q~" + fake("aad-1b", ALNUM + "_~.-", 33)
    + fake("aad-1c", ALNUM, 1),
    "azure_ad_secret_2": fake("aad-2a", ALNUM, 3) + "7Q~" + fake("aad-2b", ALNUM + "_~.-", 33)
    + fake("aad-2c", ALNUM, 1),
    "azure_devops_1": fake("ado-1a", ALNUM, 52) + "JQQJ99" + fake("ado-1b", ALNUM, 18) + "AZDO"
    + fake("ado-1c", ALNUM, 4),
    "azure_devops_2": fake("ado-2a", ALNUM, 52) + "JQQJ99" + fake("ado-2b", ALNUM, 18) + "AZDO"
    + fake("ado-2c", ALNUM, 4),
    "cloudflare_user_1": "cfut_" + fake("cf-1a", ALNUM, 40) + fake("cf-1b", HEX, 8),
    "cloudflare_account_1": "cfat_" + fake("cf-2a", ALNUM, 40) + fake("cf-2b", HEX, 8),
    "cloudflare_origin_ca_1": "v1.0-" + fake("cf-3a", HEX, 24) + "-" + fake("cf-3b", HEX, 146),
    "cloudflare_legacy_1": fake("cf-4", B64URL, 40),
    "cloudflare_legacy_2": fake("cf-5", B64URL, 40),
    "tailscale_auth_1": "tskey-auth-k" + fake("ts-1a", ALNUM, 8) + "CNTRL-" + fake("ts-1b", ALNUM, 32),
    "tailscale_api_1": "tskey-api-k" + fake("ts-2a", ALNUM, 9) + "CNTRL-" + fake("ts-2b", ALNUM, 32),
    "terraform_cloud_1": fake("tfc-1a", ALNUM, 14) + ".atlasv1." + fake("tfc-1b", ALNUM, 67),
    "terraform_cloud_2": fake("tfc-2a", ALNUM, 14) + ".atlasv1." + fake("tfc-2b", ALNUM, 67),
    "pulumi_1": "pul-" + fake("pul-1", HEX, 40),
    "pulumi_2": "pul-" + fake("pul-2", HEX, 40),
    "heroku_1": "HRKU-AA" + fake("hk-1", B64URL, 58),
    "heroku_2": "HRKU-AA" + fake("hk-2", B64URL, 58),
    "netlify_1": "nfp_" + fake("nf-1", ALNUM, 36),
    "netlify_2": "nfp_" + fake("nf-2", ALNUM, 36),
    "flyio_macaroon_1": "fm2_" + fake("fly-1", B64, 600) + "=",
    "flyio_macaroon_2": "fm2_" + fake("fly-2", B64, 300),
    "flyio_oauth_1": "fo1_" + fake("fly-3", B64URL, 43),
    "planetscale_pw_1": "pscale_pw_" + fake("ps-1", ALNUM, 43),
    "planetscale_tkn_1": "pscale_tkn_" + fake("ps-2", ALNUM, 43),
    "supabase_pat_1": "sbp_" + fake("sb-1", HEX, 40),
    "supabase_secret_1": "sb_secret_" + fake("sb-2a", B64URL, 22) + "_" + fake("sb-2b", ALNUM, 8),
    "dynatrace_1": "dt0c01." + fake("dt-1a", UPPER_ALNUM, 24) + "." + fake("dt-1b", UPPER_ALNUM, 64),
    "dynatrace_2": "dt0c01." + fake("dt-2a", UPPER_ALNUM, 24) + "." + fake("dt-2b", UPPER_ALNUM, 64),
    "newrelic_user_1": "NRAK-" + fake("nr-1", UPPER_ALNUM, 27),
    "newrelic_insert_1": "NRII-" + fake("nr-2", B64URL, 32),
    "newrelic_license_1": fake("nr-3", HEX, 32) + "FFFFNRAL",
    "grafana_sa_1": "glsa_" + fake("gf-1a", ALNUM, 32) + "_" + fake("gf-1b", HEX, 8),
    "grafana_cloud_1": "glc_" + _b64_json({"o": fake("gf-2o", DIGITS, 6),
                                          "n": "stack-deploy-" + fake("gf-2n", LOWER_ALNUM, 6),
                                          "k": fake("gf-2k", ALNUM, 24), "m": {"r": "prod-us-east-0"}}),
    # Code hosting, CI and developer tools
    "gitlab_ffct_1": "glffct-" + fake("gl-4", B64URL, 20),
    "docker_pat_1": "dckr_pat_" + fake("dk-1", B64URL, 27),
    "docker_oat_1": "dckr_oat_" + fake("dk-2", B64URL, 32),
    "bitbucket_1": "ATBB" + fake("bb-1a", ALNUM, 32) + fake("bb-1b", HEX, 8).upper(),
    "bitbucket_2": "ATBB" + fake("bb-2a", ALNUM, 32) + fake("bb-2b", HEX, 8).upper(),
    "sourcegraph_1": "sgp_" + fake("sg-1a", HEX, 16) + "_" + fake("sg-1b", HEX, 40),
    "sourcegraph_local_1": "sgp_local_" + fake("sg-2", HEX, 40),
    "sonarqube_sqp_1": "sqp_" + fake("sq-1", HEX, 40),
    "sonarqube_squ_1": "squ_" + fake("sq-2", HEX, 40),
    "circleci_pat_1": "CCIPAT_" + fake("cci-1a", ALNUM, 22) + "_" + fake("cci-1b", HEX, 40),
    "circleci_prj_1": "CCIPRJ_" + fake("cci-2a", ALNUM, 22) + "_" + fake("cci-2b", HEX, 40),
    "buildkite_1": "bkua_" + fake("bk-1", HEX, 40),
    "buildkite_2": "bkua_" + fake("bk-2", HEX, 40),
    "wandb_1": fake("wb-1", HEX, 40),
    "wandb_2": fake("wb-2", HEX, 40),
    "ngrok_1": "2" + fake("ng-1a", ALNUM, 26) + "_" + fake("ng-1b", ALNUM, 21),
    "ngrok_2": "2" + fake("ng-2a", ALNUM, 26) + "_" + fake("ng-2b", ALNUM, 21),
    # SaaS
    "okta_1": "00" + fake("okta-1", B64URL, 40),
    "okta_2": "00" + fake("okta-2", B64URL, 40),
    "resend_1": "re_" + fake("rs-1a", ALNUM, 8) + "_" + fake("rs-1b", ALNUM, 24),
    "resend_2": "re_" + fake("rs-2a", ALNUM, 8) + "_" + fake("rs-2b", ALNUM, 24),
    "figma_1": "figd_" + fake("fg-1", B64URL, 40),
    "figma_2": "figd_" + fake("fg-2", B64URL, 40),
    "airtable_1": "pat" + fake("air-1a", ALNUM, 14) + "." + fake("air-1b", HEX, 64),
    "airtable_2": "pat" + fake("air-2a", ALNUM, 14) + "." + fake("air-2b", HEX, 64),
    "hubspot_1": "pat-na1-" + _uuid("hs-1"),
    "hubspot_2": "pat-eu1-" + _uuid("hs-2"),
    "shippo_1": "shippo_live_" + fake("sp-1", HEX, 40),
    "shippo_2": "shippo_test_" + fake("sp-2", HEX, 40),
    "easypost_1": "EZAK" + fake("ep-1", ALNUM, 54),
    "easypost_2": "EZTK" + fake("ep-2", ALNUM, 54),
    "braintree_1": "access_token$production$" + fake("bt-1a", LOWER_ALNUM, 16) + "$" + fake("bt-1b", HEX, 32),
    "braintree_2": "access_token$sandbox$" + fake("bt-2a", LOWER_ALNUM, 16) + "$" + fake("bt-2b", HEX, 32),
    "mapbox_1": "sk." + _b64_json({"u": "acme-maps", "a": fake("mb-1a", LOWER_ALNUM, 25)}).replace("+", "-")
    .replace("/", "_") + "." + fake("mb-1b", B64URL, 22),
    "mapbox_2": "sk." + _b64_json({"u": "fleet-ops", "a": fake("mb-2a", LOWER_ALNUM, 25)}).replace("+", "-")
    .replace("/", "_") + "." + fake("mb-2b", B64URL, 22),
    "facebook_1": "EAAB" + fake("fb-1", ALNUM, 180),
    "facebook_2": "EAAG" + fake("fb-2", ALNUM, 200),
    "twitter_bearer_1": _twitter_bearer("x-1"),
    "twitter_bearer_2": _twitter_bearer("x-2"),
    "onepassword_sa_1": "ops_" + _b64_json({
        "signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
                                                         "iterations": 650000, "salt": fake("op-1s", B64URL, 22)},
        "email": fake("op-1e", LOWER_ALNUM, 13) + "@1passwordserviceaccounts.com", "srpX": fake("op-1x", HEX, 64),
        "muk": {"alg": "A256GCM", "ext": True, "k": fake("op-1k", B64URL, 43), "key_ops": ["encrypt", "decrypt"],
                "kty": "oct", "kid": "mp"},
        "secretKey": "A3-" + fake("op-1sk", UPPER_ALNUM, 6), "throttleSecret": {"seed": fake("op-1t", HEX, 64)},
        "deviceUuid": fake("op-1d", LOWER_ALNUM, 26)}),
    "onepassword_secret_key_1": "-".join(("A3", fake("op-2a", UPPER_ALNUM, 6, marker=False),
                                          fake("op-2b", UPPER_ALNUM, 6, marker=False),
                                          *(fake(f"op-2{i}", UPPER_ALNUM, 5, marker=False) for i in "cdef"))),
    "prefect_1": "pnu_" + fake("pf-1", ALNUM, 36),
    "prefect_2": "pnu_" + fake("pf-2", ALNUM, 36),
    "infracost_1": "ico-" + fake("ic-1", ALNUM, 32),
    "infracost_2": "ico-" + fake("ic-2", ALNUM, 32),
    "lob_live_1": "live_" + fake("lob-1", HEX, 35),
    "lob_test_1": "test_" + fake("lob-2", HEX, 35),
    "contentful_1": "CFPAT-" + fake("cfl-1", B64URL, 43),
    "contentful_2": "CFPAT-" + fake("cfl-2", B64URL, 43),
    "frameio_1": "fio-u-" + fake("fio-1", B64URL, 64),
    "frameio_2": "fio-u-" + fake("fio-2", B64URL, 64),
    "typeform_1": "tfp_" + fake("tf-1a", ALNUM, 44) + "_" + fake("tf-1b", ALNUM, 14),
    "typeform_2": "tfp_" + fake("tf-2a", ALNUM, 44) + "_" + fake("tf-2b", ALNUM, 14),
    "adafruit_1": "aio_" + fake("aio-1", ALNUM, 28),
    "adafruit_2": "aio_" + fake("aio-2", ALNUM, 28),
    "intercom_1": _intercom("ic-tok-1"),
    "intercom_2": _intercom("ic-tok-2"),
    "posthog_1": "phx_" + fake("ph-1", ALNUM, 47),
    "posthog_2": "phx_" + fake("ph-2", ALNUM, 47),
    "stripe_ephemeral_1": "ek_live_" + fake("ek-1", ALNUM, 96),
    "stripe_ephemeral_2": "ek_test_" + fake("ek-2", ALNUM, 64),
    "google_auth_code_1": "4/0A" + fake("g4-1", B64URL, 70),
    "google_auth_code_2": "4/0A" + fake("g4-2", B64URL, 58),
    "oauth_code_1": fake("oc-1", ALNUM, 20),
    "url_hmac_1": fake("uh-1", HEX, 64),
    "url_hmac_2": fake("uh-2", HEX, 64),
    "apns_token_1": fake("ap-1", HEX, 64),
    "apns_token_2": fake("ap-2", HEX, 64),
    "apple_session_1": "DAWTKNV3" + fake("as-1", HEX, 120) + "SRVX",
    "apple_session_2": fake("as-2", B64URL, 40),
    # Private keys
    "age_1": "AGE-SECRET-KEY-1" + fake("age-1", BECH32_UPPER, 58),
    "age_2": "AGE-SECRET-KEY-1" + fake("age-2", BECH32_UPPER, 58),
    "putty_1": _putty("ppk-1"),
    "putty_json_escaped_1": _putty("ppk-2", newline="\\n"),
}
