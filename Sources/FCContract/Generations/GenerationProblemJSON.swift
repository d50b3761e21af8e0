package import FCPipeline

/// The problem document of a failed generation (`error_json`, and its `error` member): `cancelled` for one stopped
/// before its last batch, the error's code otherwise, as a request failing that way would answer.
package struct GenerationProblemJSON: Codable, Sendable {
    package var type: String
    package var title: String
    package var status: Int
    package var detail: String
    package var code: String

    package init(code: String, status: Int, title: String, detail: String) {
        type = ProblemText.typeBase + code
        self.title = title
        self.status = status
        self.detail = ProblemText.oneLine(detail)
        self.code = code
    }

    package init(_ code: ErrorCode, detail: String) {
        self.init(code: code.rawValue, status: code.httpStatus, title: code.title, detail: detail)
    }

    /// The problem a generation that failed this way shows; an unexpected error's detail only points at the log.
    package init(_ failure: GenerationFailure) {
        switch failure {
        case .stopped(let detail):
            self.init(.cancelled, detail: detail)
        case .error(let error):
            let code = ErrorCode(for: error)
            self.init(code, detail: code == .internal ? "unexpected failure; see the server log" : "\(error)")
        }
    }
}
