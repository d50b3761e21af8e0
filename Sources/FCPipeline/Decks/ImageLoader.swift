import FCDeckFormats
package import FCStore
import Foundation

/// Reads a card's picture from a file and checks it: JPEG, GIF or PNG by content, at most `maxBytes`.
public enum ImageLoader {
    /// - Throws: ``PipelineError/input(file:problem:)`` when the file can't be read or is not a regular file (a
    ///   FIFO, a device, a directory; checked after following symlinks), or ``FCDeckFormats/DeckFormatError`` when
    ///   it is not an acceptable image.
    package static func load(path: String, maxBytes: Int) throws -> NewImage {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let (descriptor, size) = try RegularFile.open(path)
        defer { close(descriptor) }
        // Read one byte past the cap, not the whole file: a 2 GB file is refused without loading it, and the size
        // check is on what was read (a file growing while it is read can't slip past it).
        let bytes = try RegularFile.read(descriptor, upTo: maxBytes == .max ? maxBytes : maxBytes + 1, path: path)
        if bytes.count > maxBytes {
            throw DeckFormatError.imageTooLarge(name: name, bytes: max(size, bytes.count), limit: maxBytes)
        }
        let image = try CheckedImage(bytes: bytes, name: name, maxBytes: maxBytes)
        return NewImage(hash: contentHash(of: image.bytes), mimeType: image.format.mimeType, bytes: image.bytes)
    }

    /// SHA-256 of `bytes` as lowercase hex: an image's identity in the store (one row however many cards show it)
    /// and its exported file name. Collision resistance matters here: two pictures must never share a row.
    package static func contentHash(of bytes: [UInt8]) -> String {
        SHA256Hex.of(bytes)
    }
}
