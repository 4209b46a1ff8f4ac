import CLIKitTesting
import ESModels
import Foundation
import Testing

/// A terminal's SIGINT followed by a script's SIGTERM (what Ctrl-C on `ci/dev-stack` did) must
/// not tear the final snapshot: the second signal is reported and ignored; only a third exits
/// at once, and even then every acknowledged write is in the log.
@Suite struct StopSignalTests {
    private static let documents = 20_000

    private func client(_ url: URL) -> HTTPSearchBackend {
        HTTPSearchBackend(
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, requestTimeout: .seconds(30), retry: .none))
    }

    /// Starts `serve` on `directory` and indexes enough documents that the final snapshot takes
    /// a while.
    private func startFilled(_ directory: URL) async throws -> ChildProcess {
        let (server, url) = try await ServeFixture.start(["--data", directory.path])
        let http = client(url)
        for first in stride(from: 0, to: Self.documents, by: 5_000) {
            let response = try await http.bulk(
                BulkRequest(
                    (first..<(first + 5_000)).map {
                        .index(
                            index: "signals", id: "\($0)",
                            document: ["n": .int($0), "title": .string("document \($0)")])
                    }))
            #expect(!response.errors)
        }
        return server
    }

    private func restartedCount(_ directory: URL) async throws -> (count: Int, errors: String) {
        let (server, url) = try await ServeFixture.start(["--data", directory.path])
        let http = client(url)
        _ = try await http.refresh("signals")
        let count = try await http.count("signals", request: CountRequest()).count
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(60)) == .exited(0))
        return (count, server.errors)
    }

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-signals-\(UUID().uuidString)")
    }

    @Test func aSecondSignalDoesNotTearTheFinalSnapshot() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await startFilled(directory)
        // Both signals at once: the second is taken while the stop is under way, however fast
        // the final snapshot is (waiting for the first one's line let a quick snapshot finish,
        // and the process exit, before the second arrived).
        server.signal(SIGINT)
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(60)) == .exited(0))
        #expect(server.errors.contains("; finishing in-flight requests"))
        #expect(server.errors.contains("while stopping: ignored"), "\(server.errors)")
        #expect(server.errors.contains("final snapshot written"))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.tmp").path))
        let restarted = try await restartedCount(directory)
        #expect(restarted.count == Self.documents)
        #expect(
            restarted.errors.contains(", 0 log records replayed"),
            "the snapshot holds everything: \(restarted.errors)")
    }

    @Test func aThirdSignalExitsAtOnceAndLosesNoAcknowledgedWrite() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await startFilled(directory)
        // The first two at once (see above); the third once the second was taken (its line).
        server.signal(SIGINT)
        server.signal(SIGTERM)
        _ = try await server.line(containing: "while stopping", in: .standardError, timeout: .seconds(60))
        server.signal(SIGTERM)
        let termination = try await server.exit(timeout: .seconds(60))
        // Exit at once (128 + SIGTERM), unless the snapshot was done before the third arrived.
        #expect(termination == .exited(128 + SIGTERM) || termination == .exited(0), "\(termination)")
        let restarted = try await restartedCount(directory)
        #expect(restarted.count == Self.documents)
        #expect(!restarted.errors.contains("not served"))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.tmp").path))
    }
}
