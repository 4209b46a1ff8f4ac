import ESEmbedded
import ESModels
import Foundation

/// The search store a command writes to: a cluster (`--es URL`), the durable embedded engine
/// (`--data DIR`), else the cluster named by `ELASTICSEARCH_URL` when set, else an in-memory
/// embedded engine.
struct BackendChoice {
    let backend: any SearchBackend
    private let embedded: EmbeddedSearchBackend?

    init(options: ParsedOptions, context: CommandContext) throws {
        switch (options.value("--es"), options.value("--data")) {
        case (.some, .some):
            throw UsageError.conflictingOptions("--es", "--data")
        case (let url?, nil):
            guard let baseURL = URL(string: url), let scheme = baseURL.scheme,
                ["http", "https"].contains(scheme),
                baseURL.host != nil
            else {
                throw UsageError.invalidValue(
                    option: "--es", value: url, expected: "an http(s) URL such as http://127.0.0.1:9200")
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
