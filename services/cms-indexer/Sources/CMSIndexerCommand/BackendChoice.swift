import CLIKit
import CMSIndexer
import ESEmbedded
import ESModels
import Foundation

/// The search store a command writes to: a cluster (`--es URL`), the durable embedded engine
/// (`--data DIR`), else the cluster named by `ELASTICSEARCH_URL` when set, else an in-memory
/// embedded engine. ``open(context:creatingDataDirectory:)`` opens it.
struct BackendChoice: ArgumentGroup {
    @Option(
        value: "url",
        help: "A real Elasticsearch/OpenSearch cluster (credentials from ELASTICSEARCH_* variables).")
    var es: String?
    @Option(value: "dir", help: "The embedded engine's data directory (durable; created when missing).")
    var data: String?

    /// Checks the options together (before anything runs).
    func validate() throws(UsageError) {
        if es != nil && data != nil { throw .conflictingOptions("--es", "--data") }
        if let url = es {
            guard let baseURL = URL(string: url), let scheme = baseURL.scheme,
                ["http", "https"].contains(scheme),
                baseURL.host != nil
            else {
                throw .invalidValue(
                    option: "--es", value: url, expected: "an http(s) URL such as http://127.0.0.1:9200")
            }
        }
    }

    /// Whether a store was named (`--es` or `--data`).
    var isGiven: Bool { es != nil || data != nil }

    /// The store as the commands' suggestions name it: `--es URL` or `--data DIR`.
    var name: String {
        if let es { return "--es \(es)" }
        if let data { return "--data \(data)" }
        return ""
    }

    /// Opens the store; with `creatingDataDirectory: false`, a `--data` directory that does
    /// not exist is a usage error instead of a new, empty store.
    func open(context: CommandContext, creatingDataDirectory: Bool = true) throws -> SearchStore {
        try SearchStore(self, context: context, creatingDataDirectory: creatingDataDirectory)
    }
}

/// The store a ``BackendChoice`` names, open.
struct SearchStore {
    let backend: any SearchBackend
    private let embedded: EmbeddedSearchBackend?

    fileprivate init(_ choice: BackendChoice, context: CommandContext, creatingDataDirectory: Bool) throws {
        try choice.validate()
        switch (choice.es, choice.data) {
        case (let url?, _):
            guard let baseURL = URL(string: url) else {
                throw UsageError.invalidValue(option: "--es", value: url, expected: "an http(s) URL")
            }
            var environment = context.environment
            environment["ELASTICSEARCH_URL"] = url
            let configuration =
                try HTTPSearchBackendConfiguration(environment: environment)
                ?? HTTPSearchBackendConfiguration(baseURL: baseURL)
            backend = HTTPSearchBackend(configuration: configuration)
            embedded = nil
        case (nil, let directory?):
            let url = context.resolve(directory)
            if !creatingDataDirectory {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                else {
                    throw UsageError.invalidValue(
                        option: "--data", value: directory,
                        expected: "an existing data directory of the embedded engine")
                }
            }
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let engine = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(
                    dataDirectory: url, clock: context.clock,
                    warn: { message in context.note("warning: \(message)") }))
            backend = engine
            embedded = engine
        case (nil, nil):
            if let configuration = try HTTPSearchBackendConfiguration(environment: context.environment) {
                context.note(
                    "indexing into the cluster at \(configuration.baseURL.absoluteString) (ELASTICSEARCH_URL)"
                )
                backend = HTTPSearchBackend(configuration: configuration)
                embedded = nil
                return
            }
            context.note(
                "indexing into an in-memory embedded engine: nothing is kept when the command ends (pass --data DIR or --es URL)"
            )
            let engine = EmbeddedSearchBackend(clock: context.clock)
            backend = engine
            embedded = engine
        }
    }

    /// Writes the embedded engine's final snapshot (durable mode).
    func close() throws {
        try embedded?.close()
    }
}
