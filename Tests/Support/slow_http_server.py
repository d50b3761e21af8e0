#!/usr/bin/env python3
"""A loopback HTTP/1.1 server for transport tests and benchmarks; behaviour is chosen by the request path.

Binds 127.0.0.1 on a free port, prints "PORT <n>" on stdout, and exits when its stdin closes (so a crashed
parent never leaves it running). Paths:

  /delay/<seconds>[/anything]  wait, then 200 with the request path as the body
  /status/<code>               that status, a Retry-After: 7 header and a small body
  /echo                        200, JSON body {"method", "path", "headers" (lowercased names), "body"}
  /echo-raw                    200, the request body back byte for byte
  /bytes/<n>                   200, n bytes of the pattern i % 251
  /early-hints                 a 103 response with a Link header, then 200 with X-Final: yes
  /close-mid-body              promises 1000 bytes, sends 10, closes the connection
  /stats                       JSON {"connections", "requests", "max_in_flight"} since start
  /openai/<seconds>/v1/chat/completions
                               wait, then 200 with an OpenAI chat completion holding 15 flashcards as
                               {"cards": [...]} JSON text; every request gets new questions (a request counter is
                               part of each), so a store that deduplicates keeps them all. Use base URL
                               http://127.0.0.1:<port>/openai/<seconds>/v1 for an OpenAI-compatible provider.
"""

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

stats_lock = threading.Lock()
stats = {"connections": 0, "requests": 0, "in_flight": 0, "max_in_flight": 0}
completions = {"count": 0}  # guarded by stats_lock

FIGURES = ["Julius Caesar", "Augustus", "Cicero", "Hannibal", "Trajan", "Hadrian", "Nero", "Cleopatra"]
THINGS = ["grain supply", "road network", "coinage", "legions", "aqueducts", "harbour", "calendar", "law courts"]
PLACES = ["Gaul", "Britannia", "Egypt", "Hispania", "Dacia", "Sicily", "Syria", "Ostia"]


def chat_completion(number):
    """An OpenAI chat-completion body whose content is 15 cards no other request of this server repeats."""
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
    content = json.dumps({"cards": cards}, indent=2)
    document = {
        "id": "chatcmpl-stub-%d" % number,
        "object": "chat.completion",
        "created": 1700000000,
        "model": "stub-model",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 400, "completion_tokens": len(content) // 4,
                  "total_tokens": 400 + len(content) // 4},
    }
    return json.dumps(document).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, so clients can reuse connections
    disable_nagle_algorithm = True  # without it every response waits ~45 ms for a delayed ACK

    def setup(self):
        super().setup()
        with stats_lock:
            stats["connections"] += 1

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def do_PUT(self):
        self.dispatch()

    def do_DELETE(self):
        self.dispatch()

    def dispatch(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(length) if length else b""
        with stats_lock:
            stats["requests"] += 1
            stats["in_flight"] += 1
            stats["max_in_flight"] = max(stats["max_in_flight"], stats["in_flight"])
        try:
            self.route(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (timeout, cancellation): nothing to do
        finally:
            with stats_lock:
                stats["in_flight"] -= 1

    def route(self, body):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "delay":
            time.sleep(float(parts[1]))
            self.reply(200, self.path.encode())
        elif parts[0] == "openai" and parts[2:] == ["v1", "chat", "completions"] and self.command == "POST":
            time.sleep(float(parts[1]))
            with stats_lock:
                completions["count"] += 1
                number = completions["count"]
            self.reply(200, chat_completion(number), {"Content-Type": "application/json"})
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
        elif parts[0] == "stats":
            with stats_lock:
                document = {key: stats[key] for key in ("connections", "requests", "max_in_flight")}
            self.reply(200, json.dumps(document).encode(), {"Content-Type": "application/json"})
        else:
            self.reply(404, b"no such path")

    def reply(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # the default listen backlog of 5 drops SYNs when 32 clients connect at once


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # returns at EOF: the parent closed our stdin or exited
    os._exit(0)


if __name__ == "__main__":
    main()
