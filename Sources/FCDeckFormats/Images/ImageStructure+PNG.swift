extension ImageStructure {
    /// The bit depths each PNG colour type allows (PNG spec, 3rd edition, §11.2.1 table 11.1).
    static let pngBitDepths: [UInt8: Set<UInt8>] = [
        0: [1, 2, 4, 8, 16],  // greyscale
        2: [8, 16],  // truecolour
        3: [1, 2, 4, 8],  // indexed colour
        4: [8, 16],  // greyscale with alpha
        6: [8, 16],  // truecolour with alpha
    ]

    /// Reads a PNG (https://www.w3.org/TR/png/): the signature, `IHDR` first with a valid size, colour type and bit
    /// depth, then every chunk by its length up to `IEND`, which must end the file; at least one `IDAT`, and for
    /// an indexed-colour image a `PLTE` before it.
    static func png(_ bytes: [UInt8]) throws(ImageStructureFailure) -> ImageStructure {
        var cursor = ByteCursor(bytes)
        guard try cursor.take(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .malformed("it does not start with the PNG signature")
        }
        var header: (size: PixelSize, colourType: UInt8)?
        var sawPalette = false
        var sawData = false
        while true {
            let length = try cursor.uint32BigEndian()
            guard length <= 0x7FFF_FFFF else { throw .malformed("a chunk claims more than 2^31-1 bytes") }
            let type = try cursor.take(4)
            guard type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .malformed("a chunk type is not four letters")
            }
            let name = String(decoding: type, as: UTF8.self)
            let data = try cursor.take(length)
            try cursor.skip(4)  // the CRC
            guard let found = header else {
                guard name == "IHDR" else { throw .malformed("the first chunk is \(name), not IHDR") }
                header = try pngHeader(data)
                continue
            }
            switch name {
            case "IHDR":
                throw .malformed("a second IHDR chunk")
            case "PLTE":
                sawPalette = true
            case "IDAT":
                guard found.colourType != 3 || sawPalette else {
                    throw .malformed("an indexed-colour image has no PLTE chunk before its IDAT")
                }
                sawData = true
            case "IEND":
                guard sawData else { throw .malformed("there is no IDAT chunk (no image data)") }
                guard cursor.atEnd else { throw .trailing(cursor.remaining, after: "the IEND chunk") }
                return ImageStructure(size: found.size, largestArea: found.size)
            default:
                // A lower-case first letter marks an ancillary chunk a decoder may skip; an unknown critical chunk
                // (upper-case) makes the file one no decoder can show (§5.4).
                guard let first = type.first, first >= 0x61 else {
                    throw .malformed("an unknown critical chunk \(name)")
                }
            }
        }
    }

    /// The size and colour type from `IHDR`'s 13 bytes (§11.2.1): width and height 1…2^31-1, a colour type with
    /// one of its bit depths, compression and filter method 0, interlace 0 or 1.
    static func pngHeader(_ data: ArraySlice<UInt8>) throws(ImageStructureFailure) -> (
        size: PixelSize, colourType: UInt8
    ) {
        guard data.count == 13 else { throw .malformed("the IHDR chunk has \(data.count) bytes, not 13") }
        var cursor = ByteCursor(Array(data))
        let width = try cursor.uint32BigEndian()
        let height = try cursor.uint32BigEndian()
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .malformed("IHDR gives a size of \(width)x\(height); each side must be 1 to 2^31-1 pixels")
        }
        let bitDepth = try cursor.byte()
        let colourType = try cursor.byte()
        guard pngBitDepths[colourType]?.contains(bitDepth) == true else {
            throw .malformed("IHDR gives colour type \(colourType) with bit depth \(bitDepth), which PNG does not have")
        }
        let compression = try cursor.byte()
        let filter = try cursor.byte()
        let interlace = try cursor.byte()
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw .malformed("IHDR names an unknown compression, filter or interlace method")
        }
        return (PixelSize(width: width, height: height), colourType)
    }
}
