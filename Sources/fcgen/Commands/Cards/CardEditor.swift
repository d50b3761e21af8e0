import FCCommandLine
import FCPipeline
import Foundation
import Subprocess
import SystemPackage

/// Lets the learner write a card in `$EDITOR` (else `$VISUAL`, else `vi`): a temporary file with one section per
/// side; lines starting with `#` are comments.
enum CardEditor {
    struct Sides {
        var question: String
        var answer: String
        var explanation: String
    }

    static func edit(_ sides: Sides, in directory: URL = FileManager.default.temporaryDirectory) async throws -> Sides {
        let file = directory.appendingPathComponent("fcgen-card-\(UUID().uuidString).txt")
        let template = """
            # Write the card below each '== …' line. Lines starting with # are ignored.
            # LaTeX is fine: $x^2$, $$\\int f$$. Save and quit to store the card; empty the file to cancel.
            == question
            \(sides.question)
            == answer
            \(sides.answer)
            == explanation
            \(sides.explanation)

            """
        try Data(template.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let environment = CommandIO.environment
        let editor = [environment["EDITOR"], environment["VISUAL"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // Through the shell, so EDITOR="code --wait" works; the path is passed as $1, never spliced into the script.
        // The editor has the terminal (fcgen's own standard input, output and error); its exit is awaited through
        // the kernel, so fcgen uses no CPU while the learner types (Foundation's waitUntilExit spun a core).
        // Run in a caller's world (CommandIO), it gets that world's environment, and what it prints goes there.
        let arguments: Arguments = ["-c", "\(editor) \"$1\"", "fcgen-editor", file.path]
        let status: TerminationStatus
        if CommandIO.isProcessWorld {
            status = try await Subprocess.run(
                .path(FilePath("/bin/sh")), arguments: arguments, input: .currentStandardInput,
                output: .currentStandardOutput, error: .currentStandardError
            ).terminationStatus
        } else {
            let result = try await Subprocess.run(
                .path(FilePath("/bin/sh")), arguments: arguments,
                environment: .custom(
                    Dictionary(
                        uniqueKeysWithValues: environment.compactMap { key, value in
                            Environment.Key(rawValue: key).map { ($0, value) }
                        })),
                input: .none, output: .bytes(limit: 1 << 20), error: .bytes(limit: 1 << 20))
            CommandIO.writeOutput(result.standardOutput)
            CommandIO.writeError(result.standardError)
            status = result.terminationStatus
        }
        switch status {
        case .exited(0): break
        case .exited(let status):
            throw PipelineError.input(file: "$EDITOR", problem: "\(editor) exited with status \(status)")
        case .signaled(let signal):
            throw PipelineError.input(file: "$EDITOR", problem: "\(editor) was ended by signal \(signal)")
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        return parse(text)
    }

    static func parse(_ text: String) -> Sides {
        var sections: [String: [Substring]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("== ") {
                current = line.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
                continue
            }
            if let current { sections[current, default: []].append(line) }
        }
        func side(_ name: String) -> String { (sections[name] ?? []).joined(separator: "\n") }
        return Sides(question: side("question"), answer: side("answer"), explanation: side("explanation"))
    }
}
