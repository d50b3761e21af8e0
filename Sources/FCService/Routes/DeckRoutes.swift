import FCContract
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Decks in and out: import a CSV or Anki text body into a topic (all or nothing, as `fcgen import`), and export a
/// topic as the same bytes `fcgen export` writes.
enum DeckRoutes {
    static func routes(_ environment: ServiceEnvironment) -> [Route] {
        let store = environment.store
        let maxBytes = environment.settings.importMaxBytes
        return [
            Route(.post, "/v1/topics/{id}/import", .admin) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                _ = try await Topics.existing(on: store, id: topicID)
                let format = try importFormat(request)
                let dryRun = try request.queryFlag("dryRun")
                let skipBad = try request.queryFlag("skipBad")
                let separator = try importSeparator(request)
                let bytes = try await body(request, maxBytes: maxBytes)
                let report: BodyImportReport
                do {
                    report = try await DeckImporter.importBody(
                        bytes, format: format, separator: separator, topicID: topicID, into: store, skipBad: skipBad,
                        dryRun: dryRun)
                } catch let rejection as ImportRejection {
                    throw problem(rejection)
                }
                let summary = report.summary
                return try JSONResponse.make(
                    ImportResult(
                        topicId: topicID, format: format.rawValue, separator: report.separator?.rawValue,
                        dryRun: dryRun, rows: summary.rows, cardsStored: summary.cardsStored,
                        twinsStored: summary.twinsStored, clozeSiblingsStored: summary.clozeSiblingsStored,
                        duplicatesSkipped: summary.duplicatesSkipped,
                        skipped: report.skipped.map(ImportErrorJSON.init), skippedTotal: report.skippedTotal,
                        firstRows: report.firstRows))
            },
            Route(.get, "/v1/topics/{id}/export", .learner) { request, context in
                let topicID = try request.id(of: "topic", context: context)
                let text = request.uri.queryParameters.get("format") ?? ""
                guard let format = ExportFormat(rawValue: text) else {
                    throw Problem.badRequest("format must be anki, csv or json", field: "format")
                }
                let topic = try await Topics.existing(on: store, id: topicID)
                var headers: HTTPFields = [
                    .contentType: format == .json
                        ? "application/json"
                        : format == .csv
                            ? "text/csv; charset=utf-8"
                            : "text/plain; charset=utf-8",
                    .contentDisposition: ExportFileName.disposition(topic: topic.name, format: format),
                ]
                headers[.cacheControl] = "no-store"
                // Written note by note as the exporter produces it, in pieces of about 64 KiB.
                let body = ResponseBody { writer in
                    var pending = ByteBuffer()
                    _ = try await DeckExporter.export(topic: topic, format: format, from: store, writesMedia: false) {
                        pending.writeString($0)
                        if pending.readableBytes >= 65_536 {
                            try await writer.write(pending)
                            pending = ByteBuffer()
                        }
                    }
                    if pending.readableBytes > 0 { try await writer.write(pending) }
                    try await writer.finish(nil)
                }
                return Response(status: .ok, headers: headers, body: body)
            },
        ]
    }

    /// `?format=csv|anki`, else by the body's type: `text/csv` is fcgen's CSV, `text/plain` Anki's text.
    private static func importFormat(_ request: Request) throws -> DeckTextReader.Format {
        let parts = (request.headers[.contentType] ?? "").split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        let type = parts.first ?? ""
        guard type == "text/csv" || type == "text/plain" else {
            throw Problem(
                .unsupportedMediaType, detail: "send the deck as text/csv (fcgen CSV) or text/plain (Anki text)",
                field: "Content-Type")
        }
        if let charset = parts.dropFirst().first(where: { $0.hasPrefix("charset=") }).map({ String($0.dropFirst(8)) }),
            !["utf-8", "utf8", "\"utf-8\""].contains(charset)
        {
            throw Problem(
                .unsupportedMediaType, detail: "decks are read as UTF-8; convert the file and send it again",
                field: "Content-Type")
        }
        guard let text = request.uri.queryParameters.get("format") else { return type == "text/csv" ? .csv : .anki }
        guard let format = DeckTextReader.Format(rawValue: String(text)) else {
            throw Problem.badRequest("format must be csv or anki", field: "format")
        }
        return format
    }

    /// `?separator=semicolon|comma|tab` for a CSV body; absent, it is chosen from the body's first lines.
    private static func importSeparator(_ request: Request) throws -> CSVSeparator? {
        guard let text = request.uri.queryParameters.get("separator") else { return nil }
        guard let separator = CSVSeparator(rawValue: String(text)) else {
            throw Problem.badRequest("separator must be semicolon, comma or tab", field: "separator")
        }
        return separator
    }

    /// The whole body, at most `maxBytes` (413 otherwise, by `Content-Length` before it is read).
    private static func body(_ request: Request, maxBytes: Int) async throws -> [UInt8] {
        Array(try await request.collectBody(limit: maxBytes, what: "the deck").readableBytesView)
    }

    /// 422 listing each problem with its line and column (the first 50), as `fcgen import` reports them.
    private static func problem(_ rejection: ImportRejection) -> Problem {
        var problem = Problem(ErrorCode.badInput, detail: rejection.description, field: "body")
        problem.extensions["errors"] = .array(
            rejection.problems.map { problem in
                .object([
                    "line": .integer(Int64(problem.position.line)),
                    "column": .integer(Int64(problem.position.column)), "message": .string(problem.message),
                ])
            })
        problem.extensions["errorsTotal"] = .integer(Int64(rejection.total))
        return problem
    }
}

/// One problem of an import: where (1-based line and column, in Unicode scalars) and what.
struct ImportErrorJSON: Encodable {
    var line: Int
    var column: Int
    var message: String

    init(_ problem: ImportProblem) {
        line = problem.position.line
        column = problem.position.column
        message = problem.message
    }
}

/// What an import stored (or, with `dryRun`, would store).
struct ImportResult: Encodable {
    var topicId: Int64
    var format: String
    /// The separator a CSV body was read with: the request's, or chosen from its first lines.
    var separator: String?
    var dryRun: Bool
    var rows: Int
    var cardsStored: Int
    var twinsStored: Int
    /// Cards made for the cloze cards' further deletion numbers (not in `cardsStored`, which counts the body's rows).
    var clozeSiblingsStored: Int
    var duplicatesSkipped: Int
    /// Bad rows skipped with `skipBad` (the first 50).
    var skipped: [ImportErrorJSON]
    var skippedTotal: Int
    /// The first good rows as they were read (at most 3): what a dry run shows before the real import.
    var firstRows: [ImportPreviewRow]
}

extension Request {
    /// A `true`/`false` query flag (absent: `false`); anything else, an empty value included, is a 400 naming it.
    func queryFlag(_ name: String) throws -> Bool {
        switch uri.queryParameters.get(name) {
        case nil, "false", "0": return false
        case "true", "1": return true
        default: throw Problem.badRequest("\(name) must be true or false", field: name)
        }
    }
}
