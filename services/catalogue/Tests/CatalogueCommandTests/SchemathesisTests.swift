import CLIKitTesting
import Catalogue
import ESModels
import Foundation
import IntegrationFixtures
import Testing

/// The Catalogue API against its own OpenAPI document, by tools nobody here wrote:
/// `Conformance/run-schemathesis` installs openapi-spec-validator and schemathesis from PyPI at
/// pinned versions, validates the served `/openapi.json` as OpenAPI 3.1, then fuzzes every
/// operation of a `catalogue serve` started here; schemathesis must find nothing.
// Serialized: both tests install into the same virtual environment.
@Suite(
    .serialized,
    .enabled(if: PythonVirtualEnvironment.available, "python3 -m venv is unavailable on this machine"))
struct SchemathesisTests {
    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Conformance/run-schemathesis")

    /// Installing the tools (a download, only when the pins change) is not part of a run's time.
    static func setUp() async throws {
        let setup = try await ChildProcess.run(Self.script, ["--setup-only"], timeout: .seconds(600))
        try #require(setup.termination == .exited(0), "\(setup.output)\(setup.errors)")
    }

    @Test(.timeLimit(.minutes(10)))
    func schemathesisFindsNothing() async throws {
        try await Self.setUp()
        let directory = try await ServeProcessTests.dataDirectory { now in
            FixtureData(
                now: now,
                assetflats: [
                    // uuid-1 to uuid-3 fill the default curated row.
                    ["uuid": "uuid-1"], ["uuid": "uuid-2", "license_windows": [["countries": ["ZA"]]]],
                    ["uuid": "uuid-3", "type": "tv_series"],
                    ["uuid": "episode-1", "type": "episode", "series_uuid": "uuid-3"],
                ],
                promos: [[:]], sportsEvents: [[:], [:]], rows: [[:]])
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcessTests.serve(directory)
        defer { server.signal(SIGKILL) }
        let url = try await ServeProcessTests.listeningURL(server)

        // A bound for a hung run, not a speed check: the fuzzer beside a loaded build.
        let run = try await ChildProcess.run(Self.script, ["--url", url], timeout: .seconds(480))
        let report = run.output + run.errors
        #expect(run.termination == .exited(0), "\(report)")
        #expect(report.contains("No issues found"), "\(report)")
        #expect(report.contains(": OK"), "the document was not validated: \(report)")
    }

    /// The validator is not a formality: a document whose parameter lacks `in` is refused.
    @Test func anInvalidDocumentIsRefused() async throws {
        try await Self.setUp()
        let file = FileManager.default.temporaryDirectory.appending(path: "openapi-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try CatalogueDocuments.breaking(CatalogueDocuments.static).compactData.write(to: file)
        let run = try await ChildProcess.run(Self.script, ["--validate", file.path], timeout: .seconds(120))
        #expect(run.termination == .exited(1), "\(run.output)\(run.errors)")

        try CatalogueDocuments.static.compactData.write(to: file)
        let valid = try await ChildProcess.run(
            Self.script, ["--validate", file.path], timeout: .seconds(120))
        #expect(valid.termination == .exited(0), "\(valid.output)\(valid.errors)")
    }
}

/// The Catalogue's OpenAPI document, and a damaged copy of it.
enum CatalogueDocuments {
    static var `static`: JSONValue { CatalogueOpenAPI.document }

    /// `document` with the `in` of `/catalogue/search`'s first parameter removed.
    static func breaking(_ document: JSONValue) throws -> JSONValue {
        guard case .object(var root) = document, case .object(var paths)? = root["paths"],
            case .object(var search)? = paths["/catalogue/search"], case .object(var get)? = search["get"],
            case .array(var parameters)? = get["parameters"], case .object(var first)? = parameters.first
        else { throw CocoaError(.coderReadCorrupt) }
        first["in"] = nil
        parameters[0] = .object(first)
        get["parameters"] = .array(parameters)
        search["get"] = .object(get)
        paths["/catalogue/search"] = .object(search)
        root["paths"] = .object(paths)
        return .object(root)
    }
}
