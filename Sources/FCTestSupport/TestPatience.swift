/// The limit a test sets on the code under test when time is not what the test is about: a request's timeout, a
/// stream's, a wait for a terminal's output, a stub's gate, a poll for a state the service reaches on its own.
///
/// On a shared 2-core machine under load a test process can be starved for tens of seconds at a time, so a product
/// default (a 30 s request timeout, a 20 s image lookup) fires although nothing is wrong. Every such limit in a test is
/// this one, and it is long: not a margin that decides a pass, only the point at which a hang is called a hang. A test
/// whose point *is* a timeout or a delay uses a stub that never answers (``LoopbackServer/Response/unanswered``,
/// `/delay/never`) or a test clock (``TestClock``, ``ImmediateClock``), so how fast the machine is never matters.
package enum TestPatience {
    /// Five minutes, in whole seconds (the unit of the product's own `timeout_s` settings).
    package static let seconds = 300

    /// ``seconds`` as a `Duration`.
    package static let duration: Duration = .seconds(seconds)

    /// ``seconds`` in milliseconds, as `poll(2)` takes it.
    package static let milliseconds = Int32(seconds * 1000)
}
