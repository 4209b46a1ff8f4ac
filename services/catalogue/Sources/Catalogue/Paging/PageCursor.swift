import Digest
import ESModels
import Foundation

/// Where the next page of a listing starts: the sort values of the last hit shown (ending with
/// the `uuid` tiebreaker), for `search_after`; which sort and filters it belongs to; and the
/// instant the listing's first page was read at.
///
/// Sent to clients as an opaque token (``token(key:)``), `base64url(payload).base64url(check)`,
/// where the payload is a small JSON object and the check is an HMAC-SHA-256 of it under the
/// ``CursorKey``, so a cursor that was damaged, edited or made elsewhere is refused
/// (``init(token:keys:)``, which accepts any of the ``CursorKeys`` while one is rotated), and one reused with another sort or other filters too (``check(sort:filters:token:)``).
///
/// ```swift
/// let cursor = PageCursor(sort: "-created_at", after: [1_717_200_000_000, "uuid-20"],
///                         filters: "assets|...", instant: now, position: 20)
/// let token = cursor.token(key: key)                        // "eyJhIjpb..." + "." + "Xk3..."
/// let read = try PageCursor(token: token, keys: CursorKeys(signing: key))  // the same cursor
/// ```
public struct PageCursor: Sendable, Equatable {
    /// The longest token accepted (real ones are far shorter).
    static let maximumTokenLength = 2_048
    /// Bytes of the check value kept (128 bits).
    static let checkLength = 16

    /// The name of the listing's sort (`-created_at`, `relevance`, `start`...).
    public var sort: String
    /// The sort values of the last hit of the page before.
    public var after: [JSONValue]
    /// A digest of the listing's filters (``ListingFilters``), as written in the token.
    public var filters: String
    /// When the listing's first page was read: what scores and default ranges are computed
    /// from, so that every page orders the same way.
    public var instant: Date
    /// How many hits came before the page this cursor starts (the page's `start`).
    public var position: Int

    /// Creates a cursor; `filters` is the listing's canonical filter text (digested here).
    public init(sort: String, after: [JSONValue], filters: String, instant: Date, position: Int) {
        self.init(
            sort: sort, after: after, digest: Self.digest(filters), instant: instant, position: position)
    }

    private init(sort: String, after: [JSONValue], digest: String, instant: Date, position: Int) {
        self.sort = sort
        self.after = after
        self.filters = digest
        self.instant = instant
        self.position = position
    }

    /// The token sent as `next`.
    public func token(key: CursorKey) -> String {
        let payload: JSONValue = [
            "a": .array(after), "f": .string(filters), "p": .int(position), "s": .string(sort),
            "t": .int(instant.epochMillis),
        ]
        let bytes = payload.compactBytes
        return Self.base64URL(bytes) + "." + Self.base64URL(Self.check(bytes, key: key))
    }

    /// Reads a token the catalogue made with one of `keys`.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` on `cursor` when the
    ///   token is malformed, damaged or edited, or was not signed with any of `keys`.
    public init(token: String, keys: CursorKeys) throws(CatalogueError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= Self.maximumTokenLength, parts.count == 2,
            let payload = Self.bytes(base64URL: parts[0]), let check = Self.bytes(base64URL: parts[1])
        else {
            throw Self.invalid(token, "is not a cursor; send the 'next' value of a page unchanged")
        }
        guard keys.accepted.contains(where: { Self.constantTimeEqual(check, Self.check(payload, key: $0)) })
        else {
            throw Self.invalid(
                token,
                "was damaged or edited, or not made by this catalogue; send the 'next' value of a page unchanged"
            )
        }
        // Signed by us: a payload that does not read is a bug, not the client's mistake, but
        // the client still gets the same 400 rather than a 500.
        guard let json = try? JSONValue(parsing: Data(payload)), let sort = json["s"]?.stringValue,
            let after = json["a"]?.arrayValue, let filters = json["f"]?.stringValue,
            let millis = json["t"]?.intValue, let position = json["p"]?.intValue
        else {
            throw Self.invalid(token, "is not a cursor; send the 'next' value of a page unchanged")
        }
        self.init(
            sort: sort, after: after, digest: filters, instant: Date(epochMillis: millis), position: position)
    }

    /// Checks the cursor (read from `token`) belongs to a listing with this sort and these filters.
    ///
    /// - Throws: ``CatalogueError/invalidParameter(name:value:expected:)`` on `cursor` naming
    ///   what differs.
    public func check(sort: String, filters: String, token: String) throws(CatalogueError) {
        guard sort == self.sort else {
            throw CatalogueError.invalidParameter(
                name: "cursor", value: Self.shown(token),
                expected:
                    "the cursor was made for sort '\(self.sort)', not '\(sort)'; send the same 'sort' as the page it came from, or start again without 'cursor'"
            )
        }
        guard Self.digest(filters) == self.filters else {
            throw CatalogueError.invalidParameter(
                name: "cursor", value: Self.shown(token),
                expected:
                    "the cursor was made for other filters; send the same parameters as the page it came from, or start again without 'cursor'"
            )
        }
    }

    // MARK: - Encoding

    private static func digest(_ filters: String) -> String {
        SHA256.digest(Array(filters.utf8)).prefix(12).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    private static func check(_ payload: [UInt8], key: CursorKey) -> [UInt8] {
        Array(HMAC.sha256(key: key.bytes, message: payload).prefix(checkLength))
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static let base64URLAlphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if chunk > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if chunk > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...chunk {
                text.append(base64URLAlphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3f)])
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of unpadded base64url text; `nil` unless the text is exactly what
    /// ``base64URL(_:)`` writes for them (so no two texts read as the same bytes).
    static func bytes(base64URL text: Substring) -> [UInt8]? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            })
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { return nil }
        let bytes = [UInt8](data)
        return base64URL(bytes) == text ? bytes : nil
    }

    private static func invalid(_ token: String, _ expected: String) -> CatalogueError {
        CatalogueError.invalidParameter(name: "cursor", value: shown(token), expected: expected)
    }

    /// The start of a long value, for messages.
    private static func shown(_ value: String) -> String {
        value.count <= 24 ? value : String(value.prefix(20)) + "…"
    }
}
