import Hummingbird

/// A fake Unsplash API under `/unsplash/<mode>` (base URL ``LoopbackServer/unsplashURL(_:)``), and `/unsplash-log`.
///
/// - `GET /unsplash/<mode>/search/photos?query=Q&per_page=1`: 401 without `Authorization: Client-ID …`. `<mode>`
///   picks the answer: `ok` (one result whose `urls.small` is a small PNG made from the query), `empty` (no results),
///   `error` (500), `garbage` (200, no JSON), `html` (the "image" is an HTML page), `huge` (the image is 2 MiB),
///   `cut` (the image is a PNG's first 40 bytes), `slow` (never answers: a client's timeout always fires first), `mixed` (by query: one naming Hannibal gets
///   `error`, Augustus `empty`, any other `ok`).
/// - `GET /unsplash/<mode>/photo/<q>`: the result's image; `GET /unsplash/<mode>/download/<q>`: its download location.
/// - `GET /unsplash-log`: JSON `[{"path", "authorization"}, …]`, every `/unsplash` request in arrival order.
enum UnsplashRoutes {
    static func answer(_ call: StubCall) async throws -> Response {
        let authorization = call.request.headers[.authorization]
        call.state.change {
            $0.unsplash.append(LoopbackServer.UnsplashRequest(path: call.target, authorization: authorization))
        }
        var mode = call.part(1)
        let rest = Array(call.parts.dropFirst(2))
        let base = "http://127.0.0.1:\(call.port)/unsplash/\(mode)"
        if rest == ["search", "photos"] {
            guard authorization?.hasPrefix("Client-ID ") == true else {
                return StubReply.json(401, ["errors": ["OAuth error: The access token is invalid"]])
            }
            let query = queryItem("query", in: call.target) ?? ""
            if mode == "mixed" {
                mode = query.contains("Hannibal") ? "error" : query.contains("Augustus") ? "empty" : "ok"
            }
            switch mode {
            case "slow":
                try await stubDelay(.infinity)
            case "error":
                return StubReply.json(500, ["errors": ["server error"]])
            case "garbage":
                return StubReply.text(200, "<html>not json", headers: [("Content-Type", "text/html")])
            case "empty":
                return StubReply.json(200, ["total": 0, "total_pages": 0, "results": []])
            default:
                break
            }
            let name = percentEncoded(query)
            let result: StubJSON = [
                "id": .string("photo-" + name),
                "urls": ["raw": .string("\(base)/photo/\(name)"), "small": .string("\(base)/photo/\(name)")],
                "links": [
                    "html": .string("https://unsplash.example/photos/\(name)"),
                    "download_location": .string("\(base)/download/\(name)"),
                ],
                // An ESC sequence in the author's name: the resolver must strip the control character.
                "user": ["name": "Ada Photographer\u{1B}[2J", "links": ["html": "https://unsplash.example/@ada"]],
            ]
            return StubReply.json(200, ["total": 1, "total_pages": 1, "results": [result]])
        }
        let subject = rest.count > 1 ? rest[1] : ""
        switch rest.first {
        case "photo":
            let png = [("Content-Type", "image/png")]
            switch mode {
            case "html":
                return StubReply.text(
                    200, "<!doctype html><title>Not found</title>", headers: [("Content-Type", "text/html")])
            case "huge":
                return StubReply.bytes(
                    200, TestPictures.pngSignature + [UInt8](repeating: 0, count: 2 << 20), headers: png)
            case "cut":
                return StubReply.bytes(200, Array(TestPictures.png(text: "").prefix(40)), headers: png)
            default:
                // A real one-pixel PNG whose text chunk holds the query: every query gets an image of its own.
                return StubReply.bytes(200, TestPictures.png(text: subject), headers: png)
            }
        case "download":
            return StubReply.json(200, ["url": .string("\(base)/photo/\(subject)")])
        default:
            return StubReply.json(404, ["errors": ["no such route"]])
        }
    }

    /// `/unsplash-log`: every `/unsplash` request so far.
    static func log(_ call: StubCall) -> Response {
        let entries: [StubJSON] = call.state.read(\.unsplash).map { entry in
            ["path": .string(entry.path), "authorization": entry.authorization.map(StubJSON.string) ?? .null]
        }
        return StubReply.json(200, .array(entries))
    }

    /// The first value of `name` in `target`'s query, form-decoded (`+` is a space, `%XX` a byte), or `nil`.
    static func queryItem(_ name: String, in target: String) -> String? {
        guard let query = target.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard formDecoded(halves[0]) == name else { continue }
            return halves.count > 1 ? formDecoded(halves[1]) : ""
        }
        return nil
    }

    /// `text` with `+` as a space and `%XX` escapes decoded as UTF-8 (a malformed escape stays as it is).
    private static func formDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded (Python's `quote(text, safe="")`).
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
