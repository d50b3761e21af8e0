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

    /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
    func render() -> String {
        let widths = columns.indices.map { index in
            ([columns[index].title] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, column) in columns.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                parts.append(column.alignment == .left ? cell + padding : padding + cell)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
    }
}
