import Foundation

@testable import ESModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for wire tests: it answers each request with what
/// the test's handler returns (Elasticsearch's documented answers) and keeps the requests it
/// received so tests can check what went over the wire.
///
/// Keep-alive, `Content-Length` bodies and `Expect: 100-continue` are supported, which is
/// what URLSession sends.
final class LoopbackServer: @unchecked Sendable {
    /// A request as received.
    struct Request: Sendable {
        var method: String
        var path: String
        var query: String?
        var headers: [String: String]
        var body: Data

        var json: JSONValue? { try? JSONValue(parsing: body) }
        var target: String { query.map { "\(path)?\($0)" } ?? path }
    }

    /// What to do with a request.
    indirect enum Reply: Sendable {
        case respond(status: Int, headers: [String: String], body: Data)
        /// Close the connection without answering (a transport failure for the client).
        case dropConnection
        /// Never answer: hold the connection until the client closes it or the server stops (a
        /// cluster that hangs, for the client's timeout).
        case unanswered

        static func json(_ status: Int, _ json: JSONValue, headers: [String: String] = [:]) -> Reply {
            var all = headers
            all["Content-Type"] = "application/json"
            return .respond(status: status, headers: all, body: json.compactData)
        }

        static func json(_ status: Int, _ text: String) -> Reply {
            .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    typealias Handler = @Sendable (Request) -> Reply

    let port: Int
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var received: [Request] = []
    private var connections: Set<Int32> = []
    private var stopped = false

    init(handler: @escaping Handler) throws {
        self.handler = handler
        #if os(Linux)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    enum ServerError: Error { case socket(String) }

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The requests received so far, in order.
    var requests: [Request] {
        lock.withLock { received }
    }

    /// Stops accepting and closes open connections.
    func stop() {
        let open: Set<Int32>? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            return connections
        }
        guard let open else { return }
        // Only shut the listener down: the accept thread closes it when it leaves, so its
        // descriptor number cannot be reused by another socket while that thread still
        // uses it.
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    // MARK: - Serving

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = accept(listener, nil, nil)
            #if canImport(Darwin)
                if fd >= 0 {
                    var on: Int32 = 1
                    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
                }
            #endif
            if lock.withLock({ stopped }) {
                if fd >= 0 { close(fd) }
                return
            }
            if fd < 0 { continue }
            var noSignal: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            lock.withLock { _ = connections.insert(fd) }
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        var buffer = Data()
        defer {
            lock.withLock { _ = connections.remove(fd) }
            close(fd)
        }
        while let request = readRequest(fd, &buffer) {
            lock.withLock { received.append(request) }
            guard respond(fd, handler(request), isHead: request.method == "HEAD") else { return }
        }
    }

    private func respond(_ fd: Int32, _ reply: Reply, isHead: Bool) -> Bool {
        switch reply {
        case .dropConnection:
            shutdown(fd, Int32(SHUT_RDWR))
            return false
        case .unanswered:
            // Reads until the client gives up (closes) or stop() shuts the socket down.
            var scratch = [UInt8](repeating: 0, count: 4096)
            while recv(fd, &scratch, scratch.count, 0) > 0 {}
            return false
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(isHead ? 0 : body.count)\r\n\r\n"
            return write(fd, Data(head.utf8) + (isHead ? Data() : body))
        }
    }

    private func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress?.advanced(by: offset), raw.count - offset, noSigPipe)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private func readMore(_ fd: Int32, _ buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func readRequest(_ fd: Int32, _ buffer: inout Data) -> Request? {
        let separator = Data("\r\n\r\n".utf8)
        var headEnd = buffer.range(of: separator)
        while headEnd == nil {
            guard readMore(fd, &buffer) else { return nil }
            headEnd = buffer.range(of: separator)
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer = Data(buffer[end.upperBound...])
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            _ = write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard readMore(fd, &buffer) else { return nil }
        }
        let body = Data(buffer.prefix(length))
        buffer = Data(buffer.dropFirst(length))
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        return Request(
            method: String(requestLine[0]), path: parts.first ?? target,
            query: parts.count > 1 ? parts[1] : nil,
            headers: headers, body: body)
    }
}

/// `send(2)` flags that keep `SIGPIPE` away where the system takes them per call (Linux);
/// Darwin sets `SO_NOSIGPIPE` on each accepted socket instead.
#if os(Linux)
    private let noSigPipe = Int32(MSG_NOSIGNAL)
#else
    private let noSigPipe: Int32 = 0
#endif
