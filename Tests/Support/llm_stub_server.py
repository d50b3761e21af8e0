#!/usr/bin/env python3
"""The loopback HTTP/1.1 server for fcgen's tests and benchmarks: a scriptable LLM provider plus fixed routes.

Standard library only. Binds 127.0.0.1 on a free port and prints `PORT <n>` as its first stdout line.
Exits when its stdin closes (so it never outlives the process that started it) or on SIGTERM.

Control endpoints (anything that is neither a control endpoint nor a path-driven route below is a "provider"
request: recorded, then answered from the script):
  POST /_script    {"responses": [R, ...], "default": R}  replaces the queue, clears recorded requests
  GET  /_requests  [{"method", "path", "headers": {lowercased name: value}, "body": text,
                     "received_at": monotonic seconds}, ...]
  GET  /_health    200 {"ok": true}

A response R: {"status": 200, "headers": {...}, "body": "text" | "json": any, "delay_s": 0.0,
               "close_mid_body": false, "close_before_response": false}
Responses play in order; when the queue is empty, the default answers (a 500 unless scripted).

Path-driven routes, chosen by the first path segment only (they are neither recorded nor take from the script):
  /delay/<seconds>[/anything]  wait, then 200 with the request path as the body
  /status/<code>               that status, a Retry-After: 7 header and a small body
  /echo                        200, JSON body {"method", "path", "headers" (lowercased names), "body"}
  /echo-raw                    200, the request body back byte for byte
  /bytes/<n>                   200, n bytes of the pattern i % 251
  /early-hints                 a 103 response with a Link header, then 200 with X-Final: yes
  /close-mid-body              promises 1000 bytes, sends 10, closes the connection
  /stats                       JSON {"connections", "requests", "max_in_flight"} since start (every request counts),
                               and for /openai/…: "chats" (requests answered, outlines included), "chats_received"
                               (requests read, counted before the delay: one still waiting counts) and the sums of
                               the "prompt_tokens" and "completion_tokens" their replies reported
  /gzip/<text>                 200, Content-Encoding: gzip, the text compressed
  /gzip-bomb/<mib>             200, Content-Encoding: gzip, a small body that inflates to <mib> MiB of zeros
  /redirect                    302 to /echo (a client that follows it would resend its headers)
  /sse/<n>/<seconds>           200 text/event-stream: n events `data: {"n": i}`, <seconds> apart, then
                               `data: [DONE]`; no Content-Length, the connection closes at the end
  /sse-gated/<name>            200 text/event-stream: `data: first`, then waits (60 s at most) for
                               /release/<name>, then `data: released` (or `data: not released`) and closes
  /release/<name>              200, lets /sse-gated/<name> go on
  POST /openai/<seconds>/v1/chat/completions
                               wait, then 200 with an OpenAI chat completion holding 15 flashcards as
                               {"cards": [...]} JSON text; every request gets new questions (a request counter is
                               part of each), so a store that deduplicates keeps them all. Use base URL
                               http://127.0.0.1:<port>/openai/<seconds>/v1 for an OpenAI-compatible provider.
                               A request for a topic outline (its body names the "topic_outline" schema or asks to
                               "Plan a flashcard deck") gets an outline of 6 subtopics × 4 levels instead. Each
                               reply reports different token usage (prompt 400 + 3n, completion len/4 + n).
  POST /openai-stream/<seconds>/v1/chat/completions
                               the same 15 cards streamed as chat-completion chunks (`choices[0].delta.content`,
                               pieces of about 24 characters) spread evenly over <seconds>, a finish_reason, a
                               usage chunk when the body asks for `stream_options.include_usage`, then
                               `data: [DONE]`; no Content-Length, the connection closes at the end. An outline
                               request (never streamed) gets the outline as one chat completion
  POST /openai-stream-cut/<seconds>/v1/chat/completions
                               as /openai-stream, but the first request of this server's life stops halfway (no
                               finish, no [DONE]) and the connection closes: a stream cut midway
  POST /openai-stream-gated/<name>/v1/chat/completions
                               as /openai-stream, without waiting, but after half the content it waits (60 s at
                               most) for /release/<name>; not released, it closes the connection without finishing.
                               Proves a client saw cards before the reply could be complete, whatever the timing
  POST /anthropic-stream/<seconds>/v1/messages
                               the same 15 cards as Anthropic Messages events (message_start, content_block_delta
                               text_delta, message_delta with usage, message_stop) spread evenly over <seconds>
  GET /unsplash/<mode>/search/photos?query=Q&per_page=1
                               an Unsplash-compatible photo search; 401 without `Authorization: Client-ID …`.
                               <mode> picks the answer: ok (one result whose urls.small is a small PNG made from
                               the query), empty (no results), error (500), garbage (200, no JSON), html (the
                               "image" is an HTML page), huge (the image is 2 MiB), cut (the image is a PNG's first
                               40 bytes), slow (waits 30 s), mixed (by query: one naming Hannibal gets error,
                               Augustus empty, any other ok). Use base URL
                               http://127.0.0.1:<port>/unsplash/<mode>
  GET /unsplash/<mode>/photo/<q>  the result's image; GET /unsplash/<mode>/download/<q>: its download_location
  GET /unsplash-log            JSON [{"path", "authorization"}, ...]: every /unsplash request, in arrival order

Run by hand with --stay to ignore stdin.
"""

import gzip
import json
import os
import signal
import socket
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FALLBACK = {"status": 500, "json": {"error": {"message": "llm_stub_server: no scripted response left"}}}

FIGURES = ["Julius Caesar", "Augustus", "Cicero", "Hannibal", "Trajan", "Hadrian", "Nero", "Cleopatra"]
THINGS = ["grain supply", "road network", "coinage", "legions", "aqueducts", "harbour", "calendar", "law courts"]
PLACES = ["Gaul", "Britannia", "Egypt", "Hispania", "Dacia", "Sicily", "Syria", "Ostia"]


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.queue = []
        self.default = FALLBACK
        self.requests = []
        self.connections = 0
        self.served = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.completions = 0
        self.chats = 0
        self.chats_received = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.cut_done = False
        self.unsplash = []


STATE = State()


def card_content(number):
    """The JSON text of 15 cards that no other request of this server repeats."""
    cards = []
    for index in range(15):
        figure = FIGURES[(number + index) % len(FIGURES)]
        thing = THINGS[(number * 3 + index) % len(THINGS)]
        place = PLACES[(number * 5 + index) % len(PLACES)]
        cards.append({
            "question": "Request %d, card %d: how did %s change the %s of %s?" % (number, index + 1, figure, thing,
                                                                                  place),
            "answer": "%s reorganised the %s of %s within a few years." % (figure, thing, place),
            "explanation": "Sources describe how %s's reform of the %s in %s outlived its author and shaped the "
                           "province for generations." % (figure, thing, place),
            "type": "question",
        })
    return json.dumps({"cards": cards}, indent=2)


def outline_content():
    """The JSON text of a topic outline: 6 subtopics, each with the four levels."""
    subtopics = []
    for index, name in enumerate(["Kings", "Republic", "Punic Wars", "Caesar", "Augustus", "Late Empire"]):
        levels = [{"level": level, "focus": "%s at the %s level" % (name, level)}
                  for level in ("foundational", "intermediate", "advanced", "expert")]
        subtopics.append({"name": name, "levels": levels})
    return json.dumps({"subtopics": subtopics})


def is_outline_request(body):
    """Whether a chat-completions body asks for a topic outline rather than cards."""
    return b'"topic_outline"' in body or b"Plan a flashcard deck" in body


def chat_completion(number, outline=False):
    """An OpenAI chat-completion body whose content is 15 cards no other request of this server repeats (or, for
    an outline request, an outline)."""
    content = outline_content() if outline else card_content(number)
    # Distinct counts per reply (an outline's differ from every card reply's), so a test that sums what fcgen
    # recorded can tell a reply counted twice or missed from one counted right.
    prompt_tokens = 300 + number * 7 if outline else 400 + number * 3
    completion_tokens = len(content) // 4 + (0 if outline else number)
    document = {
        "id": "chatcmpl-stub-%d" % number,
        "object": "chat.completion",
        "created": 1700000000,
        "model": "stub-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }
    return json.dumps(document).encode()


# First path segments the fixed routes own; any other path reaches the control endpoints or the script.
ROUTES = {"delay", "status", "echo", "echo-raw", "bytes", "early-hints", "close-mid-body", "stats", "gzip", "gzip-bomb",
          "redirect", "sse", "sse-gated", "release", "unsplash", "unsplash-log"}


STREAM_PIECE = 24


def is_path_route(command, parts):
    if parts[0] in ROUTES:
        return True
    if command != "POST":
        return False
    if parts[0] in ("openai", "openai-stream", "openai-stream-cut", "openai-stream-gated"):
        return parts[2:] == ["v1", "chat", "completions"]
    return parts[0] == "anthropic-stream" and parts[2:] == ["v1", "messages"]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without this every response waits for the peer's delayed ACK: about 45 ms per request (measured).
    disable_nagle_algorithm = True
    server_version = "llm-stub/1"

    def setup(self):
        super().setup()
        with STATE.lock:
            STATE.connections += 1

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
        with STATE.lock:
            STATE.served += 1
            STATE.in_flight += 1
            STATE.max_in_flight = max(STATE.max_in_flight, STATE.in_flight)
        try:
            self.dispatch(body)
        finally:
            with STATE.lock:
                STATE.in_flight -= 1

    def dispatch(self, body):
        path = self.path
        parts = path.split("?")[0].strip("/").split("/")
        if is_path_route(self.command, parts):
            try:
                return self.route(parts, body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up (timeout, cancellation): nothing to do
                return
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

    def route(self, parts, body):
        if parts[0] == "unsplash":
            return self.unsplash(parts)
        if parts[0] == "unsplash-log":
            with STATE.lock:
                recorded = list(STATE.unsplash)
            return self.send_json(200, recorded)
        if parts[0] == "delay":
            time.sleep(float(parts[1]))
            self.reply(200, self.path.encode())
        elif parts[0] == "openai":
            with STATE.lock:
                STATE.chats_received += 1
            time.sleep(float(parts[1]))
            outline = is_outline_request(body)
            with STATE.lock:
                STATE.chats += 1
                if not outline:
                    STATE.completions += 1
                number = STATE.completions
            body = chat_completion(number, outline)
            usage = json.loads(body)["usage"]
            with STATE.lock:
                STATE.prompt_tokens += usage["prompt_tokens"]
                STATE.completion_tokens += usage["completion_tokens"]
            self.reply(200, body, {"Content-Type": "application/json"})
        elif parts[0] == "openai-stream-gated":
            with STATE.lock:
                STATE.completions += 1
                number = STATE.completions
            self.stream_events(openai_stream_events(number, b"include_usage" in body), 0, False, gate(parts[1]))
        elif parts[0] in ("openai-stream", "openai-stream-cut") and is_outline_request(body):
            # fcgen asks for a topic's outline without streaming, whatever --stream says.
            self.reply(200, chat_completion(0, True), {"Content-Type": "application/json"})
        elif parts[0] in ("openai-stream", "openai-stream-cut", "anthropic-stream"):
            with STATE.lock:
                STATE.completions += 1
                number = STATE.completions
                cut = parts[0] == "openai-stream-cut" and not STATE.cut_done
                if cut:
                    STATE.cut_done = True
            if parts[0] == "anthropic-stream":
                events = anthropic_stream_events(number)
            else:
                events = openai_stream_events(number, b"include_usage" in body)
            self.stream_events(events, float(parts[1]), cut)
        elif parts[0] == "status":
            self.reply(int(parts[1]), b"status %s" % parts[1].encode(), {"Retry-After": "7"})
        elif parts[0] == "echo":
            headers = {name.lower(): value for name, value in self.headers.items()}
            document = {"method": self.command, "path": self.path, "headers": headers,
                        "body": body.decode("utf-8", "replace")}
            self.reply(200, json.dumps(document).encode(), {"Content-Type": "application/json",
                                                            "X-Server-Note": "hello"})
        elif parts[0] == "echo-raw":
            self.reply(200, body)
        elif parts[0] == "bytes":
            count = int(parts[1])
            self.reply(200, (bytes(range(251)) * (count // 251 + 1))[:count])
        elif parts[0] == "early-hints":
            self.wfile.write(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
            self.reply(200, b"final", {"X-Final": "yes"})
        elif parts[0] == "close-mid-body":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"0123456789")
            self.wfile.flush()
            self.close_connection = True
        elif parts[0] == "gzip":
            self.reply(200, gzip.compress(parts[1].encode()), {"Content-Encoding": "gzip"})
        elif parts[0] == "gzip-bomb":
            self.reply(200, gzip_bomb(int(parts[1])), {"Content-Encoding": "gzip"})
        elif parts[0] == "redirect":
            self.reply(302, b"moved", {"Location": "/echo"})
        elif parts[0] == "sse":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            for index in range(int(parts[1])):
                if index:
                    time.sleep(float(parts[2]))
                self.wfile.write(b'data: {"n": %d}\n\n' % index)
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True
        elif parts[0] == "sse-gated":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"data: first\n\n")
            self.wfile.flush()
            released = gate(parts[1]).wait(60)
            self.wfile.write(b"data: released\n\n" if released else b"data: not released\n\n")
            self.wfile.flush()
            self.close_connection = True
        elif parts[0] == "release":
            gate(parts[1]).set()
            self.reply(200, b"released")
        elif parts[0] == "stats":
            with STATE.lock:
                document = {"connections": STATE.connections, "requests": STATE.served,
                            "max_in_flight": STATE.max_in_flight, "chats": STATE.chats,
                            "chats_received": STATE.chats_received,
                            "prompt_tokens": STATE.prompt_tokens, "completion_tokens": STATE.completion_tokens}
            self.reply(200, json.dumps(document).encode(), {"Content-Type": "application/json"})

    def stream_events(self, events, seconds, cut, halfway_gate=None):
        """Sends `events` (a list of (is_content, bytes)) as text/event-stream, the content pieces spread over
        `seconds`; with `cut`, stops after half the content pieces and closes the connection."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        pieces = sum(1 for is_content, _ in events if is_content)
        sent = 0
        for is_content, event in events:
            if is_content:
                if cut and sent >= pieces // 2:
                    break
                if halfway_gate is not None and sent == pieces // 2 and not halfway_gate.wait(60):
                    cut = True
                    break
                sent += 1
                time.sleep(seconds / max(1, pieces))
            self.wfile.write(event)
            self.wfile.flush()
        self.close_connection = True
        if cut:
            self.drop_connection()

    def reply(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def unsplash(self, parts):
        """The fake Unsplash API: see the module docstring."""
        from urllib.parse import parse_qs, quote, urlsplit
        authorization = self.headers.get("Authorization")
        with STATE.lock:
            STATE.unsplash.append({"path": self.path, "authorization": authorization})
        mode, rest = parts[1], parts[2:]
        base = f"http://127.0.0.1:{self.server.server_address[1]}/unsplash/{mode}"
        if rest == ["search", "photos"]:
            if not (authorization or "").startswith("Client-ID "):
                return self.send_json(401, {"errors": ["OAuth error: The access token is invalid"]})
            query = parse_qs(urlsplit(self.path).query).get("query", [""])[0]
            if mode == "mixed":
                mode = "error" if "Hannibal" in query else "empty" if "Augustus" in query else "ok"
            if mode == "slow":
                time.sleep(30)
            if mode == "error":
                return self.send_json(500, {"errors": ["server error"]})
            if mode == "garbage":
                return self.reply(200, b"<html>not json", {"Content-Type": "text/html"})
            if mode == "empty":
                return self.send_json(200, {"total": 0, "total_pages": 0, "results": []})
            name = quote(query, safe="")
            return self.send_json(200, {"total": 1, "total_pages": 1, "results": [{
                "id": "photo-" + name,
                "urls": {"raw": f"{base}/photo/{name}", "small": f"{base}/photo/{name}"},
                "links": {"html": f"https://unsplash.example/photos/{name}",
                          "download_location": f"{base}/download/{name}"},
                "user": {"name": "Ada Photographer\u001b[2J", "links": {"html": "https://unsplash.example/@ada"}},
            }]})
        if rest[:1] == ["photo"]:
            if mode == "html":
                return self.reply(200, b"<!doctype html><title>Not found</title>", {"Content-Type": "text/html"})
            if mode == "huge":
                return self.reply(200, b"\x89PNG\r\n\x1a\n" + bytes(2 * 1024 * 1024), {"Content-Type": "image/png"})
            if mode == "cut":
                return self.reply(200, tiny_png("")[:40], {"Content-Type": "image/png"})
            return self.reply(200, tiny_png(rest[1] if len(rest) > 1 else ""), {"Content-Type": "image/png"})
        if rest[:1] == ["download"]:
            return self.send_json(200, {"url": f"{base}/photo/{rest[1] if len(rest) > 1 else ''}"})
        return self.send_json(404, {"errors": ["no such route"]})

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


def sse(document, event=None):
    line = b"data: " + json.dumps(document).encode() + b"\n\n"
    return (b"event: " + event.encode() + b"\n" + line) if event else line


def openai_stream_events(number, include_usage):
    content = card_content(number)
    chunk = {"id": "chatcmpl-stub-%d" % number, "object": "chat.completion.chunk", "created": 1700000000,
             "model": "stub-model"}
    events = [(False, sse(dict(chunk, choices=[{"index": 0, "delta": {"role": "assistant", "content": ""},
                                                 "finish_reason": None}])))]
    for start in range(0, len(content), STREAM_PIECE):
        piece = content[start:start + STREAM_PIECE]
        events.append((True, sse(dict(chunk, choices=[{"index": 0, "delta": {"content": piece},
                                                       "finish_reason": None}]))))
    events.append((False, sse(dict(chunk, choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}]))))
    if include_usage:
        events.append((False, sse(dict(chunk, choices=[], usage={
            "prompt_tokens": 400, "completion_tokens": len(content) // 4, "total_tokens": 400 + len(content) // 4}))))
    events.append((False, b"data: [DONE]\n\n"))
    return events


def anthropic_stream_events(number):
    content = card_content(number)
    events = [(False, sse({"type": "message_start", "message": {
        "id": "msg_stub_%d" % number, "type": "message", "role": "assistant", "model": "stub-claude", "content": [],
        "stop_reason": None, "usage": {"input_tokens": 400, "output_tokens": 1}}}, "message_start")),
        (False, sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                    "content_block_start")),
        (False, sse({"type": "ping"}, "ping"))]
    for start in range(0, len(content), STREAM_PIECE):
        events.append((True, sse({"type": "content_block_delta", "index": 0, "delta": {
            "type": "text_delta", "text": content[start:start + STREAM_PIECE]}}, "content_block_delta")))
    events.append((False, sse({"type": "content_block_stop", "index": 0}, "content_block_stop")))
    events.append((False, sse({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                               "usage": {"output_tokens": len(content) // 4}}, "message_delta")))
    events.append((False, sse({"type": "message_stop"}, "message_stop")))
    return events


BOMBS = {}
GATES = {}


def tiny_png(text):
    """A valid 1x1 PNG that carries `text` in a tEXt chunk, so every query gets an image of its own."""
    def chunk(kind, data):
        return (len(data).to_bytes(4, "big") + kind + data
                + (zlib.crc32(kind + data) & 0xFFFFFFFF).to_bytes(4, "big"))
    header = (1).to_bytes(4, "big") + (1).to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"tEXt", b"query\x00" + text.encode())
            + chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b""))


def gate(name):
    with STATE.lock:
        return GATES.setdefault(name, threading.Event())


def gzip_bomb(mebibytes):
    """A gzip member of `mebibytes` MiB of zeros, compressed a MiB at a time (about 1 KB per MiB), cached."""
    with STATE.lock:
        if mebibytes not in BOMBS:
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            chunk = bytes(1 << 20)
            BOMBS[mebibytes] = b"".join(packer.compress(chunk) for _ in range(mebibytes)) + packer.flush()
        return BOMBS[mebibytes]


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # The default listen backlog of 5 drops SYNs when dozens of clients connect at once.
    request_queue_size = 128

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
