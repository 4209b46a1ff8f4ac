import Foundation

extension JSONValue {
    /// The canonical text: sorted keys, two-space indentation, stable number formatting and
    /// a trailing newline. Two equal values always give the same bytes, so files written
    /// this way can be compared byte for byte.
    ///
    /// ```swift
    /// let text = JSONValue(["b": 1, "a": [true]]).canonicalString
    /// // {
    /// //   "a": [
    /// //     true
    /// //   ],
    /// //   "b": 1
    /// // }
    /// ```
    public var canonicalString: String {
        String(decoding: JSONWriter.write(self, style: .canonical), as: UTF8.self)
    }

    /// The canonical text as UTF-8 data; see ``canonicalString``.
    public var canonicalData: Data {
        Data(JSONWriter.write(self, style: .canonical))
    }

    /// The compact text (no whitespace, sorted keys), as sent on the wire.
    public var compactString: String {
        String(decoding: JSONWriter.write(self, style: .compact), as: UTF8.self)
    }

    /// The compact text as UTF-8 data; see ``compactString``.
    public var compactData: Data {
        Data(JSONWriter.write(self, style: .compact))
    }

    /// The compact text as UTF-8 bytes; see ``compactString``.
    public var compactBytes: [UInt8] {
        JSONWriter.write(self, style: .compact)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { compactString }
}
