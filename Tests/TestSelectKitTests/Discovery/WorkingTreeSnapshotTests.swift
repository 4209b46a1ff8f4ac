import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

/// The working tree's untracked files, without build output.
@Suite struct WorkingTreeSnapshotTests {
    @Test func buildOutputIsNeverAChangeEvenWhenNotIgnored() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.write(".build/testselect/logs/root.log", "log\n")
            try repo.write("packages/core/.build/debug/Core.swiftmodule", "binary\n")
            try repo.write("services/app/.swiftpm/configuration/x.json", "{}\n")
            try repo.write("services/app/Sources/AppCore/New.swift", "// new\n")
            let selection = try repo.select(base: "main")
            #expect(selection.changedFiles.map(\.path) == ["services/app/Sources/AppCore/New.swift"])
            #expect(selection.unownedFiles == [])
            selection.check().selectsExactly(["services/app:AppCoreTests"])
        }
    }
}
