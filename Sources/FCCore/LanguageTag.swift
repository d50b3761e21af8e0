/// A well-formed BCP 47 language tag (RFC 5646 syntax), in canonical case: `de`, `pt-BR`, `zh-Hant-TW`, `cs`.
///
/// Only the syntax is checked (language, extended language, script, region, variants, extensions, private use),
/// with one narrowing: the primary language has 2 or 3 letters, as in every registered tag, so a language's name
/// (`english`) is refused. Whether a subtag is registered is the model's business. Subtags are recased the RFC's way: language
/// lowercase, script title case, region uppercase.
///
/// ```swift
/// LanguageTag("PT-br")?.value                 // "pt-BR"
/// LanguageTag.problem(with: "english")         // "…is not a BCP 47 language tag…"
/// ```
public struct LanguageTag: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tag in canonical case.
    public let value: String

    public var description: String { value }

    /// - Returns: `nil` when `text` is well formed; otherwise why not, naming the text.
    public static func problem(with text: String) -> String? {
        parse(text) == nil
            ? "\"\(text)\" is not a BCP 47 language tag (expected something like de, pt-BR or zh-Hant)" : nil
    }

    /// The tag `text` names, or `nil` when it is not well formed.
    public init?(_ text: String) {
        guard let value = Self.parse(text) else { return nil }
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self.parse(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a BCP 47 tag"))
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The primary language subtag: `pt` for `pt-BR`.
    public var language: String { String(value.split(separator: "-").first ?? "") }

    /// Checks `text` against RFC 5646's `langtag` (or a private-use tag) and recases it; `nil` when malformed.
    static func parse(_ text: String) -> String? {
        guard !text.isEmpty, text.count <= 64,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { String($0).lowercased() }
        guard !parts.contains(where: \.isEmpty) else { return nil }
        var index = 0
        var output: [String] = []
        func isAlpha(_ s: String, _ range: ClosedRange<Int>) -> Bool {
            range.contains(s.count) && s.allSatisfy(\.isLetter)
        }
        func isAlnum(_ s: String, _ range: ClosedRange<Int>) -> Bool { range.contains(s.count) }
        if parts[0] == "x" { return privateUse(parts, from: 0).map { $0.joined(separator: "-") } }
        // language: 2–3 letters (ISO 639) + up to three 3-letter extlangs. The RFC's 4-letter (reserved) and 5–8
        // letter (registrable, none registered) forms are refused, so "english" or "german" is an error.
        guard isAlpha(parts[0], 2...3) else { return nil }
        output.append(parts[0])
        index = 1
        do {
            var extlangs = 0
            while index < parts.count, extlangs < 3, isAlpha(parts[index], 3...3) {
                output.append(parts[index])
                index += 1
                extlangs += 1
            }
        }
        if index < parts.count, isAlpha(parts[index], 4...4) {
            output.append(parts[index].prefix(1).uppercased() + parts[index].dropFirst())
            index += 1
        }
        if index < parts.count,
            isAlpha(parts[index], 2...2) || (parts[index].count == 3 && parts[index].allSatisfy(\.isNumber))
        {
            output.append(parts[index].uppercased())
            index += 1
        }
        var variants = Set<String>()
        while index < parts.count {
            let part = parts[index]
            let isVariant =
                isAlnum(part, 5...8) || (part.count == 4 && part.first?.isNumber == true)
            guard isVariant else { break }
            guard variants.insert(part).inserted else { return nil }
            output.append(part)
            index += 1
        }
        var singletons = Set<String>()
        while index < parts.count, parts[index].count == 1, parts[index] != "x" {
            let singleton = parts[index]
            guard singletons.insert(singleton).inserted else { return nil }
            output.append(singleton)
            index += 1
            var count = 0
            while index < parts.count, isAlnum(parts[index], 2...8) {
                output.append(parts[index])
                index += 1
                count += 1
            }
            guard count > 0 else { return nil }
        }
        if index < parts.count {
            guard let rest = privateUse(parts, from: index) else { return nil }
            output += rest
            index = parts.count
        }
        return output.joined(separator: "-")
    }

    /// `x-` followed by one or more 1–8 character subtags.
    private static func privateUse(_ parts: [String], from start: Int) -> [String]? {
        guard parts[start] == "x", parts.count > start + 1,
            parts[(start + 1)...].allSatisfy({ (1...8).contains($0.count) })
        else { return nil }
        return Array(parts[start...])
    }
}
