import Foundation

/// A responder with its server configuration and logger: what a service runs (HTTPKitServer's
/// `run()`), and what tests drive in-process (HTTPKitTesting's `Application.test`).
///
/// ```swift
/// let router = Router()
/// router.add(middleware: RequestLoggingMiddleware())
/// router.get("/health") { _, _ in .text("ok") }
/// let app = Application(router: router, configuration: ServerConfiguration(port: 8080))
/// try await app.run()   // until SIGINT or SIGTERM
/// ```
public struct Application: Sendable {
    /// Where the server listens and its limits.
    public var configuration: ServerConfiguration
    /// The logger handed (tagged with a request id) to every request's context.
    public var logger: Logger
    /// What turns requests into responses.
    public let responder: any HTTPResponder

    /// Creates an application serving `router`'s routes (as registered at this point).
    public init(
        router: Router, configuration: ServerConfiguration = .init(), logger: Logger = Logger(label: "http")
    ) {
        self.init(responder: router.buildResponder(), configuration: configuration, logger: logger)
    }

    /// Creates an application serving any responder.
    public init(
        responder: some HTTPResponder, configuration: ServerConfiguration = .init(),
        logger: Logger = Logger(label: "http")
    ) {
        self.responder = responder
        self.configuration = configuration
        self.logger = logger
    }

    /// Answers one request exactly as the server would, without sockets: creates the context,
    /// runs the responder, renders errors and finalizes the response (`Content-Length`, no
    /// body for `HEAD`, 204 and 304).
    ///
    /// Errors that are ``HTTPResponseError`` render themselves; any other error is logged at
    /// error level and becomes a 500 whose body reveals nothing about it.
    public func handle(_ request: Request, remoteAddress: SocketAddress? = nil) async -> Response {
        await handle(request, peer: remoteAddress?.description)
    }

    /// ``handle(_:remoteAddress:)`` with the peer already formatted (once per connection).
    package func handle(_ request: Request, peer: String?) async -> Response {
        let context = RequestContext(
            requestID: RequestID.forRequest(request), logger: logger, remoteAddress: peer)
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            response = error.response(context: context)
        } catch {
            context.logger.error("unhandled error in '\(request.method) \(request.path)': \(error)")
            response = Response.error(status: .internalServerError, message: "internal server error")
        }
        return Self.finalize(response, for: request)
    }

    static func finalize(_ response: Response, for request: Request) -> Response {
        var response = response
        if response.status.forbidsBody {
            response.body = Data()
            response.headers.remove(name: "Content-Length")
            return response
        }
        let keepsDeclaredLength =
            request.method == .head && response.body.isEmpty
            && response.headers.contains(name: "Content-Length")
        if !keepsDeclaredLength {
            response.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        }
        if request.method == .head {
            response.body = Data()
        }
        return response
    }
}
