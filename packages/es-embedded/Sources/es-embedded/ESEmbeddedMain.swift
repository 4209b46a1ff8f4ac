import ESEmbeddedCommand
import Foundation

/// `es-embedded serve --data DIR --port 9200`: the engine's Elasticsearch REST API over HTTP.
@main
struct ESEmbeddedMain {
    static func main() async {
        exit(await ESEmbeddedCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
    }
}
