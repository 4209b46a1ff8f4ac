import Testing

@testable import TestSelectManifest

@Suite struct LexerTests {
    func kinds(_ text: String) throws -> [String] {
        try Lexer.tokenize(text).dropLast().map { "\($0.kind):\($0.text)" }
    }

    func string(_ text: String) throws -> [StringLiteral.Segment] {
        let token = try #require(try Lexer.tokenize(text).first)
        return try #require(token.string).segments
    }

    @Test func tokensOperatorsAndComments() throws {
        #expect(
            try kinds("let a = b + c // note\n/* x /* y */ */ a?.b ?? c...d")
                == [
                    "identifier:let", "identifier:a", "operatorSymbol:=", "identifier:b", "operatorSymbol:+",
                    "identifier:c", "identifier:a", "operatorSymbol:?", "punctuation:.", "identifier:b",
                    "operatorSymbol:??", "identifier:c", "operatorSymbol:...", "identifier:d",
                ])
        #expect(
            try kinds("`default` $0 1_000 2.5 0xFF") == [
                "identifier:default", "identifier:$0", "integer:1_000", "float:2.5", "integer:0xFF",
            ])
        #expect(
            try kinds("#if os(Linux) // c\n#elseif swift(>=5.9)\n#else\n#endif #filePath") == [
                "directive:if", "directive:elseif", "directive:else", "directive:endif",
                "poundKeyword:filePath",
            ])
    }

    @Test func newlinesAreRecorded() throws {
        let tokens = try Lexer.tokenize("a\n  .b(c)")
        #expect(tokens.map(\.newlineBefore).prefix(3) == [true, true, false])
        #expect(tokens[1].line == 2)
    }

    @Test func stringLiterals() throws {
        guard case .text(let plain) = try string(#""a\tb\"c\u{e9}""#).first else { throw LexerTestFailure() }
        #expect(plain == "a\tb\"cé")
        let interpolated = try string(#""x\(name + "y")z""#)
        #expect(interpolated.count == 3)
        if case .interpolation(let tokens) = interpolated[1] {
            #expect(tokens.map(\.text) == ["name", "+", ""])
        } else {
            Issue.record("expected an interpolation")
        }
        guard case .text(let raw) = try string(##"#"a\nb\#(x)"#"##).first else { throw LexerTestFailure() }
        #expect(raw == #"a\nb"#)
        guard case .text(let multi) = try string("\"\"\"\n    one\n      two\n    \"\"\"").first else {
            throw LexerTestFailure()
        }
        #expect(multi == "one\n  two")
    }

    @Test func errorsNameTheLine() {
        #expect(throws: ManifestSyntaxError.self) { try Lexer.tokenize("let a = \"open\nlet b = 1") }
        do {
            _ = try Lexer.tokenize("let a = 1\n/* never closed")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
        }
    }
}

struct LexerTestFailure: Error {}
