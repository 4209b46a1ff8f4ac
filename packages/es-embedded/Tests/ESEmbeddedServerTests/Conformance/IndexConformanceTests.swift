import ESModels
import Testing

/// Index management, aliases, bulk and refresh as Elasticsearch documents them, each case
/// against both backends.
@Suite struct IndexConformanceTests {
    @Test(arguments: BackendMode.allCases)
    func createsChecksAndDeletesIndices(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let created = try await backend.createIndex("territories-v1", definition: IndexDefinition())
            #expect(
                created
                    == CreateIndexResponse(
                        acknowledged: true, shardsAcknowledged: true, index: "territories-v1"))
            #expect(try await backend.indexExists("territories-v1"))
            #expect(try await backend.indexExists("territories-v2") == false)
            let again = await elasticsearchError {
                _ = try await backend.createIndex("territories-v1", definition: IndexDefinition())
            }
            #expect(again?.type == "resource_already_exists_exception")
            #expect(again?.reason.hasPrefix("index [territories-v1/") == true)
            let upper = await elasticsearchError {
                _ = try await backend.createIndex("Territories", definition: IndexDefinition())
            }
            #expect(upper?.type == "invalid_index_name_exception")
            #expect(upper?.reason == "Invalid index name [Territories], must be lowercase")
            let underscore = await elasticsearchError {
                _ = try await backend.createIndex("_x", definition: IndexDefinition())
            }
            #expect(underscore?.reason == "Invalid index name [_x], must not start with '_', '-', or '+'")
            let wildcard = await elasticsearchError { _ = try await backend.deleteIndex("territories-*") }
            #expect(wildcard?.reason == "Wildcard expressions or all indices are not allowed")
            #expect(try await backend.deleteIndex("territories-v1").acknowledged)
            #expect(try await backend.indexExists("territories-v1") == false)
            let missing = await elasticsearchError { _ = try await backend.deleteIndex("territories-v1") }
            #expect(missing?.type == "index_not_found_exception")
            #expect(missing?.status == 404)
            #expect(missing?.reason == "no such index [territories-v1]")
            let search = await elasticsearchError {
                _ = try await backend.search("nope", request: SearchRequest())
            }
            #expect(search?.type == "index_not_found_exception")
        }
    }

    /// Writing to a missing index creates it with dynamic mapping (`action.auto_create_index`).
    @Test(arguments: BackendMode.allCases)
    func writesCreateMissingIndices(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            let response = try await backend.index(
                "fresh", id: nil, document: ["code": "KE"], refresh: .immediate)
            #expect(response.result == .created)
            #expect(response.id.count == 20)
            #expect(try await backend.indexExists("fresh"))
            #expect(try await backend.getMapping("fresh")["fresh"]?.field(at: "code")?.type == .text)
        }
    }

    /// Aliases: an atomic swap moves the alias in one step; reads and writes go through it.
    @Test(arguments: BackendMode.allCases)
    func aliasSwapIsAtomic(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, index: "assets-v1", [("old", ["uuid": "old"])])
            try await seed(backend, index: "assets-v2", [("new", ["uuid": "new"])])
            _ = try await backend.updateAliases([.add(index: "assets-v1", alias: "assets")])
            #expect(try await backend.search("assets", request: SearchRequest()).ids == ["old"])
            _ = try await backend.updateAliases(
                UpdateAliasesRequest.swap(alias: "assets", to: "assets-v2", from: ["assets-v1"]))
            #expect(try await backend.indices(forAlias: "assets") == ["assets-v2"])
            #expect(try await backend.search("assets", request: SearchRequest()).ids == ["new"])
            #expect(
                try await backend.search("assets", request: SearchRequest()).hits.hits.first?.index
                    == "assets-v2")
            let written = try await backend.index(
                "assets", id: "via-alias", document: ["uuid": "x"], refresh: .immediate)
            #expect(written.index == "assets-v2")
            #expect(try await backend.getDocument("assets", id: "via-alias").found)
            #expect(try await backend.getMapping("assets").single?.index == "assets-v2")
            let aliases = try await backend.getAlias(name: "assets", index: nil)
            #expect(aliases.indices == ["assets-v2": ["assets": AliasDefinition()]])
            #expect(try await backend.getAlias(name: "missing", index: nil).indices.isEmpty)
        }
    }

    /// A failing action leaves every other action of the request unapplied.
    @Test(arguments: BackendMode.allCases)
    func failedAliasActionsApplyNothing(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, index: "assets-v1", [])
            let missingAlias = await elasticsearchError {
                _ = try await backend.updateAliases([
                    .add(index: "assets-v1", alias: "assets"), .remove(index: "assets-v1", alias: "ghost"),
                ])
            }
            #expect(missingAlias?.type == "aliases_not_found_exception")
            #expect(missingAlias?.status == 404)
            #expect(missingAlias?.reason == "aliases [ghost] missing")
            let missingIndex = await elasticsearchError {
                _ = try await backend.updateAliases([
                    .add(index: "assets-v1", alias: "assets"), .add(index: "assets-v9", alias: "assets"),
                ])
            }
            #expect(missingIndex?.type == "index_not_found_exception")
            #expect(try await backend.indices(forAlias: "assets").isEmpty)
            let clash = await elasticsearchError {
                _ = try await backend.updateAliases([.add(index: "assets-v1", alias: "assets-v1")])
            }
            #expect(clash?.type == "invalid_alias_name_exception")
        }
    }

    /// A filtered alias only shows the documents its filter matches; an alias over several
    /// indices has no write index unless one is designated.
    @Test(arguments: BackendMode.allCases)
    func filteredAliasesAndWriteIndices(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, index: "a", catalogueDocuments)
            try await seed(backend, index: "b", [("b1", ["uuid": "b1", "type": "movie"])])
            _ = try await backend.updateAliases([
                .add(
                    index: "a", alias: "movies", definition: AliasDefinition(filter: .term("type", "movie"))),
                .add(
                    index: "b", alias: "movies", definition: AliasDefinition(filter: .term("type", "movie"))),
            ])
            let movies = try await backend.search("movies", request: SearchRequest(sort: [SortField("uuid")]))
            #expect(movies.ids == ["a1", "a2", "b1"])
            #expect(try await backend.count("movies", request: CountRequest()).count == 3)
            let noWriter = await elasticsearchError {
                _ = try await backend.index("movies", id: "x", document: ["uuid": "x"])
            }
            #expect(noWriter?.type == "illegal_argument_exception")
            #expect(noWriter?.reason.hasPrefix("no write index is defined for alias [movies]") == true)
            _ = try await backend.updateAliases([
                .add(index: "b", alias: "movies", definition: AliasDefinition(isWriteIndex: true))
            ])
            #expect(
                try await backend.index("movies", id: "x", document: ["uuid": "x"], refresh: .immediate).index
                    == "b")
            let both = try await backend.search("a,b", request: SearchRequest(query: .term("type", "movie")))
            #expect(both.hits.total?.value == 3)
            #expect(both.shards.total == 2)
            let pattern = try await backend.search("a*,b", request: SearchRequest(size: 0))
            #expect(pattern.hits.total?.value == 7)
        }
    }

    /// Bulk: one result per item, in order; failed items never drop the good ones.
    @Test(arguments: BackendMode.allCases)
    func bulkReportsEachItem(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, [("a1", ["uuid": "a1"])])
            let response = try await backend.bulk(
                BulkRequest(
                    [
                        .index(index: "catalogue", id: "a2", document: ["uuid": "a2"]),
                        .index(index: "catalogue", id: "a1", document: ["uuid": "a1", "year": 2000]),
                        .create(index: "catalogue", id: "a1", document: ["uuid": "a1"]),
                        .index(index: "catalogue", id: "bad", document: ["year": "soon"]),
                        .update(index: "catalogue", id: "a2", update: DocumentUpdate(doc: ["year": 1999])),
                        .update(index: "catalogue", id: "ghost", update: DocumentUpdate(doc: ["year": 1])),
                        .update(
                            index: "catalogue", id: "a3",
                            update: DocumentUpdate(doc: ["uuid": "a3"], docAsUpsert: true)),
                        .delete(index: "catalogue", id: "a1"),
                        .delete(index: "catalogue", id: "never"),
                        .index(index: "catalogue", id: "strict", document: ["unknown": 1]),
                    ], refresh: .immediate))
            #expect(response.errors)
            #expect(response.items.map(\.status) == [201, 200, 409, 400, 200, 404, 201, 200, 404, 400])
            #expect(
                response.items.map(\.result) == [
                    .created, .updated, nil, nil, .updated, nil, .created, .deleted, .notFound, nil,
                ])
            #expect(response.items[1].version == 2)
            #expect(response.items[2].error?.type == "version_conflict_engine_exception")
            #expect(
                response.items[2].error?.reason
                    == "[a1]: version conflict, document already exists (current version [2])")
            #expect(response.items[3].error?.type == "document_parsing_exception")
            #expect(response.items[5].error?.type == "document_missing_exception")
            #expect(response.items[5].error?.reason == "[ghost]: document missing")
            #expect(response.items[9].error?.type == "strict_dynamic_mapping_exception")
            #expect(
                response.items.map(\.action) == [
                    .index, .index, .create, .index, .update, .update, .update, .delete, .delete, .index,
                ])
            let remaining = try await backend.search(
                "catalogue", request: SearchRequest(sort: [SortField("uuid")]))
            #expect(remaining.ids == ["a2", "a3"])
            #expect(
                try await backend.getDocument("catalogue", id: "a2").source == ["uuid": "a2", "year": 1999])
            let seqNos = response.items.compactMap(\.seqNo)
            #expect(seqNos == seqNos.sorted())
        }
    }

    /// Searches see documents after a refresh; get-by-id is real-time.
    @Test(arguments: BackendMode.allCases)
    func refreshMakesWritesVisible(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, settings: IndexSettings(refreshInterval: "-1"), [])
            _ = try await backend.index("catalogue", id: "1", document: ["uuid": "1"], refresh: .none)
            #expect(try await backend.search("catalogue", request: SearchRequest()).hits.total?.value == 0)
            #expect(try await backend.count("catalogue", request: CountRequest()).count == 0)
            #expect(try await backend.getDocument("catalogue", id: "1").found)
            let refreshed = try await backend.refresh("catalogue")
            #expect(refreshed.shards.successful == 1)
            #expect(try await backend.search("catalogue", request: SearchRequest()).ids == ["1"])
            let immediate = try await backend.index(
                "catalogue", id: "2", document: ["uuid": "2"], refresh: .immediate)
            #expect(immediate.forcedRefresh == true)
            #expect(try await backend.count("catalogue", request: CountRequest()).count == 2)
            _ = try await backend.bulk(BulkRequest([.delete(index: "catalogue", id: "1")], refresh: .waitFor))
            #expect(try await backend.search("catalogue", request: SearchRequest()).ids == ["2"])
            _ = try await backend.refreshAll()
        }
    }

    @Test(arguments: BackendMode.allCases)
    func documentsKeepVersionsAndSequenceNumbers(mode: BackendMode) async throws {
        try await withBackend(mode) { backend in
            try await seed(backend, [])
            let first = try await backend.index("catalogue", id: "1", document: ["uuid": "1"], refresh: .none)
            let second = try await backend.index(
                "catalogue", id: "1", document: ["uuid": "1", "year": 2], refresh: .none)
            #expect(first.version == 1)
            #expect(first.result == .created)
            #expect(second.version == 2)
            #expect(second.result == .updated)
            #expect(second.seqNo == first.seqNo + 1)
            let document = try await backend.getDocument("catalogue", id: "1")
            #expect(document.version == 2)
            #expect(document.seqNo == second.seqNo)
            #expect(try await backend.getDocument("catalogue", id: "2").found == false)
            let missing = await elasticsearchError { _ = try await backend.getDocument("nope", id: "1") }
            #expect(missing?.type == "index_not_found_exception")
        }
    }
}
