/// A content language: the `languages` document.
public struct Language: SearchDocument {
    public static let indexName = IndexName.languages

    /// ISO 639-1 code, also the document id (`code`: `en`).
    public var code: String
    /// English name (`name`).
    public var name: String
    /// Whether it is one of the main languages (`is_main`).
    public var isMain: Bool

    /// Creates a language.
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
