import Foundation

/// Finds the `fcgen …` command lines that README.md and docs/*.md show in fenced shell blocks (```sh, and the
/// `$ ` lines of ```console transcripts), for ``DocCommandTests`` to run. The rules are in docs/developing.md
/// ("The doc test"):
///
/// - a line is a command when `fcgen` or `fcgen-worker` is one of its command words (first, after `VAR=value`,
///   `swift run`, `|`, `;`, `&&` or `$(`); the other lines of a block (`swift build`, `install`, …) are not run;
/// - a line ending in `\` continues on the next; a trailing `# …` comment is the reader's, and `exit N` in it is the
///   exit status the line must have (0 otherwise);
/// - an optional part of a synopsis, `[--topic T]`, is left out, and `swift run fcgen` is the built `fcgen`;
/// - `<!-- doc-test: not run: REASON -->` before a block keeps the whole block from running, and
///   `<!-- doc-test: not run "TEXT": REASON -->` its lines that contain TEXT; each is counted and listed.
struct DocCommandScanner {
    /// One command line to run, where the docs show it.
    struct Command: Sendable {
        var location: String
        var line: String
        var expectedStatus: Int32
    }

    /// The command lines of one block, run in order in one folder (a later line may need an earlier one's work).
    struct Block: Sendable {
        var location: String
        var commands: [Command]
    }

    /// A command line the docs mark as not run, and why.
    struct NotRun: Sendable {
        var location: String
        var line: String
        var reason: String
    }

    private(set) var blocks: [Block] = []
    private(set) var notRun: [NotRun] = []

    /// The docs a newcomer reads: README.md and every docs/*.md, in name order.
    static func documents(in root: URL) throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return [root.appendingPathComponent("README.md")] + names.sorted().map { docs.appendingPathComponent($0) }
    }

    /// A command word `fcgen` or `fcgen-worker` at the start, after environment assignments or `swift run`, or after
    /// a shell operator.
    private static var commandWord: Regex<Substring> {
        #/(?:^|[|;&(]\s*)(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:swift run\s+)?fcgen(?:-worker)?(?:\s|$)/#
    }
    private static var marker: Regex<(Substring, text: Substring?, reason: Substring)> {
        #/<!--\s*doc-test: not run(?: "(?<text>[^"]+)")?: (?<reason>.+?)\s*-->/#
    }
    private static var expectedExit: Regex<(Substring, status: Substring)> { #/(?:^|\W)exit (?<status>\d+)\b/# }

    /// Reads `file` (named `name` in messages) into ``blocks`` and ``notRun``.
    mutating func scan(_ text: String, name: String) {
        var markers: [(text: String?, reason: String)] = []
        var fence: String?
        var start = 0
        var lines: [(number: Int, text: String)] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let language = fence {
                    if language == "sh" || language == "console" {
                        take(lines, console: language == "console", markers: markers, name: name, start: start)
                    }
                    fence = nil
                    markers = []
                } else {
                    fence = String(trimmed.dropFirst(3))
                    start = index + 1
                    lines = []
                }
                continue
            }
            if fence != nil {
                lines.append((index + 1, raw))
            } else if let match = raw.firstMatch(of: Self.marker) {
                markers.append((match.text.map(String.init), String(match.reason)))
            } else if !trimmed.isEmpty && !trimmed.hasPrefix("<!--") {
                markers = []
            }
        }
    }

    /// Turns one block's lines into its commands and its lines marked not run.
    private mutating func take(
        _ lines: [(number: Int, text: String)], console: Bool, markers: [(text: String?, reason: String)],
        name: String, start: Int
    ) {
        var commands: [Command] = []
        var pending: (number: Int, text: String)?
        for (number, raw) in lines {
            var text = raw
            if console {
                guard pending != nil || text.hasPrefix("$ ") else { continue }
                if pending == nil { text.removeFirst(2) }
            }
            if let held = pending { text = held.text + " " + text.trimmingCharacters(in: .whitespaces) }
            let first = pending?.number ?? number
            if text.hasSuffix("\\") {
                pending = (first, String(text.dropLast()))
                continue
            }
            pending = nil
            let (command, comment) = Self.split(text)
            guard command.contains(Self.commandWord) else { continue }
            let location = "\(name):\(first)"
            if let mark = markers.first(where: { $0.text == nil || text.contains($0.text ?? "") }) {
                notRun.append(NotRun(location: location, line: command, reason: mark.reason))
                continue
            }
            let status = comment.firstMatch(of: Self.expectedExit).flatMap { Int32($0.status) } ?? 0
            let line = command.replacing(#/\s\[[^\]]*\]/#, with: "").replacing("swift run fcgen", with: "fcgen")
            commands.append(Command(location: location, line: line, expectedStatus: status))
        }
        if !commands.isEmpty { blocks.append(Block(location: "\(name):\(start)", commands: commands)) }
    }

    /// The command and its trailing comment: a `#` after whitespace, outside quotes.
    static func split(_ line: String) -> (command: String, comment: String) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                let command = line[..<index].trimmingCharacters(in: .whitespaces)
                return (command, String(line[line.index(after: index)...]))
            }
            previous = character
        }
        return (line.trimmingCharacters(in: .whitespaces), "")
    }
}
