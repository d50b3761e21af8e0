#!/usr/bin/env python3
"""A scriptable loopback HTTP server that plays an LLM provider for fcgen's tests.

Standard library only. Binds 127.0.0.1 on a free port and prints `PORT <n>` as its first stdout line.
Exits when its stdin closes (so it never outlives the test process that started it) or on SIGTERM.

Control endpoints (everything else is a "provider" request: recorded, then answered from the script):
  POST /_script    {"responses": [R, ...], "default": R}  replaces the queue, clears recorded requests
  GET  /_requests  [{"method", "path", "headers": {lowercased name: value}, "body": text,
                     "received_at": monotonic seconds}, ...]
  GET  /_health    200 {"ok": true}

A response R: {"status": 200, "headers": {...}, "body": "text" | "json": any, "delay_s": 0.0,
               "close_mid_body": false, "close_before_response": false}
Responses play in order; when the queue is empty, the default answers (a 500 unless scripted).

Run by hand with --stay to ignore stdin.
"""

import json
import os
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FALLBACK = {"status": 500, "json": {"error": {"message": "llm_stub_server: no scripted response left"}}}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.queue = []
        self.default = FALLBACK
        self.requests = []


STATE = State()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without this every response waits for the peer's delayed ACK: about 45 ms per request (PLATFORM.md).
    disable_nagle_algorithm = True
    server_version = "llm-stub/1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def do_PUT(self):
        self.handle_any()

    def do_DELETE(self):
        self.handle_any()

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def handle_any(self):
        body = self.read_body()
        path = self.path
        if path == "/_health":
            return self.send_json(200, {"ok": True})
        if path == "/_script" and self.command == "POST":
            spec = json.loads(body or b"{}")
            if isinstance(spec, list):
                spec = {"responses": spec}
            with STATE.lock:
                STATE.queue = list(spec.get("responses", []))
                STATE.default = spec.get("default") or FALLBACK
                STATE.requests = []
            return self.send_json(200, {"ok": True})
        if path == "/_requests" and self.command == "GET":
            with STATE.lock:
                recorded = list(STATE.requests)
            return self.send_json(200, recorded)
        with STATE.lock:
            STATE.requests.append({
                "method": self.command,
                "path": path,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
                "received_at": time.monotonic(),
            })
            response = STATE.queue.pop(0) if STATE.queue else STATE.default
        self.play(response)

    def play(self, response):
        delay = float(response.get("delay_s", 0) or 0)
        if delay > 0:
            time.sleep(delay)
        if response.get("close_before_response"):
            return self.drop_connection()
        headers = dict(response.get("headers") or {})
        if "json" in response:
            payload = json.dumps(response["json"]).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        else:
            payload = str(response.get("body", "")).encode("utf-8")
        status = int(response.get("status", 200))
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, str(value))
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if response.get("close_mid_body"):
                self.wfile.write(payload[: len(payload) // 2])
                self.wfile.flush()
                return self.drop_connection()
            self.wfile.write(payload)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def drop_connection(self):
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def send_json(self, status, value):
        payload = json.dumps(value).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def handle_error(self, request, client_address):
        # Clients that time out or hang up mid-response are part of the tests, not errors worth a traceback.
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, (ConnectionError, TimeoutError, OSError)):
            return
        super().handle_error(request, client_address)


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server = Server(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    if "--stay" not in sys.argv:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
