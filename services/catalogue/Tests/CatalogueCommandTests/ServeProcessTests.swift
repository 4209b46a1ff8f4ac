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
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "catalogue")
    }

    /// A data directory holding the fixture indices (under their production names) with a few
    /// documents, written by a durable embedded engine.
    func makeDataDirectory() async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalogue-serve-\(UUID().uuidString)", isDirectory: true)
        let engine = try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(dataDirectory: directory))
        let now = Date()
        for index in try FixtureMappings.shared.indexNames() {
            _ = try await engine.createIndex(index, definition: FixtureMappings.shared.definition(for: index))
        }
        let data = FixtureData(now: now, assetflats: [["uuid": "uuid-1"], ["uuid": "uuid-2"]])
        var operations: [BulkOperation] = []
        for set in data.sets {
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

    /// Starts `catalogue serve --data directory --port 0`, its stdout on the returned pipe.
    static func serve(_ directory: URL, standardError: Any = FileHandle.nullDevice) throws -> (Process, Pipe)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--data", directory.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
        return (process, output)
    }

    @Test(.timeLimit(.minutes(1)))
    func servesOverHTTPAndStopsOnSIGTERM() async throws {
        let directory = try await makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, output) = try Self.serve(directory)
        defer { if process.isRunning { process.terminate() } }

        let url = try await Self.listeningURL(output.fileHandleForReading)
        let (body, response) = try await URLSession.shared.data(
            from: try #require(URL(string: "\(url)/catalogue/by_id?id[]=uuid-2,uuid-1&content_country=KE")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let json = try JSONValue(parsing: body)
        #expect(json["count"] == 2)
        #expect(json["items"]?[0]?["uuid"] == "uuid-2")

        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Over a data directory nothing was indexed into, the server starts and warns at once.
    @Test(.timeLimit(.minutes(1)))
    func warnsAtStartWhenTheStoreHasNoIndices() async throws {
        let directory = try makeEmptyDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let errors = Pipe()
        let (process, output) = try Self.serve(directory, standardError: errors)
        defer { if process.isRunning { process.terminate() } }

        _ = try await Self.listeningURL(output.fileHandleForReading)  // signals are handled from here on
        let warning = try await Self.line(containing: "warning", in: errors.fileHandleForReading)
        #expect(warning.contains("the search store has no index 'assetflat'"))
        #expect(warning.contains("'cms-indexer index'"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// SIGTERM sent the moment the listening line appears stops the server cleanly, every time:
    /// never killed by the signal's default action, never lost.
    @Test(.timeLimit(.minutes(1)))
    func stopsOnSIGTERMSentTheMomentItListens() async throws {
        let directory = try makeEmptyDataDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for attempt in 1...5 {
            let (process, output) = try Self.serve(directory)
            _ = try await Self.listeningURL(output.fileHandleForReading)
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                Issue.record("attempt \(attempt): SIGTERM was lost; the server kept running")
                return
            }
            #expect(process.terminationReason == .exit, "attempt \(attempt): killed by the signal")
            #expect(process.terminationStatus == 0, "attempt \(attempt)")
        }
    }

    @Test func badUsageExits64() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["serve"]
        process.standardError = FileHandle.nullDevice
        process.environment = [:]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }

    /// Reads stdout until the server prints `catalogue listening on http://...`.
    static func listeningURL(_ handle: FileHandle) async throws -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "catalogue listening on ") {
                let rest = text[range.upperBound...]
                if let end = rest.firstIndex(where: { $0 == " " || $0 == "\n" }) {
                    return String(rest[..<end])
                }
            }
        }
        throw ServeProcessError.noListeningLine(text)
    }

    /// Reads `handle` until a whole line containing `text` arrives.
    static func line(containing text: String, in handle: FileHandle) async throws -> String {
        var received = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            received += String(decoding: chunk, as: UTF8.self)
            if let line = received.split(separator: "\n").first(where: { $0.contains(text) }),
                received.contains(line + "\n")
            {
                return String(line)
            }
        }
        throw ServeProcessError.noLine(containing: text, received: received)
    }

    enum ServeProcessError: Error {
        case noListeningLine(String)
        case noLine(containing: String, received: String)
    }
}
