import FCDeckFormats
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

    private func pythonFields(_ lines: [String]) throws -> [[String]] {
        let script = """
            import csv, json, sys
            rows = [[f.strip() for f in row] for row in csv.reader(sys.stdin.read().split("\\n"), delimiter=";", \
            skipinitialspace=True)]
            print(json.dumps(rows))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(lines.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([[String]].self, from: data)
    }

    @Test func splitsLinesAsPythonsCSVModuleDoes() throws {
        let python = try pythonFields(Self.lines)
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
