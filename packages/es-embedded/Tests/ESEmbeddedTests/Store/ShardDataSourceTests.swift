import ESModels
import Testing

@testable import ESEmbedded

/// A shard keeps each `_source` as text only; readers of one field parse only the part on the
/// way to it, and must find there what they find in the whole source.
@Suite struct ShardDataSourceTests {
    private static let source: JSONValue = [
        "title": "Heat", "year": 1995,
        "a": ["b": ["c": 1, "d": [1, 2]], "b.c": 2, "other": "x"],
        "a.b": ["c": 3],
        "windows": [
            ["uuid": "w1", "countries": ["KE", "ZA"]], ["uuid": "w2", "skip": ["deep": [1, [2]]]],
        ],
        "vector": [0.5, 1, -2.25],
    ]

    private static func shard() -> ShardData {
        var shard = ShardData()
        shard.put(id: "1", source: source, document: ParsedDocument(), version: 1, seqNo: 0)
        return shard
    }

    @Test func theWholeSourceReadsBackEqual() {
        #expect(Self.shard().source(0) == Self.source)
    }

    @Test(arguments: [
        "title", "a.b.c", "a.b", "a.b.d", "windows.uuid", "windows.countries", "vector", "missing", "a.x.y",
    ])
    func aFieldReadsTheSameFromItsPartAsFromTheWholeSource(path: String) {
        let part = Self.shard().source(0, along: path)
        let components = path.split(separator: ".").map(String.init)
        #expect(
            QueryCompiler.value(at: components, in: part)
                == QueryCompiler.value(at: components, in: Self.source))
        // Nothing off the path is built.
        #expect(part["year"] == nil || path == "year")
        #expect(part["windows"]?.arrayValue?.last?["skip"] == nil)
    }

    @Test func aDeletedDocumentReadsAsNull() {
        var shard = Self.shard()
        shard.delete(id: "1", version: 2, seqNo: 1)
        #expect(shard.source(0) == .null)
        #expect(shard.source(0, along: "title") == .null)
    }
}
