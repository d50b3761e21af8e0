import FCPipeline
import Foundation

/// The download's file name: the topic's name in ASCII for every client, and exactly (RFC 8187) for those that
/// read `filename*`.
enum ExportFileName {
    static func disposition(topic: String, format: ExportFormat) -> String {
        let suffix = format == .anki ? "txt" : format.rawValue
        var ascii = String(
            topic.unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "-"
            })
        while ascii.contains("--") { ascii = ascii.replacingOccurrences(of: "--", with: "-") }
        ascii = ascii.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let exact = (topic + "." + suffix).addingPercentEncoding(withAllowedCharacters: .rfc8187) ?? ""
        return "attachment; filename=\"\(ascii.isEmpty ? "deck" : ascii).\(suffix)\"; filename*=UTF-8''\(exact)"
    }
}

extension CharacterSet {
    /// RFC 8187 `attr-char`: what may stand unencoded in an extended parameter value.
    fileprivate static let rfc8187 = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
}
