import CLIKitTesting
import ESEmbedded
import ESModels
import Foundation
import Testing

/// Dynamic settings updates and composable index templates: applied at creation (explicit and
/// automatic), refused as Elasticsearch refuses them, and kept across a restart (the log, then
/// a snapshot).
@Suite struct SettingsAndTemplatesTests {
    private static let template: JSONValue = [
        "index_patterns": ["logs-*"], "priority": 5,
        "template": [
            "settings": ["number_of_replicas": 0, "index.max_result_window": 20],
            "mappings": ["properties": ["msg": ["type": "text"], "level": ["type": "keyword"]]],
            "aliases": ["all-logs": [:]],
        ],
    ]

    private func open(_ directory: URL) throws -> EmbeddedSearchBackend {
        try EmbeddedSearchBackend(
            configuration: EmbeddedSearchConfiguration(
                dataDirectory: directory, clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)),
                warn: { _ in }))
    }

    @Test func templatesApplyAtCreationAndSurviveARestart() async throws {
        try await withTemporaryDirectory { directory in
            var backend = try open(directory)
            _ = try backend.putIndexTemplate("logs", body: Self.template)
            _ = try await backend.createIndex(
                "logs-1",
                definition: IndexDefinition(
                    mappings: try Mapping(json: ["properties": ["n": ["type": "long"]]])))
            _ = try await backend.index(
                "logs-2", id: "1", document: ["msg": "hello", "level": "info"], refresh: .immediate)
            _ = try await backend.createIndex("other", definition: IndexDefinition())
            _ = try backend.updateSettings("logs-1", settings: IndexSettings(["index.max_result_window": 5]))
            for reopen in [false, true] {
                let mapping = try await backend.getMapping("logs-1").mappings["logs-1"]
                #expect(mapping?.properties.keys.sorted() == ["level", "msg", "n"])
                #expect(
                    try await backend.getMapping("logs-2").mappings["logs-2"]?.properties["level"]?.type
                        == .keyword)
                #expect(try await backend.getMapping("other").mappings["other"]?.properties.isEmpty == true)
                let summaries = try backend.indexSummaries("logs-*")
                #expect(summaries.map(\.settings["index.max_result_window"]) == [.int(5), .int(20)])
                #expect(summaries.allSatisfy { $0.replicas == 0 })
                #expect(
                    try await backend.getAlias(name: "all-logs", index: nil).indices.keys.sorted() == [
                        "logs-1", "logs-2",
                    ])
                #expect(try backend.indexTemplates(nil).map(\.name) == ["logs"])
                try backend.close()
                backend = try open(directory)
                if reopen { break }
            }
            try backend.close()
        }
    }

    @Test func refusalsAreElasticsearchs() async throws {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
        _ = try backend.putIndexTemplate("logs", body: Self.template)
        let overlapping = #expect(throws: ElasticsearchError.self) {
            try backend.putIndexTemplate("more", body: ["index_patterns": ["logs-a*"], "priority": 5])
        }
        #expect(overlapping?.type == "illegal_argument_exception")
        _ = try backend.putIndexTemplate("more", body: ["index_patterns": ["logs-a*"], "priority": 6])
        let components = #expect(throws: ElasticsearchError.self) {
            try backend.putIndexTemplate("c", body: ["index_patterns": ["x*"], "composed_of": ["base"]])
        }
        #expect(components?.type == "invalid_index_template_exception")
        let missing = #expect(throws: ElasticsearchError.self) { try backend.indexTemplates("nope") }
        #expect(missing?.status == 404)
        // The higher priority wins: logs-a1 gets none of "logs"'s mapping.
        _ = try await backend.createIndex("logs-a1", definition: IndexDefinition())
        #expect(try await backend.getMapping("logs-a1").mappings["logs-a1"]?.properties.isEmpty == true)
        let staticSetting = #expect(throws: ElasticsearchError.self) {
            try backend.updateSettings("logs-a1", settings: IndexSettings(["number_of_shards": 2]))
        }
        #expect(
            staticSetting?.reason.hasPrefix("Can't update non dynamic settings [[index.number_of_shards]]")
                == true)
        let unknown = #expect(throws: ElasticsearchError.self) {
            try backend.updateSettings("logs-a1", settings: IndexSettings(["index.nope": 1]))
        }
        #expect(unknown?.reason.hasPrefix("unknown setting [index.nope]") == true)
        _ = try backend.deleteIndexTemplate("logs")
        #expect(try backend.indexTemplates(nil).map(\.name) == ["more"])
    }
}
