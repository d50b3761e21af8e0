import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal opened in this process: the slave is the terminal a command runs on (its stdin, stdout and
/// stderr), the master is the person at it, reading the screen and typing.
///
/// Both descriptors are close-on-exec: a child another test starts meanwhile must not hold the slave open, or the
/// master would never see the end of the command's output.
struct PseudoTerminal {
    let master: Int32
    let slave: Int32

    /// A fresh terminal in its default modes (canonical, echoing, output `\n` as `\r\n`), `columns` wide and 24
    /// rows when `columns` is given; with no size otherwise, as a terminal nobody sized reports.
    static func open(columns: Int?) throws -> PseudoTerminal {
        if let columns { precondition((1...Int(UInt16.max)).contains(columns), "a terminal's columns: \(columns)") }
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Self.failure() }
        var name = [CChar](repeating: 0, count: 128)
        guard grantpt(master) == 0, unlockpt(master) == 0, ptsname_r(master, &name, name.count) == 0 else {
            let error = Self.failure()
            close(master)
            throw error
        }
        let slave = name.withUnsafeBufferPointer { path in
            path.baseAddress.map { Foundation.open($0, O_RDWR | O_NOCTTY | O_CLOEXEC) } ?? -1
        }
        guard slave >= 0 else {
            let error = Self.failure()
            close(master)
            throw error
        }
        if let columns {
            var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            guard ioctl(slave, UInt(TIOCSWINSZ), &size) == 0 else {
                let error = Self.failure()
                close(slave)
                close(master)
                throw error
            }
        }
        return PseudoTerminal(master: master, slave: slave)
    }

    /// Whether the program on the terminal reads it a line at a time (ICANON), as it does until it asks for raw
    /// keys; the master reads the modes the program set on the slave. `nil` when they cannot be read.
    static func isCanonical(master: Int32) -> Bool? {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return nil }
        return modes.c_lflag & tcflag_t(ICANON) != 0
    }

    #if canImport(Glibc)
        // In glibc, but behind feature macros (_XOPEN_SOURCE, _GNU_SOURCE) that Swift's Glibc module is built
        // without, so found by name. Not openpty: it cannot open the descriptors close-on-exec, and a child started
        // between its return and an fcntl would keep the slave open.
        private static let posix_openpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        private static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        private static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        private static let ptsname_r = function(
            "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)

        private static func function<F>(_ name: String, as type: F.Type) -> F {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("libc has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
    #endif

    private static func failure() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
