import ESModels
import HTTPKit

/// `GET /catalogue/search?q=river&content_country=KE&type=movie&start=0&num=20` (or `cursor=..` for `start`).
public struct SearchParameters: Sendable, Equatable {
    /// The longest query text.
    public static let maximumLength = 200
    /// The shortest query text: one character would match most titles.
    public static let minimumLength = 2
    /// The page size when `num` is absent.
    public static let defaultPageSize = 20

    /// The words to find in titles (the last one may be the start of a word).
    public var text: String
    /// Asset types to keep; empty keeps every type.
    public var types: [AssetFlat.AssetType]
    /// Where the assets must be licensed now; `nil` means anywhere.
    public var country: CountryCode?
    /// The page.
    public var paging: Paging

    /// Creates parameters.
    public init(
        text: String, types: [AssetFlat.AssetType] = [], country: CountryCode? = nil,
        paging: Paging = Paging(num: defaultPageSize)
    ) {
        self.text = text
        self.types = types
        self.country = country
        self.paging = paging
    }

    /// Reads the parameters.
    ///
    /// - Throws: ``CatalogueError`` for a missing, one-character or too long `q`, or bad filters.
    public init(query: QueryItems) throws {
        guard let text = query.trimmed("q") else { throw CatalogueError.missingParameter("q") }
        guard text.unicodeScalars.count >= Self.minimumLength else {
            throw CatalogueError.invalidParameter(
                name: "q", value: text,
                expected: "must be at least \(Self.minimumLength) characters; send more of the title")
        }
        guard text.unicodeScalars.count <= Self.maximumLength else {
            throw CatalogueError.invalidParameter(
                name: "q", value: String(text.prefix(20)) + "…",
                expected: "must be at most \(Self.maximumLength) characters")
        }
        self.init(
            text: text, types: try query.choices("type", of: AssetFlat.AssetType.self),
            country: try query.country("content_country"),
            paging: try Paging(query: query, defaultSize: Self.defaultPageSize))
    }
}
