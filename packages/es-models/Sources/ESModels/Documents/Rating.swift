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
    /// ISO 3166-1 alpha-2 codes of the territories where its system applies (`territories`).
    ///
    /// A document written before the field existed reads as `[]`: valid nowhere until the
    /// index is rebuilt, which is what a territory filter should say of it.
    public var territories: [String]

    /// Creates a rating.
    public init(
        uuid: String, system: String, code: String, minimumAge: Int, isMain: Bool, territories: [String] = []
    ) {
        self.uuid = uuid
        self.system = system
        self.code = code
        self.minimumAge = minimumAge
        self.isMain = isMain
        self.territories = territories
    }

    public var documentID: String { uuid }

    /// Whether its system applies in `territory`.
    public func isValid(in territory: String) -> Bool {
        territories.contains(territory)
    }

    enum CodingKeys: String, CodingKey {
        case uuid, system, code, territories
        case minimumAge = "minimum_age"
        case isMain = "is_main"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            uuid: try container.decode(String.self, forKey: .uuid),
            system: try container.decode(String.self, forKey: .system),
            code: try container.decode(String.self, forKey: .code),
            minimumAge: try container.decode(Int.self, forKey: .minimumAge),
            isMain: try container.decode(Bool.self, forKey: .isMain),
            territories: try container.decodeIfPresent([String].self, forKey: .territories) ?? [])
    }
}
