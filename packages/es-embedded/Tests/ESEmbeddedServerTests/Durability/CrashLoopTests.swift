import CLIKitTesting
import ESModels
import Foundation
import Synchronization
import Testing

/// `es-embedded serve` killed with SIGKILL in the middle of bulk indexing twenty times over, on
/// the same data directory: after every restart every acknowledged document is there, whole, and
/// the log does not pile up (restarts write snapshots: at most ten segments before any start),
/// so restarts stay short. The restart
/// times themselves are measured by `es-embedded-bench --crash-loop` (BENCHMARKS.md).
@Suite struct CrashLoopTests {
    private static let rounds = 20
    private static let batch = 100

    private func client(_ url: URL) -> HTTPSearchBackend {
        HTTPSearchBackend(
            // Generous: the server runs in another process on a loaded machine; latency is not what this checks.
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, requestTimeout: .seconds(60), retry: .none))
    }

    private static func document(_ number: Int) -> JSONValue {
        ["n": .int(number), "title": .string("document \(number) of the crash loop, round after round")]
    }

    private func segments(_ directory: URL) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasPrefix("wal-")
        }.count
    }

    @Test func everyAcknowledgedDocumentSurvivesTwentyKills() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-crash-loop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var acknowledged = 0
        var mostSegments = 0
        for round in 0...Self.rounds {
            mostSegments = max(mostSegments, segments(directory))
            let (server, url) = try await ServeFixture.start(["--data", directory.path])
            let http = client(url)
            if round == 0 {
                _ = try await http.createIndex(
                    "loop",
                    definition: IndexDefinition(
                        mappings: Mapping(dynamic: .strict) {
                            Property.integer("n")
                            Property.text("title")
                        }))
            } else {
                _ = try await http.refresh("loop")
                let count = try await http.count("loop", request: CountRequest()).count
                #expect(
                    count >= acknowledged, "round \(round): \(count) documents, \(acknowledged) acknowledged")
                // The bulk in flight at the kill was never acknowledged: as in Elasticsearch, where
                // a bulk's items are separate operations, any prefix of it may survive (a write
                // the kill cuts short leaves the log's records before the cut). Nothing else.
                #expect(
                    count - acknowledged <= Self.batch,
                    "round \(round): \(count - acknowledged) unacknowledged documents survived, more than one bulk"
                )
                let beyond = try await http.count(
                    "loop", request: CountRequest(query: .range("n", gte: .int(count)))
                ).count
                #expect(beyond == 0, "round \(round): the surviving documents are not a prefix of the writes")
                for number in [0, acknowledged / 2, acknowledged - 1] {
                    let found = try await http.getDocument("loop", id: "\(number)")
                    #expect(found.source == Self.document(number), "round \(round): document \(number)")
                }
                #expect(!server.errors.contains("not served"), "round \(round): \(server.errors)")
                acknowledged = count
            }
            if round == Self.rounds {
                server.signal(SIGTERM)
                #expect(try await server.exit(timeout: .seconds(30)) == .exited(0))
                break
            }
            // Kill after a few hundred more acknowledged documents, while a request is in flight.
            let target = acknowledged + 300 + (round * 37) % 400
            let acked = Threshold(acknowledged)
            let start = acknowledged
            let writer = Task {
                defer { acked.finish() }
                for first in stride(from: start, to: start + 100_000, by: Self.batch) {
                    let operations = (first..<(first + Self.batch)).map {
                        BulkOperation.index(index: "loop", id: "\($0)", document: Self.document($0))
                    }
                    guard let response = try? await http.bulk(BulkRequest(operations)), !response.errors
                    else {
                        return
                    }
                    acked.raise(to: first + Self.batch)
                }
            }
            _ = await acked.wait(atLeast: target)
            server.signal(SIGKILL)
            #expect(try await server.exit(timeout: .seconds(10)) == .signalled(SIGKILL))
            await writer.value
            acknowledged = acked.value
        }
        #expect(acknowledged > Self.rounds * 300)
        #expect(mostSegments <= 10, "the log piled up: \(mostSegments) segments before a start")
    }
}
