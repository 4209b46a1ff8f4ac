import Foundation
import HTTPKit
import TimeKit

/// Serves the requests of one connection in order until either side closes it.
///
/// Requests are read, handled and answered one at a time, so pipelined requests get their
/// responses in request order. Errors in the byte stream are answered with their status and
/// `Connection: close`; nothing a client sends can stop the server.
struct HTTPConnection: Sendable {
    /// Why serving stops early.
    private enum Stop: Error {
        /// The connection ended or was interrupted; close without answering.
        case quietly
        /// The client stalled in the middle of a request, or took too long to send it: answer 408.
        case requestTimeout
    }

    let socket: AsyncSocket
    /// The peer as `host:port`, formatted once for every request's context.
    let peer: String?
    let configuration: ServerConfiguration
    let registry: ConnectionRegistry
    let logger: Logger
    let process: @Sendable (Request, String?) async -> Response

    private var fd: Int32 { socket.descriptor.fd }
    /// The clock of every deadline (the loop's: its waits end when this clock passes them).
    private var clock: MonotonicClock { socket.loop.clock }

    func run() async {
        var buffer = ByteBuffer()
        var decoder = RequestDecoder(limits: configuration.decoderLimits)
        var served = 0
        defer {
            registry.remove(fd)
            socket.close()
        }
        do {
            while true {
                let head = try await readHead(into: &buffer, decoder: &decoder, served: served)
                let body = try await readBody(head, buffer: &buffer, decoder: &decoder)
                let request = Request(
                    method: head.method, target: head.target, headers: head.headers, body: Data(body),
                    version: head.version)
                let response = await process(request, peer)
                let keepAlive =
                    request.wantsKeepAlive && !registry.isShuttingDown
                    && !response.headers.containsToken("close", inField: "Connection")
                let bytes = ResponseEncoder.encode(
                    response, keepAlive: keepAlive, version: head.version, omitBody: head.method == .head)
                try await socket.write(bytes, deadline: clock.now() + configuration.idleTimeout)
                served += 1
                if buffer.isEmpty && buffer.capacity > 1024 * 1024 {
                    // A large body grew the buffer; do not keep that memory for the connection's life.
                    buffer = ByteBuffer()
                }
                guard keepAlive else {
                    await closeGracefully()
                    return
                }
                // Fairness: let the other connections' tasks run before reading this one's next
                // request. A client that answers at once would otherwise be served again and
                // again on a saturated machine while the requests of the others wait unread.
                await Task.yield()
            }
        } catch let error as HTTPParseError {
            logger.notice("rejected request: \(error.status.code) \(error)", metadata: peerMetadata)
            await reject(status: error.status, message: error.description)
        } catch Stop.requestTimeout {
            logger.debug("request timed out", metadata: peerMetadata)
            await reject(status: .requestTimeout, message: "request not received in time; send it faster")
        } catch {
            // The peer went away, a write timed out or the server is stopping: nothing to answer.
        }
    }

    private var peerMetadata: [String: String] {
        peer.map { ["peer": $0] } ?? [:]
    }

    /// Reads until a whole head is buffered and decodes it.
    ///
    /// Before the head's first byte each read may wait `idleTimeout`; from the first byte on,
    /// the head as a whole must end within `requestHeadTimeout`, so a client trickling bytes
    /// cannot hold the connection forever. The head's deadline is only set when the first
    /// read leaves it incomplete: a head that arrives whole costs no extra clock reading.
    private func readHead(into buffer: inout ByteBuffer, decoder: inout RequestDecoder, served: Int)
        async throws
        -> RequestHead
    {
        var headDeadline: ContinuousClock.Instant?
        while true {
            if let head = try decoder.decodeHead(from: &buffer) { return head }
            let betweenRequests = buffer.isEmpty
            if betweenRequests && !registry.markIdle(fd) {
                if try readsWaitingBytes(into: &buffer) { continue }
                throw Stop.quietly
            }
            let now = clock.now()
            var deadline = now + configuration.idleTimeout
            if !betweenRequests {
                let headEnd = headDeadline ?? now + configuration.requestHeadTimeout
                headDeadline = headEnd
                deadline = min(deadline, headEnd)
            }
            let outcome = try await socket.read(into: &buffer, deadline: deadline)
            if betweenRequests { registry.markBusy(fd) }
            switch outcome {
            case .bytes: continue
            case .interrupted where betweenRequests:
                if try readsWaitingBytes(into: &buffer) { continue }
                throw Stop.quietly
            case .endOfStream, .interrupted: throw Stop.quietly
            case .timedOut: throw betweenRequests && served > 0 ? Stop.quietly : Stop.requestTimeout
            }
        }
    }

    /// During shutdown, reads a request the client had already sent when the connection was
    /// found idle: it is served (with `Connection: close`) rather than dropped.
    private func readsWaitingBytes(into buffer: inout ByteBuffer) throws -> Bool {
        (try socket.descriptor.read(into: &buffer) ?? 0) > 0
    }

    /// Reads until the body declared by `head` is buffered and decodes it, first sending
    /// `100 Continue` to a client that waits for it. Each read may wait `idleTimeout`, and the
    /// body as a whole must arrive within `requestBodyTimeout`.
    private func readBody(_ head: RequestHead, buffer: inout ByteBuffer, decoder: inout RequestDecoder)
        async throws -> [UInt8]
    {
        if head.expectsContinue && !decoder.isBodyBuffered(head.framing, in: buffer) {
            try await socket.write(
                ResponseEncoder.continueResponse, deadline: clock.now() + configuration.idleTimeout)
        }
        var bodyDeadline: ContinuousClock.Instant?
        while true {
            if let body = try decoder.decodeBody(head.framing, from: &buffer) { return body }
            let now = clock.now()
            let bodyEnd = bodyDeadline ?? now + configuration.requestBodyTimeout
            bodyDeadline = bodyEnd
            switch try await socket.read(
                into: &buffer, deadline: min(now + configuration.idleTimeout, bodyEnd))
            {
            case .bytes: continue
            case .endOfStream, .interrupted: throw Stop.quietly
            case .timedOut: throw Stop.requestTimeout
            }
        }
    }

    /// Answers with an error, then closes gracefully.
    private func reject(status: HTTPStatus, message: String) async {
        var response = Response.error(status: status, message: message)
        response.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        do {
            try await socket.write(
                ResponseEncoder.encode(response, keepAlive: false),
                deadline: clock.now() + configuration.idleTimeout
            )
        } catch {
            return  // The client is gone; closing is all that is left.
        }
        await closeGracefully()
    }

    /// Stops sending, then reads and drops what the client still sends for up to a second (and
    /// 4 MiB), so that closing with unread bytes does not reset the connection and destroy the
    /// last response before the client reads it.
    private func closeGracefully() async {
        socket.descriptor.shutdownWrite()
        let deadline = clock.now() + .seconds(1)
        var scratch = ByteBuffer(capacity: 64 * 1024)
        var drained = 0
        while drained < 4 * 1024 * 1024 {
            guard case .bytes(let count) = try? await socket.read(into: &scratch, deadline: deadline) else {
                return
            }
            drained += count
            scratch.consume(scratch.readableCount)
        }
    }
}
