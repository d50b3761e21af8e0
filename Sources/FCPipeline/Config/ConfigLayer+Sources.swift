import FCSanitizer
public import Foundation

extension ConfigLayer {
    /// Reads a config file, refusing unknown keys, keys written twice and values of the wrong type.
    ///
    /// Keys that start with `//` are comments (JSON has none), so `config.example.json` can document itself.
    ///
    /// - Throws: ``PipelineError/config(file:key:problem:)`` naming the file, the key and what was expected.
    public static func load(configFile url: URL) throws -> ConfigLayer {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PipelineError.config(file: path, key: nil, problem: "cannot be read (\(error.localizedDescription))")
        }
        return try parse(data, file: path)
    }

    /// Parses the bytes of a config file; `file` names it in errors.
    ///
    /// The file is read with the sanitizer's strict parser rather than `JSONDecoder`, which keeps one of two equal
    /// keys without a word: a setting written twice is refused with both lines, since either copy may be the one the
    /// user meant. Comment keys (`//…`) may repeat.
    public static func parse(_ data: Data, file: String) throws -> ConfigLayer {
        guard String(data: data, encoding: .utf8) != nil else {
            throw PipelineError.config(file: file, key: nil, problem: "is not UTF-8 text")
        }
        let bytes = [UInt8](data)
        let root: ParsedJSON
        do {
            root = try ParsedJSON.parseStrict(bytes)
        } catch {
            throw PipelineError.config(
                file: file, key: nil, problem: "is not valid JSON: " + describe(error, in: bytes))
        }
        guard case .object(let members, _) = root else {
            throw PipelineError.config(file: file, key: nil, problem: "expected a JSON object at the top level")
        }
        var layer = ConfigLayer()
        var offsetOfKey: [String: Int] = [:]
        for member in members where !member.key.hasPrefix("//") {
            let name = member.key
            if let first = offsetOfKey[name] {
                let lines = (position(of: first, in: bytes).line, position(of: member.keyOffset, in: bytes).line)
                throw PipelineError.config(
                    file: file, key: name, problem: "appears twice (lines \(lines.0) and \(lines.1)); keep one")
            }
            offsetOfKey[name] = member.keyOffset
            if name == PriceTableReader.key {
                layer.prices = try PriceTableReader.read(member.value, file: file, bytes: bytes)
                continue
            }
            guard let key = ConfigKey.byName[name] else {
                throw PipelineError.config(
                    file: file,
                    key: name,
                    problem: "unknown setting (known: \(settingNames.joined(separator: ", ")))"
                )
            }
            let value = ConfigValue(member.value)
            if case .null = value { continue }
            if let problem = key.assign(value, to: &layer) {
                throw PipelineError.config(file: file, key: name, problem: problem)
            }
        }
        return layer
    }

    /// "line 3, column 14: unexpected character": where the parser stopped and why, never the file's text.
    private static func describe(_ error: SanitizerError, in bytes: [UInt8]) -> String {
        let (line, column) = position(of: error.offset, in: bytes)
        let reason =
            switch error {
            case .unexpectedByte: "unexpected character"
            case .endOfInput: "the file ends inside a value"
            case .tooDeep: "nested too deeply"
            }
        return "line \(line), column \(column): \(reason)"
    }

    /// The 1-based line and column (in bytes) of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Reads the `FCGEN_*` variables from `environment`; empty variables count as unset.
    ///
    /// - Throws: ``PipelineError/environment(variable:problem:)`` for a value of the wrong type.
    public static func fromEnvironment(_ environment: [String: String]) throws -> ConfigLayer {
        var layer = ConfigLayer()
        for key in ConfigKey.all {
            guard let raw = environment[key.environmentVariable], !raw.isEmpty else { continue }
            let value: ConfigValue
            switch key.field {
            case .text, .variableName, .kinds: value = .string(raw)
            case .integer, .decimal, .positive: value = Double(raw).map(ConfigValue.number) ?? .string(raw)
            case .boolean:
                switch raw.lowercased() {
                case "true", "1", "yes", "on": value = .bool(true)
                case "false", "0", "no", "off": value = .bool(false)
                default: value = .string(raw)
                }
            }
            if let problem = key.assign(value, to: &layer) {
                throw PipelineError.environment(variable: key.environmentVariable, problem: problem)
            }
        }
        if let raw = environment[PriceTableReader.environmentVariable], !raw.isEmpty {
            layer.prices = try PriceTableReader.read(environment: raw)
        }
        return layer
    }

    /// The names of every setting a config file may hold, in documentation order.
    public static var settingNames: [String] { ConfigKey.all.map(\.name) + [PriceTableReader.key] }
}
