import TestSelectManifest
import Testing

@Suite struct TargetLayoutTests {
    func layout(_ targets: [DeclaredTarget], tools: ToolsVersion = ToolsVersion(5, 9), files: [String])
        -> [String: String?]
    {
        let package = DeclaredPackage(name: "p", toolsVersion: tools, targets: targets)
        return TargetLayout.directories(
            of: package, in: "pkg", listing: FileListing(files: files.map { "pkg/" + $0 }))
    }

    @Test func conventionalDirectories() {
        let result = layout(
            [
                DeclaredTarget(name: "A", kind: .regular), DeclaredTarget(name: "B", kind: .executable),
                DeclaredTarget(name: "ATests", kind: .test), DeclaredTarget(name: "Gen", kind: .plugin),
                DeclaredTarget(name: "Custom", kind: .regular, path: "./lib/custom/"),
                DeclaredTarget(name: "Root", kind: .regular, path: "."),
                DeclaredTarget(name: "Remote", kind: .binary, url: "https://x/y.zip"),
                DeclaredTarget(name: "Local", kind: .binary, path: "Local.xcframework"),
            ],
            files: [
                "Sources/A/a.swift", "Sources/B/main.swift", "Tests/ATests/t.swift", "Plugins/Gen/p.swift",
            ])
        #expect(result["A"] == "Sources/A")
        #expect(result["B"] == "Sources/B")
        #expect(result["ATests"] == "Tests/ATests")
        #expect(result["Gen"] == "Plugins/Gen")
        #expect(result["Custom"] == "lib/custom")
        #expect(result["Root"] == ".")
        #expect(result["Remote"] == .some(nil))
        #expect(result["Local"] == "Local.xcframework")
    }

    @Test func firstExistingPredefinedDirectoryWins() {
        let result = layout(
            [DeclaredTarget(name: "A", kind: .regular), DeclaredTarget(name: "ATests", kind: .test)],
            files: ["src/A/a.swift", "src/ATests/t.swift"])
        #expect(result["A"] == "src/A")
        #expect(result["ATests"] == "src/ATests")
    }

    @Test func aLoneTargetMayOccupyThePredefinedDirectorySince59() {
        let files = ["Sources/main.swift", "Tests/t.swift"]
        let targets = [
            DeclaredTarget(name: "Tool", kind: .executable), DeclaredTarget(name: "ToolTests", kind: .test),
        ]
        let relaxed = layout(targets, files: files)
        #expect(relaxed["Tool"] == "Sources")
        #expect(relaxed["ToolTests"] == "Tests")
        let strict = layout(targets, tools: ToolsVersion(5, 8), files: files)
        #expect(strict["Tool"] == "Sources/Tool")
        let twoRegular = layout(targets + [DeclaredTarget(name: "Lib", kind: .regular)], files: files)
        #expect(twoRegular["Tool"] == "Sources/Tool")
    }
}
