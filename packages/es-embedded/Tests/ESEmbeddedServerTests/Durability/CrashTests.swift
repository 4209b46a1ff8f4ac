import CLIKitTesting
import ESModels
import Foundation
import Synchronization
import Testing

/// The built `es-embedded serve` killed with SIGKILL in the middle of bulk indexing: after a
/// restart on the same data directory, every acknowledged document is there, unchanged.
@Suite struct CrashTests {
    private func backend(_ url: URL) -> HTTPSearchBackend {
        HTTPSearchBackend(
            // Generous: the server runs in another process on a loaded machine; latency is not what this checks.
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, requestTimeout: .seconds(60), retry: .none))
    }

    private static func document(_ batch: Int, _ number: Int) -> JSONValue {
        [
            "batch": .int(batch), "number": .int(number),
            "title": .string("document \(batch)-\(number) of the crash test"),
        ]
    }

    @Test func acknowledgedDocumentsSurviveSIGKILLMidBulk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, firstURL) = try await ServeFixture.start(["--data", directory.path])
        let client = backend(firstURL)
        let mapping = Mapping(dynamic: .strict) {
            Property.integer("batch")
            Property.integer("number")
            Property.text("title")
        }
        _ = try await client.createIndex("crash", definition: IndexDefinition(mappings: mapping))
        let acknowledged = Mutex<[String]>([])
        let acknowledgedCount = Threshold()
        let writer = Task {
            defer { acknowledgedCount.finish() }
            for batch in 0..<10_000 {
                let operations = (0..<100).map { number in
                    BulkOperation.index(
                        index: "crash", id: "\(batch)-\(number)", document: Self.document(batch, number))
                }
                guard let response = try? await client.bulk(BulkRequest(operations)) else { return }
                let ids = response.items.filter { !$0.isFailure }.compactMap(\.id)
                acknowledged.withLock { $0.append(contentsOf: ids) }
                acknowledgedCount.add(ids.count)
            }
        }
        _ = await acknowledgedCount.wait(atLeast: 2_000)
        first.signal(SIGKILL)
        #expect(try await first.exit(timeout: .seconds(10)) == .signalled(SIGKILL))
        await writer.value
        let kept = acknowledged.withLock { $0 }

        let (second, secondURL) = try await ServeFixture.start(["--data", directory.path])
        let reader = backend(secondURL)
        _ = try await reader.refresh("crash")
        let count = try await reader.count("crash", request: CountRequest()).count
        #expect(count >= kept.count)
        // Only the bulk in flight at the kill may be partly there (its items are separate
        // operations, as in Elasticsearch; a write the kill cuts short keeps the records before
        // the cut).
        #expect(count - kept.count <= 100, "\(count - kept.count) unacknowledged documents survived")
        for id in kept.shuffled().prefix(300) {
            let found = try await reader.getDocument("crash", id: id)
            let parts = id.split(separator: "-").compactMap { Int($0) }
            #expect(found.source == Self.document(parts[0], parts[1]), "document \(id)")
        }
        let keptBatches = Set(kept.map { $0.split(separator: "-")[0] })
        for batch in keptBatches {
            let response = try await reader.count(
                "crash", request: CountRequest(query: .term("batch", .int(Int(batch) ?? -1))))
            #expect(response.count == 100, "batch \(batch)")
        }
        second.signal(SIGTERM)
        #expect(try await second.exit(timeout: .seconds(20)) == .exited(0))
        let warnings = second.errors
        #expect(!warnings.contains("is not served"), "a kill -9 tears at most the last write: \(warnings)")
        if warnings.contains("cut off") {
            #expect(warnings.contains("torn write"), "only the last write may be torn: \(warnings)")
        }
    }
}
