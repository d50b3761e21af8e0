import Foundation

// fcgen-embed NAME BASE OUTPUT KEY...: writes OUTPUT, a Swift file declaring `enum NAME` with a table of the UTF-8
// text of each file BASE/KEY, keyed by KEY. Run by the EmbedFiles build plugin, which chooses the files; not
// installed.
//
// Hand-written because no library in the package copy writes Swift source: each text becomes a raw multi-line
// string literal whose delimiter appears nowhere in it, so its value is the file's text exactly.

/// Refuses with one line on stderr and exit 1 (the build shows it under the plugin's command).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fcgen-embed: \(message)\n".utf8))
    exit(1)
}

/// `text` as a raw multi-line literal: `#"""`, the lines, `"""#`, with as many `#` as needed.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    // The line break before the closing delimiter is not part of the value, so a text that ends in a newline gets
    // an empty last line.
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4 else { fail("usage: fcgen-embed NAME BASE OUTPUT KEY...") }
let (name, base, output, keys) = (arguments[0], arguments[1], arguments[2], arguments[3...])
let baseURL = URL(fileURLWithPath: base)

var swift = """
    // swift-format-ignore-file
    // Written at build time by the EmbedFiles plugin (fcgen-embed) from \(baseURL.lastPathComponent): not in the
    // repository; edit the source and build.

    /// The text of each file of `\(baseURL.lastPathComponent)`, by its path inside it.
    package enum \(name) {
        package static let files: [String: String] = [

    """
for key in keys {
    let url = baseURL.appendingPathComponent(key)
    guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8)
    else { fail("\(url.path) is not UTF-8 text") }
    guard !text.contains("\r") else { fail("\(url.path) has carriage returns; save it with LF line endings") }
    guard !key.contains("\""), !key.contains("\\") else { fail("\(url.path): a quote or backslash in its name") }
    swift += "\"\(key)\": \(literal(text)),\n"
}
swift += "    ]\n}\n"
do {
    try swift.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    fail("cannot write \(output): \(error)")
}
