import FCDeckFormats
import FCTestSupport
import Testing

struct ImageTests {
    /// A real 1×1 PNG (70 bytes, made with zlib) and GIF (43 bytes), made outside fcgen; `TestPictures` must agree.
    static let png: [UInt8] = hex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005"
            + "0001ff89993d1d0000000049454e44ae426082")
    static let gif: [UInt8] = hex(
        "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b")
    /// A 1×1 baseline JPEG, built byte by byte.
    static let jpeg = TestPictures.jpeg()

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func check(_ bytes: [UInt8], _ name: String = "x") throws(DeckFormatError) -> CheckedImage {
        try CheckedImage(bytes: bytes, name: name, maxBytes: CheckedImage.defaultMaxBytes)
    }

    @Test func theBuiltPicturesAreTheRealOnes() {
        #expect(TestPictures.png() == Self.png)
        #expect(TestPictures.gif() == Self.gif)
    }

    @Test func recognisesImagesByContentNotName() throws {
        #expect(try CheckedImage(bytes: Self.png, name: "a.jpg", maxBytes: 1024).format == .png)
        #expect(try CheckedImage(bytes: Self.gif, name: "a.png", maxBytes: 1024).format == .gif)
        #expect(try CheckedImage(bytes: Self.jpeg, name: "a", maxBytes: 1024).format == .jpeg)
        #expect(try CheckedImage(bytes: Self.png, name: "a.png", maxBytes: 1024).bytes == Self.png)
    }

    @Test func readsTheDimensions() throws {
        for (bytes, width, height) in [
            (Self.png, 1, 1), (Self.gif, 1, 1), (Self.jpeg, 1, 1), (TestPictures.png(width: 3, height: 2), 3, 2),
            (TestPictures.jpeg(width: 640, height: 480), 640, 480),
            (TestPictures.gif(width: 300, height: 200), 300, 200),
        ] {
            let image = try Self.check(bytes)
            #expect(image.width == width && image.height == height, "\(image.format)")
        }
    }

    @Test func refusesATextFileNamedPNG() {
        #expect(throws: DeckFormatError.imageNotRecognised(name: "notes.png")) {
            try CheckedImage(bytes: Array("just some text\n".utf8), name: "notes.png", maxBytes: 1024)
        }
        #expect(throws: DeckFormatError.imageEmpty(name: "e.png")) {
            try CheckedImage(bytes: [], name: "e.png", maxBytes: 1024)
        }
    }

    @Test func enforcesTheSizeCap() throws {
        #expect(throws: DeckFormatError.imageTooLarge(name: "big.png", bytes: 70, limit: 69)) {
            try CheckedImage(bytes: Self.png, name: "big.png", maxBytes: 69)
        }
        #expect(try CheckedImage(bytes: Self.png, name: "ok.png", maxBytes: 70).bytes.count == 70)
        #expect(CheckedImage.defaultMaxBytes == 1_048_576)
    }

    /// A bare signature, and every cut of a whole picture from its signature on, ends before the picture does.
    @Test(arguments: [(ImageFormat.png, 8), (.jpeg, 3), (.gif, 6)])
    func refusesTruncatedFiles(format: ImageFormat, signature: Int) {
        let whole = [ImageFormat.png: Self.png, .jpeg: Self.jpeg, .gif: Self.gif][format] ?? []
        #expect(ImageFormat.sniff(whole.prefix(signature)) == format)
        for length in signature..<whole.count {
            #expect(throws: DeckFormatError.imageTruncated(name: "cut", format: format), "\(length) bytes") {
                try Self.check(Array(whole.prefix(length)), "cut")
            }
        }
        #expect(
            DeckFormatError.imageTruncated(name: "a.png", format: .png).description
                == "a.png is a truncated PNG image: the file ends before the picture does")
    }

    @Test func refusesAScriptBehindAGIFSignature() {
        let polyglot = Array("GIF89a<script>alert(1)</script>".utf8)
        #expect(ImageFormat.sniff(polyglot) == .gif)
        let reason = "a byte that starts no GIF block (0x3e) at offset 13"
        #expect(throws: DeckFormatError.imageMalformed(name: "x.gif", format: .gif, reason: reason)) {
            try Self.check(polyglot, "x.gif")
        }
        #expect(
            DeckFormatError.imageMalformed(name: "x.gif", format: .gif, reason: reason).description
                == "x.gif is not a well-formed GIF image: \(reason)")
    }

    @Test func refusesHeadersClaimingTooManyPixels() throws {
        let limit = CheckedImage.maxPixels
        #expect(limit == 4096 * 4096)
        // 2^31 is past PNG's own limit; 2^31-1 on each side is a valid header the budget refuses without overflow.
        #expect(
            throws: DeckFormatError.imageMalformed(
                name: "x", format: .png,
                reason: "IHDR gives a size of 2147483648x2147483648; each side must be 1 to 2^31-1 pixels")
        ) { try Self.check(TestPictures.png(width: 1 << 31, height: 1 << 31)) }
        let widest = (1 << 31) - 1
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: widest, height: widest, limit: limit))
        {
            try Self.check(TestPictures.png(width: widest, height: widest))
        }
        // 70 bytes claiming 5000×5000: 100 MB once a browser decodes it.
        let bomb = TestPictures.png(width: 5000, height: 5000)
        #expect(bomb.count == 70)
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: 5000, height: 5000, limit: limit)) {
            try Self.check(bomb)
        }
        #expect(
            DeckFormatError.imageDimensionsTooLarge(name: "b.png", width: 5000, height: 5000, limit: limit).description
                == "image b.png is 5000x5000 pixels, more than the 16777216-pixel limit; scale it down")
        #expect(try Self.check(TestPictures.png(width: 4096, height: 4096)).width == 4096)
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: 4097, height: 4096, limit: limit)) {
            try Self.check(TestPictures.png(width: 4097, height: 4096))
        }
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: 65535, height: 65535, limit: limit)) {
            try Self.check(TestPictures.jpeg(width: 65535, height: 65535))
        }
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: 65535, height: 65535, limit: limit)) {
            try Self.check(TestPictures.gif(width: 65535, height: 65535))
        }
        // A GIF frame is decoded at its own size, whatever the logical screen says.
        #expect(throws: DeckFormatError.imageDimensionsTooLarge(name: "x", width: 60000, height: 1000, limit: limit)) {
            try Self.check(TestPictures.gif(frameWidth: 60000, frameHeight: 1000))
        }
    }

    @Test func refusesBrokenPNGStructure() {
        let signature = TestPictures.pngSignature
        let header = TestPictures.pngChunk("IHDR", TestPictures.pngHeader(width: 1, height: 1))
        let data = TestPictures.pngChunk("IDAT", TestPictures.onePixelData)
        let end = TestPictures.pngChunk("IEND", [])
        let cases: [([UInt8], String)] = [
            (signature + data + header + end, "the first chunk is IDAT, not IHDR"),
            (signature + header + header + data + end, "a second IHDR chunk"),
            (signature + header + end, "there is no IDAT chunk (no image data)"),
            (signature + header + data + end + [0x50, 0x4B, 0x03, 0x04], "4 bytes follow the IEND chunk"),
            (
                signature + header + TestPictures.pngChunk("ABCD", []) + data + end,
                "an unknown critical chunk ABCD"
            ),
            (
                signature + header + [0, 0, 0, 0, 0x31, 0x32, 0x33, 0x34, 0, 0, 0, 0] + data + end,
                "a chunk type is not four letters"
            ),
            (
                signature
                    + TestPictures.pngChunk(
                        "IHDR", TestPictures.pngHeader(width: 1, height: 1, bitDepth: 4, colourType: 2))
                    + data + end,
                "IHDR gives colour type 2 with bit depth 4, which PNG does not have"
            ),
            (
                signature + TestPictures.pngChunk("IHDR", TestPictures.pngHeader(width: 0, height: 1)) + data + end,
                "IHDR gives a size of 0x1; each side must be 1 to 2^31-1 pixels"
            ),
            (
                signature + TestPictures.pngChunk("IHDR", TestPictures.pngHeader(width: 1, height: 1, colourType: 3))
                    + data + end,
                "an indexed-colour image has no PLTE chunk before its IDAT"
            ),
            (
                signature + TestPictures.pngChunk("IHDR", [0, 0, 0, 1]) + data + end,
                "the IHDR chunk has 4 bytes, not 13"
            ),
        ]
        for (bytes, reason) in cases {
            #expect(throws: DeckFormatError.imageMalformed(name: "x", format: .png, reason: reason)) {
                try Self.check(bytes)
            }
        }
        // Ancillary chunks are walked over; an indexed image with its palette is whole.
        let palette = TestPictures.pngChunk("PLTE", [0, 0, 0])
        let indexed = TestPictures.pngChunk(
            "IHDR", TestPictures.pngHeader(width: 1, height: 1, bitDepth: 8, colourType: 3))
        #expect(throws: Never.self) { try Self.check(signature + indexed + palette + data + end) }
        #expect(throws: Never.self) { try Self.check(TestPictures.png(text: "a caption")) }
    }

    @Test func refusesBrokenJPEGStructure() {
        let whole = Self.jpeg
        let withoutEnd = Array(whole.dropLast(2))
        // The frame header is the 4th segment: SOI 2, APP0 18, DQT 69 bytes before it.
        let frameStart = 2 + 18 + 69
        let withoutFrame = Array(whole[..<frameStart] + whole[(frameStart + 13)...])
        var zeroHeight = whole
        zeroHeight[frameStart + 5] = 0
        zeroHeight[frameStart + 6] = 0
        let cases: [([UInt8], String)] = [
            (withoutEnd + [0xFF, 0xD9, 0x3C, 0x68], "2 bytes follow the end-of-image marker"),
            (withoutFrame, "a scan (SOS) before the frame header (SOF)"),
            ([0xFF, 0xD8, 0xFF, 0xD9], "it ends without a frame header (SOF)"),
            (zeroHeight, "the frame header gives a size of 1x0; both must be above 0"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xD9], "a segment with length 1, less than 2"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x3C, 0x73], "a byte other than a marker at offset 6"),
            ([0xFF, 0xD8, 0xFF, 0xD8, 0xFF, 0xD9], "a second start-of-image marker"),
        ]
        for (bytes, reason) in cases {
            #expect(throws: DeckFormatError.imageMalformed(name: "x", format: .jpeg, reason: reason)) {
                try Self.check(bytes)
            }
        }
        // Entropy-coded data may hold stuffed FF 00 and restart markers; the scan ends at the next real marker.
        let scanData = whole.count - 3
        let stuffed = Array(whole[..<scanData]) + [0xFF, 0x00, 0xFF, 0xD0, 0x3F, 0xFF, 0xFF] + [0xFF, 0xD9]
        #expect(throws: Never.self) { try Self.check(stuffed) }
    }

    @Test func refusesBrokenGIFStructure() {
        let whole = Self.gif
        let cases: [([UInt8], String)] = [
            (whole + [0x00], "1 byte follows the GIF trailer"),
            (Array(whole[..<19]) + [0x3B], "it has no image before its trailer"),
            (TestPictures.gif(width: 0, height: 1), "the logical screen is 0x1; both sides must be above 0"),
        ]
        for (bytes, reason) in cases {
            #expect(throws: DeckFormatError.imageMalformed(name: "x", format: .gif, reason: reason)) {
                try Self.check(bytes)
            }
        }
    }
}
