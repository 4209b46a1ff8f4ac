import CLIKitTesting
import CMSIndexer
import CMSIndexerDemo
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing

/// The built `cms-indexer` is killed in the middle of a run on a durable engine: the aliases
/// still point at the previous complete indices, and the next run cleans up.
@Suite struct KilledProcessTests {
    @Test func aKilledRunNeverMovesTheAliasAndTheNextRunCleansUp() async throws {
        let binary = try BuiltProducts.executable("cms-indexer")
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            _ = try DemoDatabase.write(
                to: path, options: DemoDatabaseOptions(assets: 600, seed: 4, anchor: IndexerFixture.start))
            let data = directory.appendingPathComponent("data")
            let first: IndexingReport
            do {
                let engine = try EmbeddedSearchBackend(
                    configuration: .init(dataDirectory: data, clock: IndexerFixture.clock()))
                first = try await IndexerFixture.indexer(
                    engine, path: path, batchSize: 200, indices: [.assetflat]
                ).run()
                try engine.close()
            }

            let process = try ChildProcess(
                binary,
                [
                    "index", "--db", path, "--data", data.path, "--only", "assetflat", "--batch-size", "50",
                    "--progress-every", "100",
                ])
            #expect(
                await process.signal(SIGKILL, whenLineContains: "documents indexed", timeout: .seconds(60)))
            #expect(try await process.exit(timeout: .seconds(60)) == .signalled(SIGKILL), "\(process.errors)")

            let reopened = try await IndexerFixture.reopen(data)
            let live = "assetflat-\(first.version)"
            #expect(try await reopened.indices(forAlias: "assetflat") == [live])
            #expect(try await IndexerFixture.count(reopened, "assetflat") == 600)
            let leftovers = try await IndexerFixture.concreteIndices(reopened, "assetflat").filter {
                $0 != live
            }
            #expect(leftovers.count == 1, "the killed run's index: \(leftovers)")

            let next = try await IndexerFixture.indexer(
                reopened, path: path, batchSize: 500, indices: [.assetflat]
            ).run()
            #expect(next.succeeded)
            #expect(next.results.first?.deleted == leftovers)
            #expect(
                try await IndexerFixture.concreteIndices(reopened, "assetflat") == [
                    live, "assetflat-\(next.version)",
                ])
            try reopened.close()
        }
    }
}
