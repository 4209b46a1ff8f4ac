import TestSelectKit
import TestSelectManifest
import TestSelectSupport
import TestSelectTestSupport
import Testing

@Suite struct FormatterTests {
    static let selection = Selection(
        base: "1111111111222222222233333333334444444444", head: nil,
        changedFiles: [
            ChangedFile(path: "libs/core/Sources/Core/a.swift", status: .modified),
            ChangedFile(
                path: "libs/core/Sources/Core/b.swift", status: .renamed,
                oldPath: "libs/core/Sources/Core/old.swift"),
            ChangedFile(path: "tools/x.sh", status: .added),
        ],
        runAll: false, runAllReasons: [], unownedFiles: ["tools/x.sh"],
        selected: [
            Selection.Suite(
                package: "libs/core", target: "CoreTests",
                reasons: [
                    Selection.Reason(
                        kind: .dependencyChanged, file: "libs/core/Sources/Core/a.swift", via: ["Core"])
                ]),
            Selection.Suite(
                package: "services/api", target: "API+Tests",
                reasons: [
                    Selection.Reason(
                        kind: .dependencyChanged, file: "libs/core/Sources/Core/a.swift",
                        via: ["API", "Core"])
                ]),
            Selection.Suite(
                package: "services/api", target: "APIUnitTests",
                reasons: [Selection.Reason(kind: .alwaysRun)]),
            Selection.Suite(
                package: "services/legacy", target: "*",
                reasons: [
                    Selection.Reason(
                        kind: .manifestUnreadable, file: "services/legacy/Package.swift",
                        detail: "line 3: a call to 'f'")
                ]),
        ],
        skipped: [Selection.TargetReference(package: "services/other", target: "OtherTests")],
        changedTargets: [Selection.TargetReference(package: "libs/core", target: "Core")], warnings: [])

    @Test func json() throws {
        let json = SelectionJSONFormatter.json(Self.selection)
        #expect(
            json.objectValue?.map(\.0) == [
                "schema", "base", "head", "changed_files", "run_all", "run_all_reasons", "unowned_files",
                "documentation_files", "warnings", "selected", "skipped",
            ])
        #expect(json["head"] == .string("WORKTREE"))
        #expect(
            json["changed_files"]?.arrayValue?[1]
                == .object([
                    ("path", .string("libs/core/Sources/Core/b.swift")), ("status", .string("R")),
                    ("old_path", .string("libs/core/Sources/Core/old.swift")),
                ]))
        let reason = json["selected"]?.arrayValue?[1]["reasons"]?.arrayValue?.first
        #expect(
            reason
                == .object([
                    ("kind", .string("dependency-changed")),
                    ("file", .string("libs/core/Sources/Core/a.swift")),
                    ("via", .strings(["API", "Core"])),
                ]))
        #expect(
            json["selected"]?.arrayValue?[3]["reasons"]?.arrayValue?.first?["detail"]
                == .string("line 3: a call to 'f'"))
        #expect(try JSONValue.parse(SelectionJSONFormatter.format(Self.selection)) == json)
    }

    @Test func text() {
        let text = SelectionTextFormatter.format(Self.selection)
        #expect(text.hasPrefix("changes 1111111111..working tree: 3 changed files\n"))
        #expect(
            text.contains(
                "selected 4 of 5 suites:\n  libs/core\n    CoreTests\n      dependency-changed: libs/core/Sources/Core/a.swift (via Core)\n"
            ))
        #expect(
            text.contains(
                "    * (every test of the package)\n      manifest-unreadable: services/legacy/Package.swift [line 3: a call to 'f']"
            ))
        #expect(
            text.hasSuffix(
                "unowned files (in no target; they select nothing unless under a package's Tests/):\n  tools/x.sh\n"
            ))
    }

    @Test func matrixAndCommands() throws {
        let matrix = try JSONValue.parse(CIFormatters.githubMatrix(Self.selection))
        #expect(
            matrix
                == .object([
                    (
                        "include",
                        .array([
                            .object([
                                ("package", .string("libs/core")), ("targets", .strings(["CoreTests"])),
                                ("filter", .string("^(CoreTests)\\.")),
                            ]),
                            .object([
                                ("package", .string("services/api")),
                                ("targets", .strings(["API+Tests", "APIUnitTests"])),
                                ("filter", .string("^(API_Tests|APIUnitTests)\\.")),
                            ]),
                            .object([
                                ("package", .string("services/legacy")), ("targets", .strings(["*"])),
                                ("filter", .string("")),
                            ]),
                        ])
                    )
                ]))
        #expect(
            CIFormatters.commands(Self.selection) == """
                swift test --package-path libs/core --filter '^(CoreTests)\\.'
                swift test --package-path services/api --filter '^(API_Tests|APIUnitTests)\\.'
                swift test --package-path services/legacy

                """)
    }

    @Test func markdownTableAndPackageDrawing() {
        let markdown = SelectionMarkdownFormatter.format(Self.selection, graph: nil)
        #expect(
            markdown.hasPrefix(
                "### testselect\n\nChanges from 1111111111 to the working tree: 3 changed files.\n"))
        #expect(
            markdown.contains(
                """
                | package | suite | reasons |
                | --- | --- | --- |
                | libs/core | CoreTests | dependency-changed: libs/core/Sources/Core/a.swift (via Core) |
                | services/api | API+Tests | dependency-changed: libs/core/Sources/Core/a.swift (via API -\\> Core) |
                | services/api | APIUnitTests | always-run |
                | services/legacy | \\* (every test of the package) | manifest-unreadable: services/legacy/Package.swift \\[line 3: a call to 'f'\\] |

                """))
        #expect(!markdown.contains("```mermaid"))
        #expect(SelectionMarkdownFormatter.escaped("a|b`c<d>\ne_f") == "a\\|b\\`c\\<d\\>\\\\ne\\_f")

        // The packages of the graph a change in libs/shared-kit selects services/service through.
        let graph = GraphFixture.serviceAndSharedKit()
        let selection = Selection(
            base: nil, head: nil, changedFiles: [], runAll: false, runAllReasons: [], unownedFiles: [],
            selected: [Selection.Suite(package: "services/service", target: "AppTests", reasons: [])],
            skipped: [],
            changedTargets: [Selection.TargetReference(package: "libs/shared-kit", target: "SharedCore")],
            warnings: [])
        let drawn = SelectionMarkdownFormatter.format(selection, graph: graph)
        #expect(
            drawn.contains(
                """
                ```mermaid
                flowchart LR
                  p0["libs/shared-kit (SharedKit)"]
                  p1["services/service (service)"]
                  p1 --> p0
                  classDef changed fill:#f4a6a6,stroke:#c0392b
                  classDef selected fill:#ffd966,stroke:#b58900
                  class p0 changed
                  class p1 selected
                ```
                """))
    }

    @Test func pipelinesPerPackageAndTheirQuoting() {
        let plan = RunPlan(jobs: [
            PackageJob(directory: "libs/core", suites: ["CoreTests"], coversPackage: true),
            PackageJob(directory: "services/api", suites: ["API+Tests"]),
        ])
        let jobs = PipelineJob.jobs(plan, shards: nil, durations: DurationStore())
        #expect(
            GitLabPipelineFormatter.format(jobs).split(separator: "\n").dropFirst().joined(separator: "\n")
                == """
                "test libs/core":
                  script:
                    - "mkdir -p .build/junit"
                    - "swift test --package-path libs/core --parallel --xunit-output .build/junit/libs-core.xml"
                  artifacts:
                    when: always
                    reports:
                      junit: ".build/junit/*.xml"
                "test services/api":
                  script:
                    - "mkdir -p .build/junit"
                    - "swift test --package-path services/api --filter '^(API_Tests)\\\\.' --parallel --xunit-output .build/junit/services-api.xml"
                  artifacts:
                    when: always
                    reports:
                      junit: ".build/junit/*.xml"
                """)
        let shards = PipelineJob.jobs(plan, shards: 1, durations: DurationStore())
        #expect(shards.map(\.key) == ["shard-1-of-1"])
        #expect(
            shards.first?.script.suffix(3) == [
                "swift test --package-path libs/core --parallel --xunit-output .build/junit/libs-core.xml || failed=1",
                "swift test --package-path services/api --filter '^(API_Tests)\\.' --parallel --xunit-output .build/junit/services-api.xml || failed=1",
                "exit \"$failed\"",
            ])
        #expect(YAMLScalar.quoted("a\"b\\c\nd\u{7F}\u{85}\u{2028}é") == #""a\"b\\c\nd\u007F\u0085\u2028é""#)
        #expect(
            BuildkitePipelineFormatter.uninterpolated("$HOME ${X} $(x) \\$y \\\\$z")
                == "$$HOME $${X} $$(x) \\\\$$y \\\\$$z")
        #expect(BuildkitePipelineFormatter.command("'a\\$b'") == "'a\\''$b'")
    }

    @Test func graphFormats() throws {
        let graph = GraphFixture.serviceAndSharedKit()
        let json = GraphJSONFormatter.json(graph)
        let packages = try #require(json["packages"]?.arrayValue)
        #expect(
            packages.map { $0["package"]?["dir"]?.stringValue ?? "" } == [
                "libs/shared-kit", "services/service",
            ])
        let service = packages[1]
        #expect(
            service["package"]
                == .object([
                    ("name", .string("service")), ("identity", .string("service")),
                    ("dir", .string("services/service")),
                    ("manifest", .string("Package.swift")), ("tools_version", .string("5.9.0")),
                ]))
        let app = service["targets"]?.arrayValue?.first
        #expect(app?["path"] == .string("Sources/App"))
        #expect(
            app?["dependencies"]?.arrayValue?.first
                == .object([
                    ("kind", .string("product")), ("name", .string("Shared")),
                    ("package", .string("SharedKit")),
                    (
                        "condition",
                        .object([("platforms", .strings(["linux"])), ("config", .null), ("traits", .null)])
                    ),
                ]))
        #expect(service["dependencies"]?.arrayValue?.first?["resolved_dir"] == .string("libs/shared-kit"))
        let highlight = GraphDiagramFormatter.Highlight(
            Selection(
                base: nil, head: nil, changedFiles: [], runAll: false, runAllReasons: [], unownedFiles: [],
                selected: [Selection.Suite(package: "services/service", target: "AppTests", reasons: [])],
                skipped: [],
                changedTargets: [Selection.TargetReference(package: "libs/shared-kit", target: "SharedCore")],
                warnings: []))
        let dot = GraphDiagramFormatter.dot(graph, highlight: highlight)
        #expect(dot.contains("label=\"libs/shared-kit (SharedKit)\""))
        #expect(dot.contains("[label=\"SharedCore\", style=filled, fillcolor=\"#f4a6a6\"]"))
        #expect(dot.contains("[label=\"AppTests\", shape=ellipse, style=filled, fillcolor=\"#ffd966\"]"))
        let mermaid = GraphDiagramFormatter.mermaid(graph, highlight: highlight)
        #expect(mermaid.contains("-.->"))
        #expect(mermaid.contains("class t0 changed"))
    }
}

@Suite struct ModuleNameTests {
    @Test func targetNamesBecomeTheModulesSwiftPMBuilds() {
        #expect(ModuleName.of("My-Tests") == "My_Tests")
        #expect(ModuleName.of("2D Graphics") == "_D_Graphics")
        #expect(ModuleName.of("Plain_Tests9") == "Plain_Tests9")
        #expect(ModuleName.matches(module: "My_Tests", target: "My-Tests"))
        #expect(!ModuleName.matches(module: "My_Tests2", target: "My-Tests"))
        // Beyond ASCII, SwiftPM keeps the C99 annex's letters and replaces the rest: both count.
        #expect(ModuleName.matches(module: "Café", target: "Café"))
        #expect(ModuleName.matches(module: "Caf_", target: "Café"))
    }

    @Test func theFilterNamesModulesAndEscapesEverythingElse() {
        #expect(CIFormatters.filter(for: ["A-Tests", "B.Tests"]) == #"^(A_Tests|B_Tests)\."#)
        #expect(CIFormatters.filter(for: ["Café"]) == #"^(Caf(?:é|_))\."#)
        #expect(CIFormatters.filter(for: ["*"]) == "")
    }
}
