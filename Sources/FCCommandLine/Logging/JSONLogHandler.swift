import FCCore
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
        // Written by hand, members in sorted order (as `JSONEncoder`'s `.sortedKeys` gave them): the service writes one
        // line per request, and `JSONEncoder`'s generic path was a fifth of a request handler's time under load.
        var line = "{\"label\":"
        JSONString.quote(label, into: &line)
        line += ",\"level\":"
        JSONString.quote(event.level.rawValue, into: &line)
        line += ",\"message\":"
        JSONString.quote(event.message.description, into: &line)
        if !merged.isEmpty {
            line += ",\"metadata\":"
            JSONMetadata.object(merged.mapValues(JSONMetadata.init)).write(into: &line)
        }
        line += ",\"time\":"
        JSONString.quote(LogTimestamp.milliseconds(sink.now()), into: &line)
        line += "}"
        sink.write(line)
    }
}

private enum JSONMetadata {
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

    /// Appends the value as JSON. A number that JSON cannot hold (a non-finite double) became a string in `init`.
    func write(into line: inout String) {
        switch self {
        case .string(let text): JSONString.quote(text, into: &line)
        case .integer(let number): line += String(number)
        case .double(let number):
            line += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): line += flag ? "true" : "false"
        case .object(let object):
            line += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { line += "," }
                JSONString.quote(key, into: &line)
                line += ":"
                object[key]?.write(into: &line)
            }
            line += "}"
        case .array(let values):
            line += "["
            for (index, value) in values.enumerated() {
                if index > 0 { line += "," }
                value.write(into: &line)
            }
            line += "]"
        }
    }
}
