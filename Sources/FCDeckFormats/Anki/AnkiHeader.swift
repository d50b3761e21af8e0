/// The `#key:value` lines at the top of an Anki plain-text file (Anki manual, "Importing › File headers").
///
/// ```
/// #separator:tab
/// #html:true
/// #notetype column:1
/// #deck column:2
/// #tags column:6
/// ```
struct AnkiHeader: Sendable {
    var separator = UInt8(ascii: "\t")
    var isHTML = false
    /// 1-based columns that hold note type, deck, tags or GUID rather than note fields.
    var notetypeColumn: Int?
    /// 1-based column of the note's tags (space-separated), when the file has one.
    var tagsColumn: Int?
    var metaColumns: Set<Int> = []
    /// Lowercased column names from `#columns:`, when given.
    var columnNames: [String]?
    /// The whole file's note type (`#notetype:`), when it names one.
    var notetype: String?
    private var rawColumns: String?
    /// The highest column a header may name: a record never has more fields.
    static let maxColumn = DelimitedTokenizer.defaultMaxFields

    /// Reads one header line (without its leading `#`); unknown keys are ignored, as Anki does.
    mutating func read(_ line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon].trimmingBlanks().lowercased()
        let value = String(line[line.index(after: colon)...])
        switch key {
        case "separator":
            switch value.trimmingBlanks().lowercased() {
            case "tab": separator = UInt8(ascii: "\t")
            case "comma": separator = UInt8(ascii: ",")
            case "semicolon": separator = UInt8(ascii: ";")
            case "space": separator = UInt8(ascii: " ")
            case "pipe": separator = UInt8(ascii: "|")
            case "colon": separator = UInt8(ascii: ":")
            case let other where other.utf8.count == 1: separator = other.utf8.first ?? separator
            default: return "expected a separator (tab, comma, semicolon, space, pipe, colon or one character)"
            }
        case "html":
            isHTML = value.trimmingBlanks().lowercased() == "true"
        case "notetype column":
            guard let column = Int(value.trimmingBlanks()), (1...Self.maxColumn).contains(column) else {
                return "expected a column number from 1 to \(Self.maxColumn)"
            }
            notetypeColumn = column
            metaColumns.insert(column)
        case "deck column", "tags column", "guid column":
            guard let column = Int(value.trimmingBlanks()), (1...Self.maxColumn).contains(column) else {
                return "expected a column number from 1 to \(Self.maxColumn)"
            }
            metaColumns.insert(column)
            if key == "tags column" { tagsColumn = column }
        case "notetype":
            notetype = value.trimmingBlanks()
        case "columns":
            rawColumns = value
        default:
            break
        }
        return nil
    }

    /// Splits `#columns:` by the final separator (it may come before or after the `#separator:` line).
    mutating func finish() {
        guard let rawColumns else { return }
        let separatorCharacter = Character(Unicode.Scalar(separator))
        columnNames = rawColumns.split(separator: separatorCharacter, omittingEmptySubsequences: false)
            .map { $0.trimmingBlanks().lowercased() }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingBlanks() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
