import FCSanitizer
import Foundation

/// Reads the config's `prices` object (the one setting that is not a scalar), from the file or `FCGEN_PRICES`.
///
/// ```json
/// "prices": {"gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.60}}
/// ```
///
/// Every model needs both prices, each a finite number ≥ 0 (US dollars per million tokens); anything else is
/// refused naming the key path, e.g. `prices.gpt-4o-mini.input_per_million`.
enum PriceTableReader {
    static let key = "prices"
    static let environmentVariable = "FCGEN_PRICES"
    static let fields = ["input_per_million", "output_per_million"]

    /// The table in a config file's `prices` member.
    static func read(_ value: ParsedJSON, file: String, bytes: [UInt8]) throws -> PriceTable {
        do {
            return try read(value)
        } catch let problem as Problem {
            throw PipelineError.config(file: file, key: problem.key, problem: problem.message)
        }
    }

    /// The table in `FCGEN_PRICES`, a JSON object as in the file.
    static func read(environment raw: String) throws -> PriceTable {
        do {
            guard let parsed = try? ParsedJSON.parseStrict(Array(raw.utf8)) else {
                throw Problem(key: key, message: "is not valid JSON")
            }
            return try read(parsed)
        } catch let problem as Problem {
            throw PipelineError.environment(
                variable: environmentVariable, problem: "\(problem.key): \(problem.message)")
        }
    }

    /// A refused value: the dotted key path and what was wrong.
    struct Problem: Error {
        var key: String
        var message: String
    }

    private static func read(_ value: ParsedJSON) throws -> PriceTable {
        guard case .object(let models, _) = value else {
            throw Problem(
                key: key,
                message: "expected an object of models, e.g. {\"gpt-4o-mini\": {\"input_per_million\": 0.15, "
                    + "\"output_per_million\": 0.6}}, got \(ConfigValue(value).summary)")
        }
        var table: [String: ModelPrice] = [:]
        for model in models where !model.key.hasPrefix("//") {
            let path = "\(key).\(model.key)"
            guard !model.key.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Problem(key: path, message: "a model name must not be empty")
            }
            guard table[model.key] == nil else { throw Problem(key: path, message: "appears twice; keep one") }
            guard case .object(let members, _) = model.value else {
                throw Problem(
                    key: path,
                    message: "expected {\"input_per_million\": …, \"output_per_million\": …}, got "
                        + ConfigValue(model.value).summary)
            }
            var numbers: [String: Double] = [:]
            for member in members where !member.key.hasPrefix("//") {
                let field = "\(path).\(member.key)"
                guard fields.contains(member.key) else {
                    throw Problem(key: field, message: "unknown field (known: \(fields.joined(separator: ", ")))")
                }
                guard numbers[member.key] == nil else { throw Problem(key: field, message: "appears twice; keep one") }
                let parsed = ConfigValue(member.value)
                guard case .number(let number) = parsed, number >= 0, number.isFinite else {
                    throw Problem(
                        key: field,
                        message: "expected US dollars per million tokens, a number ≥ 0, got \(parsed.summary)")
                }
                numbers[member.key] = number
            }
            for field in fields where numbers[field] == nil {
                throw Problem(key: "\(path).\(field)", message: "missing; a price needs both fields")
            }
            table[model.key] = ModelPrice(
                inputPerMillion: numbers["input_per_million"] ?? 0, outputPerMillion: numbers["output_per_million"] ?? 0
            )
        }
        return PriceTable(table)
    }
}
