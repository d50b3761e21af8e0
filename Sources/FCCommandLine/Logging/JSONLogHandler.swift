import Foundation
package import Logging

/// `--log-format json`: one JSON object per line, for log shippers and `jq`.
///
/// ```json
/// {"label":"fcgen-worker","level":"info","message":"job 3 claimed: …","metadata":{"event":"job_claimed","job":3},"time":"2026-03-01T09:30:00.123Z"}
/// ```
///
/// `time` is RFC 3339 in UTC with milliseconds; keys are sorted so lines diff cleanly. Metadata keeps its shape:
/// nested dictionaries and arrays stay JSON objects and arrays, and integers, floating-point numbers and booleans
/// logged as `.stringConvertible` stay JSON numbers and booleans. Nothing here knows about API keys: the events
/// the executables log carry none, no request bodies and no card text.
package struct JSONLogHandler: LogHandler {
    /// The logger's label, `fcgen` or `fcgen-worker`.
    package let label: String
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]
    private let sink: LogSink

    /// A handler writing to `sink` (stderr unless a test captures the lines).
    package init(label: String, sink: LogSink = .standardError) {
        self.label = label
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        let line = Line(
            time: LogTimestamp.milliseconds(sink.now()), level: event.level.rawValue, label: label,
            message: event.message.description, metadata: merged.isEmpty ? nil : merged.mapValues(JSONMetadata.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and nested containers cannot fail; the fallback only keeps the line a line.
        let text = (try? encoder.encode(line)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"message":"?"}"#
        sink.write(text)
    }

    /// The fields of one line; `metadata` is left out when empty.
    private struct Line: Encodable {
        var time: String
        var level: String
        var label: String
        var message: String
        var metadata: [String: JSONMetadata]?
    }
}

/// A metadata value as JSON: strings, numbers and booleans, objects and arrays.
private enum JSONMetadata: Encodable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case object([String: JSONMetadata])
    case array([JSONMetadata])

    init(_ value: Logger.Metadata.Value) {
        switch value {
        case .string(let text): self = .string(text)
        case .stringConvertible(let value):
            switch value {
            case let number as Int: self = .integer(Int64(number))
            case let number as Int64: self = .integer(number)
            case let number as Int32: self = .integer(Int64(number))
            case let number as Double where number.isFinite: self = .double(number)
            case let flag as Bool: self = .bool(flag)
            default: self = .string(value.description)
            }
        case .dictionary(let dictionary): self = .object(dictionary.mapValues(JSONMetadata.init))
        case .array(let values): self = .array(values.map(JSONMetadata.init))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .object(let object): try container.encode(object)
        case .array(let values): try container.encode(values)
        }
    }
}
