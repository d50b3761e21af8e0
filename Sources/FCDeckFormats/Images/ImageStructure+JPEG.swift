extension ImageStructure {
    /// The start-of-frame markers `SOF0`…`SOF15` (ITU T.81 table B.1): `C0`–`CF` but `C4` (DHT), `C8` (JPG,
    /// reserved) and `CC` (DAC).
    static let jpegFrameMarkers: Set<UInt8> = [
        0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]

    /// Reads a JPEG (ITU T.81 annex B): `SOI`, then marker segments by their lengths — one frame header (`SOFn`)
    /// with a height and width above 0, at least one scan (`SOS`) after it, each scan's entropy-coded data skipped
    /// to the next marker — up to `EOI`, which must end the file.
    static func jpeg(_ bytes: [UInt8]) throws(ImageStructureFailure) -> ImageStructure {
        var cursor = ByteCursor(bytes)
        guard try cursor.byte() == 0xFF, try cursor.byte() == 0xD8 else {
            throw .malformed("it does not start with the JPEG start-of-image marker")
        }
        var frame: PixelSize?
        var sawScan = false
        while true {
            guard try cursor.byte() == 0xFF else {
                throw .malformed("a byte other than a marker at offset \(cursor.offset - 1)")
            }
            var marker = try cursor.byte()
            while marker == 0xFF { marker = try cursor.byte() }  // fill bytes before a marker (B.1.1.2)
            switch marker {
            case 0xD9:  // EOI
                guard let frame else { throw .malformed("it ends without a frame header (SOF)") }
                guard sawScan else { throw .malformed("it ends without image data (no SOS scan)") }
                guard cursor.atEnd else { throw .trailing(cursor.remaining, after: "the end-of-image marker") }
                return ImageStructure(size: frame, largestArea: frame)
            case 0xD8:
                throw .malformed("a second start-of-image marker")
            case 0x01, 0xD0...0xD7:  // TEM and RSTn stand alone: no length, no segment
                continue
            case 0x00:
                throw .malformed("a stuffed zero byte where a marker belongs at offset \(cursor.offset - 1)")
            default:
                let length = try cursor.uint16BigEndian()
                guard length >= 2 else { throw .malformed("a segment with length \(length), less than 2") }
                let segment = try cursor.take(length - 2)
                if jpegFrameMarkers.contains(marker) {
                    guard frame == nil else { throw .malformed("a second frame header (SOF)") }
                    frame = try jpegFrame(segment)
                } else if marker == 0xDA {  // SOS
                    guard frame != nil else { throw .malformed("a scan (SOS) before the frame header (SOF)") }
                    sawScan = true
                    try cursor.move(to: try jpegScanEnd(bytes, from: cursor.offset))
                }
            }
        }
    }

    /// The size in a frame header's segment (B.2.2): precision, height, width, component count, and three bytes
    /// per component. A height of 0 (to be given later by a `DNL` marker) is refused: browsers do not support it.
    static func jpegFrame(_ segment: ArraySlice<UInt8>) throws(ImageStructureFailure) -> PixelSize {
        var cursor = ByteCursor(Array(segment))
        _ = try cursor.byte()  // sample precision
        let height = try cursor.uint16BigEndian()
        let width = try cursor.uint16BigEndian()
        let components = Int(try cursor.byte())
        guard components >= 1, cursor.remaining == 3 * components else {
            throw .malformed("a frame header whose length does not match its \(components) components")
        }
        guard height > 0, width > 0 else {
            throw .malformed("the frame header gives a size of \(width)x\(height); both must be above 0")
        }
        return PixelSize(width: width, height: height)
    }

    /// Where a scan's entropy-coded data ends: at the first `FF` that starts a marker, i.e. is followed by
    /// neither a stuffed `00` nor a restart marker `D0`–`D7` (B.1.1.5, F.1.2.3).
    static func jpegScanEnd(_ bytes: [UInt8], from start: Int) throws(ImageStructureFailure) -> Int {
        var index = start
        while let found = bytes[index...].firstIndex(of: 0xFF) {
            guard found + 1 < bytes.count else { throw .truncated }
            let next = bytes[found + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                index = found + 2
            } else if next == 0xFF {
                index = found + 1  // a fill byte: the marker starts at the last FF
            } else {
                return found
            }
        }
        throw .truncated
    }
}
