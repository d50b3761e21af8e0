import FCContract
import FCCore

extension ReviewJSON {
    /// The reviews' response document, byte for byte what `ContractJSON.document(SingleReview(…)` or
    /// `ReviewBatch(…), pretty: false)` writes (keys sorted, times in RFC 3339 with milliseconds, `schemaVersion`).
    ///
    /// The response is written inside the reviews' transaction (an idempotency key stores it), on the store's one
    /// writer thread, where the generic encoder's tree was 7 % of the time under `fcgen-bench serve`; a review is
    /// eight flat members, so it is written directly. `ReviewDocumentTests` compares the two texts.
    package static func document(_ reviews: [ReviewJSON], single: Bool) -> String {
        var out = ""
        out.reserveCapacity(40 + reviews.count * 200)
        if single, let review = reviews.first {
            out += #"{"review":"#
            review.write(into: &out)
        } else {
            out += #"{"reviews":["#
            for (index, review) in reviews.enumerated() {
                if index > 0 { out += "," }
                review.write(into: &out)
            }
            out += "]"
        }
        out += #","schemaVersion":"# + String(ContractJSON.schemaVersion) + "}"
        return out
    }

    private func write(into out: inout String) {
        out += #"{"algorithm":"#
        JSONWriter.quote(algorithm, into: &out)
        out += #","cardId":"# + String(cardId)
        out += #","due":""# + RFC3339.milliseconds(due)
        out += #"","lapses":"# + String(lapses)
        out += #","rating":"#
        JSONWriter.quote(rating, into: &out)
        out += #","reps":"# + String(reps)
        out += #","reviewedAt":""# + RFC3339.milliseconds(reviewedAt)
        out += #"","xpGained":"# + String(xpGained) + "}"
    }
}
