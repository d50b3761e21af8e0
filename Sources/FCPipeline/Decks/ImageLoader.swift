import FCDeckFormats
public import FCStore
import Foundation

/// Reads a card's picture from a file and checks it: JPEG, GIF or PNG by content, at most `maxBytes`.
public enum ImageLoader {
    /// - Throws: ``PipelineError/input(file:problem:)`` when the file can't be read, or
    ///   ``FCDeckFormats/DeckFormatError`` when it is not an acceptable image.
    public static func load(path: String, maxBytes: Int) throws -> NewImage {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PipelineError.input(file: path, problem: "cannot be read")
        }
        defer { try? handle.close() }
        // Read one byte past the cap, not the whole file: a 2 GB file is refused without loading it.
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        if data.count > maxBytes {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? data.count
            throw DeckFormatError.imageTooLarge(name: name, bytes: size, limit: maxBytes)
        }
        let image = try CheckedImage(bytes: [UInt8](data), name: name, maxBytes: maxBytes)
        return NewImage(hash: image.hash, mimeType: image.format.mimeType, bytes: image.bytes)
    }
}
