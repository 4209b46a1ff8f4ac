import CLIKit
import ESModels
import Foundation

/// Measures the hot paths the embedded engine and the services lean on: JSON parsing and
/// writing, query and bulk decoding, document conversion and date parsing.
///
/// Run in release mode: `swift run -c release --package-path packages/es-models es-models-benchmark`.
@main
struct Benchmark: Command {
    static let configuration = CommandConfiguration(
        name: "es-models-benchmark",
        abstract:
            "Measures JSON parsing and writing, query and bulk decoding, document conversion and dates.",
        discussion: "Prints one throughput per operation. Build with -c release.")

    static func main() async {
        let tool = CommandLineTool<StandardStreams>(command: Benchmark.self)
        exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
    }

    @Option(value: "n", in: 1...1_000, help: "Runs of each operation; the best is reported.") var runs = 10

    func run(in context: StandardStreams) async throws -> ExitCode {
        try measure()
        return .success
    }

    func measure() throws {
        let workload = try Workload(assets: 2_000)
        print(
            "es-models benchmark (\(workload.assetsJSON.count / 1024) KiB of assetflat json, best of \(runs) runs)"
        )
        print("operation                                  throughput")
        report("parse json (assets array)", bytes: workload.assetsJSON.count) {
            _ = try JSONValue(parsing: workload.assetsJSON)
        }
        report("write compact json", bytes: workload.assetsJSON.count) {
            _ = workload.assetsValue.compactData
        }
        report("write canonical json", bytes: workload.assetsJSON.count) {
            _ = workload.assetsValue.canonicalData
        }
        report("parse bulk ndjson (\(workload.assets.count) index ops)", bytes: workload.bulkBody.count) {
            _ = try BulkRequest(ndjson: workload.bulkBody)
        }
        report("decode search body", operations: 10_000) {
            for _ in 0..<10_000 { _ = try SearchRequest(json: workload.searchBody) }
        }
        report("encode AssetFlat to JSONValue", operations: workload.assets.count) {
            for asset in workload.assets { _ = try JSONValue(encoding: asset) }
        }
        report("decode AssetFlat from JSONValue", operations: workload.assets.count) {
            for source in workload.sources { _ = try source.decode(AssetFlat.self) }
        }
        report("parse iso dates", operations: 100_000) {
            for index in 0..<100_000 {
                _ = try DateFormat.default.parseMillis(workload.dates[index % workload.dates.count])
            }
        }
        let fieldFormat = "yyyy-MM-dd HH:mm||strict_date_optional_time||epoch_millis"
        report("compile a date format (uncached)", operations: 10_000) {
            for _ in 0..<10_000 { _ = try DateFormat(fieldFormat) }
        }
        let range = RangeQuery(field: "start", gte: "2024-03-01 10:00", lt: "now+1d/d")
        let now = Date(timeIntervalSince1970: 1_748_779_200)
        report("range date bounds, mapped format", operations: 100_000) {
            for _ in 0..<100_000 { _ = try range.dateBounds(now: now, fieldFormat: fieldFormat) }
        }
    }

    func report(_ name: String, bytes: Int? = nil, operations: Int? = nil, _ body: () throws -> Void) {
        var best = Double.infinity
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                do { try body() } catch { fatalError("benchmark '\(name)' failed: \(error)") }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = min(best, seconds)
        }
        let figure: String
        if let bytes {
            figure = String(format: "%8.1f MB/s", Double(bytes) / best / 1_000_000)
        } else {
            figure = String(format: "%8.0f ops/s", Double(operations ?? 1) / best)
        }
        print(name.padding(toLength: 42, withPad: " ", startingAt: 0) + " " + figure)
    }
}
