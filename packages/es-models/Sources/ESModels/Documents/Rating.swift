/// An age rating of a rating system: the `ratings` document.
public struct Rating: SearchDocument {
    public static let indexName = IndexName.ratings

    /// The rating's id, also the document id (`uuid`).
    public var uuid: String
    /// The rating system (`system`: `MPAA`, `FSK`, ...).
    public var system: String
    /// The rating's code in its system (`code`: `PG-13`).
    public var code: String
    /// The youngest age it allows (`minimum_age`).
    public var minimumAge: Int
    /// Whether it is one of the main ratings (`is_main`).
    public var isMain: Bool

    /// Creates a rating.
    public init(uuid: String, system: String, code: String, minimumAge: Int, isMain: Bool) {
        self.uuid = uuid
        self.system = system
        self.code = code
        self.minimumAge = minimumAge
        self.isMain = isMain
    }

    public var documentID: String { uuid }

    enum CodingKeys: String, CodingKey {
        case uuid, system, code
        case minimumAge = "minimum_age"
        case isMain = "is_main"
    }
}
