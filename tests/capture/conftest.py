"""Fixtures of the capture tests: the session's real redactor, typed, and a local HTTP server."""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from redactor.engine import Redactor
from tests.conftest import make_redactor


@pytest.fixture
def redactor(default_redactor: Redactor) -> Redactor:
    return default_redactor


SHALLOW_DEPTH = 16


@pytest.fixture(scope="session")
def shallow_redactor(tmp_path_factory: pytest.TempPathFactory) -> Redactor:
    """The default policy with `max_depth: 16`: a real, honest way to make redaction fail (the
    engine refuses records nested deeper than the policy allows) with records that the other
    libraries (pydantic, OpenTelemetry) still accept."""
    import yaml

    from redactor.policy import POLICY_DIR

    document = yaml.safe_load((POLICY_DIR / "default.yaml").read_text(encoding="utf-8"))
    document["name"] = "default-shallow"
    document["max_depth"] = SHALLOW_DEPTH
    path = tmp_path_factory.mktemp("policy") / "shallow.yaml"
    path.write_text(yaml.safe_dump(document), encoding="utf-8")
    return make_redactor(policy=path)


def nested(depth: int, leaf: object) -> object:
    for _ in range(depth):
        leaf = {"nested": leaf}
    return leaf


class LocalHttpServer:
    """A real HTTP server on 127.0.0.1 (in a thread) that keeps the raw bytes of every request.

    It stands in for the remote end (a control plane, an API), never for the code under test, and
    lets the tests assert on the exact bytes that left the process.
    """

    def __init__(self, respond: Callable[[str, str, bytes], tuple[int, dict[str, str], bytes]]) -> None:
        self.requests: list[tuple[str, str, dict[str, str], bytes]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                server.requests.append((self.command, self.path, dict(self.headers.items()), body))
                status, headers, payload = respond(self.command, self.path, body)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PUT = _handle

            def log_message(self, format: str, *args: object) -> None:
                """Silence the default stderr access log."""

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def received(self) -> bytes:
        """Everything the server was sent (paths, headers and bodies), as one blob to search."""
        parts = []
        for method, path, headers, body in self.requests:
            parts.append(f"{method} {path}\n".encode())
            parts.extend(f"{k}: {v}\n".encode() for k, v in headers.items())
            parts.append(body)
        return b"\n".join(parts)

    def __enter__(self) -> LocalHttpServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
