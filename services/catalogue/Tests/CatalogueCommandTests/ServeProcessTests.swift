import CLIKitTesting
import ESEmbedded
import ESModels
import Foundation
import IntegrationFixtures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `catalogue` executable, run as a process over a data directory: it serves, answers
/// over HTTP, and stops cleanly on SIGTERM.
@Suite struct ServeProcessTests {
    /// The executable next to this test bundle.
    static func executable() throws -> URL { try BuiltProducts.executable("catalogue") }

    /// A data directory holding the fixture indices (under their production names) with a few
    /// documents, written by a durable embedded engine.
    func makeDataDirectory() async throws -> URL {
        try await Self.dataDirectory { now in
            FixtureData(now: now, assetflats: [["uuid": "uuid-1"], ["uuid": "uuid-2"]])
        }
    }

    /// A data directory holding the fixture indices (under their production names) with the
    /// documents of `data`, made around real now: the served process reads the system clock.
    static func dataDirectory(_ data: (Date) -> FixtureData) async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalogue-serve-\(UUID().uuidString)", isDirectory: true)
        let now = Date()
        let engine = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(dataDirectory: directory, clock: .frozen(at: now)))
        for index in try FixtureMappings.shared.indexNames() {
            _ = try await engine.createIndex(index, definition: FixtureMappings.shared.definition(for: index))
        }
        var operations: [BulkOperation] = []
        for set in data(now).sets {
            let builder = FixtureDocumentBuilder(
                kind: set.kind, mapping: try FixtureMappings.shared.mapping(for: set.kind.index), now: now)
            for document in try builder.documents(from: set.overrides) {
                operations.append(.index(index: document.index, id: document.id, document: document.source))
            }
        }
        let response = try await engine.bulk(BulkRequest(operations, refresh: .immediate))
        #expect(!response.errors)
        try engine.close()
        return directory
    }

    /// An empty data directory: nothing indexed.
    func makeEmptyDataDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalogue-serve-empty-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Starts `catalogue serve --dev --data directory --port 0`, and `options`.
    static func serve(_ directory: URL, _ options: [String] = []) throws -> ChildProcess {
        try ChildProcess(executable(), ["serve", "--dev", "--data", directory.path, "--port", "0"] + options)
    }

    /// Waits for `catalogue listening on http://...` and returns the URL.
    static func listeningURL(_ server: ChildProcess) async throws -> String {
        let line = try await server.line(containing: "catalogue listening on ", timeout: .seconds(60))
        return String(line.split(separator: " ").last ?? "")
    }

    @Test(.timeLimit(.minutes(3)))
    func servesOverHTTPAndStopsOnSIGTERM() async throws {
        let directory = try await makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.serve(directory)

        let url = try await Self.listeningURL(server)
        let (body, response) = try await URLSession.shared.data(
            from: try #require(URL(string: "\(url)/catalogue/by_id?id[]=uuid-2,uuid-1&content_country=KE")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let json = try JSONValue(parsing: body)
        #expect(json["count"] == 2)
        #expect(json["items"]?[0]?["uuid"] == "uuid-2")

        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(60)) == .exited(0))
    }

    /// Over a data directory nothing was indexed into, the server starts and warns at once.
    @Test(.timeLimit(.minutes(3)))
    func warnsAtStartWhenTheStoreHasNoIndices() async throws {
        let directory = try makeEmptyDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.serve(directory)

        _ = try await Self.listeningURL(server)  // signals are handled from here on
        let warning = try await server.line(containing: "warning", in: .standardError, timeout: .seconds(60))
        #expect(warning.contains("the search store has no index 'assetflat'"))
        #expect(warning.contains("'cms-indexer index'"))
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(60)) == .exited(0))
    }

    /// SIGTERM sent the moment the listening line appears stops the server cleanly, every time:
    /// never killed by the signal's default action, never lost.
    @Test(.timeLimit(.minutes(3)))
    func stopsOnSIGTERMSentTheMomentItListens() async throws {
        let directory = try makeEmptyDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for attempt in 1...5 {
            let server = try Self.serve(directory)
            _ = try await Self.listeningURL(server)
            server.signal(SIGTERM)
            do {
                let ended = try await server.exit(timeout: .seconds(60))
                #expect(ended == .exited(0), "attempt \(attempt): killed by the signal, or failed")
            } catch {
                Issue.record("attempt \(attempt): SIGTERM was lost; the server kept running (\(error))")
                return
            }
        }
    }

    @Test func badUsageExits64() async throws {
        let run = try await ChildProcess.run(Self.executable(), ["serve"], environment: [:])
        #expect(run.termination == .exited(64))
        #expect(run.errors.hasPrefix("catalogue: error: 'catalogue serve' needs '--es' or '--data'"))
    }

    /// A production run (no `--dev`) without `CATALOGUE_CURSOR_KEY` does not start; with a key it
    /// serves, and a cursor it signed reads back on the next page.
    @Test(.timeLimit(.minutes(3)))
    func aProductionRunNeedsACursorKey() async throws {
        let directory = try await makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try await ChildProcess.run(
            Self.executable(), ["serve", "--data", directory.path, "--port", "0"], environment: [:])
        #expect(refused.termination == .exited(64))
        #expect(refused.errors.hasPrefix("catalogue: error: CATALOGUE_CURSOR_KEY is not set"))

        let server = try ChildProcess(
            Self.executable(), ["serve", "--data", directory.path, "--port", "0"],
            environment: ["CATALOGUE_CURSOR_KEY": "a-secret-of-the-deployment,an-older-secret-of-it"])
        let url = try await Self.listeningURL(server)
        let first = try JSONValue(
            parsing: try await URLSession.shared.data(
                from: try #require(URL(string: "\(url)/catalogue/assets?num=1&content_country=KE"))
            ).0)
        let next = try #require(first["next"]?.stringValue)
        let (_, response) = try await URLSession.shared.data(
            from: try #require(URL(string: "\(url)/catalogue/assets?num=1&content_country=KE&cursor=\(next)"))
        )
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        server.signal(SIGTERM)
        #expect(try await server.exit(timeout: .seconds(60)) == .exited(0))
    }
}
