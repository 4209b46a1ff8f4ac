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
import SQLiteKit
import Testing

/// `cms-indexer index --es URL` through `HTTPSearchBackend` against the embedded engine's
/// Elasticsearch REST facade on a loopback port: the wire path a real cluster sees.
@Suite struct HTTPIndexingTests {
    @Test func indexingOverHTTPSwitchesOnSuccessOnlyAndAppliesRetention() async throws {
        try await withTemporaryDirectory { directory in
            let path = try IndexerFixture.database(in: directory, movies: 6)
            let engine = EmbeddedSearchBackend(clock: IndexerFixture.clock())
            let application = ElasticsearchFacade(backend: engine).application(
                configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
            try await application.withLiveServer { server in
                let url = server.address.httpURL
                var versions: [String] = []
                for minute in 0..<3 {
                    let run = await CommandRun.run(
                        ["index", "--db", path, "--es", url, "--only", "assetflat,ratings"], in: directory,
                        clock: IndexerFixture.clock(minutes: minute))
                    #expect(run.code == 0, "\(run.errors)")
                    versions.append(IndexVersion.string(from: IndexerFixture.clock(minutes: minute).now()))
                }
                #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-\(versions[2])"])
                #expect(
                    try await IndexerFixture.concreteIndices(engine, "assetflat")
                        == versions.suffix(2).map {
                            "assetflat-\($0)"
                        })
                #expect(try await IndexerFixture.count(engine, "assetflat") == 6)

                try SQLiteDatabase(path: path).execute(
                    "UPDATE assets SET type = 'clip' WHERE uuid = 'movie-0003'")
                let failed = await CommandRun.run(
                    ["index", "--db", path, "--es", url, "--only", "assetflat"], in: directory,
                    clock: IndexerFixture.clock(minutes: 3))
                #expect(failed.code == 1)
                #expect(failed.output.contains("assetflat document 'movie-0003': 'type' is 'clip'"))
                #expect(try await engine.indices(forAlias: "assetflat") == ["assetflat-\(versions[2])"])
                #expect(
                    try await IndexerFixture.concreteIndices(engine, "assetflat")
                        == versions.suffix(2).map {
                            "assetflat-\($0)"
                        })
            }
        }
    }
}
