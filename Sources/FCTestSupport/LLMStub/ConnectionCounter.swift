import NIOCore
import NIOHTTPTypes

/// Counts the stub's connections for `/stats`: Hummingbird adds one to every accepted connection's pipeline.
final class ConnectionCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let state: StubState

    init(state: StubState) { self.state = state }

    func handlerAdded(context: ChannelHandlerContext) {
        state.change { $0.counters.connections += 1 }
    }
}
