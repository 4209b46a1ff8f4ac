import Foundation

extension KeyedDecodingContainer {
    /// Decodes a date the way Elasticsearch's default format reads it: an ISO 8601 string
    /// (`2024-01-01`, `2024-01-01T10:00:00Z`, with offset or fraction) or epoch
    /// milliseconds, whatever the decoder's own date strategy.
    func decodeDate(forKey key: Key) throws -> Date {
        if let millis = try? decode(Int.self, forKey: key) {
            return Date(epochMillis: millis)
        }
        let text = try decode(String.self, forKey: key)
        guard let date = ISODate.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "'\(text)' is not a date in strict_date_optional_time or epoch_millis format")
        }
        return date
    }
}

extension KeyedEncodingContainer {
    /// Encodes a date as `2024-01-01T10:00:00Z` (milliseconds only when non-zero), whatever
    /// the encoder's own date strategy.
    mutating func encodeDate(_ date: Date, forKey key: Key) throws {
        try encode(ISODate.string(from: date), forKey: key)
    }
}
