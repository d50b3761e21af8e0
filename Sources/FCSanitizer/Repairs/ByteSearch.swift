/// Substring search over UTF-8 bytes, for the repairs that look for markers such as `</think>` or a fence.
enum ByteSearch {
    /// The first index at or after `start` where `needle` occurs, comparing ASCII letters case-insensitively.
    ///
    /// `needle` must be lowercase.
    static func firstIndex(
        of needle: [UInt8],
        in haystack: UnsafeBufferPointer<UInt8>,
        from start: Int = 0
    ) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if ASCII.lowercased(haystack[index]) == first && matches(needle, in: haystack, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `needle` (lowercase) occurs at `index`, comparing ASCII letters case-insensitively.
    static func matches(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index >= 0, index + needle.count <= haystack.count else { return false }
        for offset in 0..<needle.count where ASCII.lowercased(haystack[index + offset]) != needle[offset] {
            return false
        }
        return true
    }
}
