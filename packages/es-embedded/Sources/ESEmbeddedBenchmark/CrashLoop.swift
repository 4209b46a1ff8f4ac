import CLIKitTesting
import ESModels
import Foundation
import Synchronization

/// The crash loop: `es-embedded serve` (the release binary built next to the benchmark) indexing
/// assetflat documents in bulk over HTTP, killed with SIGKILL in the middle of a request, then
/// restarted on the same data directory, round after round. Each restart is timed (from the
/// process start to its "listening" line, and the engine's own recovery figure), the data
/// directory measured before it (log segments, log and snapshot size), and every acknowledged
/// document checked after it.
struct CrashLoop: Sendable {
    var rounds: Int
    /// Documents acknowledged per round before the kill.
    var documentsPerRound: Int
    /// `documentsPerRound` when `--per-round` is not given.
    static let defaultDocumentsPerRound = 5_000
    var batchSize: Int

    /// One round's figures.
    struct Round {
        var acknowledged: Int
        var segments: Int
        var logBytes: Int
        var snapshotBytes: Int
        var imageBytes: Int
        var restart: Duration
        var recovery: String
    }

    /// A crash-loop run that found something wrong.
    enum Failure: Error, CustomStringConvertible {
        case notBuilt(String)
        case lost(round: Int, expected: Int, found: Int)
        case missing(round: Int, id: String)

        var description: String {
            switch self {
            case .notBuilt(let path):
                "'\(path)' is not built; run 'swift build -c release --package-path packages/es-embedded' first"
            case .lost(let round, let expected, let found):
                "after the restart of round \(round): \(found) documents, at least \(expected) were acknowledged"
            case .missing(let round, let id):
                "after the restart of round \(round): acknowledged document '\(id)' is missing"
            }
        }
    }

    func run() async throws {
        let executable = BuiltProducts.directory.appendingPathComponent("es-embedded")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure.notBuilt(executable.path)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-crash-loop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        print(
            "es-embedded-bench --crash-loop: \(rounds) rounds of SIGKILL during bulk indexing (\(documentsPerRound) assetflat documents acknowledged per round, bulk requests of \(batchSize))"
        )
        print(
            "| round | documents acknowledged before the start | log segments | log | snapshot | index images | restart (start to listening) | recovery (engine's figure) |"
        )
        print("|---|---|---|---|---|---|---|---|")
        var acknowledged: [String] = []
        var generator = AssetGenerator(seed: 11, now: Benchmark.now)
        var next = 0
        for round in 0...rounds {
            var figures = measure(directory)
            figures.acknowledged = acknowledged.count
            let started = ContinuousClock.now
            let server = try ChildProcess(executable, ["serve", "--data", directory.path, "--port", "0"])
            let line = try await server.line(containing: "listening on ", timeout: .seconds(600))
            figures.restart = ContinuousClock.now - started
            figures.recovery =
                server.errors.split(separator: "\n").first { $0.contains(" recovered in ") }
                .map { String($0.split(separator: " recovered in ").last?.split(separator: ":").first ?? "") }
                ?? "-"
            guard let url = URL(string: String(line.split(separator: " ").last ?? "")) else {
                throw Failure.notBuilt("a listening URL in '\(line)'")
            }
            let client = HTTPSearchBackend(
                configuration: HTTPSearchBackendConfiguration(
                    baseURL: url, requestTimeout: .seconds(60), retry: .none))
            if round == 0 {
                _ = try await client.createIndex(
                    "assetflat", definition: AssetGenerator.definition())
            } else {
                try await verify(acknowledged, on: client, round: round)
            }
            print(
                "| \(round) | \(figures.acknowledged) | \(figures.segments) | \(megabytes(figures.logBytes)) | \(megabytes(figures.snapshotBytes)) | \(megabytes(figures.imageBytes)) | \(milliseconds(figures.restart)) | \(figures.recovery) |"
            )
            if round == rounds {
                server.signal(SIGTERM)
                _ = try await server.exit(timeout: .seconds(600))
                break
            }
            // Bulk requests until this round's documents are acknowledged, then SIGKILL while
            // the next request is in flight.
            let target = acknowledged.count + documentsPerRound
            let acked = Mutex<[String]>([])
            var batches: [BulkRequest] = []
            while next < target + 4 * batchSize {
                let end = next + batchSize
                batches.append(
                    BulkRequest(
                        (next..<end).map {
                            .index(
                                index: "assetflat", id: AssetGenerator.uuid($0), document: generator.asset($0)
                            )
                        }))
                next = end
            }
            let writer = Task { [batches] in
                for batch in batches {
                    guard let response = try? await client.bulk(batch) else { return }
                    let ids = response.items.filter { !$0.isFailure }.compactMap(\.id)
                    acked.withLock { $0.append(contentsOf: ids) }
                }
            }
            while acknowledged.count + acked.withLock({ $0.count }) < target {
                try await Task.sleep(for: .milliseconds(2))
            }
            server.signal(SIGKILL)
            _ = try await server.exit(timeout: .seconds(60))
            await writer.value
            acknowledged += acked.withLock { $0 }
            next = Int(acknowledged.count)
        }
    }

    /// Every acknowledged document is there (counted, and a sample read back).
    private func verify(_ acknowledged: [String], on client: HTTPSearchBackend, round: Int) async throws {
        _ = try await client.refresh("assetflat")
        let count = try await client.count("assetflat", request: CountRequest()).count
        guard count >= acknowledged.count else {
            throw Failure.lost(round: round, expected: acknowledged.count, found: count)
        }
        for id in acknowledged.suffix(100) + acknowledged.prefix(100) {
            guard try await client.getDocument("assetflat", id: id).found else {
                throw Failure.missing(round: round, id: id)
            }
        }
    }

    private func measure(_ directory: URL) -> Round {
        var round = Round(
            acknowledged: 0, segments: 0, logBytes: 0, snapshotBytes: 0, imageBytes: 0, restart: .zero,
            recovery: "")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            let size =
                ((try? FileManager.default.attributesOfItem(
                    atPath: directory.appendingPathComponent(name).path))?[
                    .size] as? NSNumber)?.intValue ?? 0
            if name.hasPrefix("wal-") {
                round.segments += 1
                round.logBytes += size
            } else if name == "snapshot.esj" {
                round.snapshotBytes = size
            } else if name.hasSuffix(".esi") {
                round.imageBytes += size
            }
        }
        return round
    }

    private func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    private func milliseconds(_ duration: Duration) -> String {
        String(format: "%.0f ms", duration.milliseconds)
    }
}
