import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of a terminal's window, as the terminal reports it.
package enum TerminalWindow {
    /// The columns of the terminal open as `descriptor` (``CommandIO/terminal(for:)``); `nil` when it reports none
    /// (some CI consoles, a pseudo-terminal nobody sized).
    package static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
