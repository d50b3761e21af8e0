import Foundation

/// What `fstat` says of an open file descriptor: its type bits and size.
///
/// Here, in a module whose only import is Foundation, because of how Swift reads the C library on Linux: `struct
/// stat` comes in through every module that includes `<sys/stat.h>`, and with MemberImportVisibility a file may use
/// its members only when it imports the module the compiler took them from. In FCPipeline that was CoreFoundation
/// in a release build and Dispatch's C module in a debug one, so no import there satisfied both.
package struct DescriptorStatus: Sendable, Hashable {
    /// `st_mode`: the file type (`mode & S_IFMT`) and permission bits.
    package var mode: UInt32
    /// `st_size` in bytes.
    package var size: Int64

    /// The status of `descriptor`, or `nil` with `errno` set when `fstat` fails.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        mode = UInt32(info.st_mode)
        size = Int64(info.st_size)
    }

    /// Whether the descriptor is a regular file (not a directory, FIFO, socket or device).
    package var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
}
