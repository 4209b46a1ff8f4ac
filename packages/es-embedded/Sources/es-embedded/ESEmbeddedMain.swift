import ESEmbeddedServer
import Foundation

/// `es-embedded serve --data DIR --port 9200`: the engine's Elasticsearch REST API over HTTP.
@main
struct ESEmbeddedMain {
    static func main() async {
        let status = await ESEmbeddedCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }
}
