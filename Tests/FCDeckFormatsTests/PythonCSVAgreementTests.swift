import FCDeckFormats
import FCTestSupport
import Foundation
import Testing

/// The tokenizer splits lines as Python's `csv` module does (`delimiter=';'`, `skipinitialspace=True`), which reads
/// quotes the way spreadsheets and Anki do: in particular a `"` inside an unquoted field is text.
struct PythonCSVAgreementTests {
    static let lines = [
        #"Who wrote "Commentarii"?; Caesar;;"#,
        #"a"b;c"d"e;"f""g";h"#,
        #""quoted; with separator";plain;"say ""hi""""#,
        #"  "blank before quote";x"#,
        #"12" vinyl;record"#,
        #"trailing quote";x"#,
        #"it's;'single';"";end"#,
        #"é "ü" ß;"Ω""#,
    ]

    private func pythonFields(_ lines: [String]) async throws -> [[String]] {
        let script = """
            import csv, json, sys
            rows = [[f.strip() for f in row] for row in csv.reader(sys.stdin.read().split("\\n"), delimiter=";", \
            skipinitialspace=True)]
            print(json.dumps(rows))
            """
        let python = try await ChildProcess.run(
            "/usr/bin/env", ["python3", "-c", script], input: Array(lines.joined(separator: "\n").utf8))
        #expect(python.termination == .exited(0), "\(python.error)")
        return try JSONDecoder().decode([[String]].self, from: Data(python.output.utf8))
    }

    @Test func splitsLinesAsPythonsCSVModuleDoes() async throws {
        let python = try await pythonFields(Self.lines)
        let ours = Self.lines.map { line -> [String] in
            DelimitedTokenizer.events(of: line, separator: UInt8(ascii: ";")).flatMap { event -> [String] in
                guard case .record(let record) = event else { return ["problem: \(event)"] }
                return record.fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
            }
        }
        #expect(ours == python)
        #expect(ours.first == [#"Who wrote "Commentarii"?"#, "Caesar", "", ""])
    }
}
