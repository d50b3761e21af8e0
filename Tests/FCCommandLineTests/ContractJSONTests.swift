import FCCommandLine
import FCContract
import Foundation
import Testing

/// The writer behind every `--json` document.
struct ContractJSONTests {
    private struct Sample: Encodable {
        var share = 0.1 + 0.25
        var whole = 2.0
        var tiny = 0.00004
        var id: Int64 = 9_007_199_254_740_993
        var when = Date(timeIntervalSince1970: 1_795_441_933.999)
        var text = "esc\u{1B}]52;c;eA==\u{07} c1\u{9B} ls\u{2028} \"q\" \\ /"
    }

    @Test func fractionsAreRoundedIntegersStayExactAndTimesAreRFC3339WithMilliseconds() throws {
        let document = try ContractJSON.document(Sample(), pretty: false)
        let expected =
            #"{"id":9007199254740993,"schemaVersion":3,"share":0.35,"#
            + #""text":"esc\u001b]52;c;eA==\u0007 c1\u009b ls\u2028 \"q\" \\ /","#
            + #""tiny":0,"when":"2026-11-23T13:52:13.999Z","whole":2}"#
        // 0.35, not 0.35000000000000003; 2, not 2.0; the id exact; .999 rounded, never truncated to .998.
        #expect(document == expected)
    }

    @Test func controlCharactersStayEscapedAndTheTextReadsBack() throws {
        let document = try ContractJSON.document(Sample())
        #expect(!document.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!document.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect(object["text"] as? String == Sample().text)
        #expect(object["schemaVersion"] as? Int == ContractJSON.schemaVersion)
    }

    @Test func anErrorDocumentCarriesItsCodeTitleAndExitStatus() throws {
        let document = try ContractJSON.document(
            ErrorDocument(code: .notFound, message: "no card with id 9"), pretty: false)
        #expect(
            document
                == #"{"error":{"code":"not_found","exitCode":65,"message":"no card with id 9","title":"Not found"},"#
                + #""schemaVersion":3}"#)
    }
}
