import ESModels
import Synchronization
import TimeKit

/// Whether the store's indices have the mappings the catalogue was built against: every field
/// it filters, sorts or searches on exists with the type of the synced mapping copy
/// (`packages/integration-fixtures/Mappings`, checked against ``requirements`` by a test).
///
/// A `text` field where the catalogue expects `keyword` makes the store refuse term filters and
/// sorts; the catalogue answers 503 with this reason logged instead of a 500.
public final class MappingCompatibility: Sendable {
    /// The fields the catalogue's queries use, by index, with the type each must have.
    public static let requirements: [IndexName: [String: FieldType]] = [
        .assetflat: [
            "uuid": .keyword, "type": .keyword, "categories": .keyword, "languages": .keyword,
            "series_uuid": .keyword, "created_at": .date, "updated_at": .date, "season_number": .integer,
            "episode_number": .integer, "license_windows": .nested, "license_windows.countries": .keyword,
            "license_windows.start": .date, "license_windows.end": .date,
        ],
        .categories: ["uuid": .keyword, "slug": .keyword, "parent_uuid": .keyword],
        .languages: ["code": .keyword, "is_main": .boolean],
        .marketingPromos: [
            "uuid": .keyword, "promo_type": .keyword, "territories": .keyword, "start": .date, "end": .date,
            "priority": .integer,
        ],
        .ratings: [
            "uuid": .keyword, "system": .keyword, "code": .keyword, "minimum_age": .integer,
            "is_main": .boolean,
            "territories": .keyword,
        ],
        .sportsEvents: [
            "uuid": .keyword, "sport": .keyword, "competition": .keyword, "territories": .keyword,
            "start": .date,
            "end": .date,
        ],
        .territories: ["code": .keyword, "is_main": .boolean],
        .rows: [
            "uuid": .keyword, "slug": .keyword, "kind": .keyword, "platforms": .keyword,
            "territories": .keyword, "min_api_major": .integer, "max_api_major": .integer, "start": .date,
            "end": .date, "position": .integer,
        ],
    ]

    /// What is wrong with `mapping` for `index`, or `nil` when the catalogue can read it: one
    /// line per field, in the words of every drift report (`[breaking] system: type is [text] in
    /// the live index, [keyword] in the catalogue's mapping`; `mappings check --es` says the same).
    public static func problem(in mapping: Mapping, for index: IndexName) -> String? {
        var problems: [String] = []
        for (path, expected) in (requirements[index] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let field = mapping.field(at: path) else {
                problems.append(
                    MappingChange(
                        path: path, kind: .fieldAdded(FieldMapping(type: expected)), impact: .additive
                    )
                    .liveDescription(reference: "the catalogue's mapping"))
                continue
            }
            let compatible = field.type == expected || (field.type.isNumeric && expected.isNumeric)
            if !compatible {
                problems.append(
                    MappingChange(
                        path: path, kind: .typeChanged(from: field.type, to: expected), impact: .breaking
                    )
                    .liveDescription(reference: "the catalogue's mapping"))
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    private struct Checked {
        var problem: String?
        var at: ContinuousClock.Instant
    }

    private let clock: MonotonicClock
    private let lifetime: Duration
    private let checked = Mutex<[IndexName: Checked]>([:])

    /// Creates a checker that trusts a verdict for `lifetime`.
    init(clock: MonotonicClock, lifetime: Duration = .seconds(10)) {
        self.clock = clock
        self.lifetime = lifetime
    }

    /// What is wrong with `index`'s mapping in the store, or `nil` when it is compatible or
    /// cannot be read now (the caller's own error then stands).
    func problem(_ index: IndexName, backend: any SearchBackend, indices: CatalogueIndices) async -> String? {
        let now = clock.now()
        if let cached = checked.withLock({ $0[index] }), now - cached.at < lifetime { return cached.problem }
        guard let response = try? await backend.getMapping(indices.name(index)) else { return nil }
        let problem = Self.problem(in: response, for: index)
        checked.withLock { $0[index] = Checked(problem: problem, at: now) }
        return problem
    }

    /// What is wrong with the mappings of every concrete index behind an alias.
    public static func problem(in response: GetMappingResponse, for index: IndexName) -> String? {
        let problems = response.mappings.sorted(by: { $0.key < $1.key }).compactMap { name, mapping in
            problem(in: mapping, for: index).map { "index '\(name)': \($0)" }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
