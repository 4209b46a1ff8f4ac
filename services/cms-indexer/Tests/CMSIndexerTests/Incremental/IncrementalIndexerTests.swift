import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing

/// Incremental indexing on both databases: only what changed, written to the live indices,
/// positions recorded after the store acknowledged, nothing lost across failures.
@Suite struct IncrementalIndexerTests {
    /// The title of an assetflat document in the live index.
    static func title(_ engine: EmbeddedSearchBackend, _ id: String) async throws -> String? {
        try await engine.getDocument("assetflat", id: id).source?["titles"]?["en"]?.stringValue
    }

    @Test(arguments: TestDatabase.available)
    func onlyWhatChangedIsWrittenAndDeletedAfterAFullBuild(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: IndexerFixture.sql(movies: 8)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location)
            let full = try await Indexer(backend: engine, configuration: configuration).run()
            #expect(full.succeeded)
            try CMSFixture.execute(
                """
                UPDATE asset_localizations SET title = 'Heat' WHERE asset_uuid = 'movie-0002';
                DELETE FROM assets WHERE uuid = 'movie-0003';
                \(CMSFixture.movieSQL("movie-0099", title: "New"))
                UPDATE territories SET name = 'Kenya (KE)' WHERE code = 'KE';
                """, on: location)
            let incremental = try IncrementalIndexer(backend: engine, configuration: configuration)
            let report = try await incremental.catchUp()
            #expect(report.succeeded)
            #expect(report.changes == 4)
            #expect(report.upserted == 3)
            #expect(report.deleted == 1)
            #expect(try await Self.title(engine, "movie-0002") == "Heat")
            #expect(try await Self.title(engine, "movie-0099") == "New")
            #expect(try await engine.getDocument("assetflat", id: "movie-0003").found == false)
            #expect(try await engine.getDocument("territories", id: "KE").source?["name"] == "Kenya (KE)")
            // Searchable at once: the pass refreshed what it wrote.
            #expect(try await engine.count("assetflat", request: CountRequest()).count == 8)
            let live = try #require(try await engine.indices(forAlias: "assetflat").first)
            let latest = try ChangeFeed(db: CMSDatabase.openForReading(location)).latestPosition()
            #expect(try await IndexerState.position(of: live, in: engine) == latest)
            #expect(report.positions["assetflat"] == latest)
            #expect(try await incremental.catchUp().changes == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func rowEditsAndDeletionsReachTheLiveRowsIndex(_ database: TestDatabase) async throws {
        try await database.withFixture(
            sql: IndexerFixture.sql(movies: 4)
                + CMSFixture.curatedRowSQL("row-curated", assets: ["movie-0003", "movie-0001"], position: 2)
                + CMSFixture.rowSQL("row-gone", position: 3)
        ) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location)
            #expect(try await Indexer(backend: engine, configuration: configuration).run().succeeded)
            #expect(try await IndexerFixture.count(engine, "rows") == 3)
            try CMSFixture.execute(
                """
                UPDATE row_titles SET title = 'Tonight' WHERE row_uuid = 'row-1';
                INSERT INTO row_platforms (row_uuid, platform) VALUES ('row-1', 'tv'), ('row-1', 'ios');
                DELETE FROM rows WHERE uuid = 'row-gone';
                DELETE FROM assets WHERE uuid = 'movie-0003';
                \(CMSFixture.rowSQL("row-new", title: "Fresh", position: 4))
                """, on: location)
            let report = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
            #expect(report.succeeded, "\(report.errors)")
            // rows: row-1, row-curated (its item deleted with the movie), row-gone, row-new; the movie.
            #expect(report.changes == 5)
            #expect(report.upserted == 3)
            #expect(report.deleted == 2)
            let edited = try #require(try await engine.document(PromotedRow.self, id: "row-1"))
            #expect(edited.titles == ["en": "Tonight"])
            #expect(edited.platforms == ["ios", "tv"])
            let curated = try #require(try await engine.document(PromotedRow.self, id: "row-curated"))
            #expect(curated.assetUUIDs == ["movie-0001"])
            #expect(try await engine.document(PromotedRow.self, id: "row-new")?.titles == ["en": "Fresh"])
            #expect(try await engine.getDocument("rows", id: "row-gone").found == false)
            #expect(try await IndexerFixture.count(engine, "rows") == 3)
            let live = try #require(try await engine.indices(forAlias: "rows").first)
            #expect(try await IndexerState.position(of: live, in: engine) == report.positions["rows"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aFailedWriteRecordsNoPositionAndTheNextPassAppliesEverythingOnce(_ database: TestDatabase)
        async throws
    {
        try await database.withFixture(sql: IndexerFixture.sql(movies: 6)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, batchSize: 2, indices: [.assetflat])
            _ = try await Indexer(backend: engine, configuration: configuration).run()
            let live = try #require(try await engine.indices(forAlias: "assetflat").first)
            let before = try await IndexerState.position(of: live, in: engine)
            try CMSFixture.execute(
                (1...6).map {
                    "UPDATE asset_localizations SET title = 'Changed \($0)' WHERE asset_uuid = 'movie-000\($0)';"
                }.joined(separator: "\n"), on: location)
            // The second of three bulk calls fails: the first was applied, but no position moved.
            let faulty = FaultInjectingBackend(wrapping: engine, failingBulkCall: 2, with: .unreachable)
            await #expect(throws: SearchTransportError.self) {
                _ = try await IncrementalIndexer(backend: faulty, configuration: configuration).catchUp()
            }
            #expect(try await IndexerState.position(of: live, in: engine) == before)
            #expect(try await Self.title(engine, "movie-0001") == "Changed 1")
            #expect(try await Self.title(engine, "movie-0005") == "A Movie")
            let replay = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
            #expect(replay.upserted == 6)
            for number in 1...6 {
                #expect(try await Self.title(engine, "movie-000\(number)") == "Changed \(number)")
            }
            #expect(try await IndexerFixture.count(engine, "assetflat") == 6)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aChangeCommittedDuringARebuildIsInTheNewIndexWhenItGoesLive(_ database: TestDatabase) async throws {
        try await database.withFixture(sql: IndexerFixture.sql(movies: 9)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, batchSize: 3, indices: [.assetflat])
            // While the second batch is sent, the first batch's movie changes.
            let writing = FaultInjectingBackend(
                wrapping: engine, failingBulkCall: 2,
                with: .runFirst {
                    try CMSFixture.execute(
                        "UPDATE asset_localizations SET title = 'Changed meanwhile' WHERE asset_uuid = 'movie-0001'",
                        on: location)
                })
            let report = try await Indexer(backend: writing, configuration: configuration).run()
            #expect(report.succeeded)
            #expect(report.caughtUp.changes == 1)
            #expect(
                report.text.contains(
                    "applied 1 change made during the run before the switch (1 written, 0 deleted)"))
            #expect(try await Self.title(engine, "movie-0001") == "Changed meanwhile")
            let live = try #require(try await engine.indices(forAlias: "assetflat").first)
            #expect(try await IndexerState.position(of: live, in: engine) == report.position)
        }
    }

    @Test func aBadRowKeepsItsPreviousDocumentAndDoesNotHoldTheOthersBack() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 3)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            _ = try await Indexer(backend: engine, configuration: configuration).run()
            try CMSFixture.execute(
                """
                UPDATE assets SET created_at = 'yesterday' WHERE uuid = 'movie-0001';
                UPDATE asset_localizations SET title = 'Fine' WHERE asset_uuid = 'movie-0002';
                """, on: location)
            let report = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
            #expect(report.errors.map(\.id) == ["movie-0001"])
            #expect(report.text.contains("1 document failed and kept their previous version:"))
            #expect(try await Self.title(engine, "movie-0001") == "A Movie")
            #expect(try await Self.title(engine, "movie-0002") == "Fine")
            // Fixed, it is applied at its next change.
            try CMSFixture.execute(
                "UPDATE assets SET created_at = '2024-01-01T00:00:00Z' WHERE uuid = 'movie-0001'",
                on: location)
            #expect(
                try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
                    .succeeded)
        }
    }

    @Test func withoutALiveIndexWithAPositionNothingIsWritten() async throws {
        try await TestDatabase.sqlite.withFixture(sql: IndexerFixture.sql(movies: 1)) { location in
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let configuration = IndexerFixture.configuration(location, indices: [.assetflat])
            await #expect(throws: IncrementalError.noLiveIndex(alias: "assetflat", targets: [])) {
                _ = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
            }
            // An index built before change capture: an alias without a recorded position.
            _ = try await engine.createIndex(
                "assetflat-1", definition: CMSIndices.definition(for: .assetflat))
            _ = try await engine.updateAliases(
                UpdateAliasesRequest([.add(index: "assetflat-1", alias: "assetflat")]))
            await #expect {
                _ = try await IncrementalIndexer(backend: engine, configuration: configuration).catchUp()
            } throws: { error in
                "\(error)".contains(
                    "records no change position (it was built before change capture); run a full 'cms-indexer index' once"
                )
            }
        }
    }
}
