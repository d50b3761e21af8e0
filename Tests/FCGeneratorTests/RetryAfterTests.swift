import Testing

@testable import FCGenerator

struct RetryAfterTests {
    @Test func readsDelaySeconds() {
        #expect(RetryAfter.delay(in: ["retry-after": "2"]) == .seconds(2))
        #expect(RetryAfter.delay(in: ["retry-after": " 0.5 "]) == .milliseconds(500))
        #expect(RetryAfter.delay(in: ["retry-after": "0"]) == .zero)
    }

    @Test func preferRetryAfterMilliseconds() {
        #expect(RetryAfter.delay(in: ["retry-after-ms": "1500", "retry-after": "9"]) == .milliseconds(1500))
    }

    @Test func readsAnHTTPDateAgainstTheResponseDate() {
        let headers = ["retry-after": "Wed, 21 Oct 2015 07:28:30 GMT", "date": "Wed, 21 Oct 2015 07:28:00 GMT"]
        #expect(RetryAfter.delay(in: headers) == .seconds(30))
        // A date already past means "now", not a negative wait.
        let past = ["retry-after": "Wed, 21 Oct 2015 07:27:00 GMT", "date": "Wed, 21 Oct 2015 07:28:00 GMT"]
        #expect(RetryAfter.delay(in: past) == .zero)
    }

    @Test func ignoresWhatItCannotRead() {
        #expect(RetryAfter.delay(in: [:]) == nil)
        #expect(RetryAfter.delay(in: ["retry-after": "soon"]) == nil)
        #expect(RetryAfter.delay(in: ["retry-after": "-3"]) == nil)
        // An HTTP-date without the server's Date header can't be measured without a wall clock.
        #expect(RetryAfter.delay(in: ["retry-after": "Wed, 21 Oct 2015 07:28:30 GMT"]) == nil)
    }

    @Test(
        "a server's extreme values wait the longest allowed, never trap", arguments: ["retry-after", "retry-after-ms"])
    func extremesAreClamped(header: String) {
        for text in ["1e308", "inf", "Infinity", "9223372036854775807", "99999999999999999999999"] {
            #expect(RetryAfter.delay(in: [header: text]) == RetryAfter.longest, "\(text)")
        }
        for text in ["nan", "NaN", "-inf", "-1e308", "-9223372036854775808"] {
            #expect(RetryAfter.delay(in: [header: text]) == nil, "\(text)")
        }
        let farDate = ["retry-after": "Fri, 31 Dec 9999 23:59:59 GMT", "date": "Thu, 01 Jan 1970 00:00:00 GMT"]
        #expect(RetryAfter.delay(in: farDate) == RetryAfter.longest)
    }

    @Test func parsesIMFFixdate() {
        #expect(HTTPDate.secondsSince1970("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.secondsSince1970("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.secondsSince1970("Tue, 29 Feb 2028 23:59:59 GMT") == 1_835_481_599)
        #expect(HTTPDate.secondsSince1970("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.secondsSince1970("06 Nov 1994 25:00:00 GMT") == nil)
    }
}
