"""Sensitive values planted in the capture tests. All fake; none uses an allow-listed
documentation domain (the default policy keeps `@example.com` addresses), so each must be caught."""

from __future__ import annotations

EMAIL = "dana.whitfield@northwind-mail.io"
PHONE = "+1 415 555 0134"
PERSON = "Dana Whitfield"
CARD = "4111 1111 1111 1111"
OPENAI_KEY = "sk-proj-T3STabcdefghijklmnopqrstuvwxyz0123456789ABCD"
GITHUB_TOKEN = "ghp_T3ST0123456789abcdefghijklmnopqrstuv"
PASSWORD = "correct-horse-battery-staple-42"
BEARER = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkYW5hIn0.c2lnbmF0dXJlLXQzc3Q"

ALL = (EMAIL, PHONE, PERSON, CARD, OPENAI_KEY, GITHUB_TOKEN, PASSWORD, BEARER)
# Substrings that must not survive either (a token's tail would betray the whole secret).
FRAGMENTS = ("northwind-mail", "T3STabcdefghijklmnop", "ghp_T3ST", "battery-staple", "555 0134",
             "eyJzdWIiOiJkYW5hIn0")


def leaked(data: bytes | str) -> list[str]:
    """The planted values (or tell-tale fragments) found in `data`, compared as raw bytes and in
    the JSON-escaped forms a serialiser might produce."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    found = []
    for value in (*ALL, *FRAGMENTS):
        variants = {value, value.replace("/", "\\/"), value.replace(" ", "%20"), value.replace(" ", "+"),
                    value.replace("@", "%40")}
        if any(variant in text for variant in variants):
            found.append(value)
    return found
