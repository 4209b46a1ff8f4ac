import Foundation
import Testing

@testable import ESModels

@Suite struct DateFormatCacheTests {
    @Test func aFormatIsCompiledOnceAndServedAfterwards() throws {
        let cache = DateFormatCache()
        let first = try cache.format("yyyy-MM-dd HH:mm||epoch_second")
        let second = try cache.format("yyyy-MM-dd HH:mm||epoch_second")
        #expect(first == second)
        #expect(first == (try DateFormat("yyyy-MM-dd HH:mm||epoch_second")))
        #expect(cache.compilations == 1)
        #expect(try second.parseMillis("2024-03-01 10:20") == 1_709_288_400_000)
        _ = try cache.format(DateFormat.defaultSpec)
        #expect(cache.compilations == 1, "the default format is held from the start")
    }

    @Test func aBadFormatThrowsEveryTimeAndIsNotHeld() {
        let cache = DateFormatCache()
        for _ in 0..<2 {
            expectElasticsearchError(
                type: "illegal_argument_exception",
                reason: "Invalid format: [yyyy-qq]: Unknown pattern letter: q"
            ) {
                _ = try cache.format("yyyy-qq")
            }
        }
        #expect(cache.count == 1)
        #expect(cache.compilations == 0)
    }

    @Test func aFullCacheStartsOverInsteadOfGrowing() throws {
        let cache = DateFormatCache(capacity: 3)
        for year in ["yyyy", "yyyy-MM", "yyyy-MM-dd", "yyyy-MM-dd HH"] { _ = try cache.format(year) }
        #expect(cache.count <= 3)
        _ = try cache.format("yyyy-MM-dd HH")
        #expect(cache.compilations == 4, "the format added last is still held")
        _ = try cache.format("yyyy")
        #expect(cache.compilations == 5, "a format dropped when the cache started over is compiled again")
    }

    @Test func manyTasksShareOneCacheSafely() async throws {
        let cache = DateFormatCache()
        let specs = (0..<8).map { "yyyy-MM-dd'T'HH:mm:ss'\($0)'" }
        let parsed = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<400 {
                let spec = specs[index % specs.count]
                group.addTask {
                    try cache.format(spec).parseMillis("2024-03-01T10:20:30\(index % specs.count)")
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(parsed == [1_709_288_430_000])
        #expect(cache.count == specs.count + 1)
        // Threads racing on a new spec may each compile it, but never more than once per task.
        #expect(cache.compilations >= specs.count && cache.compilations <= 400)
    }

    @Test func rangeBoundsCompileTheirFormatThroughTheSharedCache() throws {
        let spec = "dd/MM/yyyy||yyyy'-range-bounds-test'"
        #expect(!DateFormatCache.shared.contains(spec))
        let range = RangeQuery(field: "start", gte: "01/03/2024", lt: "2025-range-bounds-test")
        let bounds = try range.dateBounds(now: Date(), fieldFormat: spec)
        #expect(bounds == DateRangeBounds(lower: 1_709_251_200_000, upper: 1_735_689_599_999))
        #expect(DateFormatCache.shared.contains(spec))
        #expect(try DateFormat.cached(spec) == (try DateFormat(spec)))
    }
}
