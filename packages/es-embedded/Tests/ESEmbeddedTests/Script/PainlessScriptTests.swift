import ESModels
import Testing

@testable import ESEmbedded

/// The Painless subset's interpreter: what scripts applications write in updates compute what
/// Java's Painless computes, and what lies outside is refused with the construct's position.
@Suite struct PainlessScriptTests {
    /// Runs `source` on `document` as an update would; the changed `_source` and the script's value.
    private func run(_ source: String, on document: JSONValue = [:], params: [String: JSONValue] = [:]) throws
        -> (source: JSONValue, value: JSONValue, op: String)
    {
        let script = try PainlessScript(Script(source: source, params: params))
        let ctx = PainlessMap(["_source": PainlessValue(document), "op": .string("index")], order: ["_source", "op"])
        let value = try script.run(["ctx": .map(ctx)])
        return (ctx["_source"]?.json ?? .null, value.json, ctx["op"].map(PainlessMethods.text) ?? "")
    }

    static let cases: [(String, JSONValue, JSONValue)] = [
        ("return 7 / 2", .null, 3),
        ("return 7 / 2.0", .null, 3.5),
        ("return 7 % 3 + 2 * 3 - 1", .null, 6),
        ("return 'a' + 1 + 2", .null, "a12"),
        ("return 1 + 2 + 'a'", .null, "3a"),
        ("return 1 < 2 && !(3 >= 4) || false", .null, true),
        ("return params.missing ?: 'default'", .null, "default"),
        ("return null == null ? 'yes' : 'no'", .null, "yes"),
        ("def x = 1; x += 4; x *= 2; return x", .null, 10),
        ("int i = 0; i++; ++i; return i", .null, 2),
        ("return Math.max(3, 8) + Math.abs(-2)", .null, 10),
        ("return Math.sqrt(16.0) + Math.pow(2, 3)", .null, 12.0),
        ("return (int) 7.9", .null, 7),
        ("return 'Hello'.toLowerCase().substring(1, 3)", .null, "el"),
        ("def total = 0; for (def n : [1, 2, 3]) { total += n } return total", .null, 6),
        ("def m = ['a': 1]; m.put('b', 2); return m.size() + m.get('b')", .null, 4),
        ("List l = new ArrayList(); l.add('x'); l.add(0, 'y'); return l", .null, ["y", "x"]),
    ]

    @Test(arguments: cases)
    func expressionsComputeAsJavaDoes(source: String, params: JSONValue, expected: JSONValue) throws {
        #expect(try run(source, params: params.objectValue ?? [:]).value == expected)
    }

    @Test func updatesChangeTheSourceInPlace() throws {
        let result = try run(
            """
            ctx._source.n += params.by;
            if (!ctx._source.tags.contains(params.tag)) { ctx._source.tags.add(params.tag) }
            ctx._source.tags.remove(ctx._source.tags.indexOf('old'));
            ctx._source.remove('obsolete');
            ctx._source['nested'] = ['k': ctx._source.n * 2];
            def tags = ctx._source.tags; tags.add('shared')
            """,
            on: ["n": 1, "tags": ["old", "a"], "obsolete": true], params: ["by": 4, "tag": "b"])
        #expect(result.source == ["n": 5, "tags": ["a", "b", "shared"], "nested": ["k": 10]])
        #expect(try run("ctx.op = 'noop'", on: ["n": 1]).op == "noop")
        #expect(try run("if (ctx._source.n > 0) { ctx.op = 'delete' } else { ctx.op = 'noop' }", on: ["n": 1]).op == "delete")
    }

    private func failure(_ source: String, on document: JSONValue = [:]) -> ErrorCause? {
        do {
            _ = try run(source, on: document)
            return nil
        } catch let error as ElasticsearchError {
            return error.cause
        } catch {
            return nil
        }
    }

    @Test func outsideTheSubsetIsACompileErrorAtItsPosition() throws {
        let lambda = try #require(failure("ctx._source.tags.removeIf(t -> t == 'a')"))
        #expect(lambda.type == "script_exception")
        #expect(lambda.reason == "compile error")
        #expect(lambda.metadata["position"]?["offset"] == 28)
        #expect(lambda.metadata["lang"] == "painless")
        // The excerpt starts 25 characters before the construct, as Elasticsearch's does.
        #expect(lambda.metadata["script_stack"]?[1] == .string(String(repeating: " ", count: 25) + "^---- HERE"))
        #expect(lambda.causedBy?.type == "illegal_argument_exception")
        let loop = try #require(failure("while (true) { }"))
        #expect(loop.reason == "compile error")
        let unknownVariable = try #require(failure("return nothing + 1"))
        #expect(unknownVariable.causedBy?.reason == "cannot resolve symbol [nothing]")
        let unterminated = try #require(failure("return 'open"))
        #expect(unterminated.reason == "compile error")
    }

    @Test func runtimeFailuresAreScriptExceptionsWithTheJavaCause() throws {
        let null = try #require(failure("ctx._source.n = ctx._source.missing.length()"))
        #expect(null.reason == "runtime error")
        #expect(null.causedBy?.type == "null_pointer_exception")
        #expect(try #require(failure("return 1 / 0")).causedBy?.reason == "/ by zero")
        #expect(try #require(failure("return [1][3]")).causedBy?.type == "index_out_of_bounds_exception")
        #expect(try #require(failure("return 'a' - 1")).causedBy?.type == "class_cast_exception")
        #expect(try #require(failure("return 'a'.frobnicate()")).causedBy?.reason
            == "dynamic method [java.lang.String, frobnicate/0] not found")
        #expect(try #require(failure("if (1) { }")).causedBy?.type == "class_cast_exception")
        #expect(try #require(failure("for (def x : [1, 2]) { x = x }; def l = []; for (def i : l) {} return l.get(5)")).causedBy?.type
            == "index_out_of_bounds_exception")
    }

    @Test func otherLanguagesAndStoredScriptsAreRefused() {
        #expect(throws: ElasticsearchError.self) { try PainlessScript(Script(source: "1", lang: "expression")) }
        #expect(throws: ElasticsearchError.self) { try PainlessScript(Script(json: ["id": "stored"])) }
    }
}
