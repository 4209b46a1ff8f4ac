import ESEmbedded
import ESEmbeddedServer
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

/// The query types es-models' `Query` has no case for (the engine decodes them): phrases,
/// prefixes, wildcards, fuzziness, multi-field and query-string queries, and the compound
/// scoring queries, with Lucene's scores; in-process and over loopback.
@Suite struct FullTextQueryTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]

    private static let documents: [(String, JSONValue)] = [
        (
            "1",
            [
                "title": "The quick brown fox", "body": "jumps over the lazy dog", "tag": "animal", "n": 5,
                "d": "2024-01-01",
            ]
        ),
        (
            "2",
            [
                "title": "quick brown dogs", "body": "the fox is quick", "tag": "animals", "n": 10,
                "d": "2024-02-01",
            ]
        ),
        (
            "3",
            ["title": "brown quick fox", "body": "nothing here", "tag": "plant", "n": 1, "d": "2023-06-01"]
        ),
    ]

    /// Runs `bodies` (or URLs when a body is `nil`) and returns each answer.
    private func answers(_ mode: TestingMode, _ requests: [(path: String, body: String?)]) async throws
        -> [JSONValue]
    {
        let backend = EmbeddedSearchBackend(clock: .frozen(at: Date(timeIntervalSince1970: 1_704_067_200)))
        let mapping = try Mapping(json: [
            "properties": [
                "title": ["type": "text"], "body": ["type": "text"], "tag": ["type": "keyword"],
                "n": ["type": "long"],
                "d": ["type": "date"],
            ]
        ])
        try await seed(backend, index: "t", mapping: mapping, Self.documents)
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        var results: [JSONValue] = []
        try await application.test(mode) { client in
            for request in requests {
                let response =
                    if let body = request.body {
                        try await client.post(request.path, headers: Self.json, body: .text(body))
                    } else {
                        try await client.get(
                            String(request.path.prefix { $0 != "?" }), query: Self.queryItems(request.path))
                    }
                results.append(try JSONValue(parsing: response.body))
            }
        }
        return results
    }

    private static func queryItems(_ path: String) -> QueryItems {
        QueryItems(parsing: String(path.drop { $0 != "?" }.dropFirst()))
    }

    private func hits(_ mode: TestingMode, _ query: String) async throws -> [String] {
        let answer = try await answers(mode, [("/t/_search", #"{"query":\#(query)}"#)])[0]
        return Self.hits(answer)
    }

    private static func hits(_ answer: JSONValue) -> [String] {
        (answer["hits"]?["hits"]?.arrayValue ?? []).map {
            "\($0["_id"]?.stringValue ?? "?") \($0["_score"]?.doubleValue.map { String($0) } ?? "-")"
        }
    }

    /// A phrase scores BM25 of its frequency with the terms' idfs summed: for "quick brown" in
    /// a three-token title (average 10/3 tokens, both terms in all three documents)
    /// 2 ln(1 + 0.5/3.5) / (1 + 1.2 (0.25 + 0.75 * 3 / (10/3))) ... = 0.12657003; a sloppy match
    /// one position apart counts 1/2.
    @Test(arguments: TestingMode.allCases)
    func phrasesNeedTheirTermsInOrder(mode: TestingMode) async throws {
        #expect(
            try await hits(mode, #"{"match_phrase":{"title":"quick brown"}}"#) == [
                "2 0.12657003", "1 0.11221124",
            ])
        #expect(
            try await hits(mode, #"{"match_phrase":{"title":{"query":"quick fox","slop":1}}}"#) == [
                "3 0.28603557", "1 0.16051462",
            ])
        #expect(try await hits(mode, #"{"match_phrase":{"title":"fox quick"}}"#) == [])
        #expect(
            try await hits(mode, #"{"match_phrase_prefix":{"title":"quick bro"}}"#).map { $0.prefix(1) } == [
                "2", "1",
            ])
        #expect(try await hits(mode, #"{"match_phrase_prefix":{"tag":"anim"}}"#) == ["1 1.0", "2 1.0"])
        #expect(
            try await hits(mode, #"{"match_bool_prefix":{"title":"fox qui"}}"#).map { $0.prefix(1) } == [
                "3", "1", "2",
            ])
    }

    @Test(arguments: TestingMode.allCases)
    func multiMatchCombinesFields(mode: TestingMode) async throws {
        let best = try await hits(mode, #"{"multi_match":{"query":"quick fox","fields":["title","body"]}}"#)
        let most = try await hits(
            mode, #"{"multi_match":{"query":"quick fox","fields":["title","body"],"type":"most_fields"}}"#)
        let title = try await hits(mode, #"{"match":{"title":"quick fox"}}"#)
        let body = try await hits(mode, #"{"match":{"body":"quick fox"}}"#)
        // best_fields is the better field's score; most_fields adds them (document 2 matches both).
        #expect(best.first == "2 0.63285017" || best.first?.hasPrefix("2 ") == true)
        #expect(title.contains("3 0.28603554") && best.contains("3 0.28603554"))
        let bodyScore = Double(body.first { $0.hasPrefix("2 ") }?.split(separator: " ")[1] ?? "0") ?? 0
        let titleScore = Double(title.first { $0.hasPrefix("2 ") }?.split(separator: " ")[1] ?? "0") ?? 0
        let mostScore = Double(most.first { $0.hasPrefix("2 ") }?.split(separator: " ")[1] ?? "0") ?? 0
        #expect(abs(mostScore - (bodyScore + titleScore)) < 1e-6)
        #expect(
            try await hits(
                mode, #"{"multi_match":{"query":"quick brown","fields":["title"],"type":"phrase"}}"#
            ).count == 2)
        #expect(
            try await hits(mode, #"{"multi_match":{"query":"fox","fields":["t*"],"type":"best_fields"}}"#)
                .count == 2)
    }

    @Test(arguments: TestingMode.allCases)
    func termLevelPatternsAndFuzziness(mode: TestingMode) async throws {
        #expect(try await hits(mode, #"{"prefix":{"tag":"anim"}}"#) == ["1 1.0", "2 1.0"])
        #expect(
            try await hits(mode, #"{"prefix":{"tag":{"value":"ANIM","case_insensitive":true}}}"#).count == 2)
        #expect(try await hits(mode, #"{"wildcard":{"tag":{"value":"an*l?"}}}"#) == ["2 1.0"])
        #expect(try await hits(mode, #"{"wildcard":{"title":"QU?CK"}}"#).count == 3)
        // A transposition is one edit; "dgo" is within AUTO's one edit for three letters.
        #expect(try await hits(mode, #"{"fuzzy":{"body":"dgo"}}"#).map { $0.prefix(1) } == ["1"])
        #expect(try await hits(mode, #"{"fuzzy":{"body":{"value":"dgo","transpositions":false}}}"#) == [])
        #expect(
            try await hits(mode, #"{"match":{"body":{"query":"lazzy dgo","fuzziness":"AUTO"}}}"#).map {
                $0.prefix(1)
            }
                == ["1"])
        #expect(try await hits(mode, #"{"match":{"body":{"query":"lazzy","fuzziness":0}}}"#) == [])
    }

    @Test(arguments: TestingMode.allCases)
    func queryStrings(mode: TestingMode) async throws {
        #expect(
            try await hits(mode, #"{"simple_query_string":{"query":"quick -dogs","fields":["title"]}}"#).map {
                $0.prefix(1)
            } == ["3", "1", "2"])
        #expect(
            try await hits(
                mode, #"{"simple_query_string":{"query":"\"quick brown\" +fox","fields":["title"]}}"#
            ).map { $0.prefix(1) } == ["1"])
        let uri = try await answers(
            mode,
            [
                ("/t/_search?q=title:quick%20AND%20tag:plant", nil),
                ("/t/_search?q=dogs%20OR%20lazy&df=body", nil),
                ("/t/_search?q=tag:anim*", nil), ("/t/_search?q=title:%22brown%20fox%22", nil),
                ("/t/_search?q=-tag:plant", nil),
            ])
        #expect(Self.hits(uri[0]).map { $0.prefix(1) } == ["3"], "\(uri[0])")
        #expect(Self.hits(uri[1]).map { $0.prefix(1) } == ["1"])
        #expect(Self.hits(uri[2]).count == 2)
        #expect(Self.hits(uri[3]).map { $0.prefix(1) } == ["1"])
        #expect(Self.hits(uri[4]).map { $0.prefix(1) }.sorted() == ["1", "2"])
    }

    @Test(arguments: TestingMode.allCases)
    func compoundScoring(mode: TestingMode) async throws {
        #expect(
            try await hits(mode, #"{"constant_score":{"filter":{"term":{"tag":"plant"}},"boost":1.5}}"#) == [
                "3 1.5"
            ])
        let fox = try await hits(mode, #"{"match":{"title":"fox"}}"#)
        let disMax = try await hits(
            mode,
            #"{"dis_max":{"queries":[{"match":{"title":"fox"}},{"match":{"body":"fox"}}],"tie_breaker":0.0}}"#
        )
        #expect(Set(fox).isSubset(of: Set(disMax)))
        #expect(
            try await hits(
                mode,
                #"{"boosting":{"positive":{"constant_score":{"filter":{"term":{"tag":"plant"}}}},"negative":{"term":{"n":1}},"negative_boost":0.25}}"#
            )
                == ["3 0.25"])
        // field_value_factor: log10(1 + n); exp decay: exp(ln(0.5) / 5 * |n - 5|), plus a weight of 3.
        #expect(
            try await hits(
                mode,
                #"{"function_score":{"query":{"match_all":{}},"field_value_factor":{"field":"n","modifier":"log1p"}}}"#
            ) == ["2 1.0413927", "1 0.7781513", "3 0.30103"])
        #expect(
            try await hits(
                mode,
                #"{"function_score":{"functions":[{"exp":{"n":{"origin":5,"scale":5}}},{"filter":{"term":{"tag":"plant"}},"weight":3}],"score_mode":"sum","boost_mode":"replace"}}"#
            ) == ["3 3.5743492", "1 1.0", "2 0.5"])
        // gauss on a date: the origin scores 1, ten days away 0.5 (the default decay at the scale).
        #expect(
            try await hits(
                mode,
                #"{"function_score":{"functions":[{"gauss":{"d":{"origin":"2024-01-11","scale":"10d"}}}],"boost_mode":"replace"}}"#
            ).first == "1 0.5")
        #expect(
            try await hits(
                mode,
                #"{"function_score":{"functions":[{"linear":{"d":{"origin":"now","scale":"31d","decay":0.5}}}],"boost_mode":"replace","min_score":0.4}}"#
            ).map { $0.prefix(1) } == ["1", "2"])
    }

    @Test(arguments: TestingMode.allCases)
    func malformedQueriesAnswerElasticsearchsErrors(mode: TestingMode) async throws {
        let answers = try await answers(
            mode,
            [
                ("/t/_search", #"{"query":{"foo":{}}}"#),
                ("/t/_search", #"{"query":{"bool":{"must":{"bar":{"f":1}}}}}"#),
                ("/t/_search", #"{"query":{"multi_match":{"query":"x","type":"nope"}}}"#),
                ("/t/_search", #"{"query":{"boosting":{"positive":{"match_all":{}},"negative_boost":0.5}}}"#),
                ("/t/_search", #"{"query":{"match_phrase":{"title":{"query":"x","nope":1}}}}"#),
                ("/t/_search", #"{"query":{"prefix":{"n":"1"}}}"#),
            ])
        let reasons = answers.map { $0["error"]?["root_cause"]?[0]?["reason"]?.stringValue ?? "" }
        #expect(reasons[0] == "unknown query [foo]")
        #expect(answers[0]["error"]?["type"]?.stringValue == "parsing_exception")
        #expect(reasons[1] == "unknown query [bar]")
        #expect(reasons[2] == "failed to parse [multi_match] query type [nope]. unknown type.")
        #expect(reasons[3] == "[boosting] query requires 'negative' query")
        #expect(reasons[4] == "[match_phrase] query does not support [nope]")
        #expect(
            reasons[5]
                == "Can only use prefix queries on keyword, text and wildcard fields - not on [n] which is of type [long]"
        )
    }

    /// A function beside the `functions` array is named in the error by its DSL name (the text
    /// once held Swift's description of the engine's value, type names included).
    @Test(arguments: TestingMode.allCases)
    func aFunctionBesideTheFunctionsArrayIsNamedInTheError(mode: TestingMode) async throws {
        let answers = try await answers(
            mode,
            [
                (
                    "/t/_search",
                    #"{"query":{"function_score":{"functions":[{"weight":2}],"gauss":{"d":{"scale":"1d"}}}}}"#
                ),
                (
                    "/t/_search",
                    #"{"query":{"function_score":{"functions":[{"weight":2}],"field_value_factor":{"field":"n"}}}}"#
                ),
            ])
        let reasons = answers.map { $0["error"]?["root_cause"]?[0]?["reason"]?.stringValue ?? "" }
        #expect(answers[0]["error"]?["type"] == "parsing_exception")
        #expect(
            reasons == [
                "failed to parse [function_score] query. already found [functions] array, now encountering [gauss]. use [functions] array if you want to define several functions.",
                "failed to parse [function_score] query. already found [functions] array, now encountering [field_value_factor]. use [functions] array if you want to define several functions.",
            ])
    }

    /// `highlight`: the query's terms on each field in `<em>`, whole sentences as fragments,
    /// custom tags, `number_of_fragments: 0` for the whole value, fields by pattern.
    @Test(arguments: TestingMode.allCases)
    func highlightsMarkTheQueryTerms(mode: TestingMode) async throws {
        let answers = try await answers(
            mode,
            [
                (
                    "/t/_search",
                    #"{"query":{"multi_match":{"query":"quick fox","fields":["title","body"]}},"highlight":{"fields":{"title":{},"body":{}}}}"#
                ),
                (
                    "/t/_search",
                    #"{"query":{"match_phrase_prefix":{"title":"quick bro"}},"highlight":{"pre_tags":["<b>"],"post_tags":["</b>"],"fields":{"*":{"number_of_fragments":0}}}}"#
                ),
            ])
        let first = answers[0]["hits"]?["hits"]?.arrayValue?.first { $0["_id"] == "2" }
        #expect(first?["highlight"]?["title"] == ["<em>quick</em> brown dogs"])
        #expect(first?["highlight"]?["body"] == ["the <em>fox</em> is <em>quick</em>"])
        let second = answers[1]["hits"]?["hits"]?.arrayValue?.first { $0["_id"] == "1" }
        #expect(second?["highlight"] == ["title": ["The <b>quick</b> <b>brown</b> fox"]])
    }

    /// `_count` decodes its query as search does: the engine's types, and `q`.
    @Test(arguments: TestingMode.allCases)
    func countTakesEveryQueryType(mode: TestingMode) async throws {
        let answers = try await answers(
            mode,
            [
                ("/t/_count", #"{"query":{"multi_match":{"query":"fox","fields":["title","body"]}}}"#),
                ("/t/_count?q=tag:anim*", nil), ("/t/_count", #"{"query":{"nope":{}}}"#),
            ])
        #expect(answers[0]["count"] == 3)
        #expect(answers[1]["count"] == 2)
        #expect(answers[2]["error"]?["type"] == "parsing_exception")
    }
}
