import TestSelectSupport
import Testing

@Suite struct RepoPathTests {
    @Test(arguments: [
        ("Sources/A", "Sources/A"), ("./Sources//A/", "Sources/A"), ("", "."), (".", "."), ("a/../b", "b"),
        ("../x/./y", "../x/y"), ("a/../../b", "../b"), ("a/.hidden", "a/.hidden"), ("a/...", "a/..."),
    ])
    func normalize(_ input: String, _ expected: String) {
        #expect(RepoPath.normalize(input) == expected)
    }

    @Test func joinParentAndBasename() {
        #expect(RepoPath.join("services/app", "../../packages/core") == "packages/core")
        #expect(RepoPath.join(".", "Sources/A") == "Sources/A")
        #expect(RepoPath.join("services/app", "../../../outside") == "../outside")
        #expect(RepoPath.parent("a/b/c.swift") == "a/b")
        #expect(RepoPath.parent("top.swift") == ".")
        #expect(RepoPath.basename("a/b/c.swift") == "c.swift")
        #expect(RepoPath.ancestors(of: "a/b/c.swift") == ["a/b", "a", "."])
    }

    @Test func insideAndRelative() {
        #expect(RepoPath.isInside("Sources/A/x.swift", directory: "Sources/A"))
        #expect(RepoPath.isInside("Sources/A", directory: "Sources/A"))
        #expect(!RepoPath.isInside("Sources/AB/x.swift", directory: "Sources/A"))
        #expect(RepoPath.isInside("anything", directory: "."))
        #expect(RepoPath.relative("p/Sources/A/x.swift", to: "p") == "Sources/A/x.swift")
        #expect(RepoPath.relative("q/x", to: "p") == nil)
        #expect(RepoPath.relativePath(from: "services/app", to: "packages/core") == "../../packages/core")
        #expect(RepoPath.relativePath(from: ".", to: "a/b") == "a/b")
    }
}
