package import FCCore
import Foundation

extension Now {
    /// The machine's clock moved to noon UTC of the day it is made on, and running on from there: a test that
    /// compares "today" before and after its work sees one day, even when its run crosses midnight UTC.
    package static func runningFromNoonToday() -> Now {
        let start = Date().timeIntervalSince1970
        let noon = (start / 86_400).rounded(.down) * 86_400 + 43_200
        let offset = noon - start
        return Now { Date().addingTimeInterval(offset) }
    }
}
