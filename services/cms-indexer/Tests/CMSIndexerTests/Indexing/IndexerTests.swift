import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import SQLiteKit
import Testing

/// The indexer against the real embedded engine and real SQLite files.
@Suite struct IndexerTests {
    @Test func aFirstRunBuildsEveryIndexAndPointsEveryAlias() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let progress = CollectedProgress()
            let report = try await IndexerFixture.indexer(engine, path: path, progress: progress).run()
            #expect(report.succeeded)
            #expect(report.version == "20260101000000000")
            #expect(report.results.map(\.alias) == CMSIndices.names.map(\.rawValue))
            for result in report.results {
                #expect(
                    try await engine.indices(forAlias: result.alias) == ["\(result.alias)-20260101000000000"])
                #expect(try await engine.indices(forAlias: "\(result.alias).complete") == [result.index])
                #expect(try await IndexerFixture.count(engine, result.alias) == result.documents)
            }
            #expect(report.results.first { $0.alias == "assetflat" }?.documents == 12)
            #expect(report.results.first { $0.alias == "assetflat" }?.rowsRead == 12 * 6)
            let asset = try #require(try await engine.document(AssetFlat.self, id: "movie-0007"))
            #expect(asset.licenseWindows.map(\.countries) == [["KE", "ZA"]])
            let row = try #require(try await engine.document(PromotedRow.self, id: "row-1"))
            #expect(row.query == RowQuery(type: .movie, sort: .newest))
            #expect(row.platforms == PromotedRow.allPlatforms)
            #expect(progress.events.contains(.switched(aliases: CMSIndices.names.map(\.rawValue))))
            #expect(
                progress.events.contains(.progressed(alias: "assetflat", documents: 10, failed: 0, rows: 60)))
            // The fixture's inserts were captured: the new indices record the latest position.
            #expect(report.position > 0)
            #expect(
                report.text.hasSuffix(
                    "aliases moved to version 20260101000000000 (change position \(report.position))\n"))
        }
    }

    @Test func laterRunsSwitchAtomicallyAndRetentionKeepsTheNewestCompleteVersions() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            var versions: [String] = []
            for minute in 0..<4 {
                let report = try await IndexerFixture.indexer(
                    engine, path: path, clock: IndexerFixture.clock(minutes: minute),
                    indices: [.assetflat, .ratings]
                ).run()
                #expect(report.succeeded)
                versions.append(report.version)
                if minute >= 2 {
                    #expect(
                        report.results.map(\.deleted) == [
                            ["assetflat-\(versions[minute - 2])"], ["ratings-\(versions[minute - 2])"],
                        ])
                }
            }
            #expect(
                try await IndexerFixture.concreteIndices(engine, "assetflat")
                    == versions.suffix(2).map { "assetflat-\($0)" })
            #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-\(versions[3])"])
            // Untouched indices keep their single version.
            #expect(try await IndexerFixture.concreteIndices(engine, "territories") == [])
        }
    }

    @Test func twoRunsInTheSameMillisecondGetDistinctIncreasingVersions() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 2)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let first = try await IndexerFixture.indexer(engine, path: path, indices: [.territories]).run()
            let second = try await IndexerFixture.indexer(engine, path: path, indices: [.territories]).run()
            #expect(first.version == "20260101000000000")
            #expect(second.version == "20260101000000001")
            let earlier = try await IndexerFixture.indexer(
                engine, path: path, clock: IndexerFixture.clock(minutes: -60), indices: [.territories]
            ).run()
            #expect(earlier.version == "20260101000000002")
        }
    }

    @Test func badRowsAreReportedByIdTheRestIsIndexedAndTheAliasDoesNotMove() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let first = try await IndexerFixture.indexer(engine, path: path).run()
            #expect(first.succeeded)
            try SQLiteDatabase(path: path).execute(
                """
                UPDATE license_windows SET ends_at = 'never' WHERE uuid = 'lw-movie-0004';
                UPDATE assets SET type = 'podcast' WHERE uuid = 'movie-0009';
                """)
            let second = try await IndexerFixture.indexer(
                engine, path: path, clock: IndexerFixture.clock(minutes: 1)
            ).run()
            #expect(!second.succeeded)
            #expect(!second.switched)
            #expect(second.errors.map(\.id) == ["movie-0004", "movie-0009"])
            #expect(second.results.first { $0.alias == "assetflat" }?.documents == 10)
            #expect(second.cleanedUp.count == CMSIndices.names.count)
            #expect(
                second.text.contains(
                    "2 documents failed:\n  assetflat document 'movie-0004': license window 'lw-movie-0004': 'ends_at' is not an ISO 8601 date: 'never'\n"
                ))
            #expect(
                second.text.hasSuffix(
                    "the aliases were not moved: they still point at the previous complete indices; deleted the half-built "
                        + second.cleanedUp.map { "'\($0)'" }.joined(separator: ", ") + "\n"))
            for alias in CMSIndices.names.map(\.rawValue) {
                #expect(try await engine.indices(forAlias: alias) == ["\(alias)-\(first.version)"])
                #expect(
                    try await IndexerFixture.concreteIndices(engine, alias) == ["\(alias)-\(first.version)"])
            }
            #expect(try await IndexerFixture.count(engine, "assetflat") == 12)
        }
    }

    @Test func documentsTheStoreRejectsAreReportedWithTheirIds() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 3)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            var definition = CMSIndices.definition(for: .assetflat)
            // The mapping is strict: without 'ratings', every document has an unknown field.
            definition.mappings.properties["ratings"] = nil
            let report = try await IndexerFixture.indexer(
                engine, path: path, indices: [.assetflat], definitions: [.assetflat: definition]
            ).run()
            #expect(!report.succeeded)
            #expect(report.errors.map(\.id) == ["movie-0001", "movie-0002", "movie-0003"])
            let reason = try #require(report.errors.first?.reasons.first)
            #expect(reason.hasPrefix("rejected by the search store: strict_dynamic_mapping_exception: "))
            #expect(try await engine.indexExists("assetflat-\(report.version)") == false)
            #expect(try await engine.indices(forAlias: "assetflat") == [])
        }
    }

    @Test func aFailedBulkCallLeavesTheAliasOnThePreviousIndexAndDeletesTheHalfBuiltOne() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let first = try await IndexerFixture.indexer(engine, path: path, indices: [.assetflat]).run()
            try SQLiteDatabase(path: path).execute("DELETE FROM assets WHERE uuid = 'movie-0001'")
            let faulty = FaultInjectingBackend(wrapping: engine, failingBulkCall: 2, with: .unreachable)
            let second = "assetflat-20260101000100000"
            await #expect {
                _ = try await IndexerFixture.indexer(
                    faulty, path: path, clock: IndexerFixture.clock(minutes: 1), indices: [.assetflat]
                ).run()
            } throws: { error in
                guard let error = error as? IndexingError, case .storeFailed(let step, _, let cleaned) = error
                else {
                    return false
                }
                return step == "bulk indexing into '\(second)'" && cleaned == [second]
                    && "\(error)".contains("the aliases were not moved (deleted the half-built '\(second)')")
            }
            // No document was sent after the failed call: the third bulk call is the clean-up's,
            // forgetting any position recorded for the deleted index.
            #expect(faulty.bulkCalls == 3)
            #expect(try await IndexerState.position(of: second, in: engine) == nil)
            #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-\(first.version)"])
            #expect(try await engine.indexExists(second) == false)
            #expect(try await IndexerFixture.count(engine, "assetflat") == 12)
        }
    }

    @Test func anInterruptedRunLeavesTheOldIndexServing() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let first = try await IndexerFixture.indexer(engine, path: path).run()
            let faulty = FaultInjectingBackend(wrapping: engine, failingBulkCall: 3, with: .hang)
            let indexer = IndexerFixture.indexer(faulty, path: path, clock: IndexerFixture.clock(minutes: 1))
            let run = Task { try await indexer.run() }
            for await _ in faulty.hangs { break }
            run.cancel()
            let outcome = await run.result
            guard case .failure(let error as IndexingError) = outcome, case .cancelled(let cleaned) = error
            else {
                Issue.record("expected a cancelled run, got \(outcome)")
                return
            }
            #expect(cleaned.allSatisfy { $0.hasSuffix("-20260101000100000") })
            #expect(!cleaned.isEmpty)
            for alias in CMSIndices.names.map(\.rawValue) {
                #expect(try await engine.indices(forAlias: alias) == ["\(alias)-\(first.version)"])
                #expect(
                    try await IndexerFixture.concreteIndices(engine, alias) == ["\(alias)-\(first.version)"])
            }
            let asset = try await engine.search("assetflat", request: SearchRequest(query: .matchAll))
            #expect(asset.hits.total?.value == 12)
        }
    }

    @Test func leftoversOfAKilledRunAreDeletedAndOtherIndicesAreLeftAlone() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 2)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let definition = CMSIndices.definition(for: .territories)
            let complete = try await IndexerFixture.indexer(
                engine, path: path, clock: IndexerFixture.clock(minutes: -10), indices: [.territories]
            ).run()
            // A run killed after creating its index: never aliased, never marked complete.
            _ = try await engine.createIndex("territories-20251231235500000", definition: definition)
            // Not one of the indexer's versions.
            _ = try await engine.createIndex("territories-manual-copy", definition: definition)
            let report = try await IndexerFixture.indexer(engine, path: path, indices: [.territories]).run()
            #expect(report.results.first?.deleted == ["territories-20251231235500000"])
            #expect(
                try await IndexerFixture.concreteIndices(engine, "territories") == [
                    "territories-\(complete.version)", "territories-20260101000000000",
                    "territories-manual-copy",
                ])
            #expect(try await engine.indices(forAlias: "territories") == ["territories-20260101000000000"])
        }
    }

    @Test func anAliasNameTakenByAConcreteIndexIsRefusedBeforeAnythingIsBuilt() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 1)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            _ = try await engine.createIndex("ratings", definition: CMSIndices.definition(for: .ratings))
            await #expect {
                _ = try await IndexerFixture.indexer(engine, path: path).run()
            } throws: { error in
                "\(error)"
                    == "'ratings' is a concrete index, not an alias; move its data to a versioned index or delete it, then run again"
            }
            #expect(try await IndexerFixture.concreteIndices(engine, "territories") == [])
        }
    }

    @Test func aDurableEngineKeepsTheIndicesAcrossRestarts() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 4)
            let data = directory.appendingPathComponent("data")
            do {
                let engine = try EmbeddedSearchBackend(
                    configuration: .init(dataDirectory: data, clock: IndexerFixture.clock()))
                let report = try await IndexerFixture.indexer(engine, path: path).run()
                #expect(report.succeeded)
                try engine.close()
            }
            let reopened = try EmbeddedSearchBackend(
                configuration: .init(dataDirectory: data, clock: IndexerFixture.clock()))
            #expect(try await reopened.indices(forAlias: "assetflat") == ["assetflat-20260101000000000"])
            #expect(try await IndexerFixture.count(reopened, "assetflat") == 4)
            try reopened.close()
        }
    }
}
