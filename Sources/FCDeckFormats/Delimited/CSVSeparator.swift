/// The field separators a CSV import reads: fcgen's own `;`, the `,` of RFC 4180 and most spreadsheets, and the tab
/// of "tab-separated values". Quoting is the same for all three (RFC 4180: a field in `"…"` may hold separators and
/// line breaks, `""` is a quote).
public enum CSVSeparator: String, Sendable, CaseIterable, Codable {
    case semicolon, comma, tab

    /// The separator's byte.
    public var byte: UInt8 {
        switch self {
        case .semicolon: UInt8(ascii: ";")
        case .comma: UInt8(ascii: ",")
        case .tab: UInt8(ascii: "\t")
        }
    }

    /// How a person names the file's kind: "semicolon-separated".
    public var label: String { "\(rawValue)-separated" }

    /// How the separator is written in messages: `;`, `,` or `tab`.
    public var shown: String {
        switch self {
        case .semicolon: "\";\""
        case .comma: "\",\""
        case .tab: "tab"
        }
    }
}

/// Chooses the separator of a CSV file from its first records, read with the import's own tokenizer once per
/// candidate, so quoting counts exactly as the import will count it.
///
/// The separator wins that splits the first record (a header or the first card) into 2–6 fields and gives the most
/// records after it the same number of fields. On a tie the order of preference is `;` (fcgen's format), tab, `,`:
/// a `;` file whose answers hold commas ("Rome, Italy") splits as well on `;` as on `,` where its header does not
/// decide. A sample with no record of two fields or more keeps `;`, so the import's own message names the fields it
/// found.
public enum CSVSeparatorSniffer {
    /// The records looked at: enough to see a consistent shape, few enough to decide before the import starts.
    public static let sampleRecords = 20
    /// The most bytes held back while choosing (a sample ends earlier at ``sampleRecords`` records).
    public static let sampleBytes = 65_536

    /// The separator for `sample`, the start of the file (its byte-order mark already dropped).
    public static func choose(_ sample: [UInt8], isWholeFile: Bool) -> CSVSeparator {
        var best: (separator: CSVSeparator, score: Int)?
        for candidate in [CSVSeparator.semicolon, .tab, .comma] {
            let counts = fieldCounts(sample, separator: candidate, isWholeFile: isWholeFile)
            guard let first = counts.first, (2...6).contains(first) else { continue }
            let score = counts.count { $0 == first }
            if score > best?.score ?? 0 { best = (candidate, score) }
        }
        return best?.separator ?? .semicolon
    }

    /// The number of fields of each complete, non-blank record of `sample` read with `separator`.
    static func fieldCounts(_ sample: [UInt8], separator: CSVSeparator, isWholeFile: Bool) -> [Int] {
        var tokenizer = DelimitedTokenizer(separator: separator.byte)
        var counts: [Int] = []
        func take(_ event: DelimitedTokenizer.Event) {
            guard case .record(let record) = event, counts.count < sampleRecords else { return }
            counts.append(record.fields.count)
        }
        sample.withUnsafeBufferPointer { tokenizer.consume($0, take) }
        // The last record of a sample cut short may be cut too; at the end of the file it is whole.
        if isWholeFile, let event = tokenizer.finish() { take(event) }
        return counts
    }

    /// Whether `sample` holds enough to decide: ``sampleRecords`` line breaks (a quoted field may hold some, so
    /// this errs on reading a little more) or ``sampleBytes`` bytes.
    static func isEnough(_ sample: [UInt8]) -> Bool {
        sample.count >= sampleBytes || sample.count { $0 == UInt8(ascii: "\n") } > sampleRecords
    }
}
