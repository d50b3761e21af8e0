extension ImageStructure {
    /// Reads a GIF (GIF89a specification, https://www.w3.org/Graphics/GIF/spec-gif89a.txt): the header, a logical
    /// screen of width and height above 0 and its colour table, then every block — image descriptors with their
    /// colour tables and data sub-blocks, extensions with theirs — up to the trailer `3B`, which must end the
    /// file, with at least one image before it.
    static func gif(_ bytes: [UInt8]) throws(ImageStructureFailure) -> ImageStructure {
        var cursor = ByteCursor(bytes)
        let header = try cursor.take(6)
        guard header.elementsEqual("GIF87a".utf8) || header.elementsEqual("GIF89a".utf8) else {
            throw .malformed("it does not start with GIF87a or GIF89a")
        }
        let screen = PixelSize(width: try cursor.uint16LittleEndian(), height: try cursor.uint16LittleEndian())
        guard screen.width > 0, screen.height > 0 else {
            throw .malformed("the logical screen is \(screen.width)x\(screen.height); both sides must be above 0")
        }
        let screenFlags = try cursor.byte()
        try skipGIFColourTable(flags: screenFlags, in: &cursor)
        try cursor.skip(2)  // background colour index, pixel aspect ratio
        var largest = screen
        var images = 0
        while true {
            let introducer = try cursor.byte()
            switch introducer {
            case 0x2C:  // image descriptor (§20)
                try cursor.skip(4)  // left, top
                let frame = PixelSize(width: try cursor.uint16LittleEndian(), height: try cursor.uint16LittleEndian())
                if (frame.pixels ?? .max) > (largest.pixels ?? .max) { largest = frame }
                let frameFlags = try cursor.byte()
                try skipGIFColourTable(flags: frameFlags, in: &cursor)
                let codeSize = try cursor.byte()
                // Browsers refuse a minimum code size of 12 or more: the code table holds 4096 entries (§22).
                guard (1...11).contains(codeSize) else {
                    throw .malformed("an image's LZW minimum code size is \(codeSize)")
                }
                try skipGIFSubBlocks(in: &cursor)
                images += 1
            case 0x21:  // extension (§23–§26): a label, then sub-blocks
                _ = try cursor.byte()
                try skipGIFSubBlocks(in: &cursor)
            case 0x3B:  // trailer (§27)
                guard images > 0 else { throw .malformed("it has no image before its trailer") }
                guard cursor.atEnd else { throw .trailing(cursor.remaining, after: "the GIF trailer") }
                return ImageStructure(size: screen, largestArea: largest)
            default:
                throw .malformed(
                    "a byte that starts no GIF block (0x\(String(introducer, radix: 16))) at offset \(cursor.offset - 1)"
                )
            }
        }
    }

    /// Skips the colour table a packed-fields byte announces: present when its top bit is set, of
    /// `3 × 2^(size+1)` bytes where `size` is its low three bits (§18, §20).
    static func skipGIFColourTable(flags: UInt8, in cursor: inout ByteCursor) throws(ImageStructureFailure) {
        guard flags & 0x80 != 0 else { return }
        try cursor.skip(3 << (Int(flags & 0x07) + 1))
    }

    /// Skips data sub-blocks (§15): each a size byte and that many bytes, ended by a size of 0.
    static func skipGIFSubBlocks(in cursor: inout ByteCursor) throws(ImageStructureFailure) {
        while true {
            let size = Int(try cursor.byte())
            if size == 0 { return }
            try cursor.skip(size)
        }
    }
}
