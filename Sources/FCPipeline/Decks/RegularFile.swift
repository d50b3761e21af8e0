import FCCore
import Foundation

/// Opens input files for reading only when they are regular files, after following symlinks.
///
/// A FIFO would block the reader forever waiting for a writer, and `/dev/zero` or `/dev/urandom` never end: the
/// file is opened with `O_NONBLOCK` (so opening a FIFO returns at once) and its type checked on the open descriptor
/// with `fstat`, which sees the symlink's target, never the link. Callers then read at most what they need.
enum RegularFile {
    /// An open descriptor for `path` and the file's size; close it when done.
    ///
    /// - Throws: ``PipelineError/input(file:problem:)`` when `path` can't be opened or is not a regular file.
    static func open(_ path: String) throws -> (descriptor: Int32, size: Int) {
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PipelineError.input(file: path, problem: "cannot be opened: \(String(cString: strerror(errno)))")
        }
        guard let info = FileStatus(descriptor: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw PipelineError.input(file: path, problem: "cannot be read: \(reason)")
        }
        guard info.isRegularFile else {
            close(descriptor)
            let kind = kind(of: mode_t(info.mode))
            throw PipelineError.input(
                file: path, problem: "is \(kind), not a regular file; only regular files are read")
        }
        // Regular files ignore O_NONBLOCK, but clear it so nothing later depends on that.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(info.size))
    }

    /// Reads at most `limit` bytes from the start of `descriptor`'s file, 64 KiB at a time (memory follows what
    /// the file holds, not the limit).
    static func read(_ descriptor: Int32, upTo limit: Int, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                throw PipelineError.input(file: path, problem: "read failed: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return bytes
    }

    /// What a non-regular file is, in words.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
