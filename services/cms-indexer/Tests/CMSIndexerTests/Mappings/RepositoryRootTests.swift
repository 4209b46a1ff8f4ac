import CLIKitTesting
import CMSIndexer
import CMSIndexerTestSupport
import Foundation
import Testing

@Suite struct RepositoryRootTests {
    @Test func theFixturesPackageWinsOverANestedGitDirectory() throws {
        try withTemporaryDirectory { directory in
            let root = directory.appendingPathComponent("repo")
            let nested = root.appendingPathComponent("services/cms-indexer/Tests")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("packages/integration-fixtures"),
                withIntermediateDirectories: true)
            #expect(try RepositoryRoot.locate(startingAt: nested).path == root.path)
        }
    }

    @Test func theGitTopLevelIsTheRootWhenTheFixturesPackageDoesNotExistYet() throws {
        try withTemporaryDirectory { directory in
            let root = directory.appendingPathComponent("repo")
            let nested = root.appendingPathComponent("services/cms-indexer")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            try Data("gitdir: elsewhere\n".utf8).write(to: root.appendingPathComponent(".git"))  // a worktree
            #expect(try RepositoryRoot.locate(startingAt: nested).path == root.path)
            #expect(
                try RepositoryRoot.resolve(explicit: "repo", currentDirectory: directory.path).path
                    == root.path)
        }
    }

    @Test func outsideAnyRepositoryItSaysWhatToDo() throws {
        try withTemporaryDirectory { directory in
            #expect {
                _ = try RepositoryRoot.locate(startingAt: directory)
            } throws: { error in
                "\(error)".hasSuffix("run from inside the repository or pass --repo DIR")
            }
        }
    }
}
