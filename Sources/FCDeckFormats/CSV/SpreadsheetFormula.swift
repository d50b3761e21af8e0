/// CSV cells a spreadsheet would run as a formula, and the `'` that keeps them text.
///
/// A spreadsheet that opens a CSV file takes a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage
/// return, which some strip first) as a formula, and a formula can run commands (`=cmd|' /C calc'!A0`) or send
/// data away (`=WEBSERVICE(…)`). fcgen's CSV export writes such a cell with a `'` in front, which spreadsheets
/// show as text, and `fcgen import` removes exactly that `'` again, so a round trip is exact.
///
/// A `+` or `-` followed by a number, and optionally a blank and plain words, is left alone: `-5`, `-273.15 °C` and
/// `+44 20 7946 0958` are answers, not formulas. A cell that already starts with `'`s before a formula character
/// gets one more, so import never takes a `'` that was part of the text.
///
/// ```swift
/// SpreadsheetFormula.neutralised("=1+1")         // "'=1+1"
/// SpreadsheetFormula.neutralised("-273.15 °C")   // "-273.15 °C"
/// SpreadsheetFormula.restored("'=1+1")           // "=1+1"
/// ```
public enum SpreadsheetFormula {
    /// `text` as a CSV cell: with a `'` in front when a spreadsheet would run it (after any `'`s it starts with).
    public static func neutralised(_ text: String) -> String {
        isFormula(afterQuotes: text) ? "'" + text : text
    }

    /// The inverse of ``neutralised(_:)``: a cell read from CSV without the `'` that export added.
    public static func restored(_ cell: String) -> String {
        guard cell.first == "'", isFormula(afterQuotes: cell) else { return cell }
        return String(cell.dropFirst())
    }

    /// Whether `text`, once its leading `'`s are passed over, starts like a formula.
    static func isFormula(afterQuotes text: String) -> Bool {
        let rest = text.unicodeScalars.drop { $0 == "'" }
        guard let first = rest.first else { return false }
        switch first {
        case "=", "@", "\t", "\r": return true
        case "+", "-": return !isSignedNumber(rest.dropFirst())
        default: return false
        }
    }

    /// Digits (with `.` or `,` between groups), then nothing, or a blank and words without formula characters.
    private static func isSignedNumber(_ scalars: Substring.UnicodeScalarView.SubSequence) -> Bool {
        var index = scalars.startIndex
        var digits = 0
        var previousWasDigit = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) {
                digits += 1
                previousWasDigit = true
            } else if (scalar == "." || scalar == ",") && previousWasDigit {
                previousWasDigit = false
            } else {
                break
            }
            index = scalars.index(after: index)
        }
        guard digits > 0, previousWasDigit else { return false }
        guard index < scalars.endIndex else { return true }
        guard scalars[index] == " " else { return false }
        let formulaCharacters: Set<Unicode.Scalar> = [
            "=", "+", "-", "*", "/", "^", "&", "|", "!", "@", "(", ")", "'", "\"", "<", ">", ";", ":", ",", "\t",
            "\r", "\n", "[", "]", "{", "}", "$", "#",
        ]
        return !scalars[index...].contains { formulaCharacters.contains($0) }
    }
}
