/// An HTTP request method such as `GET` or `POST`.
///
/// Methods are case-sensitive tokens (RFC 9110, section 9.1); the common ones have static
/// constants, and any other valid token can be created with ``init(rawValue:)``.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as it appears on the request line.
    public let rawValue: String

    /// Creates a method from its token; returns `nil` when the token is empty or holds a
    /// character that a method token cannot contain.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.allSatisfy(HTTPToken.isTokenCharacter) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) {
        self.rawValue = known
    }

    /// Creates a method from the bytes of a request line, reusing the common constants.
    init?(bytes: ArraySlice<UInt8>) {
        for known in [HTTPMethod.get, .post, .put, .head, .delete]
        where bytes.elementsEqual(known.rawValue.utf8) {
            self = known
            return
        }
        self.init(rawValue: String(decoding: bytes, as: UTF8.self))
    }

    public var description: String { rawValue }

    /// `GET`: transfer a representation of the target resource.
    public static let get = HTTPMethod(known: "GET")
    /// `HEAD`: like `GET`, but the response carries no body.
    public static let head = HTTPMethod(known: "HEAD")
    /// `POST`: process the enclosed representation.
    public static let post = HTTPMethod(known: "POST")
    /// `PUT`: replace the target resource with the enclosed representation.
    public static let put = HTTPMethod(known: "PUT")
    /// `DELETE`: remove the target resource.
    public static let delete = HTTPMethod(known: "DELETE")
    /// `PATCH`: apply partial modifications to the target resource.
    public static let patch = HTTPMethod(known: "PATCH")
    /// `OPTIONS`: describe the communication options for the target resource.
    public static let options = HTTPMethod(known: "OPTIONS")
}

/// Character classes of HTTP's grammar (RFC 9110, section 5.6.2).
enum HTTPToken {
    /// Whether `byte` may appear in a token (`tchar`).
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `byte` may appear in a header field value (visible characters, space, tab and
    /// obs-text; never CR, LF, NUL or other controls).
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }
}
