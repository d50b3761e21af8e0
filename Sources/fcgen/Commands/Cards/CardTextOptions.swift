import ArgumentParser
import FCCore
import FCPipeline
import Foundation

/// Parses a `RawRepresentable` enum option, naming the allowed values when it fails (types from library modules
/// can't conform to `ExpressibleByArgument` without a public import of ArgumentParser).
func enumArgument<T: RawRepresentable & CaseIterable>(_ text: String) throws -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else {
        throw ValidationError("expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
    }
    return value
}

/// Parses `--kind`: any ``FCCore/CardKind``.
func cardKind(_ text: String) throws -> CardKind {
    guard let kind = CardKind(rawValue: text) else {
        throw ValidationError(
            "expected one of \(CardKind.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
    }
    return kind
}

/// The card content flags `card add` and `card edit` share: text inline, from a file or stdin (`-`), or in
/// `$EDITOR`; a picture; a kind.
struct CardTextOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The question (front). Text may hold LaTeX ($…$, $$…$$, \\(…\\), \\[…\\]).", valueName: "text"))
    var question: String?
    @Option(help: ArgumentHelp("Read the question from a file ('-' = standard input).", valueName: "path"))
    var questionFile: String?
    @Option(help: ArgumentHelp("The answer (back).", valueName: "text"))
    var answer: String?
    @Option(help: ArgumentHelp("Read the answer from a file ('-' = standard input).", valueName: "path"))
    var answerFile: String?
    @Option(help: ArgumentHelp("Why the answer is right.", valueName: "text"))
    var explanation: String?
    @Option(help: ArgumentHelp("Read the explanation from a file ('-' = standard input).", valueName: "path"))
    var explanationFile: String?
    @Flag(help: "Write the card's text in $EDITOR (sections '== question', '== answer', '== explanation').")
    var editor = false
    @Option(help: ArgumentHelp("A picture for the card: JPEG, GIF or PNG (checked by content).", valueName: "file"))
    var image: String?
    @Option(help: ArgumentHelp("Largest picture in bytes (default: image_max_bytes setting, 1 MiB).", valueName: "n"))
    var imageMaxBytes: Int?
    @Option(
        help: ArgumentHelp(
            "question|math|image|definition|truefalse|fillblank|cloze|mcq (cloze: {{c1::...}} in the question; "
                + "mcq: --option and --correct)", valueName: "kind"),
        transform: cardKind)
    var kind: CardKind?

    func validate() throws {
        for (inline, file, name) in [
            (question, questionFile, "question"), (answer, answerFile, "answer"),
            (explanation, explanationFile, "explanation"),
        ] where inline != nil && file != nil {
            throw ValidationError("give --\(name) or --\(name)-file, not both")
        }
        if [questionFile, answerFile, explanationFile].filter({ $0 == "-" }).count > 1 {
            throw ValidationError("only one of --question-file, --answer-file, --explanation-file can read stdin ('-')")
        }
        if editor
            && [question, questionFile, answer, answerFile, explanation, explanationFile].contains(where: { $0 != nil })
        {
            throw ValidationError(
                "--editor writes all of the text; don't combine it with --question/--answer/--explanation")
        }
        if let imageMaxBytes, imageMaxBytes < 1 { throw ValidationError("--image-max-bytes must be at least 1") }
    }

    /// The text sides given on the command line or in files (`nil`: not given).
    func sides() throws -> (question: String?, answer: String?, explanation: String?) {
        (
            try question ?? questionFile.map(Self.read), try answer ?? answerFile.map(Self.read),
            try explanation ?? explanationFile.map(Self.read)
        )
    }

    /// A side's text from a file or stdin: only regular files (or `-`), at most 64 KiB, UTF-8.
    static func read(_ path: String) throws -> String {
        try TextInput.read(path)
    }
}
