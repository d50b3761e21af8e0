import FCGamification
import Foundation
import Synchronization

/// Encodes the engine's state as JSON for `gamification_state.state_json`.
///
/// Dates are Unix milliseconds (numbers), like every time in the store, and keys are sorted. Sets are written in
/// their iteration order (sorting the day's thousands of card ids cost as much as the rest of the encoding), so two
/// equal states may give different texts; the cache below only needs the text it wrote itself. Decoding costs as much as the rest of a review, so the codec remembers the last state it encoded
/// per learner: when the stored text is exactly that text (the usual case: this process wrote it), the state is
/// reused instead of decoded. Equal text means an equal state, so the cache can never serve a stale one.
final class GamificationStateCodec: Sendable {
    private let lastEncoded = Mutex<[Int64: (json: String, state: GamificationState)]>([:])

    func encode(_ state: GamificationState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        // The day's card id sets grow with every card answered (thousands on a heavy day), and JSONEncoder spends
        // about 0.5 µs per set element through its generic path: most of a gamified review's time. They are written
        // by hand instead, into the empty arrays of a skeleton (about 10× faster, fcgen-bench review-recording).
        var skeleton = state
        skeleton.today?.cardIDs = []
        skeleton.today?.perfectCardIDs = []
        var bytes = [UInt8](try encoder.encode(skeleton))
        if let today = state.today {
            guard Self.splice(today.cardIDs, key: "cardIDs", into: &bytes),
                Self.splice(today.perfectCardIDs, key: "perfectCardIDs", into: &bytes)
            else {
                throw PipelineError.study("learner \(state.learnerID): the gamification state cannot be encoded")
            }
        }
        let json = String(decoding: bytes, as: UTF8.self)
        lastEncoded.withLock { cache in
            if cache.count > 1_000 { cache.removeAll() }
            cache[state.learnerID] = (json, state)
        }
        return json
    }

    /// Fills the one empty array of `key` (`"key":[]`) in the JSON `bytes` with `ids`; `false` unless
    /// there is exactly one. A quote inside a JSON string is escaped, so only a real key matches.
    static func splice(_ ids: Set<Int64>, key: String, into bytes: inout [UInt8]) -> Bool {
        let empty = Array("\"\(key)\":[]".utf8)
        guard let start = firstIndex(of: empty, in: bytes, from: 0),
            firstIndex(of: empty, in: bytes, from: start + empty.count) == nil
        else { return false }
        guard !ids.isEmpty else { return true }
        let prefix = empty.dropLast()
        // Written through a pointer into a buffer sized for the worst case (a sign, 19 digits and a comma per id):
        // thousands of ids per review made growing an array digit by digit the codec's hottest loop.
        let array = [UInt8](unsafeUninitializedCapacity: prefix.count + ids.count * 21 + 1) { buffer, count in
            var position = 0
            for byte in prefix {
                buffer[position] = byte
                position += 1
            }
            for (index, id) in ids.enumerated() {
                if index > 0 {
                    buffer[position] = UInt8(ascii: ",")
                    position += 1
                }
                position = writeDecimal(id, into: buffer, at: position)
            }
            buffer[position] = UInt8(ascii: "]")
            count = position + 1
        }
        bytes.replaceSubrange(start..<start + empty.count, with: array)
        return true
    }

    /// Writes `value` in decimal ASCII, as JSON writes an integer, at `position`; returns the position after it.
    ///
    /// Digits come out backwards by dividing by the constant 10 (a multiply once compiled) and are then reversed in
    /// place.
    static func writeDecimal(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        var position = position
        if value < 0 {
            buffer[position] = UInt8(ascii: "-")
            position += 1
        }
        var magnitude = value.magnitude
        var low = position
        repeat {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            position += 1
            magnitude /= 10
        } while magnitude > 0
        var high = position - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
        return position
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == first && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    func decode(_ json: String, userID: Int64) throws -> GamificationState {
        if let cached = lastEncoded.withLock({ $0[userID] }), cached.json == json, cached.state.learnerID == userID {
            return cached.state
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return try decoder.decode(GamificationState.self, from: Data(json.utf8))
        } catch {
            throw PipelineError.study("learner \(userID): the stored gamification state cannot be read")
        }
    }
}
