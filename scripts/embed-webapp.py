#!/usr/bin/env python3
"""Writes Sources/FCService/WebApp/WebAssets.swift from webapp/, so `fcgen serve` serves the web app from the binary
itself (no resource bundle beside it, nothing read at run time). A test fails while the two differ.

Each file becomes one entry: its URL path, media type, a strong ETag (the first 16 hex digits of its SHA-256) and its
text as a raw multi-line string literal. Only UTF-8 text files are embedded (HTML, CSS, JavaScript, SVG)."""
import hashlib
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
source = root / "webapp"
target = root / "Sources/FCService/WebApp/WebAssets.swift"
types = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}


def literal(text: str) -> str:
    """A raw multi-line literal whose delimiter appears nowhere in the text."""
    hashes = 1
    while ('"""' + "#" * hashes) in text or ("\\" + "#" * hashes) in text:
        hashes += 1
    mark = "#" * hashes
    # The line break before the closing delimiter is not part of the value, so the file's own last one survives.
    return f'{mark}"""\n{text}\n"""{mark}'


entries = []
for path in sorted(p for p in source.rglob("*") if p.is_file()):
    relative = path.relative_to(source).as_posix()
    if path.suffix not in types:
        sys.exit(f"embed-webapp: {relative}: unsupported file type (only {', '.join(sorted(types))})")
    data = path.read_bytes()
    if b"\r" in data:
        sys.exit(f"embed-webapp: {relative}: carriage returns; save it with LF line endings")
    text = data.decode("utf-8")
    etag = hashlib.sha256(data).hexdigest()[:16]
    url = "/" if relative == "index.html" else "/app/" + relative
    entries.append(
        f'        "{url}": WebAsset(\n'
        f'            contentType: "{types[path.suffix]}", etag: "\\"{etag}\\"",\n'
        f"            text: {literal(text)}),\n"
    )

swift = (
    "// swift-format-ignore-file\n"
    "/// The web app's files, `webapp/` as it was committed (written by `scripts/embed-webapp.py`; a test fails\n"
    "/// while the two differ). Keys are URL paths: `/` is `index.html`, everything else is under `/app/`.\n"
    "enum WebAssets {\n"
    "    static let files: [String: WebAsset] = [\n" + "".join(entries) + "    ]\n}\n"
)
if "--check" in sys.argv[1:]:
    # The test's mode: report a stale copy without touching it.
    sys.exit(0 if target.exists() and target.read_text(encoding="utf-8") == swift else 1)
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(swift, encoding="utf-8")
