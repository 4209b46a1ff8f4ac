/// An HTTP protocol version such as `HTTP/1.1`.
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version number.
    public var major: Int
    /// The minor version number.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.0`.
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// `HTTP/1.1`.
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// The protocol string, for example `HTTP/1.1`.
    public var description: String { "HTTP/\(major).\(minor)" }
}
