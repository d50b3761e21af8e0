import FCPipeline
import Foundation

/// Files a command writes (`export --out`), opened so that a failure says why in a person's words.
enum OutputFile {
    /// Creates (or truncates) `path` for writing.
    ///
    /// - Throws: ``FCPipeline/PipelineError/input(file:problem:)`` naming `flag` and the reason: the directory
    ///   that does not exist, the part of the path that is not a directory, a denied permission.
    static func create(_ path: String, flag: String) throws -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PipelineError.input(file: path, problem: "cannot be written (\(flag)): " + reason(errno, path: path))
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Why `path` could not be created, from `open(2)`'s `errno`.
    static func reason(_ code: Int32, path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let shown = directory.isEmpty ? "." : directory
        switch code {
        case ENOENT: return "the directory \(shown) does not exist; create it first or choose another path"
        case ENOTDIR: return "a part of \(shown) is not a directory"
        case EISDIR: return "it is a directory; name a file in it instead"
        case EACCES, EPERM: return "permission denied (the directory \(shown), or the file itself)"
        case EROFS: return "\(shown) is on a read-only file system"
        default: return String(cString: strerror(code))
        }
    }
}
