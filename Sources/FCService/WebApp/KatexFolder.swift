import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOPosix

/// KaTeX's folder as Hummingbird's `FileMiddleware` reads it (its ``FileProvider``): only files KaTeX consists of,
/// and only from inside the folder, so the files served are the files meant.
///
/// `FileMiddleware` does the HTTP side (percent-decoding, refusing `..`, `HEAD`, ranges, `ETag`,
/// `If-None-Match`, `Content-Type` from the extension); Hummingbird's own `LocalFileSystem` reads the files. This
/// provider only decides which path may be read:
/// - every path component is a plain name — ASCII letters, digits, `-`, `_`, `.`, not starting with `.` — so an
///   encoded NUL or other control character, a space, a hidden file or an empty component is refused (KaTeX's own
///   names are all plain: `katex.min.js`, `fonts/KaTeX_AMS-Regular.woff2`);
/// - the last one ends in an extension of ``mediaTypes``, so every file served has a known `Content-Type` and a
///   directory is never a file (`FileMiddleware` never gets to redirect `/app/katex/fonts` to `fonts/`: it is 404);
/// - the path's real path (symlinks resolved, at each request) lies inside the folder's real path, or, for a font
///   under `fonts/`, inside the real path of the folder's `fonts` entry as it was at start-up: Debian's
///   `libjs-katex` links `fonts` to `fonts-katex`'s `/usr/share/fonts/truetype/katex`, so that one link out is
///   taken, for fonts only. Any other symlink out of the folder is refused; one inside it is followed.
///
/// A refused path is "no such file": `FileMiddleware` passes the router's 404 on, which is the usual problem.
/// The real path is resolved again before the file is opened, so a link swapped between the two looks is caught
/// unless it is swapped in that instant too; only whoever may write to the folder could try, and they could put
/// any file there anyway.
struct KatexFolder: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes

    /// A requested file: its path below the folder, and whether it may be a font in the linked fonts folder.
    struct FileIdentifier: Sendable {
        /// The path below the folder, without a leading `/`.
        let relative: String
        /// Whether it is under `fonts/` with a font's extension.
        let isFont: Bool
    }

    /// What may be served, by extension, with its `Content-Type` (scripts and styles are UTF-8, as the app's own).
    static let mediaTypes: [String: MediaType] = [
        "js": MediaType(type: .text, subType: "javascript", parameter: ("charset", "utf-8")),
        "mjs": MediaType(type: .text, subType: "javascript", parameter: ("charset", "utf-8")),
        "css": MediaType(type: .text, subType: "css", parameter: ("charset", "utf-8")),
        "woff2": .fontWoff2, "woff": .fontWoff, "ttf": .fontTtf,
    ]

    /// The extensions that are fonts, the only files taken from the linked fonts folder.
    static let fontExtensions: Set<String> = ["woff2", "woff", "ttf"]

    /// The folder's real path, ending in `/`.
    let root: String
    /// The real path of the folder's `fonts` directory when it lies outside the folder, ending in `/`.
    let fontsRoot: String?
    /// Hummingbird's reader; it is given resolved absolute paths only.
    let files: LocalFileSystem
    /// Where the real paths are resolved, off the event loops.
    let threadPool: NIOThreadPool

    /// The provider for `folder`, or `nil` when the folder has no real path (it does not exist).
    init?(folder: String, threadPool: NIOThreadPool = .singleton, logger: Logger) {
        guard let real = Self.realPath(folder) else { return nil }
        let root = real.hasSuffix("/") ? real : real + "/"
        self.root = root
        var isDirectory: ObjCBool = false
        if let fonts = Self.realPath(root + "fonts").map({ $0 + "/" }), !fonts.hasPrefix(root),
            FileManager.default.fileExists(atPath: fonts, isDirectory: &isDirectory), isDirectory.boolValue
        {
            self.fontsRoot = fonts
        } else {
            self.fontsRoot = nil
        }
        self.threadPool = threadPool
        self.files = LocalFileSystem(rootFolder: root, threadPool: threadPool, logger: logger)
    }

    /// The file for a request path (percent-decoded, below `/app/katex`), or `nil` when it is not a plain path to
    /// a file of a known type.
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        guard path.first == "/" else { return nil }
        let components = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy(Self.isPlainName), let name = components.last, let dot = name.lastIndex(of: ".")
        else { return nil }
        let fileExtension = String(name[name.index(after: dot)...])
        guard Self.mediaTypes[fileExtension] != nil else { return nil }
        return FileIdentifier(
            relative: String(path.dropFirst()),
            isFont: components.count > 1 && components[0] == "fonts" && Self.fontExtensions.contains(fileExtension))
    }

    /// The file's attributes when it may be served and is a file, not a directory.
    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        guard let real = try await resolve(id), let attributes = try await files.getAttributes(id: real),
            !attributes.isFolder
        else { return nil }
        return attributes
    }

    /// The file's bytes, from its real path checked again.
    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        guard let real = try await resolve(id) else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: real, context: context)
    }

    /// Part of the file's bytes, from its real path checked again.
    func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws
        -> ResponseBody
    {
        guard let real = try await resolve(id) else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: real, range: range, context: context)
    }

    /// The real path of `file` when it lies inside the folder (or is a font inside the linked fonts folder);
    /// `nil` when it does not exist or lies elsewhere.
    func resolve(_ file: FileIdentifier) async throws -> String? {
        let joined = root + file.relative
        guard let real = try await threadPool.runIfActive({ Self.realPath(joined) }) else { return nil }
        if real.hasPrefix(root) { return real }
        if file.isFont, let fontsRoot, real.hasPrefix(fontsRoot) { return real }
        return nil
    }

    /// Whether a path component is a plain file or folder name (see the type's comment).
    static func isPlainName(_ component: Substring) -> Bool {
        guard let first = component.utf8.first, first != UInt8(ascii: ".") else { return false }
        return component.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
    }

    /// `path` with every symlink, `.` and `..` resolved (`realpath(3)`), or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// KaTeX's files: `FileMiddleware` over ``KatexFolder`` at `/app/katex`, its responses sent with the app's
/// security headers (``WebAppRoutes/securityHeaders``: `X-Content-Type-Options: nosniff`, the content security
/// policy, no referrer) besides `FileMiddleware`'s `Content-Type`, `ETag` and `Cache-Control`.
///
/// It is added after every route, so it sees only the router's 404: any response it returns is a file's.
struct KatexMiddleware: RouterMiddleware {
    typealias Context = ServiceRequestContext

    /// Hummingbird's file middleware on the folder.
    let files: FileMiddleware<ServiceRequestContext, KatexFolder>

    /// Serves `folder` under `/app/katex`, or `nil` when the folder does not exist.
    init?(folder: String, logger: Logger) {
        guard let provider = KatexFolder(folder: folder, logger: logger) else { return nil }
        files = FileMiddleware(
            fileProvider: provider, urlBasePath: "/app/katex",
            cacheControl: CacheControl([
                (MediaType(type: .any), [CacheControl.CacheControlValue.public, .maxAge(86_400)])
            ])
        ).withAdditionalMediaTypes(forFileExtensions: KatexFolder.mediaTypes)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await files.handle(request, context: context, next: next)
        for field in WebAppRoutes.securityHeaders { response.headers[field.name] = field.value }
        return response
    }
}
