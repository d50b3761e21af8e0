import Foundation

// fcgen-embed NAME SOURCE OUTPUT: writes OUTPUT, a Swift file declaring `enum NAME` with a table of the UTF-8 text
// of every file under the folder SOURCE (or of the one file SOURCE), keyed by its path inside the folder (or by its
// name). README.md and hidden files are left out. Run by the EmbedFiles build plugin; not installed.
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

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else { fail("usage: fcgen-embed NAME SOURCE OUTPUT") }
let (name, source, output) = (arguments[1], arguments[2], arguments[3])
let sourceURL = URL(fileURLWithPath: source)

var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
    fail("\(source) does not exist")
}
var files: [(key: String, url: URL)] = []
if isDirectory.boolValue {
    let base = sourceURL.standardizedFileURL.path + "/"
    let enumerator = FileManager.default.enumerator(
        at: sourceURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    for case let url as URL in enumerator?.allObjects ?? [] {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(base), url.lastPathComponent != "README.md" else { continue }
        files.append((String(path.dropFirst(base.count)), url))
    }
} else {
    files.append((sourceURL.lastPathComponent, sourceURL))
}
guard !files.isEmpty else { fail("\(source) holds no file to embed") }

var swift = """
    // swift-format-ignore-file
    // Written at build time by the EmbedFiles plugin (fcgen-embed) from \(sourceURL.lastPathComponent): not in the
    // repository; edit the source and build.

    /// The text of each file of `\(sourceURL.lastPathComponent)`, by its path inside it.
    package enum \(name) {
        package static let files: [String: String] = [

    """
for (key, url) in files.sorted(by: { $0.key < $1.key }) {
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
