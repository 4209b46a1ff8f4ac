import Foundation

/// The JSON encoder and decoder HTTPKit uses when none is given.
public enum JSONCoding {
    /// A new encoder with sorted keys and unescaped slashes, so that output is stable and
    /// byte-for-byte comparable in tests.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A new decoder with Foundation's defaults.
    public static func makeDecoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// The `Content-Type` value of JSON bodies.
    public static let contentType = "application/json; charset=utf-8"
}
