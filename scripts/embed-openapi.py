#!/usr/bin/env python3
"""Writes Sources/FCService/Routes/OpenAPIDocument.swift from docs/openapi.json, so the binary serves the committed
document at GET /openapi.json without reading files at run time. A test fails while the two differ."""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
text = (root / "docs/openapi.json").read_text(encoding="utf-8")
json.loads(text)  # refuse to embed a broken document
assert '"##' not in text
compact = json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=True, sort_keys=True)
swift = f'''// swift-format-ignore-file
/// The OpenAPI 3.1 document of the service, `docs/openapi.json` compacted (written by
/// `scripts/embed-openapi.py`; a test fails while the two differ).
enum OpenAPIDocument {{
    static let text = ##"{compact}"##
}}
'''
target = root / "Sources/FCService/Routes/OpenAPIDocument.swift"
if "--check" in sys.argv[1:]:
    # The test's mode: report a stale copy without touching it.
    sys.exit(0 if target.read_text(encoding="utf-8") == swift else 1)
target.write_text(swift, encoding="utf-8")
