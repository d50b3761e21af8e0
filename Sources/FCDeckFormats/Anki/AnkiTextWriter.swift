public import FCCore

/// Writes Anki's "Notes in Plain Text" format, which Anki's File › Import reads without questions asked.
///
/// Columns: note type, deck, Front, Back, Explanation, tags. The note type is `Basic`, or `Basic (and reversed
/// card)` for a card stored with a reversed twin (one note, and Anki makes both cards). The explanation is its own
/// field so it can be mapped to a field of the user's choice (Basic has none: Anki then leaves it unmapped). Fields
/// are HTML (`#html:true`): text is escaped, line breaks become `<br>`, `$…$`/`$$…$$` become MathJax `\(…\)`/`\[…\]`,
/// and a picture is `<img src="<hash>.<ext>">` before the question (copy the media files into Anki's
/// `collection.media` folder). The tags column carries the card's kind (`fcgen::kind::truefalse`; none for a
/// `question` card).
///
/// A `cloze` card is a `Cloze` note: its cloze text in the first field (Anki's Text) and its explanation in the
/// second (Back Extra). An `mcq` card is a Basic note with its options listed on the front (``AnkiChoices``) and the
/// correct option on the back; its kind tag lets `fcgen import` read the options back.
///
/// ```swift
/// let writer = AnkiTextWriter(deck: "Roman history")
/// var text = writer.header
/// text += writer.line(for: note)
/// ```
public struct AnkiTextWriter: Sendable {
    public static let basic = "Basic"
    public static let basicAndReversed = "Basic (and reversed card)"
    public static let cloze = "Cloze"
    public static let tags = "fcgen"

    public let deck: String

    public init(deck: String) {
        // A tab or line break would end the field; `::` (subdecks) is left as the user wrote it.
        self.deck = String(deck.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// The file headers (Anki manual, "Importing › File headers").
    public var header: String { header(withCredits: false) }

    /// The file headers; `withCredits` adds a seventh column, `Credit`, for a deck with a credited picture
    /// (``ExportImage/credit``): who made it, linked as its provider asks, to map to a field of the user's choice.
    public func header(withCredits: Bool) -> String {
        """
        #separator:tab
        #html:true
        #notetype column:1
        #deck column:2
        #tags column:6
        #columns:Note type\tDeck\tFront\tBack\tExplanation\tTags\(withCredits ? "\tCredit" : "")

        """
    }

    /// Whether `notes` need the `Credit` column.
    public static func hasCredits(_ notes: [ExportNote]) -> Bool { notes.contains { $0.image?.credit != nil } }

    /// One note as a line, ending in `\n`, in the six columns of ``header``.
    public func line(for note: ExportNote) -> String { line(for: note, withCredits: false) }

    /// One note as a line, ending in `\n`; `withCredits` adds the `Credit` field (empty for a note without a
    /// credited picture).
    public func line(for note: ExportNote, withCredits: Bool) -> String {
        var front =
            note.choices.map { AnkiChoices.front(question: note.question, choices: $0) }
            ?? AnkiHTML.field(fromText: note.question)
        if let image = note.image {
            front = "<img src=\"\(image.fileName)\">" + (front.isEmpty ? "" : "<br>" + front)
        }
        let explanation = AnkiHTML.field(fromText: note.explanation ?? "")
        // A Cloze note's second field is Back Extra: the answer is the text itself.
        let fields =
            note.kind == .cloze
            ? [Self.cloze, deck, front, explanation, ""]
            : [
                note.isReversed ? Self.basicAndReversed : Self.basic, deck, front,
                AnkiHTML.field(fromText: note.answer), explanation,
            ]
        let credit = withCredits ? [note.image?.credit?.html ?? ""] : []
        return (fields + [Self.tags(for: note.kind)] + credit).map(Self.quotedIfNeeded).joined(separator: "\t") + "\n"
    }

    /// `fcgen`, plus `fcgen::kind::<kind>` for every kind but `question`, so import gives the card its kind back.
    public static func tags(for kind: CardKind) -> String {
        kind == .question ? tags : tags + " " + AnkiRowMapper.kindTagPrefix + kind.rawValue
    }

    /// A field holding `"` (only an `<img>` tag can: text quotes are `&quot;`) is quoted with doubled quotes, as
    /// Anki's own exporter writes it.
    static func quotedIfNeeded(_ field: String) -> String {
        guard field.contains("\"") else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
