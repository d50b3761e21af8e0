/// Small pictures built byte by byte, for tests of what `CheckedImage` takes and refuses.
///
/// With their defaults they are real images a browser shows (one pixel each). Their builders can claim any size in
/// the header while the image data stays one pixel's: `CheckedImage` reads headers and structure, never pixels, so
/// a small file claiming 5000 × 5000 pixels is exactly the case it must refuse.
///
/// ```swift
/// TestPictures.png()                        // a 1×1 RGBA PNG, 70 bytes
/// TestPictures.png(text: "a")               // another, with a tEXt chunk: different bytes, different hash
/// TestPictures.png(width: 5000, height: 5000) // a 70-byte PNG claiming 25 megapixels
/// ```
package enum TestPictures {
    /// The PNG file signature.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The zlib stream of one RGBA pixel's scanline (filter byte 0, then the pixel), as `IDAT` carries it.
    package static let onePixelData: [UInt8] = [
        0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF,
    ]

    /// A PNG: signature, `IHDR`, an optional `tEXt` comment holding `text`, one `IDAT` and `IEND`.
    package static func png(
        width: Int = 1, height: Int = 1, bitDepth: UInt8 = 8, colourType: UInt8 = 6, text: String? = nil
    ) -> [UInt8] {
        var bytes = pngSignature
        bytes += pngChunk("IHDR", pngHeader(width: width, height: height, bitDepth: bitDepth, colourType: colourType))
        if let text { bytes += pngChunk("tEXt", Array("Comment".utf8) + [0] + Array(text.utf8)) }
        bytes += pngChunk("IDAT", onePixelData)
        bytes += pngChunk("IEND", [])
        return bytes
    }

    /// `IHDR`'s 13 bytes: width and height (big-endian, 32 bits), bit depth, colour type, and methods 0.
    package static func pngHeader(width: Int, height: Int, bitDepth: UInt8 = 8, colourType: UInt8 = 6) -> [UInt8] {
        bigEndian32(width) + bigEndian32(height) + [bitDepth, colourType, 0, 0, 0]
    }

    /// One PNG chunk: length, type, data and the CRC-32 of type and data.
    package static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian32(data.count) + typed + bigEndian32(Int(crc32(typed)))
    }

    /// A baseline JPEG of one 8×8 block of grey, with a header claiming `width` × `height`: SOI, a JFIF APP0, a
    /// quantisation table of ones, SOF0, one-code DC and AC Huffman tables, a scan whose data is the two one-bit
    /// codes "DC difference 0" and "end of block" padded with ones (`3F`), and EOI.
    package static func jpeg(width: Int = 1, height: Int = 1) -> [UInt8] {
        let app0: [UInt8] = [
            0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        ]
        let quantisation: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        let frame: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x0B, 0x08] + bigEndian16(height) + bigEndian16(width) + [0x01, 0x01, 0x11, 0x00]
        let oneCode = [0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        let huffman: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x00] + oneCode + [0xFF, 0xC4, 0x00, 0x14, 0x10] + oneCode
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F]
        return [0xFF, 0xD8] + app0 + quantisation + frame + huffman + scan + [0xFF, 0xD9]
    }

    /// A GIF89a of one pixel with a two-colour table and a graphic control extension; the header can claim another
    /// logical screen (`width` × `height`) and the image descriptor another frame size.
    package static func gif(width: Int = 1, height: Int = 1, frameWidth: Int = 1, frameHeight: Int = 1) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height)
        bytes += [0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]  // flags, background, aspect; white, black
        bytes += [0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00]  // graphic control extension
        bytes += [0x2C, 0x00, 0x00, 0x00, 0x00] + littleEndian16(frameWidth) + littleEndian16(frameHeight)
        bytes += [0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]  // no local table; LZW code size 2, one sub-block; trailer
        return bytes
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial `EDB88320` reflected), bit by bit: a few bytes per test.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func bigEndian32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func bigEndian16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func littleEndian16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) } }
}
