import ESModels
import Testing

@testable import ESEmbedded

@Suite struct CatalogTests {
    private func catalog() -> Catalog {
        var catalog = Catalog()
        for name in ["logs-2024", "logs-2025", "users"] {
            catalog.indices[name] = IndexState(
                name: name, uuid: name, creationDate: 0, settings: IndexSettings(), mapping: Mapping(),
                monotonicMillis: 0)
        }
        catalog.aliases["logs"] = ["logs-2024": AliasDefinition(), "logs-2025": AliasDefinition()]
        catalog.aliases["recent"] = ["logs-2025": AliasDefinition(filter: .term("level", "error"))]
        return catalog
    }

    @Test func resolvesIndexExpressions() throws {
        let catalog = catalog()
        #expect(try catalog.resolve(nil).map(\.index) == ["logs-2024", "logs-2025", "users"])
        #expect(try catalog.resolve("_all").map(\.index) == ["logs-2024", "logs-2025", "users"])
        #expect(try catalog.resolve("logs-*,-logs-2024").map(\.index) == ["logs-2025"])
        #expect(try catalog.resolve("users,logs").map(\.index) == ["logs-2024", "logs-2025", "users"])
        #expect(try catalog.resolve("nomatch-*").isEmpty)
        #expect(throws: ElasticsearchError.indexNotFound("ghost")) { try catalog.resolve("users,ghost") }
        let filtered = try catalog.resolve("recent")
        #expect(filtered.first?.filter == .term("level", "error"))
        #expect(try catalog.resolve("recent,logs-2025").first?.filter == nil)
        // One name, as nearly every search sends: an index, an alias of one or several indices.
        #expect(try catalog.resolve("users").map(\.index) == ["users"])
        #expect(try catalog.resolve("users").first?.filter == nil)
        #expect(try catalog.resolve("logs").map(\.index) == ["logs-2024", "logs-2025"])
        #expect(try catalog.resolve("logs").allSatisfy { $0.filter == nil })
        #expect(throws: ElasticsearchError.indexNotFound("ghost")) { try catalog.resolve("ghost") }
    }

    @Test func resolvesWriteAndSingleTargets() throws {
        var catalog = catalog()
        #expect(try catalog.writeTarget("users") == "users")
        #expect(try catalog.writeTarget("new-index") == nil)
        #expect(try catalog.writeTarget("recent") == "logs-2025")
        #expect(throws: ElasticsearchError.self) { try catalog.writeTarget("logs") }
        catalog.aliases["logs"]?["logs-2025"]?.isWriteIndex = true
        #expect(try catalog.writeTarget("logs") == "logs-2025")
        #expect(throws: ElasticsearchError.self) { try catalog.single("logs") }
        #expect(try catalog.single("recent") == "logs-2025")
    }

    @Test func aliasActionsApplyAtomically() throws {
        var catalog = catalog()
        let removed = try catalog.applyAliasActions([
            .add(index: "logs-*", alias: "everything"), .removeIndex(index: "users"),
            .add(index: "logs-2024", alias: "users"),
        ])
        #expect(removed == ["users"])
        #expect(catalog.aliases["everything"]?.keys.sorted() == ["logs-2024", "logs-2025"])
        #expect(catalog.aliases["users"]?.keys.sorted() == ["logs-2024"])
        let before = catalog
        #expect(throws: ElasticsearchError.self) {
            try catalog.applyAliasActions([
                .add(index: "logs-2024", alias: "x", definition: AliasDefinition(isWriteIndex: true)),
                .add(index: "logs-2025", alias: "x", definition: AliasDefinition(isWriteIndex: true)),
            ])
        }
        #expect(catalog.aliases == before.aliases)
        let info = try catalog.aliasInfo(name: "every*,ghost", index: nil)
        #expect(info.response.indices.keys.sorted() == ["logs-2024", "logs-2025"])
        #expect(info.missing == ["ghost"])
    }
}
