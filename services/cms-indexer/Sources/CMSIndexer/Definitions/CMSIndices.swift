import ESModels

/// The index definitions: the source of truth for every index the services read.
///
/// Each definition is what the indexer creates (settings and mapping) and what
/// `cms-indexer mappings sync` writes to `packages/integration-fixtures/Mappings/<index>.json`.
/// Every mapping matches its es-models document model field for field; roots and
/// license windows are `dynamic: strict`, so a misspelled field is refused instead of
/// silently mapped. Only the maps keyed by language code (`titles`, `descriptions`) are
/// `dynamic: true`, because their keys are data; `date_detection` is off so that a title
/// such as "2012" or "1917-11-07" stays text.
///
/// ```swift
/// let definition = CMSIndices.definition(for: .assetflat)
/// _ = try await backend.createIndex("assetflat-20240101120000000", definition: definition)
/// ```
public enum CMSIndices {
    /// The indices, in the order the indexer builds them (reference data first).
    public static let names: [IndexName] = [
        .territories, .languages, .categories, .ratings, .assetflat, .marketingPromos, .sportsEvents, .rows,
    ]

    /// Every definition, by index name.
    public static var all: [IndexName: IndexDefinition] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, definition(for: $0)) })
    }

    /// The definition of one index, its version recorded in the mapping's `_meta`
    /// (`{"cms_indexer": {"definition": "<version>"}}`), so that an index built or updated from
    /// it says which definition it carries.
    public static func definition(for index: IndexName) -> IndexDefinition {
        var definition = IndexDefinition(settings: settings, mappings: mapping(for: index))
        definition.mappings.meta = versionMeta(version(of: definition))
        return definition
    }

    /// The version of a definition: FNV-1a (64 bits, hexadecimal) of its canonical JSON without
    /// `_meta`, so it changes exactly when its settings or mapping do.
    public static func version(of definition: IndexDefinition) -> String {
        var bare = definition
        bare.mappings.meta = nil
        return FNV1a(bare.canonicalJSON.utf8).hexDigest
    }

    /// The definition version an index's mapping records, if it records one.
    public static func recordedVersion(in mapping: Mapping) -> String? {
        mapping.meta?["cms_indexer"]?["definition"]?.stringValue
    }

    /// The `_meta` that records a definition version.
    static func versionMeta(_ version: String) -> [String: JSONValue] {
        ["cms_indexer": ["definition": .string(version)]]
    }

    /// Settings shared by every index: one primary shard (our indices are small, and a single
    /// shard keeps relevance scores identical on every cluster) and a replica whenever the
    /// cluster has a second node.
    public static let settings = IndexSettings(
        numberOfShards: 1, other: ["auto_expand_replicas": "0-1"])

    /// The mapping of one index.
    public static func mapping(for index: IndexName) -> Mapping {
        var mapping: Mapping
        switch index {
        case .assetflat: mapping = assetflat
        case .territories: mapping = territories
        case .languages: mapping = languages
        case .categories: mapping = categories
        case .ratings: mapping = ratings
        case .marketingPromos: mapping = marketingPromos
        case .sportsEvents: mapping = sportsEvents
        case .rows: mapping = rows
        }
        mapping.parameters["date_detection"] = false
        return mapping
    }

    static var assetflat: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("type")
            Property.object("titles", dynamic: .true) {}
            Property.object("descriptions", dynamic: .true) {}
            Property.keyword("categories")
            Property.keyword("languages")
            Property.keyword("ratings")
            Property.nested("license_windows", dynamic: .strict) {
                Property.keyword("uuid")
                Property.date("start")
                Property.date("end")
                Property.keyword("countries")
                Property.keyword("subscription_statuses")
                Property.keyword("type")
                Property.boolean("is_downloadable")
            }
            Property.date("created_at")
            Property.date("updated_at")
            Property.keyword("series_uuid")
            Property.keyword("season_uuid")
            Property.integer("season_number")
            Property.integer("episode_number")
        }
    }

    static var territories: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("code")
            Property.keyword("name")
            Property.boolean("is_main")
        }
    }

    static var languages: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("code")
            Property.keyword("name")
            Property.boolean("is_main")
        }
    }

    static var categories: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("slug")
            Property.object("titles", dynamic: .true) {}
            Property.keyword("parent_uuid")
        }
    }

    static var ratings: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("system")
            Property.keyword("code")
            Property.integer("minimum_age")
            Property.boolean("is_main")
            Property.keyword("territories")
        }
    }

    static var marketingPromos: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.text("title") { Property.keyword("keyword", ignoreAbove: 256) }
            Property.keyword("promo_type")
            Property.keyword("territories")
            Property.date("start")
            Property.date("end")
            Property.integer("priority")
        }
    }

    static var sportsEvents: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("sport")
            Property.keyword("competition")
            Property.text("teams") { Property.keyword("keyword", ignoreAbove: 256) }
            Property.date("start")
            Property.date("end")
            Property.keyword("territories")
        }
    }

    static var rows: Mapping {
        Mapping(dynamic: .strict) {
            Property.keyword("uuid")
            Property.keyword("slug")
            Property.object("titles", dynamic: .true) {}
            Property.keyword("kind")
            Property.keyword("platforms")
            Property.integer("min_api_major")
            Property.integer("max_api_major")
            Property.keyword("territories")
            Property.date("start")
            Property.date("end")
            Property.integer("position")
            Property.keyword("asset_uuids")
            Property.object("query", dynamic: .strict) {
                Property.keyword("type")
                Property.keyword("category")
                Property.keyword("language")
                Property.keyword("sport")
                Property.keyword("sort")
            }
            Property.date("updated_at")
        }
    }
}
