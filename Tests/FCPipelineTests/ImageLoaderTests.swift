import FCDeckFormats
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Pictures are stored by the SHA-256 of their bytes (swift-crypto), the value `card show` prints and `export` names
/// files by.
struct ImageLoaderTests {
    /// A real 1×1 PNG, 70 bytes.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF,
        0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    @Test func aKnownImageHasItsKnownContentHash() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-image-\(UUID()).jpg")
        try Data(Self.png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let image = try ImageLoader.load(path: file.path, maxBytes: 1024)
        // `sha256sum` of the same 70 bytes.
        #expect(image.hash == "4ff6ab670a58c14270e034e2090d9a432caa263a14e0a25785386b0c12f880b5")
        #expect(image.mimeType == "image/png")
        #expect(image.bytes == Self.png)
    }

    @Test func contentHashIsLowercaseHexSHA256() {
        #expect(
            ImageLoader.contentHash(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ImageLoader.contentHash(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aSymlinkIsJudgedByItsTargetAndOnlyTheLimitIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-image-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.png")
        // A whole PNG of 5 070 bytes: the 1×1 pixel and a 5 000-byte tEXt chunk (a picture, not one with bytes after).
        let picture = TestPictures.png(text: String(repeating: "x", count: 4_980))
        #expect(picture.count == 5_070)
        try Data(picture).write(to: big)
        let link = directory.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: big)

        #expect(throws: DeckFormatError.imageTooLarge(name: "link.png", bytes: 5_070, limit: 1_024)) {
            _ = try ImageLoader.load(path: link.path, maxBytes: 1_024)
        }
        #expect(try ImageLoader.load(path: link.path, maxBytes: 8_192).bytes.count == 5_070)

        let device = directory.appendingPathComponent("zero.png")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/zero")
        #expect {
            _ = try ImageLoader.load(path: device.path, maxBytes: 1_024)
        } throws: { error in
            "\(error)" == "\(device.path): is a character device, not a regular file; only regular files are read"
        }
    }
}
