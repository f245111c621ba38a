"""Fetching sources: local checks; http(s) from a real local server (retries, limits, redirects)."""

from __future__ import annotations

import http.server
import socket
import threading
from collections.abc import Iterator

import pytest

from corpus.fetch import FetchLimits, check_local, fetch_url
from pipeline.errors import FetchError

BODY = b"%PDF-1.4\n" + b"x" * 5000


class _Handler(http.server.BaseHTTPRequestHandler):
    hits: dict[str, int] = {}

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):  # noqa: N802
        n = self.hits[self.path] = self.hits.get(self.path, 0) + 1
        if self.path == "/ok.pdf":
            self._send(200, BODY)
        elif self.path == "/flaky.pdf":
            self._send(503, b"busy") if n < 3 else self._send(200, BODY)
        elif self.path == "/missing.pdf":
            self._send(404, b"<html>not found</html>")
        elif self.path == "/big.pdf":
            self.send_response(200)
            self.end_headers()  # no Content-Length: the limit is enforced while streaming
            self.wfile.write(b"y" * 50_000)
        elif self.path == "/away.pdf":
            self.send_response(302)
            self.send_header("Location", "http://example.invalid/x.pdf")
            self.end_headers()
        elif self.path == "/here.pdf":
            self.send_response(302)
            self.send_header("Location", "/ok.pdf")
            self.end_headers()
        else:
            self._send(404, b"")

    def _send(self, code: int, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _no_sleep(waits: list[float]):
    return waits.append


def test_download_is_complete_with_hash(server, tmp_path):
    got = fetch_url(f"{server}/ok.pdf", tmp_path)
    assert got.path.read_bytes() == BODY and got.size == len(BODY) and got.path.suffix == ".pdf"
    assert got.path.parent == tmp_path and not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_transient_errors_are_retried_with_backoff(server, tmp_path):
    waits: list[float] = []
    got = fetch_url(f"{server}/flaky.pdf", tmp_path, limits=FetchLimits(backoff_s=0.1), sleep=_no_sleep(waits))
    assert got.attempts == 3 and waits == [0.1, 0.2]


def test_http_404_fails_at_once(server, tmp_path):
    waits: list[float] = []
    with pytest.raises(FetchError) as exc:
        fetch_url(f"{server}/missing.pdf", tmp_path, sleep=_no_sleep(waits))
    assert exc.value.reason == "http_error" and waits == []


def test_unreachable_url_retried_then_failed(tmp_path):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    waits: list[float] = []
    with pytest.raises(FetchError) as exc:
        fetch_url(f"http://127.0.0.1:{port}/x.pdf", tmp_path, limits=FetchLimits(retries=2, backoff_s=0.05),
                  sleep=_no_sleep(waits))
    assert exc.value.reason == "url_unreachable" and waits == [0.05, 0.1]


def test_size_limit_while_streaming_and_no_partial_file(server, tmp_path):
    with pytest.raises(FetchError) as exc:
        fetch_url(f"{server}/big.pdf", tmp_path, limits=FetchLimits(max_bytes=10_000))
    assert exc.value.reason == "too_large"
    assert list(tmp_path.iterdir()) == []


def test_redirects_only_to_the_same_host(server, tmp_path):
    with pytest.raises(FetchError) as exc:
        fetch_url(f"{server}/away.pdf", tmp_path)
    assert exc.value.reason == "redirect_refused"
    assert fetch_url(f"{server}/here.pdf", tmp_path).path.read_bytes() == BODY


def test_only_http_schemes(tmp_path):
    with pytest.raises(FetchError) as exc:
        fetch_url("file:///etc/passwd", tmp_path)
    assert exc.value.reason == "unsupported_scheme"


def test_local_checks(tmp_path):
    with pytest.raises(FetchError) as exc:
        check_local(tmp_path / "nope.pdf")
    assert exc.value.reason == "source_missing"
    with pytest.raises(FetchError) as exc:
        check_local(tmp_path)
    assert exc.value.reason == "not_a_file"
    big = tmp_path / "big.pdf"
    big.write_bytes(b"z" * 100)
    with pytest.raises(FetchError) as exc:
        check_local(big, limits=FetchLimits(max_bytes=99))
    assert exc.value.reason == "too_large"
    assert len(check_local(big).sha256) == 64
