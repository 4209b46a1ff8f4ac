import CMSIndexer
import ESEmbedded
import ESModels
import Foundation

extension IndexingBenchmark {
    /// The definitions an older indexer wrote: assetflat without `season_number` and
    /// `episode_number`, its root `dynamic: false` (so the episodes' values sat in `_source`,
    /// unindexed), each recording its own version.
    static var olderDefinitions: [IndexName: IndexDefinition] {
        var all = CMSIndices.all
        var assetflat = CMSIndices.definition(for: .assetflat)
        for name in ["season_number", "episode_number"] { assetflat.mappings.properties[name] = nil }
        assetflat.mappings.dynamic = .false
        assetflat.mappings.meta = ["cms_indexer": ["definition": .string(CMSIndices.version(of: assetflat))]]
        all[.assetflat] = assetflat
        return all
    }

    /// An additive definition change on indices an older indexer built, both ways, alternately:
    /// `index --if-needed` (put-mapping in place, then the pass over the documents that carry
    /// the new fields) against a full `index` run of every index (new indices, alias switch).
    func measureAdditiveChange(_ location: CMSDatabaseLocation, rounds: Int) async throws {
        for round in 1...rounds {
            for inPlace in [true, false] {
                let engine = EmbeddedSearchBackend(clock: .system)
                let older = Indexer(
                    backend: engine,
                    configuration: IndexerConfiguration(
                        database: location, definitions: Self.olderDefinitions, batchSize: batchSize,
                        clock: .system))
                guard try await older.run().succeeded else {
                    throw BenchmarkError(message: "indexing with the older definitions failed")
                }
                let current = Indexer(
                    backend: engine,
                    configuration: IndexerConfiguration(
                        database: location, batchSize: batchSize, clock: .system))
                let started = ContinuousClock.now
                if inPlace {
                    let report = try await current.runIfNeeded()
                    let seconds = Self.seconds(since: started)
                    guard report.succeeded, report.rebuild == nil, let pass = report.passes.first else {
                        throw BenchmarkError(message: "the in-place path was not taken:\n\(report.text)")
                    }
                    line(
                        "additive change, round \(round): 'index --if-needed': \(format(seconds)) s (compare + put-mapping \(String(format: "%.0f", report.applySeconds * 1000)) ms; pass reading \(pass.built) assetflat documents, writing again the \(pass.written) carrying \(pass.carrying.joined(separator: ", ")): \(format(pass.seconds)) s)"
                    )
                } else {
                    let report = try await current.run()
                    let seconds = Self.seconds(since: started)
                    guard report.succeeded else {
                        throw BenchmarkError(message: "the full run failed:\n\(report.text)")
                    }
                    let documents = report.results.map(\.documents).reduce(0, +)
                    line(
                        "additive change, round \(round): full 'index' run (\(documents) documents into new indices, aliases moved): \(format(seconds)) s"
                    )
                }
                let check = await LiveMappingCheck(backend: engine).run()
                guard check.exitCode == 0 else {
                    throw BenchmarkError(
                        message: "the indices do not match the definitions:\n\(check.text(store: ""))")
                }
            }
        }
    }
}
