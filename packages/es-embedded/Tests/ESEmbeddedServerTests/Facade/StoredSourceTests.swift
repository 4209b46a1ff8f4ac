import ESEmbedded
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import HTTPKitServerTesting
import HTTPKitTesting
import Testing

@testable import ESEmbeddedServer

/// Answers copy each document's `_source` as its index stored it (written once, when the
/// document was stored): that text is the indexed document, however it was written and after
/// every kind of restart, and an answer made with it is the answer written from the tree.
@Suite struct StoredSourceTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]
    private static let ndjson: HTTPHeaders = ["Content-Type": "application/x-ndjson"]
    private static let clock = WallClock.frozen(at: Date(timeIntervalSince1970: 1_700_000_000))

    /// Text that needs escapes, non-ASCII text, nested arrays and objects, numbers of each kind.
    private static func document(_ tag: String, _ title: String) -> JSONValue {
        [
            "tag": .string(tag),
            "title": .string(title),
            "escapes": "quote \" backslash \\ slash / newline \n return \r tab \t bell \u{07} unit \u{1F}",
            "unicode": "é 東京 🎬 \u{2028} \u{FEFF}",
            "nested": [[1, [2, [3, "x"]]], [], [:], ["k": [true, false, nil]]],
            "numbers": [0, -1, .int(.max), .int(.min), 2.5, 1e+20, -0.5, 1e-7],
            "object": ["deep": ["deeper": ["deepest": "€"]], "list": [["a": 1], ["b": [2, 3]]]],
            "empty": "",
            "key \"quoted\" \\ é": "keys are escaped too",
        ]
    }

    private static func text(_ value: JSONValue) -> Data { value.compactData }

    private static let mapping: JSONValue = [
        "mappings": ["dynamic": false, "properties": ["tag": ["type": "keyword"]]]
    ]

    /// Writes documents through every write API; returns what each id must hold.
    private func write(_ client: TestClient) async throws -> [String: JSONValue] {
        var expected: [String: JSONValue] = [:]
        #expect(
            try await client.put("/stored", headers: Self.json, body: .data(Self.mapping.compactData)).status
                == .ok)

        let indexed = Self.document("a", "indexed with _doc")
        let put = try await client.put(
            "/stored/_doc/doc", headers: Self.json, body: .data(indexed.compactData))
        #expect(put.status == .created)
        expected["doc"] = indexed

        let first = Self.document("a", "bulk index")
        let second = Self.document("b", "bulk create")
        let bulk = try await client.post(
            "/_bulk", headers: Self.ndjson,
            body: .text(
                #"{"index":{"_index":"stored","_id":"bulk-1"}}"# + "\n" + first.compactString + "\n"
                    + #"{"create":{"_index":"stored","_id":"bulk-2"}}"# + "\n" + second.compactString + "\n"
                    + #"{"index":{"_index":"stored","_id":"gone"}}"# + "\n" + first.compactString + "\n"
                    + #"{"delete":{"_index":"stored","_id":"gone"}}"# + "\n"))
        #expect(try JSONValue(parsing: bulk.body)["errors"] == false)
        expected["bulk-1"] = first
        expected["bulk-2"] = second

        let replaced = Self.document("b", "replaced")
        _ = try await client.put("/stored/_doc/replaced", headers: Self.json, body: .data(first.compactData))
        _ = try await client.put(
            "/stored/_doc/replaced", headers: Self.json, body: .data(replaced.compactData))
        expected["replaced"] = replaced

        _ = try await client.put("/stored/_doc/partial", headers: Self.json, body: .data(first.compactData))
        let partial: JSONValue = [
            "doc": [
                "title": "updated \"partly\" ü", "added": [[1, [2]], ["x": "\n"]],
                "object": ["deep": ["extra": "ok"]],
            ]
        ]
        let updated = try await client.post(
            "/stored/_update/partial", headers: Self.json, body: .data(partial.compactData))
        #expect(try JSONValue(parsing: updated.body)["result"] == "updated")
        var merged = first.objectValue ?? [:]
        merged["title"] = "updated \"partly\" ü"
        merged["added"] = [[1, [2]], ["x": "\n"]]
        merged["object"] = [
            "deep": ["deeper": ["deepest": "€"], "extra": "ok"], "list": [["a": 1], ["b": [2, 3]]],
        ]
        expected["partial"] = .object(merged)

        let upsert = Self.document("c", "upserted")
        let upserted = try await client.post(
            "/stored/_update/upserted", headers: Self.json,
            body: .data(Self.text(["doc": ["title": "not this one"], "upsert": upsert])))
        #expect(try JSONValue(parsing: upserted.body)["result"] == "created")
        expected["upserted"] = upsert

        let asUpsert = Self.document("c", "doc as upsert")
        _ = try await client.post(
            "/stored/_update/as-upsert", headers: Self.json,
            body: .data(Self.text(["doc": asUpsert, "doc_as_upsert": true])))
        expected["as-upsert"] = asUpsert
        _ = try await client.post("/stored/_refresh")
        return expected
    }

    private func parse(_ response: Response, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> JSONValue
    {
        #expect(response.status == .ok, sourceLocation: sourceLocation)
        return try JSONValue(parsing: response.body)
    }

    /// The `_source` of each hit, by id.
    private func sources(_ answer: JSONValue) -> [String: JSONValue] {
        var sources: [String: JSONValue] = [:]
        for hit in answer["hits"]?["hits"]?.arrayValue ?? [] {
            if let id = hit["_id"]?.stringValue { sources[id] = hit["_source"] ?? .null }
        }
        return sources
    }

    /// The answer without `took`, which differs from one run to the next.
    private func timeless(_ answer: JSONValue) -> JSONValue {
        guard case .object(var members) = answer else { return answer }
        members["took"] = nil
        return .object(members)
    }

    /// Every read answers each document as `expected` holds it, and the compact answers equal
    /// the ones written from the tree (`?pretty`).
    private func checkAnswers(
        _ client: TestClient, _ expected: [String: JSONValue],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let all = Self.text(["size": 100])
        let answer = try parse(try await client.post("/stored/_search", headers: Self.json, body: .data(all)))
        #expect(sources(answer) == expected, sourceLocation: sourceLocation)
        #expect(answer["hits"]?["total"]?["value"] == .int(expected.count), sourceLocation: sourceLocation)
        let pretty = try parse(
            try await client.post(
                "/stored/_search", query: ["pretty": ""], headers: Self.json, body: .data(all)))
        #expect(timeless(pretty) == timeless(answer), sourceLocation: sourceLocation)

        let terms = Self.text(["query": ["terms": ["tag": ["a", "c"]]], "size": 10])
        let some = try parse(try await client.post("/stored/_search", headers: Self.json, body: .data(terms)))
        #expect(sources(some) == expected.filter { ["a", "c"].contains($0.value["tag"]?.stringValue) })
        let somePretty = try parse(
            try await client.post(
                "/stored/_search", query: ["pretty": "true"], headers: Self.json, body: .data(terms)))
        #expect(timeless(somePretty) == timeless(some), sourceLocation: sourceLocation)

        for (id, document) in expected {
            let got = try parse(try await client.get("/stored/_doc/\(id)"))
            #expect(got["_source"] == document, sourceLocation: sourceLocation)
            #expect(try parse(try await client.get("/stored/_doc/\(id)", query: ["pretty": ""])) == got)
        }
        let ids = expected.keys.sorted()
        let mget = try parse(
            try await client.post(
                "/stored/_mget", headers: Self.json,
                body: .data(Self.text(["ids": .array(ids.map(JSONValue.string))]))))
        #expect(
            (mget["docs"]?.arrayValue ?? []).map { $0["_source"] ?? .null }
                == ids.map { expected[$0] ?? .null },
            sourceLocation: sourceLocation)

        let msearch = try parse(
            try await client.post(
                "/stored/_msearch", headers: Self.ndjson,
                body: .data(Data("{}\n".utf8) + all + Data("\n{}\n".utf8) + terms + Data("\n".utf8))))
        let responses = msearch["responses"]?.arrayValue ?? []
        #expect(responses.count == 2, sourceLocation: sourceLocation)
        #expect(responses.first.map(sources) == expected, sourceLocation: sourceLocation)
        #expect(responses.first?["status"] == 200, sourceLocation: sourceLocation)
        #expect(
            responses.last.map(timeless) == timeless(some).settingStatus(200), sourceLocation: sourceLocation)

        let scroll = try parse(
            try await client.post(
                "/stored/_search", query: ["scroll": "1m"], headers: Self.json,
                body: .data(Self.text(["size": 3]))))
        var scrolled = sources(scroll)
        var id = scroll["_scroll_id"]?.stringValue
        while let current = id {
            let page = try parse(
                try await client.post(
                    "/_search/scroll", headers: Self.json,
                    body: .data(Self.text(["scroll_id": .string(current), "scroll": "1m"]))))
            let more = sources(page)
            scrolled.merge(more) { old, _ in old }
            id = more.isEmpty ? nil : page["_scroll_id"]?.stringValue
        }
        #expect(scrolled == expected, sourceLocation: sourceLocation)
    }

    @Test(arguments: TestingMode.allCases)
    func answersHoldTheIndexedDocuments(mode: TestingMode) async throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode) { client in
            let expected = try await write(client)
            try await checkAnswers(client, expected)
        }
    }

    /// After a restart from the log alone, from a snapshot whose documents are indexed again,
    /// and from a snapshot's index image, answers hold the documents as they were indexed.
    @Test func answersHoldTheIndexedDocumentsAfterRestarts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "es-embedded-stored-source-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func withServer(_ body: (EmbeddedSearchBackend, TestClient) async throws -> Void) async throws {
            let backend = try EmbeddedSearchBackend(
                configuration: EmbeddedSearchConfiguration(dataDirectory: directory, clock: Self.clock))
            let application = ElasticsearchFacade(backend: backend).application(
                configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
            try await application.test(.router) { client in try await body(backend, client) }
        }
        var expected: [String: JSONValue] = [:]
        try await withServer { _, client in expected = try await write(client) }
        // Never closed: the documents come back from the log.
        try await withServer { backend, client in
            #expect(backend.recovery.restoredIndexImages.isEmpty)
            try await checkAnswers(client, expected)
            try backend.close()
        }
        try await withServer { backend, client in
            #expect(backend.recovery.restoredIndexImages == ["stored"])
            try await checkAnswers(client, expected)
            try backend.close()
        }
        for image in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where image.hasSuffix(".esi") {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(image))
        }
        try await withServer { backend, client in
            #expect(backend.recovery.restoredIndexImages.isEmpty)
            try await checkAnswers(client, expected)
        }
    }

    /// Answers that filter or reshape `_source` (or the whole answer) still do.
    @Test(arguments: TestingMode.allCases)
    func filteredAndReshapedAnswers(mode: TestingMode) async throws {
        let backend = EmbeddedSearchBackend(clock: Self.clock)
        let application = ElasticsearchFacade(backend: backend).application(
            configuration: ServerConfiguration(port: 0), logger: Logger(label: "test", level: .critical))
        try await application.test(mode) { client in
            let expected = try await write(client)
            let document = try #require(expected["doc"])
            func search(_ body: JSONValue, query: QueryItems = [:]) async throws -> JSONValue {
                var body = body.objectValue ?? [:]
                body["query"] = ["ids": ["values": ["doc"]]]
                return try parse(
                    try await client.post(
                        "/stored/_search", query: query, headers: Self.json,
                        body: .data(JSONValue.object(body).compactData)))
            }
            let hit = { (answer: JSONValue) in answer["hits"]?["hits"]?[0] ?? .null }

            #expect(hit(try await search(["_source": false]))["_source"] == nil)
            #expect(hit(try await search(["_source": true]))["_source"] == document)
            #expect(
                hit(try await search(["_source": ["includes": ["title", "object.deep"]]]))["_source"]
                    == [
                        "title": document["title"] ?? nil,
                        "object": ["deep": document["object"]?["deep"] ?? nil],
                    ])
            var without = document.objectValue ?? [:]
            without["nested"] = nil
            without["object"] = nil
            #expect(
                hit(try await search(["_source": ["excludes": ["nested", "object"]]]))["_source"]
                    == .object(without))
            #expect(
                hit(try await search([:], query: ["_source_includes": "tag"]))["_source"] == ["tag": "a"])
            #expect(hit(try await search([:], query: ["_source": "false"]))["_source"] == nil)
            let stored = hit(try await search(["stored_fields": "_none_"]))
            #expect(stored["_source"] == nil)
            #expect(stored["_id"] == nil)
            #expect(hit(try await search(["stored_fields": ["tag"]]))["_source"] == nil)
            #expect(
                try await search([:], query: ["filter_path": "hits.hits._source.unicode,hits.total.value"])
                    == [
                        "hits": [
                            "total": ["value": 1],
                            "hits": [["_source": ["unicode": document["unicode"] ?? nil]]],
                        ]
                    ])
            #expect(
                try await search([:], query: ["filter_path": "-hits.hits._source,-took"])["hits"]?["hits"]?[0]
                    == ["_index": "stored", "_id": "doc", "_score": 1.0])
            let pretty = try await client.post(
                "/stored/_search", query: ["pretty": ""], headers: Self.json,
                body: .data(Self.text(["query": ["ids": ["values": ["doc"]]]])))
            #expect(pretty.bodyText.contains("\n    \"hits\": [\n"))
            #expect(hit(try JSONValue(parsing: pretty.body))["_source"] == document)

            let got = try parse(
                try await client.get("/stored/_doc/doc", query: ["_source_excludes": "nested,object"]))
            #expect(got["_source"] == .object(without))
            #expect(
                try parse(try await client.get("/stored/_doc/doc", query: ["_source": "false"]))["_source"]
                    == nil)
            #expect(
                try parse(try await client.get("/stored/_doc/doc", query: ["filter_path": "_source.tag"]))
                    == ["_source": ["tag": "a"]])
            let mget = try parse(
                try await client.post(
                    "/stored/_mget", headers: Self.json,
                    body: .data(
                        Self.text([
                            "docs": [
                                ["_id": "doc", "_source": ["tag"]], ["_id": "bulk-1"], ["_id": "missing"],
                            ]
                        ]))))
            #expect(mget["docs"]?[0]?["_source"] == ["tag": "a"])
            #expect(mget["docs"]?[1]?["_source"] == expected["bulk-1"])
            #expect(mget["docs"]?[2]?["found"] == false)
            #expect(mget["docs"]?[2]?["_source"] == nil)
        }
    }

    /// Written from the engine's result, with stored texts, a search answer is the answer
    /// written from its tree: the same text where the stored texts are written as the tree
    /// would be (keys sorted), the same value whatever their member order; with scores or
    /// none, sort values, highlights, aggregations, scroll and point-in-time ids, totals as
    /// objects, numbers, `null` or left out, and members added (`_msearch`'s `status`).
    @Test(arguments: [false, true])
    func searchAnswersEqualTheirTree(restTotalHitsAsInt: Bool) throws {
        let documents = [Self.document("a", "one"), Self.document("b", "two \u{0} zero"), ["x": [1]]]
        let hits = documents.enumerated().map { position, document in
            SearchHit(
                index: "stored", id: "d\(position) \"é\"",
                score: position == 1 ? nil : 1.5 / Double(position + 1),
                source: position == 2 ? nil : document,
                sort: position == 0 ? nil : [.int(position), .string("k\(position)"), nil, 2.5])
        }
        var results: [SearchResult] = []
        for total in [TotalHits(value: 3), TotalHits(value: 10_000, relation: .gte), nil] {
            var result = SearchResult(
                response: SearchResponse(
                    took: 4, shards: ShardStatistics(total: 2, successful: 1, skipped: 0, failed: 1),
                    hits: SearchHits(total: total, maxScore: total == nil ? nil : 1.5, hits: hits)),
                aggregations: total == nil ? nil : ["by_tag": ["buckets": [["key": "a", "doc_count": 2]]]],
                pointInTimeID: total?.relation == .gte ? "pit \"id\"" : nil,
                scrollID: total?.relation == .eq ? "scroll" : nil)
            result.highlights = total == nil ? nil : [["title": ["<em>one</em>"]], nil, ["x": []]]
            results.append(result)
        }
        results.append(
            SearchResult(response: SearchResponse(hits: SearchHits(total: TotalHits(value: 0), hits: []))))
        for result in results {
            var answer = RESTSearchAnswer(result: result, restTotalHitsAsInt: restTotalHitsAsInt)
            let tree = answer.json
            #expect(ResponseBody.search(answer).compactData == tree.compactData)
            if restTotalHitsAsInt {
                #expect(tree["hits"]?["total"] == .int(result.response.hits.total?.value ?? -1))
            } else {
                #expect(tree == result.json)
            }

            answer.result.sourceTexts = result.response.hits.hits.map {
                $0.source.map { Array($0.compactData) }
            }
            #expect(ResponseBody.search(answer).compactData == tree.compactData)
            answer.result.sourceTexts = result.response.hits.hits.map { $0.source.map { JSONText.bytes($0) } }
            #expect(try JSONValue(parsing: ResponseBody.search(answer).compactData) == tree)
            answer.result.sourceTexts = result.response.hits.hits.enumerated().map { position, hit in
                position == 0 ? nil : hit.source.map { JSONText.bytes($0) }
            }
            #expect(try JSONValue(parsing: ResponseBody.search(answer).compactData) == tree)
            #expect(ResponseBody.search(answer).value == tree)

            let status = ResponseBody.search(answer).settingMember("status", to: 200)
            #expect(try JSONValue(parsing: status.compactData) == tree.settingStatus(200))
            #expect(status.value == tree.settingStatus(200))
            #expect(status.settingMember("took", to: 9).value["took"] == 9)
            #expect(try JSONValue(parsing: status.settingMember("took", to: 9).compactData)["took"] == 9)
        }
    }

    /// A document written with its stored text is the document written from its tree.
    @Test func documentAnswersEqualTheirTree() throws {
        let document: JSONValue = [
            "_index": "stored", "_id": "doc", "found": true, "_version": 1,
            "_source": Self.document("a", "one"),
        ]
        let text = JSONText.bytes(document["_source"] ?? nil)
        #expect(try JSONValue(parsing: ResponseBody.hit(document, sourceText: text).compactData) == document)
        #expect(ResponseBody.hit(document, sourceText: text).value == document)
        let sorted = Array((document["_source"] ?? nil).compactData)
        #expect(ResponseBody.hit(document, sourceText: sorted).compactData == document.compactData)
        #expect(ResponseBody.hit(document, sourceText: nil).compactData == document.compactData)
        let list = ResponseBody.object([
            "docs": .array([.hit(document, sourceText: text), .value(["found": false])])
        ])
        #expect(try JSONValue(parsing: list.compactData) == ["docs": [document, ["found": false]]])
    }
}

extension JSONValue {
    fileprivate func settingStatus(_ status: Int) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members["status"] = .int(status)
        return .object(members)
    }
}
