import Hummingbird
import NIOCore

/// The request context of the stub's routes: Hummingbird's core storage and the request's connection.
///
/// The connection is what the fault routes reach past Hummingbird for: a 103 written ahead of the response, a
/// connection closed mid-body or before any response, which no `Response` value can express.
struct StubContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
