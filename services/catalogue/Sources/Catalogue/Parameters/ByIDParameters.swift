import Foundation
import HTTPKit

/// `GET /catalogue/by_id?id[]=uuid-1,uuid-2&content_country=KE`.
public struct ByIDParameters: Sendable, Equatable {
    /// The most ids one request may ask for.
    public static let maximumIDs = 100

    /// The ids, in request order, without repeats.
    public var ids: [String]
    /// Where the assets must be licensed now; `nil` means anywhere.
    public var country: CountryCode?

    /// Creates parameters.
    public init(ids: [String], country: CountryCode?) {
        self.ids = ids
        self.country = country
    }

    /// Reads `id` / `id[]` (comma-separated, repeatable) and `content_country`.
    ///
    /// - Throws: ``CatalogueError`` for a missing or malformed list, more than 100 ids, or a
    ///   malformed country.
    public init(query: QueryItems) throws {
        let raw = query.values("id")
        guard !raw.isEmpty else { throw CatalogueError.missingParameter("id") }
        var ids: [String] = []
        var seen: Set<String> = []
        for value in raw {
            for (position, element) in Self.elements(of: value).enumerated() {
                let id = element.trimmingHTTPWhitespace()
                guard !id.isEmpty else {
                    throw CatalogueError.malformedIDList("empty id at position \(position + 1) of '\(value)'")
                }
                guard Identifier.isValid(id) else {
                    throw CatalogueError.malformedIDList("'\(id)' is not an id: ids are \(Identifier.shape)")
                }
                if seen.insert(id).inserted { ids.append(id) }
            }
        }
        guard ids.count <= Self.maximumIDs else {
            throw CatalogueError.tooManyIDs(count: ids.count, limit: Self.maximumIDs)
        }
        self.init(ids: ids, country: try query.country("content_country"))
    }

    /// The comma-separated elements of `value`. An ASCII list is split on its bytes, which is
    /// several times cheaper than splitting on `Character`s (grapheme breaking) and gives the
    /// same elements; anything else keeps the `Character` split, where a combining mark after a
    /// comma belongs to it.
    static func elements(of value: String) -> [String] {
        guard value.utf8.allSatisfy({ $0 < 0x80 }) else {
            return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
