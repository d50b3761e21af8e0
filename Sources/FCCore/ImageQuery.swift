/// The image search query a model may write on a card (`image_query`): cleaned and bounded before it is stored.
///
/// ```swift
/// ImageQuery.cleaned("  red\u{1B}[2J  fox \n")  // "red[2J fox"
/// ImageQuery.cleaned("   ")                     // nil
/// ```
public enum ImageQuery {
    /// The longest query kept, in characters; a longer one is cut at the last word boundary before it.
    public static let maxLength = 100

    /// `text` without control characters, with runs of white space made one space, trimmed and cut to
    /// ``maxLength``; `nil` when nothing is left.
    public static func cleaned(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                scalars.append(" ")
            } else if !ControlCharacters.contains(scalar) {
                scalars.append(scalar)
            }
        }
        let words = String(scalars).split(separator: " ", omittingEmptySubsequences: true)
        var result = ""
        for word in words {
            let next = result.isEmpty ? String(word) : result + " " + word
            if next.count > maxLength {
                if result.isEmpty { result = String(next.prefix(maxLength)) }
                break
            }
            result = next
        }
        return result.isEmpty ? nil : result
    }
}
