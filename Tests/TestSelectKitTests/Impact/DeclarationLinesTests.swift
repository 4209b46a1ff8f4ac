import Foundation
import Testing

@testable import TestSelectKit
@testable import TestSelectManifest

/// Which lines of a Swift file an impact map cannot answer for (`DeclarationLines`).
@Suite struct DeclarationLinesTests {
    /// The lines flagged as declaration-level (not a safe signature), in order.
    func flagged(_ text: String, isTestTarget: Bool = false) throws -> [Int] {
        let scan = try #require(DeclarationLines(text, isTestTarget: isTestTarget))
        return (1...text.split(separator: "\n", omittingEmptySubsequences: false).count).filter {
            scan.firstDeclarationLine(in: [$0]) != nil
        }
    }

    func check(_ text: String, _ expected: [Int], isTestTarget: Bool = false) throws {
        let got = try flagged(text, isTestTarget: isTestTarget)
        #expect(got == expected, "flagged \(got)")
    }

    @Test func functionBodiesAreNotDeclarations() throws {
        let text = """
            public func triple(_ x: Int) -> Int {
                let y = x * 3
                return y
            }
            """
        try check(text, [1])
    }

    @Test func storedPropertiesCasesImportsAndConformancesAre() throws {
        let text = """
            import Foundation
            public let limit = 5
            struct Box: Codable {
                var width = 2
                var area: Int {
                    width * width
                }
            }
            enum Mode {
                case fast
            }
            extension Box: Equatable {}
            """
        // 5 is the computed property's signature, 6 its body; a closing brace alone is no declaration.
        try check(text, [1, 2, 3, 4, 5, 9, 10, 12])
    }

    @Test func aClosureInitialiserIsADeclaration() throws {
        let text = """
            let table: [Int] = {
                var values: [Int] = []
                values.append(1)
                return values
            }()
            """
        try check(text, [1, 2, 3, 4, 5])
    }

    @Test func privateSignaturesAreSafeAndPublicOnesAreNot() throws {
        let text = """
            struct Parser {
                private func skip(
                    _ count: Int
                ) -> Int {
                    count
                }
                func parse(_ text: String = "default") -> Int {
                    skip(1)
                }
                private(set) var position = 0
            }
            """
        try check(text, [1, 7, 10])
    }

    @Test func inATestTargetEverySignatureIsSafe() throws {
        let text = """
            import XCTest
            final class MathTests: XCTestCase {
                func testAddition() {
                    XCTAssertEqual(1 + 1, 2)
                }
                @MainActor
                func testSubtraction() {}
            }
            """
        try check(text, [1, 2], isTestTarget: true)
    }

    @Test func topLevelConditionsAndProtocolRequirementsAreDeclarations() throws {
        let text = """
            #if os(Linux)
                import Glibc
            #endif
            protocol Shape {
                var area: Double { get }
                func draw()
            }
            func run() {
                #if DEBUG
                    print("debug")
                #endif
            }
            """
        try check(text, [1, 2, 3, 4, 5, 6, 8])
    }

    @Test func aFileOfTestTypesDeclaresOnlyTypesAndImports() throws {
        let tests = """
            import Testing
            import XCTest

            @Suite struct NewTests {
                @Test func one() { #expect(true) }
            }

            final class MoreTests: XCTestCase {
                func testTwo() {}
            }
            """
        #expect(try #require(DeclarationLines(tests, isTestTarget: true)).declaresOnlyTypesAndImports)
        for extra in ["extension Int { var twice: Int { self * 2 } }", "let shared = 1", "#if DEBUG\n#endif"]
        {
            let scan = try #require(DeclarationLines(tests + "\n" + extra + "\n", isTestTarget: true))
            #expect(!scan.declaresOnlyTypesAndImports, "\(extra)")
        }
        let stored = tests.replacingOccurrences(of: "func testTwo() {}", with: "let fixture = 3")
        #expect(
            try #require(DeclarationLines(stored, isTestTarget: true)).declaresOnlyTypesAndImports == false)
    }

    /// Every Swift file of this repository's testselect sources reads, and most of their lines are
    /// inside function bodies (real code, not only the fixtures above).
    @Test func readsThisRepositorysSources() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "tools/testselect/Sources/TestSelectKit")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap {
            $0 as? String
        }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var lines = 0
        var declarations = 0
        for file in files {
            let text = try String(contentsOfFile: sources.path + "/" + file, encoding: .utf8)
            let scan = try #require(DeclarationLines(text, isTestTarget: false), "\(file) did not read")
            lines += text.split(separator: "\n").count
            declarations += scan.lines.values.filter { !$0 }.count
        }
        #expect(declarations * 2 < lines, "\(declarations) of \(lines) lines are declarations")
    }
}

@Suite struct ChangedLinesTests {
    @Test func readsHunkHeaders() {
        let diff = """
            diff --git a/A.swift b/A.swift
            --- a/A.swift
            +++ b/A.swift
            @@ -3 +3 @@ func a() {
            -    1
            +    2
            @@ -10,0 +11,2 @@
            +x
            +y
            @@ -20,3 +22,0 @@
            """
        let lines = ChangedLines(unifiedDiff: diff)
        #expect(lines.removed == [3, 20, 21, 22])
        #expect(lines.added == [3, 11, 12])
    }
}
