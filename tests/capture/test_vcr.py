"""VCR.py, for real: `requests` against an HTTP server on 127.0.0.1, recorded to a cassette on disk."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import requests
import vcr

from redactor.capture._common import CaptureError
from redactor.capture.vcr import VcrRedactor
from redactor.engine import Redactor
from tests.capture import planted
from tests.capture.conftest import SHALLOW_DEPTH, LocalHttpServer, nested
from tests.conftest import run_cli

CUSTOMER_ID = "cus_9f8e7d6c5b4a"


def customer_api() -> LocalHttpServer:
    """An API that echoes personal data back, gzip-compressed, with a session cookie."""

    def respond(method: str, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
        document = {"id": CUSTOMER_ID, "status": "found",
                    "customer": {"name": planted.PERSON, "email": planted.EMAIL, "phone": planted.PHONE}}
        return 200, {"Content-Type": "application/json", "Content-Encoding": "gzip",
                     "Set-Cookie": f"session={planted.GITHUB_TOKEN}; HttpOnly"}, \
            gzip.compress(json.dumps(document).encode())

    return LocalHttpServer(respond)


def call(base_url: str) -> requests.Response:
    return requests.post(
        f"{base_url}/v1/customers/{quote(planted.EMAIL)}/lookup",
        params={"api_key": planted.OPENAI_KEY, "q": planted.PERSON, "limit": "5"},
        headers={"Authorization": planted.BEARER, "X-Api-Key": planted.OPENAI_KEY, "From": planted.EMAIL},
        json={"query": f"find {planted.PERSON}", "contact": planted.EMAIL, "card": planted.CARD,
              "db": {"password": planted.PASSWORD}},
        timeout=10,
    )


def cassette_strings(path: Path, serializer: str) -> str:
    """The cassette as vcrpy itself reads it back (YAML may fold long strings across lines)."""
    from vcr.serializers import jsonserializer, yamlserializer

    module = jsonserializer if serializer == "json" else yamlserializer
    return json.dumps(module.deserialize(path.read_text(encoding="utf-8")), default=str)


@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.parametrize("serializer", ["yaml", "json"])
def test_cassette_on_disk_holds_no_planted_value_and_replays(
    redactor: Redactor, tmp_path: Path, serializer: str
) -> None:
    cassette = tmp_path / f"lookup.{serializer}"
    recorder = vcr.VCR(serializer=serializer, **VcrRedactor(redactor).vcr_config())
    with customer_api() as server:
        with recorder.use_cassette(str(cassette), record_mode="once"):
            live = call(server.url)
        base_url = server.url
        # The live exchange was untouched: the server got the real credentials, the caller the real data.
        assert server.requests[0][2]["Authorization"] == planted.BEARER
        assert live.json()["customer"]["email"] == planted.EMAIL

    assert planted.leaked(cassette.read_bytes()) == []
    assert planted.leaked(cassette_strings(cassette, serializer)) == []

    # Replay with the server gone: the live request redacts to the recorded one, so it matches.
    with recorder.use_cassette(str(cassette), record_mode="none") as played:
        replayed = call(base_url)
    assert played.play_count == 1
    document: dict[str, Any] = replayed.json()
    assert document["id"] == CUSTOMER_ID and document["status"] == "found"
    assert document["customer"]["email"].startswith("<EMAIL_ADDRESS:")
    request = played.requests[0]
    assert request.headers["Content-Type"] == "application/json"
    assert request.query[0] == ("api_key", request.query[0][1]) and request.query[0][1].startswith("<")
    assert ("limit", "5") in request.query
    body = json.loads(request.body)
    assert body["contact"] == document["customer"]["email"]  # same value, same token, request and response

    if serializer == "json":
        scan = run_cli("scan", str(cassette))
        assert scan.returncode == 0, scan.stdout + scan.stderr


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_a_request_that_cannot_be_redacted_is_not_recorded(shallow_redactor: Redactor, tmp_path: Path) -> None:
    cassette = tmp_path / "deep.yaml"
    recorder = vcr.VCR(**VcrRedactor(shallow_redactor).vcr_config())
    with customer_api() as server, recorder.use_cassette(str(cassette)), pytest.raises(CaptureError) as failure:
        requests.post(f"{server.url}/v1/ingest", json=nested(SHALLOW_DEPTH + 4, planted.EMAIL), timeout=10)
    assert planted.leaked(str(failure.value)) == []
    assert not cassette.exists() or planted.leaked(cassette.read_bytes()) == []


def test_binary_bodies_are_replaced_unless_kept(redactor: Redactor) -> None:
    from vcr.request import Request

    blob = b"\x89PNG\r\n\x1a\n\x00\x00" + planted.EMAIL.encode()
    request = Request("POST", "http://127.0.0.1/upload", blob, {"Content-Type": "image/png"})
    redacted = VcrRedactor(redactor).before_record_request(request)
    assert redacted.body.startswith(b"<REDACTED_PAYLOAD sha256=")
    assert request.body == blob  # vcrpy's own request object is never modified in place
    kept = VcrRedactor(redactor, binary_bodies="keep").before_record_request(request)
    assert kept.body == blob


def test_text_inside_multipart_compressed_and_non_utf8_bodies_is_redacted_even_when_binaries_are_kept(
    redactor: Redactor,
) -> None:
    """`binary_bodies="keep"` is for images: a multipart upload's form fields, a gzip-encoded JSON
    request and a Latin-1 text body are text, and are redacted like any other."""
    from vcr.request import Request

    hooks = VcrRedactor(redactor, binary_bodies="keep")
    image = b"\x89PNG\r\n\x1a\n\x00\x00pixels"
    multipart = (b"--b0undary\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n"
                 + planted.PASSWORD.encode() + b"\r\n--b0undary\r\nContent-Disposition: form-data; name=\"avatar\"; "
                 b"filename=\"" + planted.EMAIL.encode() + b".png\"\r\nContent-Type: image/png\r\n\r\n"
                 + image + b"\r\n--b0undary--\r\n")
    upload = hooks.before_record_request(Request("POST", "http://127.0.0.1/upload", multipart,
                                                 {"Content-Type": "multipart/form-data; boundary=b0undary"}))
    assert planted.leaked(upload.body) == []
    assert image in upload.body  # the file part is kept as asked
    assert upload.body.startswith(b"--b0undary\r\n") and upload.body.endswith(b"\r\n--b0undary--\r\n")

    compressed = gzip.compress(json.dumps({"email": planted.EMAIL}).encode())
    ingest = hooks.before_record_request(Request("POST", "http://127.0.0.1/ingest", compressed, {
        "Content-Type": "application/json", "Content-Encoding": "gzip"}))
    assert json.loads(ingest.body)["email"].startswith("<EMAIL_ADDRESS:")
    assert "Content-Encoding" not in ingest.headers

    latin = f"caf\u00e9 {planted.EMAIL} password={planted.PASSWORD}".encode("latin-1")
    response = hooks.before_record_response({
        "status": {"code": 200, "message": "OK"}, "body": {"string": latin},
        "headers": {"Content-Type": ["text/plain; charset=latin-1"]}})
    body = response["body"]["string"]
    assert planted.leaked(body.decode("latin-1")) == []
    assert body.decode("latin-1").startswith("caf\u00e9 <EMAIL_ADDRESS:")
