/// FNV-1a, 64 bits: a fast, stable, non-cryptographic hash of bytes, the same on every
/// platform and in every process (unlike `Hasher`, which is seeded per process).
///
/// For identifiers and tags that must not change between runs (an HTTP entity tag, an index
/// definition's version, a stable node id); never for anything a forger must not match.
///
/// ```swift
/// var hash = FNV1a()
/// hash.combine("assetflat".utf8)
/// hash.hexDigest  // "…" (16 hexadecimal digits)
/// ```
public struct FNV1a: Sendable, Equatable {
    @usableFromInline
    var state: UInt64

    /// The hash so far.
    public var value: UInt64 { state }

    /// A hash of nothing yet.
    @inlinable
    public init() {
        state = 0xcbf2_9ce4_8422_2325
    }

    /// The hash of `bytes`.
    @inlinable
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.init()
        combine(bytes)
    }

    /// Adds `bytes` to the hash.
    @inlinable
    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    /// The hash as 16 lowercase hexadecimal digits.
    public var hexDigest: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
