import Foundation
import Synchronization

/// Serializes responses into HTTP/1.1 bytes.
package enum ResponseEncoder {
    /// The bytes of `response`: status line, its header fields, `Date` unless the response sets
    /// it, `Connection` as `keepAlive` decides, then the body unless `omitBody` (for `HEAD`).
    ///
    /// The response is expected to be finalized (its `Content-Length` set). Its own
    /// `Connection` and `Transfer-Encoding` fields are dropped: the connection's fate is decided
    /// by the server, and bodies are always sent whole.
    package static func encode(
        _ response: Response, keepAlive: Bool, version: HTTPVersion = .http1_1, omitBody: Bool = false
    ) -> [UInt8] {
        let sendsBody = !omitBody && !response.body.isEmpty
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (sendsBody ? response.body.count : 0))
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        bytes.append(contentsOf: String(response.status.code).utf8)
        bytes.append(HTTPSyntax.space)
        bytes.append(contentsOf: response.status.reasonPhrase.utf8)
        bytes.append(contentsOf: crlf)
        for field in response.headers
        where !HTTPHeaders.namesMatch(field.name, "Transfer-Encoding")
            && !HTTPHeaders.namesMatch(field.name, "Connection")
        {
            appendField(field.name, field.value, to: &bytes)
        }
        if !response.headers.contains(name: "Date") {
            appendField("Date", DateHeaderCache.shared.current(), to: &bytes)
        }
        if !keepAlive {
            appendField("Connection", "close", to: &bytes)
        } else if version == .http1_0 {
            appendField("Connection", "keep-alive", to: &bytes)
        }
        bytes.append(contentsOf: crlf)
        if sendsBody {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    private static let crlf: [UInt8] = [HTTPSyntax.cr, HTTPSyntax.lf]

    private static func appendField(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(HTTPSyntax.colon)
        bytes.append(HTTPSyntax.space)
        bytes.append(contentsOf: value.utf8)
        bytes.append(contentsOf: crlf)
    }

    /// The interim response sent to a client that waits with `Expect: 100-continue`.
    package static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}

/// The formatted `Date` header value, recomputed at most once per second.
final class DateHeaderCache: Sendable {
    static let shared = DateHeaderCache()

    private let cache = Mutex<(second: Int, value: String)>((-1, ""))

    func current() -> String {
        let now = Timestamp.now()
        return cache.withLock { cache in
            if cache.second != now.seconds {
                cache = (now.seconds, now.httpDate)
            }
            return cache.value
        }
    }
}
