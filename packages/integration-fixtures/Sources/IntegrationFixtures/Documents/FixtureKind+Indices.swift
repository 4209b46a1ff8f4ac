import ESModels

extension FixtureKind {
    /// `assetflat` documents; default: ``Fixtures/assetflat(position:uuid:)``, ids `uuid-1`,
    /// `uuid-2`...; license windows default to ``Fixtures/licenseWindow(assetUUID:position:)``.
    public static let assetflat = FixtureKind(
        index: IndexName.assetflat.rawValue, idField: "uuid",
        elementDefaults: [
            "license_windows": { document, position in
                Fixtures.licenseWindow(
                    assetUUID: document["uuid"]?.stringValue ?? "asset", position: position)
            }
        ]
    ) { position, override in
        Fixtures.assetflat(position: position, uuid: override["uuid"]?.stringValue)
    }

    /// `territories` documents; the name and `is_main` follow the code for known territories.
    public static let territory = FixtureKind(
        index: IndexName.territories.rawValue, idField: "code", defaultDocument: Fixtures.territoryDocument)

    /// `languages` documents; the name and `is_main` follow the code for known languages.
    public static let language = FixtureKind(
        index: IndexName.languages.rawValue, idField: "code", defaultDocument: Fixtures.languageDocument)

    /// `categories` documents; slug, titles and parent follow the uuid for known categories.
    public static let category = FixtureKind(
        index: IndexName.categories.rawValue, idField: "uuid", defaultDocument: Fixtures.categoryDocument)

    /// `ratings` documents; system, code and age follow the uuid for known ratings.
    public static let rating = FixtureKind(
        index: IndexName.ratings.rawValue, idField: "uuid", defaultDocument: Fixtures.ratingDocument)

    /// `marketing_promos` documents; default: ``Fixtures/promo(position:)``.
    public static let promo = FixtureKind(
        index: IndexName.marketingPromos.rawValue, idField: "uuid"
    ) { position, _ in Fixtures.promo(position: position) }

    /// `sports_events` documents; default: ``Fixtures/sportsEvent(position:)``.
    public static let sportsEvent = FixtureKind(
        index: IndexName.sportsEvents.rawValue, idField: "uuid"
    ) { position, _ in Fixtures.sportsEvent(position: position) }

    /// `rows` documents; default: ``Fixtures/row(position:)``, a curated row of `uuid-1` to
    /// `uuid-3` showing now everywhere.
    public static let row = FixtureKind(
        index: IndexName.rows.rawValue, idField: "uuid"
    ) { position, _ in Fixtures.row(position: position) }
}
