"""VCR.py / pytest-recording: redact HTTP interactions before they are written to a cassette.

    from redactor.capture.vcr import VcrRedactor
    hooks = VcrRedactor(redactor)
    my_vcr = vcr.VCR(before_record_request=hooks.before_record_request,
                     before_record_response=hooks.before_record_response)
    # pytest-recording: return hooks.vcr_config() from the `vcr_config` fixture.

What is redacted, with the same policy as everything else:
- headers: secret-named ones (Authorization, X-Api-Key, ...) whole (an authorization's scheme stays),
  Cookie and Set-Cookie cookie by cookie (names and attributes stay), others by content (an email in
  `From`);
- the URL: query parameters (by name and content), path segments (by content), user:password;
- bodies: JSON with structure awareness (written back as JSON), form bodies like queries, other
  text as text, each in its declared charset; multipart bodies part by part (form fields by name,
  file names as text, each file as a body of its own type). Compressed bodies (gzip/deflate
  responses, and requests) are decompressed first (the cassette then stores the plain body, as
  vcrpy's `decode_compressed_response` does). Binary bodies cannot be inspected:
  they are replaced by a `<REDACTED_PAYLOAD sha256=... bytes=...>` placeholder unless
  `binary_bodies="keep"` (fail closed by default; choose "keep" for images and the like).

Replay still matches: vcrpy applies `before_record_request` to the live request before matching
it against the cassette, and the pseudonyms are keyed and deterministic, so the live request
redacts to exactly what was recorded. The hooks never modify vcrpy's request object in place
(vcrpy sends that very object to the real server): they return a redacted copy.

A failure raises `CaptureError` into the HTTP call being recorded; nothing is added to the cassette.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

from redactor.capture._common import CaptureError, describe_failure, redaction_lock

if TYPE_CHECKING:
    from redactor.engine import Redactor

BinaryBodies = Literal["placeholder", "keep"]
_JSON_TYPES = ("application/json", "+json", "application/x-ndjson")
_FORM_TYPE = "application/x-www-form-urlencoded"
_MARKER_SAFE_CHARS = "<>:"
_CHARSET = re.compile(r"charset\s*=\s*(\"[^\"]+\"|[^;\s]+)", re.IGNORECASE)
_BOUNDARY = re.compile(r"boundary\s*=\s*(\"[^\"]+\"|[^;\s]+)", re.IGNORECASE)
_PART_NAME = re.compile(r'[;\s]name="([^"]*)"', re.IGNORECASE)
_PART_FILENAME = re.compile(r'[;\s]filename="([^"]*)"', re.IGNORECASE)
_FILE_SUFFIX = re.compile(r"[A-Za-z0-9]{1,5}")
_PART_TYPE = re.compile(r"^content-type:\s*([^\r\n]+)", re.IGNORECASE | re.MULTILINE)


class VcrRedactor:
    """`before_record_request` / `before_record_response` callables bound to one redactor."""

    def __init__(self, redactor: Redactor, *, binary_bodies: BinaryBodies = "placeholder") -> None:
        self.redactor = redactor
        self.binary_bodies = binary_bodies

    def vcr_config(self) -> dict[str, Any]:
        """Keyword arguments for `vcr.VCR(...)` or pytest-recording's `vcr_config` fixture."""
        return {"before_record_request": self.before_record_request,
                "before_record_response": self.before_record_response}

    # ----- requests -----------------------------------------------------------------------

    def before_record_request(self, request: Any) -> Any:
        with redaction_lock(self.redactor):
            return self._redact_request(request)

    def _redact_request(self, request: Any) -> Any:
        try:
            redacted = copy.deepcopy(request)
            headers = {str(k): str(v) for k, v in request.headers.items()}
            redacted.uri, new_headers = self._redact_uri_and_headers(request.uri, headers)
            content_type = headers_get(headers, "content-type")
            body = request.body_bytes if hasattr(request, "body_bytes") else request.body
            if body and isinstance(body, bytes):
                # A compressed request body (an SDK that gzips its uploads) is inflated so that it
                # can be inspected, and recorded plain, as vcrpy records decompressed responses.
                inflated = _inflate(body, headers_get(headers, "content-encoding"))
                if inflated is not None:
                    body = inflated
                    new_headers = {k: v for k, v in new_headers.items() if k.lower() != "content-encoding"}
            if body:
                redacted.body = self._redact_body(body, content_type)
                for name in new_headers:
                    if name.lower() == "content-length":
                        new_headers[name] = str(len(redacted.body))
            redacted.headers = new_headers
            return redacted
        except CaptureError:
            raise
        except Exception as exc:
            raise CaptureError(f"HTTP request could not be redacted: {describe_failure(exc)}; "
                               "nothing was recorded") from None

    def _redact_uri_and_headers(self, uri: str, headers: dict[str, str]) -> tuple[str, dict[str, str]]:
        parts = urlsplit(uri)
        query = [{key: value} for key, value in parse_qsl(parts.query, keep_blank_values=True)]
        segments = [unquote(segment) for segment in parts.path.split("/")]
        userinfo = {}
        if parts.username is not None:
            userinfo = {"username": unquote(parts.username), "password": unquote(parts.password or "")}
        # One unit, so a value found in one place (a header) is also scrubbed in another (the query).
        document = self.redactor.redact({"headers": headers, "query": query, "path": segments,
                                         "userinfo": userinfo})
        netloc = parts.netloc.rsplit("@", 1)[-1]
        if userinfo:
            info = document["userinfo"]
            credentials = quote(info["username"], safe="")
            if parts.password is not None:
                credentials += ":" + quote(info["password"], safe="")
            netloc = f"{credentials}@{netloc}"
        # Untouched parts keep their exact original bytes (encoding choices included). Redaction
        # tokens are written unescaped: `%3CAPI_KEY%3A...%3E` would no longer read as a token, and
        # the gate's scan would flag `api_key=%3C...` as a live key.
        query_string = parts.query
        if document["query"] != query:
            query_string = encode_pairs(document["query"])
        path = parts.path
        if document["path"] != segments:
            path = "/".join(quote(segment, safe="@+,;=!$&'()*" + _MARKER_SAFE_CHARS) for segment in document["path"])
        new_uri = urlunsplit((parts.scheme, netloc, path, query_string, parts.fragment))
        return new_uri, dict(document["headers"])

    # ----- responses ----------------------------------------------------------------------

    def before_record_response(self, response: Mapping[str, Any]) -> dict[str, Any]:
        with redaction_lock(self.redactor):
            return self._redact_response(response)

    def _redact_response(self, response: Mapping[str, Any]) -> dict[str, Any]:
        try:
            from vcr.filters import decode_response

            # decode_response copies; a compressed body is inflated so that it can be inspected.
            redacted: dict[str, Any] = decode_response(copy.deepcopy(dict(response)))
            headers = {str(k): [str(v) for v in (vs if isinstance(vs, list) else [vs])]
                       for k, vs in redacted.get("headers", {}).items()}
            redacted["headers"] = dict(self.redactor.redact(headers))
            body = redacted.get("body", {}).get("string")
            if body:
                new_body = self._redact_body(body, headers_get(headers, "content-type"))
                redacted["body"]["string"] = new_body if isinstance(body, bytes) else new_body.decode("utf-8")
                for name in list(redacted["headers"]):
                    if name.lower() == "content-length":
                        redacted["headers"][name] = [str(len(new_body))]
            return redacted
        except CaptureError:
            raise
        except Exception as exc:
            raise CaptureError(f"HTTP response could not be redacted: {describe_failure(exc)}; "
                               "nothing was recorded") from None

    # ----- bodies -------------------------------------------------------------------------

    def _redact_body(self, body: bytes | str, content_type: str) -> bytes:
        # A str body was decoded by the stub already; it goes back as UTF-8 (the caller decodes it so).
        charset = "utf-8" if isinstance(body, str) else _charset(content_type)
        raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
        lowered = content_type.lower()
        boundary = _boundary(content_type) if lowered.startswith("multipart/") else None
        if boundary is not None:
            # A container, not a binary: its text fields (a password, an email) are redacted even
            # with binary_bodies="keep", which is meant for the files in it.
            return self._redact_multipart(raw, boundary)
        try:
            # The declared charset, not UTF-8 only: a Latin-1 or UTF-16 text body is still text.
            text = raw.decode(charset)
        except (UnicodeDecodeError, LookupError):
            return self._binary(raw)
        if "\x00" in text:
            return self._binary(raw)
        try:
            return self._redact_text_body(text, lowered).encode(charset)
        except UnicodeEncodeError:  # pragma: no cover - tokens are ASCII, the rest was decodable
            return self._binary(raw)

    def _redact_text_body(self, text: str, lowered: str) -> str:
        if _FORM_TYPE in lowered:
            pairs = [{k: v} for k, v in parse_qsl(text, keep_blank_values=True)]
            return encode_pairs(self.redactor.redact(pairs))
        parsed = _json_document(text) if (any(t in lowered for t in _JSON_TYPES) or not lowered) else None
        if parsed is not None:
            value, compact = parsed
            new_value = self.redactor.redact(value)
            separators = (",", ":") if compact else (", ", ": ")
            return json.dumps(new_value, ensure_ascii=False, separators=separators)
        return self.redactor.redact_text(text)

    def _redact_multipart(self, raw: bytes, boundary: bytes) -> bytes:
        """Each part of a multipart body on its own; the framing bytes are kept exactly.

        Form fields are redacted together as `[{name: value}, ...]` (so a `password` field is a
        secret by its name, as in a form body); a file part is a body of its own content type (the
        binary policy applies to it); a file name is redacted as text. Anything unexpected in the
        framing makes the whole body opaque (the binary policy), never partly inspected.
        """
        delimiter = b"--" + boundary
        pieces = raw.split(delimiter)
        if len(pieces) < 3 or pieces[0].strip() or not pieces[-1].startswith(b"--") or pieces[-1][2:].strip():
            return self._binary(raw)
        parts: list[_Part] = []
        for piece in pieces[1:-1]:
            part = _split_part(piece)
            if part is None:
                return self._binary(raw)
            parts.append(part)
        try:
            fields = [{part.name: part.content.decode("utf-8")} for part in parts if part.filename is None]
        except UnicodeDecodeError:
            return self._binary(raw)
        # One unit, so a value found in one field (a password) is also scrubbed in another.
        redacted_fields = iter(self.redactor.redact(fields) if fields else [])
        rebuilt = []
        for part in parts:
            head = part.head
            if part.filename is None:
                content = str(next(iter(next(redacted_fields).values()))).encode("utf-8")
            else:
                content = self._redact_body(part.content, part.content_type)
                if part.filename:
                    head = head.replace(part.filename.encode("utf-8"),
                                        self._redact_file_name(part.filename).encode("utf-8"))
            rebuilt.append(b"\r\n" + head + b"\r\n\r\n" + content + b"\r\n")
        return delimiter.join([pieces[0], *rebuilt, pieces[-1]])

    def _redact_file_name(self, name: str) -> str:
        """An upload's file name, its extension aside: `jane.doe@acme.com.png` hides the address
        from a detector that knows top-level domains (the gate reads names the same way)."""
        stem, dot, suffix = name.rpartition(".")
        if dot and stem and _FILE_SUFFIX.fullmatch(suffix):
            return self.redactor.redact_text(stem) + dot + suffix
        return self.redactor.redact_text(name)

    def _binary(self, raw: bytes) -> bytes:
        if self.binary_bodies == "keep":
            return raw
        import hashlib

        return f"<REDACTED_PAYLOAD sha256={hashlib.sha256(raw).hexdigest()} bytes={len(raw)}>".encode("ascii")


def encode_pairs(pairs: list[dict[str, str]]) -> str:
    """`[{name: value}, ...]` (one pair per dict: order and repeated names kept) as a query string."""
    return urlencode([next(iter(item.items())) for item in pairs], safe=_MARKER_SAFE_CHARS)


def headers_get(headers: Mapping[str, Any], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return str(value[0] if isinstance(value, list) and value else value)
    return ""


def _inflate(body: bytes, content_encoding: str) -> bytes | None:
    """`body` decompressed per its (single) gzip/deflate Content-Encoding; None if it is not that."""
    import gzip
    import zlib

    encoding = content_encoding.strip().lower()
    try:
        if encoding in ("gzip", "x-gzip"):
            return gzip.decompress(body)
        if encoding == "deflate":
            return zlib.decompress(body)
    except (OSError, EOFError, zlib.error):
        return None  # not what it claims: left as it is (and treated as binary)
    return None


def _charset(content_type: str) -> str:
    match = _CHARSET.search(content_type)
    return match.group(1).strip("\"'") if match else "utf-8"


def _boundary(content_type: str) -> bytes | None:
    match = _BOUNDARY.search(content_type)
    if match is None:
        return None
    try:
        return match.group(1).strip('"').encode("ascii")
    except UnicodeEncodeError:
        return None


@dataclass
class _Part:
    head: bytes
    content: bytes
    name: str
    filename: str | None
    content_type: str


def _split_part(piece: bytes) -> _Part | None:
    """One `\r\n<headers>\r\n\r\n<content>\r\n` part of a multipart body, or None if it is not one."""
    if not piece.startswith(b"\r\n") or not piece.endswith(b"\r\n"):
        return None
    head, separator, content = piece[2:-2].partition(b"\r\n\r\n")
    if not separator:
        return None
    try:
        headers = head.decode("utf-8")
    except UnicodeDecodeError:
        return None
    name = _PART_NAME.search(headers)
    if name is None:
        return None
    filename = _PART_FILENAME.search(headers)
    part_type = _PART_TYPE.search(headers)
    return _Part(head=head, content=content, name=name.group(1),
                 filename=filename.group(1) if filename else None,
                 content_type=part_type.group(1).strip() if part_type else "")


def _json_document(text: str) -> tuple[Any, bool] | None:
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[":
        return None
    try:
        value = json.loads(stripped)
    except ValueError:
        return None
    return value, ('": ' not in stripped and ", " not in stripped)
