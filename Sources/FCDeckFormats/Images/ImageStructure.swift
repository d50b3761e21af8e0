/// What reading a picture's structure found: that the file is whole, and its size in pixels.
///
/// Each format is read far enough to know its dimensions and that the file is structurally complete: PNG's chunks
/// to its `IEND`, JPEG's segments to a frame header and the end-of-image marker, GIF's blocks to the trailer. No
/// pixel data is decoded (a PNG's `IDAT` stays compressed, a chunk's CRC is not checked): the aim is to refuse what
/// is not a picture of the kind it claims to be, a cut-off download, and a header claiming more pixels than
/// ``CheckedImage/maxPixels`` — a small file a browser would inflate to gigabytes.
///
/// This parsing is written by hand on purpose: FCDeckFormats takes no package dependencies (an app embeds it), and
/// neither the standard library nor Foundation on Linux reads image headers.
struct ImageStructure: Equatable {
    /// The picture's width and height in pixels (a GIF's logical screen).
    var size: PixelSize
    /// The largest area the picture asks a decoder to fill: ``size`` for PNG and JPEG, the biggest of the logical
    /// screen and its frames for a GIF (a GIF's frame may claim more than its screen).
    var largestArea: PixelSize

    /// The structure of `bytes`, already recognised as `format` by ``ImageFormat/sniff(_:)``.
    static func read(_ bytes: [UInt8], as format: ImageFormat) throws(ImageStructureFailure) -> ImageStructure {
        switch format {
        case .png: try png(bytes)
        case .jpeg: try jpeg(bytes)
        case .gif: try gif(bytes)
        }
    }
}

/// A width and a height in pixels.
struct PixelSize: Equatable {
    /// Pixels across.
    var width: Int
    /// Pixels down.
    var height: Int

    /// `width × height`, or `nil` when that overflows `Int` (it can't for the formats' own limits on a 64-bit
    /// machine, but the budget check must not depend on that).
    var pixels: Int? {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : product
    }
}

/// Why a picture's structure is not whole; ``CheckedImage`` turns it into a ``DeckFormatError`` naming the file.
enum ImageStructureFailure: Error, Equatable {
    /// The bytes end before the picture does.
    case truncated
    /// The bytes break the format; the reason says how, without quoting the file's bytes.
    case malformed(String)

    /// `count` bytes after the picture's end (a polyglot: a picture with a ZIP or a script appended).
    static func trailing(_ count: Int, after end: String) -> ImageStructureFailure {
        .malformed(count == 1 ? "1 byte follows \(end)" : "\(count) bytes follow \(end)")
    }
}
