import Foundation
import HTTPKit

/// A request body for ``TestClient``: raw bytes, text, or a value encoded as JSON (which also
/// sets `Content-Type: application/json` unless the request sets one).
///
/// ```swift
/// try await client.post("/_bulk", body: "{\"index\":{}}\n{\"a\":1}\n")
/// try await client.put("/assets/_doc/1", body: .json(asset))
/// ```
public struct TestBody: Sendable, ExpressibleByStringLiteral {
    let contentType: String?
    let encode: @Sendable () throws -> Data

    /// Raw bytes, sent without a `Content-Type`.
    public static func data(_ data: Data) -> TestBody {
        TestBody(contentType: nil) { data }
    }

    /// UTF-8 text, sent without a `Content-Type`.
    public static func text(_ text: String) -> TestBody {
        TestBody(contentType: nil) { Data(text.utf8) }
    }

    /// `value` encoded with HTTPKit's default JSON encoder (sorted keys).
    public static func json(_ value: some Encodable & Sendable) -> TestBody {
        TestBody(contentType: JSONCoding.contentType) {
            do {
                return try JSONCoding.makeEncoder().encode(value)
            } catch {
                throw TestClientError.unencodableBody(String(describing: error))
            }
        }
    }

    /// No body.
    public static let empty = TestBody(contentType: nil) { Data() }

    public init(stringLiteral value: String) {
        self = .text(value)
    }

    init(contentType: String?, encode: @escaping @Sendable () throws -> Data) {
        self.contentType = contentType
        self.encode = encode
    }
}
