import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// `mappings check --es/--data`, `mappings apply` and `index --if-needed` against the embedded
/// engine, in process and through its Elasticsearch REST facade on loopback.
@Suite struct LiveMappingTests {
    /// The definitions an older indexer wrote: assetflat without the episode fields, the promos'
    /// title without its `keyword` sub-field; each records its own version.
    static var olderDefinitions: [IndexName: IndexDefinition] {
        var all = CMSIndices.all
        var assetflat = CMSIndices.definition(for: .assetflat)
        for name in ["season_number", "episode_number"] { assetflat.mappings.properties[name] = nil }
        var promos = CMSIndices.definition(for: .marketingPromos)
        promos.mappings.properties["title"]?.fields = [:]
        all[.assetflat] = recordingItsVersion(assetflat)
        all[.marketingPromos] = recordingItsVersion(promos)
        return all
    }

    static func recordingItsVersion(_ definition: IndexDefinition) -> IndexDefinition {
        var definition = definition
        definition.mappings.meta = [
            "cms_indexer": ["definition": .string(CMSIndices.version(of: definition))]
        ]
        return definition
    }

    private func serve<Result>(
        _ engine: EmbeddedSearchBackend, _ body: (String) async throws -> Result
    ) async throws -> Result {
        let application = ElasticsearchFacade(backend: engine).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        return try await application.withLiveServer { server in try await body(server.address.httpURL) }
    }

    @Test func aFreshRunIsInSyncAndTitlesKeyedByLanguageAreData() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 3)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            _ = try await IndexerFixture.indexer(engine, path: path).run()
            let report = await LiveMappingCheck(backend: engine).run()
            #expect(report.exitCode == 0, "\(report.text(store: ""))")
            let assetflat = try #require(report.entries.first { $0.index == .assetflat }?.concrete.first)
            #expect(assetflat.dataKeys.contains("titles.en"))
            #expect(
                assetflat.recordedVersion == CMSIndices.version(of: CMSIndices.definition(for: .assetflat)))
        }
    }

    @Test func fieldsAddedByADocumentOrAPutMappingAreNamedAndApplyRefusesThem() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 2)
            let data = directory.appendingPathComponent("data")
            let run = await CommandRun.run(
                ["index", "--db", path, "--data", "data"], in: directory, clock: IndexerFixture.clock())
            #expect(run.code == 0, "\(run.errors)")
            let engine = try await IndexerFixture.reopen(data)
            // An index that once accepted new fields, and a document that carried one.
            _ = try await engine.putMapping("ratings", mapping: Mapping(dynamic: .true))
            _ = try await engine.index(
                "ratings", id: "extra", document: ["uuid": "extra", "director": "Ann"], refresh: .immediate)
            // An operator's manual put-mapping on a strict index.
            _ = try await engine.putMapping(
                "marketing_promos", mapping: Mapping { Property.keyword("operator_note") })
            let before = try await engine.getMapping("ratings,marketing_promos")
            try engine.close()

            let check = await CommandRun.run(
                ["mappings", "check", "--data", "data"], in: directory, clock: IndexerFixture.clock())
            #expect(check.code == 1)
            #expect(
                check.output.hasPrefix("live mappings drift: 2 of 8 indices differ from the definitions\n"))
            #expect(
                check.output.contains(
                    "  [breaking] director: in the live index, not in the definition (text), added by dynamic mapping (a document carried it)\n"
                ))
            #expect(
                check.output.contains(
                    "  [breaking] operator_note: in the live index, not in the definition (keyword), added by a put-mapping or when the index was created\n"
                ))
            #expect(
                check.output.contains(
                    "  [additive] _root: [dynamic] is true in the live index, \"strict\" in the definition\n")
            )
            #expect(check.output.contains("  cms-indexer index --db <database> --data data\n"))

            let apply = await CommandRun.run(
                ["mappings", "apply", "--data", "data"], in: directory, clock: IndexerFixture.clock())
            #expect(apply.code == 1)
            #expect(
                apply.errors.contains(
                    "nothing applied: these differences need a full 'cms-indexer index' run"))
            #expect(apply.errors.contains(": [breaking] director: in the live index"))
            let reopened = try await IndexerFixture.reopen(data)
            #expect(try await reopened.getMapping("ratings,marketing_promos") == before)
            try reopened.close()
        }
    }

    @Test func anAdditiveDefinitionChangeIsAppliedInPlaceOverHTTP() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 3)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            _ = try await IndexerFixture.indexer(engine, path: path, definitions: Self.olderDefinitions).run()
            let live = try await engine.indices(forAlias: "marketing_promos")
            try await serve(engine) { url in
                let check = await CommandRun.run(
                    ["mappings", "check", "--es", url], in: directory, clock: IndexerFixture.clock())
                #expect(check.code == 1)
                #expect(check.output.hasPrefix("live mappings drift: 2 of 8 indices differ"))
                #expect(
                    check.output.contains(
                        "  [additive] season_number: in the definition, not in the live index (integer)\n"))
                #expect(
                    check.output.contains(
                        "  [additive] title.keyword: in the definition, not in the live index (keyword)\n"))
                #expect(check.output.contains("every difference is additive: to apply them in place"))
                #expect(check.output.contains("  cms-indexer mappings apply --es \(url)\n"))

                let dryRun = await CommandRun.run(
                    ["mappings", "apply", "--es", url, "--dry-run"], in: directory,
                    clock: IndexerFixture.clock())
                #expect(dryRun.code == 0, "\(dryRun.errors)")
                #expect(dryRun.output.contains("PUT /\(live[0])/_mapping\n{"))
                #expect(dryRun.errors.contains("dry run: 2 requests printed, none sent"))
                let unchanged = await CommandRun.run(
                    ["mappings", "check", "--es", url], in: directory, clock: IndexerFixture.clock())
                #expect(unchanged.code == 1)

                let apply = await CommandRun.run(
                    ["mappings", "apply", "--es", url], in: directory, clock: IndexerFixture.clock())
                #expect(apply.code == 0, "\(apply.output)\(apply.errors)")
                #expect(apply.output.contains("applied to '\(live[0])': 2 changes\n"))
                #expect(apply.output.hasSuffix("live mappings in sync: 8 indices match their definitions\n"))
                let after = await CommandRun.run(
                    ["mappings", "check", "--es", url, "--format", "github"], in: directory,
                    clock: IndexerFixture.clock())
                #expect(after.code == 0)
                #expect(after.output == "live mappings in sync: 8 indices match their definitions\n")
            }
            #expect(try await engine.indices(forAlias: "marketing_promos") == live)
            let mapping = try #require(try await engine.getMapping("marketing_promos").single?.mapping)
            #expect(
                CMSIndices.recordedVersion(in: mapping)
                    == CMSIndices.version(of: CMSIndices.definition(for: .marketingPromos)))
        }
    }

    @Test func indexIfNeededAppliesAdditiveChangesRewritesCarriersAndRebuildsOnlyBrokenIndices() async throws
    {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 3)
            var older = Self.olderDefinitions
            var ratings = CMSIndices.definition(for: .ratings)
            ratings.mappings.properties["minimum_age"] = FieldMapping(type: .keyword)
            older[.ratings] = Self.recordingItsVersion(ratings)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            _ = try await IndexerFixture.indexer(engine, path: path, definitions: older).run()
            let promos = try await engine.indices(forAlias: "marketing_promos")
            let oldRatings = try await engine.indices(forAlias: "ratings")
            let ratingsMapping = try await engine.getMapping("ratings")
            try await serve(engine) { url in
                // A type change is breaking: apply changes nothing anywhere and names the field.
                let refused = await CommandRun.run(
                    ["mappings", "apply", "--es", url], in: directory, clock: IndexerFixture.clock())
                #expect(refused.code == 1)
                #expect(
                    refused.errors.contains(
                        "  \(oldRatings[0]): [breaking] minimum_age: type is [keyword] in the live index, [integer] in the definition\n"
                    ))
                let ratingsNow = try await engine.getMapping("ratings")
                let promosNow = try await engine.getMapping("marketing_promos")
                #expect(ratingsNow == ratingsMapping)
                #expect(promosNow.single?.mapping.field(at: "title.keyword") == nil)

                let run = await CommandRun.run(
                    ["index", "--db", path, "--es", url, "--if-needed"], in: directory,
                    clock: IndexerFixture.clock(minutes: 1))
                #expect(run.code == 0, "\(run.output)\(run.errors)")
                #expect(run.output.contains("territories: in sync with its definition: left as it is\n"))
                #expect(run.output.contains("ratings: breaking changes (minimum_age): full run\n"))
                #expect(
                    run.output.contains(
                        "marketing_promos: additive changes only: 2 applied in place to '\(promos[0])'\n"))
                #expect(
                    run.output.contains(
                        "marketing_promos: incremental pass: 1 of 1 documents carry title and were written again\n"
                    ))
                #expect(
                    run.output.contains(
                        "assetflat: incremental pass: 0 of 3 documents carry episode_number, season_number and were written again\n"
                    ))
                let check = await CommandRun.run(
                    ["mappings", "check", "--es", url], in: directory, clock: IndexerFixture.clock())
                #expect(check.code == 0, "\(check.output)")
            }
            #expect(try await engine.indices(forAlias: "marketing_promos") == promos)
            #expect(try await engine.indices(forAlias: "ratings") != oldRatings)
            let found = try await engine.search(
                "marketing_promos", request: SearchRequest(query: .term("title.keyword", "Watch now")))
            #expect(found.hits.hits.map(\.id) == ["promo-1"])
        }
    }

    @Test func aClusterThatIsDownExitsTwo() async throws {
        try await withTemporaryDirectory { directory in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let url = try await serve(engine) { url in url }
            let check = await CommandRun.run(
                ["mappings", "check", "--es", url], in: directory, clock: IndexerFixture.clock())
            #expect(check.code == 2)
            #expect(
                check.output.hasPrefix("cannot check the live mappings: 8 of 8 indices could not be read\n"))
            #expect(check.output.contains("\nterritories: error: the cluster does not answer: "))
            #expect(
                check.output.contains(
                    "\nassetflat: error: not asked: the cluster did not answer for 'territories'\n"))
            let apply = await CommandRun.run(
                ["mappings", "apply", "--es", url], in: directory, clock: IndexerFixture.clock())
            #expect(apply.code == 2)
            let missing = await CommandRun.run(
                ["mappings", "check", "--data", "nowhere"], in: directory, clock: IndexerFixture.clock())
            #expect(missing.code == 64)
            #expect(missing.errors.contains("expected an existing data directory of the embedded engine"))
        }
    }
}
