import CLIKit
import CMSIndexerBenchmark
import CMSIndexerTestSupport
import Testing

/// The benchmark's phases run to the end on both databases (its figures are for BENCHMARKS.md,
/// not asserted here): the burst is applied whole and every timed title becomes searchable.
@Suite struct IndexingBenchmarkTests {
    @Test(arguments: TestDatabase.available)
    func everyPhaseCompletesOnASmallDemo(_ database: TestDatabase) async throws {
        let output = TextOutput()
        let benchmark = IndexingBenchmark(
            assets: 40, batchSize: 10, database: database == .postgres ? .postgres : .sqlite, burst: 15,
            samples: 2, output: output)
        try await benchmark.run()
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("demo database (\(database)): 40 assets, ") })
        let trips = database == .postgres ? "server round trips" : "statements run"
        #expect(
            lines.contains { $0.hasPrefix("read + denormalize + encode (no store): ") && $0.contains(trips) })
        #expect(
            lines.contains {
                $0.hasPrefix("incremental burst (one UPDATE of 15 assets, one 'index --incremental' pass): ")
                    && $0.contains("15 changes, 15 documents written in ")
            }, "\(output.text)")
        #expect(lines.contains { $0.contains(": 2 single-title UPDATEs, commit to a search on 'assetflat'") })
        #expect(lines.filter { $0.hasPrefix("index into the embedded engine (") }.count == 2)
    }

    @Test func theAdditiveChangeTakesThePutMappingPathThenAFullRunAlternately() async throws {
        let output = TextOutput()
        let benchmark = IndexingBenchmark(assets: 60, batchSize: 10, additiveRounds: 2, output: output)
        try await benchmark.run()
        let lines = output.text.split(separator: "\n").map(String.init).dropFirst()
        #expect(lines.count == 4, "\(output.text)")
        for (position, line) in lines.enumerated() {
            let round = position / 2 + 1
            let expected =
                position % 2 == 0
                ? "additive change, round \(round): 'index --if-needed': "
                : "additive change, round \(round): full 'index' run ("
            #expect(line.hasPrefix(expected), "\(line)")
        }
        #expect(
            output.text.contains(
                "; pass reading 60 assetflat documents, writing again the 14 carrying episode_number, season_number: "
            ))
    }
}
