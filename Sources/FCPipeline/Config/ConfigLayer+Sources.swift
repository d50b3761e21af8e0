public import Foundation

extension ConfigLayer {
    /// Reads a config file, refusing unknown keys and values of the wrong type.
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
    public static func parse(_ data: Data, file: String) throws -> ConfigLayer {
        guard String(data: data, encoding: .utf8) != nil else {
            throw PipelineError.config(file: file, key: nil, problem: "is not UTF-8 text")
        }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw PipelineError.config(
                file: file,
                key: nil,
                problem: "is not valid JSON" + (detail.map { ": \($0)" } ?? "")
            )
        } catch {
            throw PipelineError.config(file: file, key: nil, problem: "is not valid JSON")
        }
        guard case .object(let entries) = root else {
            throw PipelineError.config(file: file, key: nil, problem: "expected a JSON object at the top level")
        }
        var layer = ConfigLayer()
        for (name, value) in entries.sorted(by: { $0.key < $1.key }) where !name.hasPrefix("//") {
            guard let key = ConfigKey.byName[name] else {
                throw PipelineError.config(
                    file: file,
                    key: name,
                    problem: "unknown setting (known: \(ConfigKey.all.map(\.name).joined(separator: ", ")))"
                )
            }
            if case .null = value { continue }
            if let problem = key.assign(value, to: &layer) {
                throw PipelineError.config(file: file, key: name, problem: problem)
            }
        }
        return layer
    }

    /// Reads the `FCGEN_*` variables from `environment`; empty variables count as unset.
    ///
    /// - Throws: ``PipelineError/environment(variable:problem:)`` for a value of the wrong type.
    public static func fromEnvironment(_ environment: [String: String]) throws -> ConfigLayer {
        var layer = ConfigLayer()
        for key in ConfigKey.all {
            guard let raw = environment[key.environmentVariable], !raw.isEmpty else { continue }
            let value: JSONValue
            switch key.field {
            case .text: value = .string(raw)
            case .integer, .decimal: value = Double(raw).map(JSONValue.number) ?? .string(raw)
            }
            if let problem = key.assign(value, to: &layer) {
                throw PipelineError.environment(variable: key.environmentVariable, problem: problem)
            }
        }
        return layer
    }

    /// The names of every setting a config file may hold, in documentation order.
    public static var settingNames: [String] { ConfigKey.all.map(\.name) }
}
