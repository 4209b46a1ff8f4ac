import CLIKitTesting
import ESEmbedded
import ESModels
import Foundation
import Testing

/// The operator's path through a damaged data directory, with the built binary: `serve` keeps
/// serving the intact indices and refuses the damaged one with the reason, `check` says what is
/// damaged and the command that repairs it, `repair` keeps every intact record.
@Suite struct DamagedDataTests {
    private static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    private func client(_ url: URL) -> HTTPSearchBackend {
        HTTPSearchBackend(
            // Generous: the server runs in another process on a loaded machine; latency is not what this checks.
            configuration: HTTPSearchBackendConfiguration(
                baseURL: url, requestTimeout: .seconds(60), retry: .none))
    }

    /// A data directory with indices `a` (even documents) and `b` (odd ones), 40 documents
    /// acknowledged one by one and no final snapshot (as a crash leaves it).
    private func prepare(_ directory: URL) async throws {
        let backend = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: Self.clock, warn: { _ in }))
        for name in ["a", "b"] { _ = try await backend.createIndex(name, definition: IndexDefinition()) }
        for number in 0..<40 {
            _ = try await backend.index(
                number % 2 == 0 ? "a" : "b", id: "doc-\(number)", document: ["n": .int(number)],
                refresh: .none)
        }
    }

    private func newestSegment(_ directory: URL) throws -> URL {
        try #require(
            try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasPrefix("wal-") }
                .max { $0.lastPathComponent < $1.lastPathComponent })
    }

    /// Flips a bit of the first occurrence of `text` in `file`.
    private func flip(_ text: String, in file: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        let needle = Array(text.utf8)
        let position = try #require(
            (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[position + needle.count - 1] ^= 0x01
        try Data(bytes).write(to: file)
    }

    private func run(_ arguments: [String]) async throws -> (
        termination: ChildProcess.Termination, output: String, errors: String
    ) {
        try await ChildProcess.run(BuiltProducts.executable("es-embedded"), arguments, timeout: .seconds(60))
    }

    @Test func aDamagedIndexIsRefusedUntilRepairedWhileTheOthersServe() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await prepare(directory)
        try flip("doc-21", in: try newestSegment(directory))

        let (server, url) = try await ServeFixture.start(["--data", directory.path])
        let http = client(url)
        #expect(try await http.getDocument("a", id: "doc-20").found)
        do {
            _ = try await http.getDocument("b", id: "doc-1")
            Issue.record("the damaged index answered")
        } catch let error as ElasticsearchError {
            #expect(error.status == 503)
            #expect(error.reason.contains("es-embedded repair --data \(directory.path) --index b"))
        }
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(20)) == .exited(0))
        #expect(server.errors.contains("index 'b' is not served"))

        let check = try await run(["check", "--data", directory.path])
        #expect(check.termination == .exited(1))
        #expect(check.output.contains("  b: NOT SERVED: 1 record lost"))
        #expect(check.output.contains("  a: served, 22 intact records"))
        #expect(
            check.output.contains(
                "result: damaged; run 'es-embedded repair --data \(directory.path) --index b' (drops 1 record"
            ))

        let typo = try await run(["repair", "--data", directory.path, "--index", "bb"])
        #expect(typo.termination == .exited(64))
        #expect(
            typo.errors.contains(
                "index 'bb' has no records in '\(directory.path)'; did you mean 'b'?; damaged: 'b'"))
        let both = try await run(["repair", "--data", directory.path, "--index", "b", "--all"])
        #expect(both.termination == .exited(64))

        let repair = try await run(["repair", "--data", directory.path, "--index", "b"])
        #expect(repair.termination == .exited(0), "\(repair.errors)")
        #expect(repair.output.contains("dropped 1 record:"))
        #expect(repair.output.contains("'a' 20 documents, 'b' 19 documents"))
        #expect(repair.output.contains("moved aside to '\(directory.path)/damaged-"))

        let again = try await run(["check", "--data", directory.path])
        #expect(again.termination == .exited(0))
        #expect(again.output.contains("result: everything is served; nothing to repair"))
        let (restarted, restartedURL) = try await ServeFixture.start(["--data", directory.path])
        let reader = client(restartedURL)
        _ = try await reader.refresh(nil)
        #expect(try await reader.count("b", request: CountRequest()).count == 19)
        #expect(try await reader.getDocument("b", id: "doc-21").found == false)
        restarted.signal(SIGTERM)
        #expect(try await restarted.exit(timeout: .seconds(20)) == .exited(0))
    }

    /// Damage whose index cannot be known (a zeroed page): `serve` does not start, says why
    /// and what to run, and changes nothing.
    @Test func damageOfNoSingleIndexKeepsServeFromStarting() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-damaged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await prepare(directory)
        let segment = try newestSegment(directory)
        var bytes = [UInt8](try Data(contentsOf: segment))
        for position in 600..<1_600 { bytes[position] = 0 }
        try Data(bytes).write(to: segment)

        let serve = try await run(["serve", "--data", directory.path, "--port", "0"])
        #expect(serve.termination == .exited(1))
        #expect(
            serve.errors.contains(
                "data directory '\(directory.path)' is damaged and was not opened (nothing was changed)"))
        #expect(serve.errors.contains("es-embedded repair --data \(directory.path) --all"))
        #expect(try Data(contentsOf: segment) == Data(bytes))
        let narrow = try await run(["repair", "--data", directory.path, "--index", "a,b"])
        #expect(narrow.termination == .exited(64))
        let repair = try await run(["repair", "--data", directory.path, "--all"])
        #expect(repair.termination == .exited(0), "\(repair.errors)")
        let check = try await run(["check", "--data", directory.path])
        #expect(check.termination == .exited(0))
    }
}
