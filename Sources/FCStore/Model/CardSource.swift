/// A source file a run of `fcgen generate --from` read, as stored with the run's first batch.
package struct NewSource: Sendable, Hashable {
    /// The name as the user gave it (`notes.md`, `standard input`).
    package var fileName: String
    /// `text`, `markdown`, `html` or `pdf`.
    package var format: String
    /// SHA-256 of the input's bytes, lowercase hex.
    package var sha256: String
    package var byteCount: Int
    package var sectionCount: Int

    package init(fileName: String, format: String, sha256: String, byteCount: Int, sectionCount: Int) {
        self.fileName = fileName
        self.format = format
        self.sha256 = sha256
        self.byteCount = byteCount
        self.sectionCount = sectionCount
    }
}

/// The section of a source a batch's cards were made from.
package struct SectionProvenance: Sendable, Hashable {
    /// 1-based among the source's sections.
    package var index: Int
    package var title: String
    /// Unicode-scalar offsets into the source's (extracted) text, end exclusive.
    package var start: Int
    package var end: Int
    /// The page the section starts on (PDFs).
    package var page: Int?

    package init(index: Int, title: String, start: Int, end: Int, page: Int?) {
        self.index = index
        self.title = title
        self.start = start
        self.end = end
        self.page = page
    }
}

/// Which source a batch belongs to: a new one (stored with this batch) or one an earlier batch of the run stored.
package enum SourceReference: Sendable, Hashable {
    case new(NewSource)
    case stored(id: Int64)
}

/// Where a stored card came from: the source file and the section (`fcgen card show`).
package struct CardSource: Sendable, Codable, Hashable {
    package var sourceID: Int64
    package var fileName: String
    package var format: String
    package var sha256: String
    package var section: Int
    package var sectionTitle: String
    package var start: Int
    package var end: Int
    package var page: Int?

    package init(
        sourceID: Int64, fileName: String, format: String, sha256: String, section: Int, sectionTitle: String,
        start: Int, end: Int, page: Int?
    ) {
        self.sourceID = sourceID
        self.fileName = fileName
        self.format = format
        self.sha256 = sha256
        self.section = section
        self.sectionTitle = sectionTitle
        self.start = start
        self.end = end
        self.page = page
    }
}
