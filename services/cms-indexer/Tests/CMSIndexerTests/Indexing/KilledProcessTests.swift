import CMSIndexer
import CMSIndexerTestSupport
import ESEmbedded
import ESModels
import Foundation
import Testing

/// The built `cms-indexer` is killed in the middle of a run on a durable engine: the aliases
/// still point at the previous complete indices, and the next run cleans up.
@Suite struct KilledProcessTests {
    /// The directory holding the built products (the test binary sits there too).
    static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    @Test func aKilledRunNeverMovesTheAliasAndTheNextRunCleansUp() async throws {
        let binary = Self.productsDirectory.appendingPathComponent("cms-indexer")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "build cms-indexer first: \(binary.path)")
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("cms.sqlite").path
            _ = try DemoDatabase.write(
                to: path, options: DemoDatabaseOptions(assets: 600, seed: 4, anchor: IndexerFixture.start))
            let data = directory.appendingPathComponent("data")
            let first: IndexingReport
            do {
                let engine = try EmbeddedSearchBackend(configuration: .init(dataDirectory: data))
                first = try await IndexerFixture.indexer(
                    engine, path: path, batchSize: 200, indices: [.assetflat]
                ).run()
                try engine.close()
            }

            let process = Process()
            process.executableURL = binary
            process.arguments = [
                "index", "--db", path, "--data", data.path, "--only", "assetflat", "--batch-size", "50",
                "--progress-every", "100",
            ]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            var seen = ""
            while !seen.contains("documents indexed") {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(
                process.terminationReason == .uncaughtSignal,
                "the run ended before it could be killed: \(seen)")

            let reopened = try EmbeddedSearchBackend(configuration: .init(dataDirectory: data))
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
