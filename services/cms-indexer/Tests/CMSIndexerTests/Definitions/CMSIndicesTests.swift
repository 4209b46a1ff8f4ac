import CMSIndexer
import ESModels
import Foundation
import Testing

/// The index definitions agree with es-models' document models, field for field.
@Suite struct CMSIndicesTests {
    private static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// One document of each model with every optional field set, so every key appears.
    static let samples: [IndexName: any SearchDocument] = [
        .assetflat: AssetFlat(
            uuid: "a-1", type: .episode, titles: ["en": "Heat"], descriptions: ["en": "A heist."],
            categories: ["c-1"], languages: ["en"], ratings: ["r-1"],
            licenseWindows: [
                LicenseWindow(
                    uuid: "lw-1", start: date, end: date, countries: ["KE"], subscriptionStatuses: ["active"],
                    type: .svod, isDownloadable: true)
            ], createdAt: date, updatedAt: date, seriesUUID: "s-1", seasonUUID: "season-1", seasonNumber: 1,
            episodeNumber: 3),
        .territories: Territory(code: "KE", name: "Kenya", isMain: true),
        .languages: Language(code: "en", name: "English", isMain: true),
        .categories: Category(uuid: "c-1", slug: "action", titles: ["en": "Action"], parentUUID: "c-0"),
        .ratings: Rating(
            uuid: "r-1", system: "KFCB", code: "PG", minimumAge: 10, isMain: true, territories: ["KE", "UG"]),
        .marketingPromos: MarketingPromo(
            uuid: "p-1", title: "Watch now", promoType: .editorial, territories: ["KE"], start: date,
            end: date,
            priority: 1),
        .sportsEvents: SportsEvent(
            uuid: "e-1", sport: "football", competition: "Cup", teams: ["A", "B"], start: date, end: date,
            territories: ["KE"]),
        .rows: PromotedRow(
            uuid: "row-1", slug: "picks", titles: ["en": "Picks"], kind: .query, platforms: ["tv"],
            minimumAPIMajor: 130, maximumAPIMajor: 140, territories: ["KE"], start: date, end: date,
            position: 1,
            assetUUIDs: ["a-1"],
            query: RowQuery(type: .movie, category: "c-1", language: "en", sport: "football", sort: .title),
            updatedAt: date),
    ]

    /// Leaf paths of a document (objects walked, arrays of objects walked, scalars recorded).
    private func documentPaths(_ value: JSONValue, prefix: String = "") -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        switch value {
        case .object(let members):
            for (key, member) in members {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                result.merge(documentPaths(member, prefix: path)) { first, _ in first }
            }
        case .array(let items):
            for item in items { result.merge(documentPaths(item, prefix: prefix)) { first, _ in first } }
        default:
            result[prefix] = value
        }
        return result
    }

    private func compatible(_ type: FieldType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.keyword, .string), (.text, .string), (.date, .string), (.boolean, .bool): true
        case (.integer, .int), (.long, .int): true
        default: false
        }
    }

    @Test(arguments: CMSIndices.names)
    func everyModelFieldIsMappedWithACompatibleTypeAndEveryMappedFieldIsInTheModel(index: IndexName) throws {
        let mapping = CMSIndices.mapping(for: index)
        let sample = try #require(Self.samples[index])
        let paths = documentPaths(try JSONValue(encoding: sample))
        var dynamicObjects: [String] = []
        for (path, field) in mapping.allFields where field.type.isObjectLike && field.dynamic == .true {
            dynamicObjects.append(path)
        }
        for (path, value) in paths {
            if dynamicObjects.contains(where: { path.hasPrefix("\($0).") }) { continue }
            let field = try #require(mapping.field(at: path), "\(index): model field '\(path)' is not mapped")
            #expect(compatible(field.type, value), "\(index): '\(path)' is \(field.type) but holds \(value)")
        }
        let leafMapped = mapping.allFields.filter { entry in
            !entry.mapping.type.isObjectLike
                && !mapping.allFields.contains { parent in
                    parent.mapping.fields.keys.contains { "\(parent.path).\($0)" == entry.path }
                }
        }
        for (path, _) in leafMapped {
            #expect(paths[path] != nil, "\(index): mapped field '\(path)' is not in the model")
        }
    }

    @Test(arguments: CMSIndices.names)
    func rootsAreStrictAndDateDetectionIsOff(index: IndexName) {
        let mapping = CMSIndices.mapping(for: index)
        #expect(mapping.dynamic == .strict)
        #expect(mapping.parameters["date_detection"] == false)
        for (path, field) in mapping.allFields where field.type.isObjectLike {
            #expect(
                field.dynamic == .strict || ["titles", "descriptions"].contains(path),
                "\(index): object '\(path)' should be strict")
        }
    }

    @Test func definitionsRoundTripThroughTheirCanonicalJSON() throws {
        for (index, definition) in CMSIndices.all {
            let parsed = try IndexDefinition(json: JSONValue(parsing: definition.canonicalJSON))
            #expect(MappingDiff(from: parsed, to: definition).isEmpty, "\(index)")
            #expect(parsed.canonicalJSON == definition.canonicalJSON)
        }
    }
}

/// The fast `_source` writer agrees with the models' `Codable` encoding.
@Suite struct DocumentSourceJSONTests {
    @Test(arguments: CMSIndices.names)
    func sourceJSONEqualsTheCodableEncoding(index: IndexName) throws {
        let sample = try #require(CMSIndicesTests.samples[index] as? any DocumentSourceJSON)
        #expect(sample.sourceJSON == (try JSONValue(encoding: sample)))
    }

    @Test func aCategoryWithoutParentLeavesTheKeyOut() throws {
        let category = Category(uuid: "c", slug: "s", titles: [:])
        #expect(category.sourceJSON == (try JSONValue(encoding: category)))
        #expect(category.sourceJSON["parent_uuid"] == nil)
    }

    @Test func anAssetOutsideASeriesLeavesTheSeriesKeysOut() throws {
        guard var movie = CMSIndicesTests.samples[.assetflat] as? AssetFlat else {
            Issue.record("the assetflat sample is not an AssetFlat")
            return
        }
        movie.type = .movie
        (movie.seriesUUID, movie.seasonUUID, movie.seasonNumber, movie.episodeNumber) = (nil, nil, nil, nil)
        #expect(movie.sourceJSON == (try JSONValue(encoding: movie)))
        #expect(movie.sourceJSON["series_uuid"] == nil)
        #expect(movie.sourceJSON["episode_number"] == nil)
    }

    @Test func datesWithMillisecondsAgree() throws {
        let date = Date(epochMillis: 1_700_000_000_123)
        let window = LicenseWindow(
            uuid: "w", start: date, end: date, countries: [], subscriptionStatuses: [], type: .avod,
            isDownloadable: false)
        #expect(window.sourceJSON == (try JSONValue(encoding: window)))
    }
}
