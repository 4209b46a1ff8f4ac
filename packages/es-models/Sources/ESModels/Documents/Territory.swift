/// A country the service is offered in: the `territories` document.
public struct Territory: SearchDocument {
    public static let indexName = IndexName.territories

    /// ISO 3166-1 alpha-2 code, also the document id (`code`: `KE`).
    public var code: String
    /// English name (`name`).
    public var name: String
    /// Whether it is one of the main territories (`is_main`).
    public var isMain: Bool

    /// Creates a territory.
    public init(code: String, name: String, isMain: Bool) {
        self.code = code
        self.name = name
        self.isMain = isMain
    }

    public var documentID: String { code }

    enum CodingKeys: String, CodingKey {
        case code, name
        case isMain = "is_main"
    }
}
