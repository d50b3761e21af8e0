import Foundation

/// A small valid PDF written by hand: one Helvetica text line per string, one page per array, and the
/// cross-reference table's byte offsets computed, so `pdftotext` reads it like any PDF. An empty page has no text,
/// as a scanned page has none.
enum MinimalPDF {
    static func make(pages: [[String]]) -> Data {
        var objects: [Int: String] = [
            1: "<< /Type /Catalog /Pages 2 0 R >>",
            3: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var kids: [Int] = []
        var number = 4
        for lines in pages {
            let content = "BT /F1 12 Tf 14 TL 72 720 Td " + lines.map { "(\($0)) Tj T*" }.joined(separator: " ") + " ET"
            objects[number + 1] = "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
            objects[number] =
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(number + 1) 0 R "
                + "/Resources << /Font << /F1 3 0 R >> >> >>"
            kids.append(number)
            number += 2
        }
        objects[2] =
            "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>"
        var output = "%PDF-1.4\n"
        var offsets: [Int: Int] = [:]
        for key in objects.keys.sorted() {
            offsets[key] = output.utf8.count
            output += "\(key) 0 obj\n\(objects[key] ?? "")\nendobj\n"
        }
        let xref = output.utf8.count
        let size = (objects.keys.max() ?? 0) + 1
        output += "xref\n0 \(size)\n0000000000 65535 f \n"
        for key in 1..<size {
            let digits = String(offsets[key] ?? 0)
            output += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        output += "trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(output.utf8)
    }
}
