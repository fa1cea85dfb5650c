"""A local chat-completions endpoint (OpenAI's shape) for the LLM player's tests: no network, no model. It reads
the decision the player asks about (its ``OPTIONS:`` line) and answers by a script: for some decisions first
something that is not JSON, then an option that does not exist, then a legal answer; for others a legal answer in
a code fence or amid words. A talk request gets a sentence. Every request is kept, to check what the player sent."""

from __future__ import annotations

import contextlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeModel:
    def __init__(self, always_illegal: bool = False) -> None:
        self.requests: list[dict] = []
        self.decisions = 0
        self.always_illegal = always_illegal
        self.lock = threading.Lock()

    def answer(self, body: dict) -> str:
        messages = body["messages"]
        first = messages[1]["content"]
        if '{"say"' in first:
            return json.dumps({"say": "Yo dormí toda la noche, lo juro."})
        options = json.loads(re.search(r"^OPTIONS: (.*)$", first, re.M).group(1))
        low = int(m.group(1)) if (m := re.search(r"Choose between (\d+) and", first)) else 1
        legal = ["¿Ganaré?"] if "Write one text" in first else [o["id"] for o in options[: max(low, 1)]]
        attempt = (len(messages) - 2) // 2
        with self.lock:
            if attempt == 0:
                self.decisions += 1
            script = self.decisions % 3
        if self.always_illegal:
            return json.dumps({"choose": ["nadie-de-aqui"]})
        if script == 0:
            words, unknown = "creo que el segundo, sin duda", json.dumps({"choose": ["nadie-de-aqui"]})
            return [words, unknown, json.dumps({"choose": legal})][min(attempt, 2)]
        if script == 1:
            return "```json\n" + json.dumps({"choose": legal, "reason": "porque sí"}) + "\n```"
        return "Mi respuesta: " + json.dumps({"choose": legal}) + " y nada más."

    def handler(self):
        model = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length))
                with model.lock:
                    model.requests.append({"path": self.path, "body": body})
                if self.path != "/v1/chat/completions":
                    self.send_response(404)
                    self.end_headers()
                    return
                content = model.answer(body)
                reply = {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        return Handler


@contextlib.contextmanager
def fake_model(always_illegal: bool = False):
    """The base URL (``http://127.0.0.1:PORT/v1``) of a fake model, and the model's record."""
    model = FakeModel(always_illegal)
    server = ThreadingHTTPServer(("127.0.0.1", 0), model.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", model
    finally:
        server.shutdown()
        server.server_close()
