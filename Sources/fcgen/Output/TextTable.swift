/// A plain text table for terminals: left-aligned text columns, right-aligned numeric ones.
struct TextTable {
    enum Alignment {
        case left
        case right
    }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
    }

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The narrowest a text column is cut to when the table must fit: its title, and at least this many
    /// characters.
    static let minimumTextWidth = 8

    /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
    ///
    /// - Parameter width: The terminal's width, when the table should fit it: the widest text (left-aligned)
    ///   columns are cut, each cell that no longer fits ending in "…", until the lines fit or every text column
    ///   is down to its title or ``minimumTextWidth``. Numbers are never cut. `nil`: every column at full width.
    func render(width: Int? = nil) -> String {
        var widths = columns.indices.map { index in
            ([columns[index].title] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        if let width { fit(&widths, into: width) }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, column) in columns.enumerated() {
                var cell = index < cells.count ? cells[index] : ""
                if cell.count > widths[index] { cell = String(cell.prefix(max(widths[index] - 1, 0))) + "…" }
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                parts.append(column.alignment == .left ? cell + padding : padding + cell)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
    }

    /// Narrows the widest text columns, one character at a time, until the line (with its separators) is at most
    /// `width` or no text column can give more.
    private func fit(_ widths: inout [Int], into width: Int) {
        let floors = columns.map { max($0.title.count, Self.minimumTextWidth) }
        var total = widths.reduce(0, +) + 2 * max(columns.count - 1, 0)
        while total > width {
            let shrinkable = columns.indices.filter { columns[$0].alignment == .left && widths[$0] > floors[$0] }
            guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { return }
            widths[widest] -= 1
            total -= 1
        }
    }
}
