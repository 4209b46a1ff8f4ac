import TestSelectSupport
import Testing

@Suite struct GlobTests {
    func matches(_ pattern: String, _ path: String) throws -> Bool {
        try #require(Glob(pattern)).matches(path)
    }

    @Test func patternsWithoutSlashMatchFileNamesAtAnyDepth() throws {
        #expect(try matches("*.md", "README.md"))
        #expect(try matches("*.md", "docs/guide/intro.md"))
        #expect(try !matches("*.md", "docs/guide/intro.mdx"))
        #expect(try matches("LICENSE", "vendor/lib/LICENSE"))
        #expect(try matches(".swift-version", ".swift-version"))
    }

    @Test func doubleStarSpansDirectories() throws {
        #expect(try matches("ci/**", "ci/test-all"))
        #expect(try matches("ci/**", "ci/nested/deep/file"))
        #expect(try !matches("ci/**", "packages/ci/file"))
        #expect(try matches("**/Mappings/*.json", "packages/fixtures/Mappings/assets.json"))
        #expect(try matches("packages/**/*.json", "packages/a.json"))
        #expect(try !matches("packages/*/Mappings/*.json", "packages/a/b/Mappings/x.json"))
        #expect(try matches(".github/**", ".github/workflows/ci.yml"))
    }

    @Test func wildcardsClassesAndAnchors() throws {
        #expect(try matches("src/?.swift", "src/a.swift"))
        #expect(try !matches("src/?.swift", "src/ab.swift"))
        #expect(try matches("[Tt]ests/*", "tests/x"))
        #expect(try matches("v[0-9].txt", "v7.txt"))
        #expect(try !matches("v[!0-9].txt", "v7.txt"))
        #expect(try matches("/Makefile", "Makefile"))
        #expect(try !matches("/Makefile", "sub/Makefile"))
        #expect(try matches("Fixtures/", "Fixtures/data/x.json"))
        #expect(try matches("a*b*c", "a-b-c"))
        #expect(try !matches("a*b*c", "a-b-d"))
        #expect(Glob("") == nil)
    }
}
