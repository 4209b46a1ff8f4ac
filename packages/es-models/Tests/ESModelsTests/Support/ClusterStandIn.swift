import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import Synchronization

@testable import ESModels

/// A cluster played by http-kit's server on a free port of 127.0.0.1, for wire tests: every
/// request, whatever its method and path, is answered with what the test's `answer` returns
/// (Elasticsearch's documented answers), and the requests received are kept so that tests can
/// check what went over the wire.
///
/// ```swift
/// try await withClusterStandIn(answering: { _ in .json(200, #"{"acknowledged": true}"#) }) { cluster in
///     _ = try await HTTPSearchBackend(configuration: .init(baseURL: cluster.baseURL)).deleteIndex("i")
///     #expect(cluster.requests.map(\.method) == [.delete])
/// }
/// ```
///
/// A cluster that never answers is ``withSilentClusterStandIn(_:)``; a cluster that closes connections without answering is ``ConnectionDropper``.
struct ClusterStandIn: Sendable {
    /// What the cluster answers to a request.
    typealias Answer = @Sendable (Request) async throws -> Response

    /// Where the server listens.
    let address: SocketAddress
    fileprivate let recorder: RecordingResponder

    var baseURL: URL {
        URL(string: address.httpURL) ?? URL(fileURLWithPath: "/")
    }

    /// The requests received so far, in the order they reached the handler.
    var requests: [Request] { recorder.requests }
}

/// The per-attempt timeout of the wire tests' backends: the answer's wait is in real time, and a
/// loaded machine has stalled a first answer past a few seconds, which the backend then retried
/// (the cluster saw the request twice). Only the tests of timeouts set a shorter one.
let unhurriedAttempt: Duration = .seconds(60)

/// Runs `body` while a ``ClusterStandIn`` answers with `answer`; the server shuts down (letting
/// answers in flight finish) when `body` returns or throws.
@discardableResult
func withClusterStandIn<Value>(
    answering answer: @escaping ClusterStandIn.Answer, _ body: (ClusterStandIn) async throws -> Value
) async throws -> Value {
    let recorder = RecordingResponder(answer: answer)
    let application = Application(
        responder: recorder, logger: Logger(label: "cluster-stand-in", level: .critical))
    return try await application.withLiveServer { server in
        try await body(ClusterStandIn(address: server.address, recorder: recorder))
    }
}

/// Runs `body` while a ``ClusterStandIn`` receives requests and answers none: each waits at the
/// gate `body` is given (whose `waitForStarted(_:)` waits for arrivals), and the gate opens when
/// `body` returns or throws, so that the server can shut down.
@discardableResult
func withSilentClusterStandIn<Value>(
    _ body: (ClusterStandIn, HandlerGate) async throws -> Value
) async throws -> Value {
    let gate = HandlerGate()
    let answer: ClusterStandIn.Answer = { _ in
        try await gate.pass()
        return .json(200, #"{"acknowledged": true}"#)
    }
    return try await withClusterStandIn(answering: answer) { cluster in
        defer { gate.open() }
        return try await body(cluster, gate)
    }
}

/// Keeps each request, then answers it.
private final class RecordingResponder: HTTPResponder {
    private let answer: ClusterStandIn.Answer
    private let received = Mutex<[Request]>([])

    init(answer: @escaping ClusterStandIn.Answer) {
        self.answer = answer
    }

    var requests: [Request] { received.withLock { $0 } }

    func respond(to request: Request, context: RequestContext) async throws -> Response {
        received.withLock { $0.append(request) }
        return try await answer(request)
    }
}

extension Response {
    /// A JSON answer.
    static func json(_ status: Int, _ json: JSONValue, headers: HTTPHeaders = [:]) -> Response {
        var all = headers
        all["Content-Type"] = "application/json"
        return Response(status: HTTPStatus(code: status), headers: all, body: json.compactData)
    }

    /// A JSON answer written as text (or text that is not JSON, sent as if it were).
    static func json(_ status: Int, _ text: String) -> Response {
        Response(
            status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"],
            body: Data(text.utf8))
    }
}

extension Request {
    /// The body parsed as JSON, `nil` when it is not JSON.
    var json: JSONValue? { try? JSONValue(parsing: body) }
}
