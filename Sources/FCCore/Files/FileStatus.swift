import Foundation

/// What `stat` or `fstat` says of a file: its type bits and size.
///
/// Here, in a module whose only import is Foundation, because of how Swift reads the C library on Linux: `struct
/// stat` comes in through every module that includes `<sys/stat.h>`, and with MemberImportVisibility a file may use
/// its members only when it imports the module the compiler took them from. In FCPipeline that was CoreFoundation
/// in a release build and Dispatch's C module in a debug one, so no import there satisfied both.
package struct FileStatus: Sendable, Hashable {
    /// `st_mode`: the file type (`mode & S_IFMT`) and permission bits.
    package var mode: UInt32
    /// `st_size` in bytes.
    package var size: Int64

    /// The status of the open `descriptor`, or `nil` with `errno` set when `fstat` fails.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the file at `path` (links followed), or `nil` with `errno` set when `stat` fails (no such
    /// file, among others).
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        mode = UInt32(info.st_mode)
        size = Int64(info.st_size)
    }

    /// Whether it is a regular file (not a directory, FIFO, socket or device).
    package var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Whether it is a directory.
    package var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
}
