import Testing

@testable import ESModels

@Suite struct IndexDefinitionTests {
    @Test func settingsAcceptNestedFlatAndUnprefixedForms() throws {
        let nested = try IndexSettings(json: ["index": ["number_of_shards": 3, "number_of_replicas": 2]])
        let flat = try IndexSettings(json: ["index.number_of_shards": 3, "index.number_of_replicas": 2])
        let bare = try IndexSettings(json: ["number_of_shards": 3, "number_of_replicas": 2])
        let wrapped = try IndexSettings(json: ["settings": ["number_of_shards": 3, "number_of_replicas": 2]])
        #expect(nested == flat)
        #expect(flat == bare)
        #expect(bare == wrapped)
        #expect(nested.numberOfShards == 3)
        #expect(nested.json == ["index": ["number_of_replicas": 2, "number_of_shards": 3]])
    }

    @Test func settingsReadNumbersReturnedAsStrings() throws {
        // Elasticsearch's get-settings API answers with strings.
        let settings = try IndexSettings(
            json: ["index": ["number_of_shards": "1", "max_result_window": "500", "refresh_interval": "1s"]])
        #expect(settings.numberOfShards == 1)
        #expect(settings.maxResultWindow == 500)
        #expect(settings.refreshInterval == "1s")
        #expect(settings["index.refresh_interval"] == "1s")
        #expect(settings["refresh_interval"] == "1s")
    }

    @Test func analysisSettingsKeepTheirStructure() throws {
        let analysis: JSONValue = [
            "index": [
                "analysis": [
                    "analyzer": [
                        "folding": ["tokenizer": "standard", "filter": ["lowercase", "asciifolding"]]
                    ]
                ]
            ]
        ]
        let settings = try IndexSettings(json: analysis)
        #expect(settings["index.analysis.analyzer.folding.filter"] == ["lowercase", "asciifolding"])
        #expect(settings.json == analysis)
    }

    @Test func createIndexBodyMatchesTheDocumentationExample() throws {
        // Create index API documentation: settings, mappings and aliases in one body.
        let documented = try JSONValue(
            parsing: """
                {
                  "settings": {
                    "number_of_shards": 1
                  },
                  "mappings": {
                    "properties": {
                      "field1": { "type": "text" }
                    }
                  },
                  "aliases": {
                    "alias_1": {},
                    "alias_2": {
                      "filter": {
                        "term": { "user.id": "kimchy" }
                      },
                      "routing": "shard-1"
                    }
                  }
                }
                """)
        let definition = try IndexDefinition(json: documented)
        let expected = IndexDefinition(
            settings: IndexSettings(numberOfShards: 1),
            mappings: Mapping { Property.text("field1") },
            aliases: [
                "alias_1": AliasDefinition(),
                "alias_2": AliasDefinition(filter: .term("user.id", "kimchy"), routing: "shard-1"),
            ])
        #expect(definition == expected)
        #expect(try IndexDefinition(json: definition.json) == definition)
        #expect(try IndexDefinition(jsonText: definition.canonicalJSON) == definition)
    }

    @Test func emptyBodyIsAnEmptyDefinition() throws {
        #expect(try IndexDefinition(json: [:]) == IndexDefinition())
        #expect(try IndexDefinition(json: nil) == IndexDefinition())
    }

    @Test func unknownBodyKeyIsRejectedAsElasticsearchDoes() {
        expectElasticsearchError(type: "parse_exception", reason: "unknown key [mapping] for create index") {
            _ = try IndexDefinition(json: ["mapping": [:]])
        }
    }
}
