import Foundation
import Synchronization

/// Serializes responses into HTTP/1.1 bytes.
package enum ResponseEncoder {
    /// The bytes of `response`: status line, its header fields, then `Date` and `Connection`
    /// when the response does not set them, then the body unless `omitBody` (for `HEAD`).
    ///
    /// The response is expected to be finalized (its `Content-Length` set); a
    /// `Transfer-Encoding` field is dropped because bodies are always sent whole.
    package static func encode(
        _ response: Response, keepAlive: Bool, version: HTTPVersion = .http1_1, omitBody: Bool = false
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for field in response.headers where !HTTPHeaders.namesMatch(field.name, "Transfer-Encoding") {
            head += "\(field.name): \(field.value)\r\n"
        }
        if !response.headers.contains(name: "Date") {
            head += "Date: \(DateHeaderCache.shared.current())\r\n"
        }
        if !keepAlive {
            head += "Connection: close\r\n"
        } else if version == .http1_0 {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !omitBody && !response.body.isEmpty {
            bytes.append(contentsOf: response.body)
        }
        return bytes
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
