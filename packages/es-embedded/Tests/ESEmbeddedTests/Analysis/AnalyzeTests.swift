import ESModels
import Foundation
import Testing

@testable import ESEmbedded

/// `_analyze` and the analyzers of an index's `analysis` settings: the tokens, offsets, types
/// and positions Elasticsearch reports, the explanation of every stage, custom analyzers used
/// for indexing and search, and Elasticsearch's refusals of definitions and requests.
@Suite struct AnalyzeTests {
    static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    /// The analysis settings of the `titles` index: a custom analyzer with a mapping character
    /// filter, ASCII folding and edge n-grams.
    static let settings = IndexSettings([
        "analysis": [
            "char_filter": ["no_amp": ["type": "mapping", "mappings": ["& => and"]]],
            "filter": [
                "autocomplete": ["type": "edge_ngram", "min_gram": 2, "max_gram": 4],
                "few_stops": ["type": "stop", "stopwords": ["the", "of"]],
            ],
            "analyzer": [
                "titles": [
                    "type": "custom", "tokenizer": "standard", "char_filter": ["no_amp"],
                    "filter": ["lowercase", "asciifolding", "few_stops"],
                ],
                "prefixes": ["tokenizer": "standard", "filter": ["lowercase", "autocomplete"]],
            ],
        ]
    ])

    func backend() async throws -> EmbeddedSearchBackend {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let mapping = try Mapping(
            json: [
                "properties": [
                    "title": ["type": "text", "analyzer": "titles"],
                    "name": ["type": "text", "analyzer": "prefixes", "search_analyzer": "standard"],
                    "code": ["type": "keyword"],
                ]
            ])
        _ = try await backend.createIndex(
            "titles", definition: IndexDefinition(settings: Self.settings, mappings: mapping))
        return backend
    }

    static func tokens(_ answer: JSONValue) -> [String] {
        guard case .array(let tokens)? = answer["tokens"] else { return [] }
        return tokens.compactMap { $0["token"]?.stringValue }
    }

    @Test func theStandardAnalyzerReportsOffsetsTypesAndPositions() throws {
        let answer = try EmbeddedSearchBackend(clock: Self.clock).analyze(
            index: nil, body: ["analyzer": "standard", "text": "The Quick-Brown fox 3.14 café 東京"])
        #expect(Self.tokens(answer) == ["the", "quick", "brown", "fox", "3.14", "café", "東", "京"])
        let first = answer["tokens"]?[0]
        #expect(
            first == [
                "token": "the", "start_offset": 0, "end_offset": 3, "type": "<ALPHANUM>", "position": 0,
            ])
        #expect(answer["tokens"]?[4]?["type"] == "<NUM>")
        #expect(answer["tokens"]?[5]?["start_offset"] == 25)
        #expect(answer["tokens"]?[6]?["type"] == "<IDEOGRAPHIC>")
        #expect(answer["tokens"]?[7]?["position"] == 7)
    }

    /// The tokenizer's offsets, with lower-casing, are the fast path's terms on every input the
    /// standard tokenizer's own tests use.
    @Test(arguments: [
        "The Quick BROWN fox", "don't stop", "l'été à Paris", "wi-fi 3.14 1,000 U.S.A.", "foo_bar abc123 x",
        "Final: Heat vs. Celtics!", "東京タワー", "  ", "mail@example.com", String(repeating: "a", count: 300),
    ])
    func theAnalysedTokenizerAgreesWithTheFastPath(text: String) {
        let analysed = StandardTokenizer.analyzed(text)
        #expect(analysed.map { $0.term.lowercased() } == StandardTokenizer.tokens(text))
        let units = Array(text.utf16)
        for token in analysed {
            #expect(String(decoding: units[token.start..<token.end], as: UTF16.self) == token.term)
        }
    }

    @Test func componentsAssembledInTheRequestAndOffsetsThroughCharacterFilters() throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let answer = try backend.analyze(
            index: nil,
            body: [
                "tokenizer": "whitespace", "filter": ["lowercase", ["type": "stop", "stopwords": ["the"]]],
                "char_filter": ["html_strip"], "text": "<p>I&apos;m so <b>happy</b>!</p> The end",
            ])
        #expect(Self.tokens(answer) == ["i'm", "so", "happy!", "end"])
        // Offsets point into the text as sent, past the tags and entities removed.
        #expect(answer["tokens"]?[0]?["start_offset"] == 3)
        #expect(answer["tokens"]?[0]?["end_offset"] == 11)
        #expect(answer["tokens"]?[2]?["start_offset"] == 18)
        // "the" was removed, and its position with it.
        #expect(answer["tokens"]?[3]?["position"] == 4)

        let grams = try backend.analyze(
            index: nil,
            body: ["tokenizer": ["type": "edge_ngram", "min_gram": 1, "max_gram": 3], "text": "Heat"])
        #expect(Self.tokens(grams) == ["H", "He", "Hea"])
        let split = try backend.analyze(
            index: nil,
            body: ["tokenizer": ["type": "pattern", "pattern": "[,;\\s]+"], "text": "a, b;c  dd"])
        #expect(Self.tokens(split) == ["a", "b", "c", "dd"])
        #expect(split["tokens"]?[3]?["start_offset"] == 8)
        let quoted = try backend.analyze(
            index: nil,
            body: [
                "tokenizer": ["type": "pattern", "pattern": "\"([^\"]+)\"", "group": 1],
                "text": "\"x\" and \"yz\"",
            ])
        #expect(Self.tokens(quoted) == ["x", "yz"])
        #expect(
            Self.tokens(
                try backend.analyze(index: nil, body: ["analyzer": "pattern", "text": "Foo-Bar baz"])) == [
                    "foo", "bar", "baz",
                ])
        let replaced = try backend.analyze(
            index: nil,
            body: [
                "tokenizer": "standard",
                "char_filter": [
                    ["type": "pattern_replace", "pattern": "(\\d+)-(\\d+)", "replacement": "$1_$2"]
                ],
                "text": "call 555-1234",
            ])
        #expect(Self.tokens(replaced) == ["call", "555_1234"])
        #expect(replaced["tokens"]?[1]?["start_offset"] == 5)
        #expect(throws: ElasticsearchError.self) {
            try backend.analyze(
                index: nil,
                body: [
                    "tokenizer": "standard", "char_filter": [["type": "pattern_replace", "pattern": "("]],
                    "text": "x",
                ])
        }
        let values = try backend.analyze(index: nil, body: ["analyzer": "whitespace", "text": ["a b", "c"]])
        #expect(values["tokens"]?[2]?["position"] == 102)
        #expect(values["tokens"]?[2]?["start_offset"] == 4)
    }

    @Test func explainShowsEveryStage() throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let custom = try backend.analyze(
            index: nil,
            body: [
                "tokenizer": "standard", "filter": ["uppercase"], "char_filter": ["html_strip"],
                "text": "<i>ok</i>",
                "explain": true,
            ])
        #expect(custom["detail"]?["custom_analyzer"] == true)
        #expect(custom["detail"]?["charfilters"]?[0]?["filtered_text"] == ["ok"])
        #expect(custom["detail"]?["tokenizer"]?["name"] == "standard")
        #expect(custom["detail"]?["tokenizer"]?["tokens"]?[0]?["token"] == "ok")
        #expect(custom["detail"]?["tokenizer"]?["tokens"]?[0]?["bytes"] == "[6f 6b]")
        #expect(custom["detail"]?["tokenfilters"]?[0]?["name"] == "uppercase")
        #expect(custom["detail"]?["tokenfilters"]?[0]?["tokens"]?[0]?["token"] == "OK")

        let named = try backend.analyze(
            index: nil, body: ["analyzer": "standard", "text": "Ok", "explain": true])
        #expect(named["detail"]?["custom_analyzer"] == false)
        #expect(named["detail"]?["analyzer"]?["name"] == "standard")
        #expect(named["detail"]?["analyzer"]?["tokens"]?[0]?["token"] == "ok")
    }

    @Test func anIndexsAnalyzersAnalyseItsFieldsAndSearches() async throws {
        let backend = try await backend()
        let byName = try backend.analyze(
            index: "titles", body: ["analyzer": "titles", "text": "The Café & Bar"])
        #expect(Self.tokens(byName) == ["cafe", "and", "bar"])
        let byField = try backend.analyze(index: "titles", body: ["field": "name", "text": "Heat"])
        #expect(Self.tokens(byField) == ["he", "hea", "heat"])
        let keyword = try backend.analyze(index: "titles", body: ["field": "code", "text": "A B"])
        #expect(Self.tokens(keyword) == ["A B"])

        _ = try await backend.index(
            "titles", id: "1", document: ["title": "Café of Dreams", "name": "Heatwave"], refresh: .immediate)
        func hits(_ query: JSONValue) async throws -> Int {
            let request = try SearchRequest(json: ["query": query])
            return try await backend.search("titles", request: request).hits.hits.count
        }
        // Indexed folded and without stop words; searched with the same analyzer.
        #expect(try await hits(["match": ["title": "CAFE"]]) == 1)
        #expect(try await hits(["match_phrase": ["title": "café of dreams"]]) == 1)
        // Indexed as prefixes, searched whole (its search_analyzer).
        #expect(try await hits(["match": ["name": "hea"]]) == 1)
        #expect(try await hits(["match": ["name": "heatw"]]) == 0)
    }

    @Test func requestsElasticsearchRefuses() async throws {
        let backend = try await backend()
        func reason(_ index: String?, _ body: JSONValue) -> String? {
            do {
                _ = try backend.analyze(index: index, body: body)
                return nil
            } catch let error as ElasticsearchError {
                return "\(error.type): \(error.reason)"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            reason(nil, ["analyzer": "standard"])
                == "action_request_validation_exception: Validation Failed: 1: text is missing;")
        #expect(
            reason(nil, ["analyzer": "nope", "text": "x"])
                == "illegal_argument_exception: failed to find global analyzer [nope]")
        #expect(
            reason("titles", ["analyzer": "nope", "text": "x"])
                == "illegal_argument_exception: failed to find analyzer [nope]")
        #expect(
            reason(nil, ["tokenizer": "nope", "text": "x"])
                == "illegal_argument_exception: failed to find global tokenizer under [nope]")
        #expect(
            reason(nil, ["tokenizer": "standard", "filter": ["nope"], "text": "x"])
                == "illegal_argument_exception: failed to find global filter under [nope]")
        #expect(
            reason(nil, ["tokenizer": ["max_token_length": 5], "text": "x"])
                == "illegal_argument_exception: Missing [type] setting for anonymous tokenizer: {\"max_token_length\":5}"
        )
        #expect(
            reason(nil, ["analyzer": "standard", "filter": ["lowercase"], "text": "x"])
                == "action_request_validation_exception: Validation Failed: 1: cannot define extra components on a named analyzer;"
        )
        #expect(reason("missing", ["text": "x"])?.hasPrefix("index_not_found_exception") == true)
    }

    @Test func definitionsAndMappingsElasticsearchRefuses() async throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        func reason(_ settings: [String: JSONValue], _ mapping: JSONValue = ["properties": [:]]) async
            -> String?
        {
            do {
                _ = try await backend.createIndex(
                    "bad-\(UUID().uuidString.lowercased())",
                    definition: IndexDefinition(
                        settings: IndexSettings(settings), mappings: try Mapping(json: mapping)))
                return nil
            } catch let error as ElasticsearchError {
                return "\(error.type): \(error.reason)"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            await reason(["analysis": ["analyzer": ["a": ["type": "custom", "tokenizer": "nope"]]]])
                == "illegal_argument_exception: Custom Analyzer [a] failed to find tokenizer under name [nope]"
        )
        #expect(
            await reason(["analysis": ["analyzer": ["a": ["tokenizer": "standard", "filter": ["nope"]]]]])
                == "illegal_argument_exception: Custom Analyzer [a] failed to find filter under name [nope]")
        #expect(
            await reason(["analysis": ["analyzer": ["a": ["filter": ["lowercase"]]]]])
                == "illegal_argument_exception: analyzer [a] must specify either an analyzer type, or a tokenizer"
        )
        #expect(
            await reason(["analysis": ["filter": ["f": ["type": "nope"]]]])
                == "illegal_argument_exception: Unknown filter type [nope] for [f]")
        #expect(
            await reason(["analysis": ["analyzer": ["a": ["type": "nope"]]]])
                == "illegal_argument_exception: Unknown analyzer type [nope] for [a]")
        #expect(
            await reason([:], ["properties": ["t": ["type": "text", "analyzer": "nope"]]])
                == "mapper_parsing_exception: Failed to parse mapping: analyzer [nope] has not been configured in mappings"
        )
        #expect(await reason([:], ["properties": ["t": ["type": "text", "analyzer": "english"]]]) == nil)
    }

    /// A mapping update that changes a field's analyzer is refused, as Elasticsearch refuses it;
    /// one that names an analyzer the index lacks is refused too.
    @Test func mappingUpdatesCannotChangeAnAnalyzer() async throws {
        let backend = try await backend()
        await #expect {
            try await backend.putMapping(
                "titles",
                mapping: try Mapping(json: ["properties": ["title": ["type": "text", "analyzer": "simple"]]]))
        } throws: { error in
            (error as? ElasticsearchError)?.reason
                == "Mapper for [title] conflicts with existing mapper:\n\tCannot update parameter [analyzer] from [titles] to [simple]"
        }
        await #expect {
            try await backend.putMapping(
                "titles",
                mapping: try Mapping(json: ["properties": ["other": ["type": "text", "analyzer": "nope"]]]))
        } throws: { error in
            (error as? ElasticsearchError)?.type == "mapper_parsing_exception"
        }
        // Adding a field with one of the index's analyzers is fine.
        _ = try await backend.putMapping(
            "titles",
            mapping: try Mapping(json: ["properties": ["other": ["type": "text", "analyzer": "prefixes"]]]))
    }
}
