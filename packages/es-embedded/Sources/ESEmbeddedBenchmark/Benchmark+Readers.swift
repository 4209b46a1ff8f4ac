import ESEmbedded
import ESModels
import Foundation

extension Benchmark {
    /// What reading a whole index costs: a `terms` aggregation, a `date_histogram` with a `terms`
    /// sub-aggregation (both `size: 0` over every document), and one `search_after` page of 100
    /// hits sorted by `created_at` with a `uuid` tiebreaker, from after a random document.
    func readers(on engine: EmbeddedSearchBackend) throws {
        let runs = max(20, queriesPerKind / 3)
        let terms: JSONValue = ["categories": ["terms": ["field": "categories", "size": 10]]]
        let histogram: JSONValue = [
            "months": [
                "date_histogram": ["field": "created_at", "calendar_interval": "month"],
                "aggs": ["types": ["terms": ["field": "type"]]],
            ]
        ]
        print("| reading | p50 | p99 | runs |")
        print("|---|---|---|---|")
        for (label, aggregations) in [
            ("terms aggregation (size 10) over every document", terms),
            ("date_histogram (month) with a terms sub-aggregation", histogram),
        ] {
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                let result = try engine.search(
                    "assetflat", request: SearchRequest(size: 0),
                    options: SearchOptions(aggregations: aggregations))
                samples.append((ContinuousClock.now - start).milliseconds)
                precondition(result.aggregations != nil)
            }
            print(
                "| \(label) | \(format(samples.percentile(0.5))) ms | \(format(samples.percentile(0.99))) ms | \(runs) |"
            )
        }
        // Sort values of random documents, read once, are where the timed pages start.
        let sort = [SortField("created_at", order: .desc), SortField("uuid")]
        let starts = try engine.search(
            "assetflat", request: SearchRequest(size: min(documents, 10_000), sort: sort),
            options: SearchOptions()
        ).response.hits.hits.compactMap(\.sort)
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = []
        for _ in 0..<queriesPerKind {
            guard let after = starts.randomElement(using: &generator) else { break }
            let start = ContinuousClock.now
            let page = try engine.search(
                "assetflat", request: SearchRequest(size: 100, sort: sort, trackTotalHits: .disabled),
                options: SearchOptions(searchAfter: after))
            samples.append((ContinuousClock.now - start).milliseconds)
            precondition(page.response.hits.hits.count <= 100)
        }
        print(
            "| search_after page (100 hits, created_at desc + uuid) | \(format(samples.percentile(0.5))) ms | \(format(samples.percentile(0.99))) ms | \(queriesPerKind) |"
        )
    }
}
