import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

@Suite struct ChangeListTests {
    @Test func parsesPlainPathsAndNameStatusLines() {
        let text = """
            # a comment
            Sources/A/a.swift
            ./Sources/A/gone.swift
            M\tSources/B/b.swift
            A\tnew file.swift
            D\told.swift
            R087\tfrom/x.swift\tto/x.swift

            """
        let files = ChangeDetector.parseList(text) { $0 != "Sources/A/gone.swift" }
        #expect(
            files == [
                ChangedFile(path: "Sources/A/a.swift", status: .modified),
                ChangedFile(path: "Sources/A/gone.swift", status: .deleted),
                ChangedFile(path: "Sources/B/b.swift", status: .modified),
                ChangedFile(path: "new file.swift", status: .added),
                ChangedFile(path: "old.swift", status: .deleted),
                ChangedFile(path: "to/x.swift", status: .renamed, oldPath: "from/x.swift"),
            ])
    }

    @Test func gitQueriesAreBatched() throws {
        try withTemporaryRepository { repo in
            try repo.write(["a.txt": "alpha\n", "dir/b c.txt": "beta\n"])
            let first = try repo.commitAll()
            try repo.git("mv", "a.txt", "dir/a.txt")
            try repo.write("untracked.txt", "new\n")
            try repo.write(".gitignore", "ignored.txt\n")
            try repo.write("ignored.txt", "x\n")
            let git = Git(root: repo.root)
            let contents = try git.contents(of: ["a.txt", "dir/b c.txt", "missing.txt"], at: first)
            #expect(contents == ["a.txt": "alpha\n", "dir/b c.txt": "beta\n"])
            let (tracked, untracked) = try git.workingTreeFiles()
            #expect(tracked.sorted() == ["dir/a.txt", "dir/b c.txt"])
            #expect(untracked.sorted() == [".gitignore", "untracked.txt"])
            #expect(
                try git.diff(base: first, head: nil) == [
                    ChangedFile(path: "dir/a.txt", status: .renamed, oldPath: "a.txt")
                ])
            #expect(try git.commit("no-such-ref") == nil)
            #expect(try git.commit("HEAD") == first)
        }
    }
}
