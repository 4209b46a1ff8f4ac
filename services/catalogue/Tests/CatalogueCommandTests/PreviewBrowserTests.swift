import CLIKitTesting
import CatalogueTestSupport
import ESModels
import Foundation
import IntegrationFixtures
import Testing

/// The editors' page in a real browser: `Conformance/run-preview-browser` drives the system's
/// headless Chromium (with playwright's Python package, from PyPI) through `/preview` of a
/// `catalogue serve --preview` started here, and reports what the browser rendered after the
/// page's own script ran: which rows and items are visible, their texts and links, and the
/// problem shown for a bad choice.
@Suite(
    .serialized,
    .enabled(if: PythonVirtualEnvironment.available, "python3 -m venv is unavailable on this machine"),
    .enabled(
        if: InstalledBrowser.chromium != nil,
        "no Chromium on this machine (Debian: apt-get install chromium)"))
struct PreviewBrowserTests {
    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Conformance/run-preview-browser")

    /// What the browser showed of one view.
    struct View: Decodable {
        struct Row: Decodable {
            var slug: String
            var visible: Bool
            var title: String
            var why: String?
            var json: String?
            var items: [Item]
        }

        struct Item: Decodable {
            var uuid: String
            var visible: Bool
            var title: String?
            var type: String?
            var licence: String?
            var why: String?
            var json: String?
        }

        var state: String
        var problem: String?
        var viewer: String?
        var address: String
        var rows: [Row]

        var visibleRows: [String] { rows.filter(\.visible).map(\.slug) }
        func row(_ slug: String) -> Row? { rows.first { $0.slug == slug } }
    }

    struct Report: Decodable {
        var views: [View]
        var script_errors: [String]
    }

    /// Opens each view of `plan` in the browser against `url`.
    static func render(_ plan: JSONValue, at url: String) async throws -> Report {
        let file = FileManager.default.temporaryDirectory.appending(
            path: "preview-plan-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try plan.compactData.write(to: file)
        // A bound for a hung browser, not a speed check.
        let run = try await ChildProcess.run(
            Self.script, ["--url", url, "--plan", file.path], timeout: .seconds(300))
        try #require(run.termination == .exited(0), "\(run.output)\(run.errors)")
        return try JSONDecoder().decode(Report.self, from: Data(run.output.utf8))
    }

    @Test(.timeLimit(.minutes(10)))
    func editorsSeeTheHomeScreenAViewerSeesAndWhyTheRestIsHidden() async throws {
        let setup = try await ChildProcess.run(Self.script, ["--setup-only"], timeout: .seconds(600))
        try #require(setup.termination == .exited(0), "\(setup.output)\(setup.errors)")
        var fixtureNow = Date()
        let directory = try await ServeProcessTests.dataDirectory { now in
            fixtureNow = now
            return FixtureData(now: now, assetflats: PreviewFixture.assets, rows: PreviewFixture.rows)
        }
        let now = fixtureNow
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcessTests.serve(directory, ["--preview"])
        defer { server.signal(SIGKILL) }
        let url = try await ServeProcessTests.listeningURL(server)

        let viewer = "?country=KE&platform=android&major=130"
        let later = ISODate.string(from: now + 2 * 3600)
        let report = try await Self.render(
            [
                ["address": .string(viewer)],
                ["address": .string(viewer), "show_hidden": true],
                ["address": .string(viewer), "fill": ["at": .string(later)]],
                ["address": .string(viewer), "fill": ["platform": "tv"]],
                ["address": "?country=XX"],
                ["address": .string(viewer), "fill": ["at": "2026-13-45"]],
            ], at: url)
        #expect(report.script_errors.isEmpty, "\(report.script_errors)")
        try #require(report.views.count == 6)
        let (plain, hidden, moment, tv, unknown, malformed) = (
            report.views[0], report.views[1], report.views[2], report.views[3], report.views[4],
            report.views[5]
        )

        // What the viewer sees: the one row showing, with its one licensed item.
        #expect(plain.state == "ready")
        #expect(plain.problem == nil)
        #expect(
            plain.viewer?.hasPrefix("KE · android · API major 130 · eng · at ") == true,
            "\(plain.viewer ?? "")")
        #expect(plain.visibleRows == ["shown"])
        #expect(plain.rows.map(\.slug) == PreviewFixture.rows.compactMap { $0["slug"]?.stringValue })
        let shown = try #require(plain.row("shown"))
        #expect(shown.title == "Row 1")
        #expect(shown.json == "/catalogue/rows/shown?content_country=KE")
        #expect(shown.items.filter(\.visible).map(\.uuid) == ["uuid-1"])
        let item = try #require(shown.items.first)
        #expect(item.title == "The Silent River")
        #expect(item.type == "movie")
        #expect(item.licence == "licence ends \(PreviewFixture.minute(now + 365 * 86_400))")
        #expect(item.json == "/catalogue/asset/uuid-1?content_country=KE")

        // Asked for, what is hidden shows, each with why.
        #expect(hidden.visibleRows == plain.rows.map(\.slug))
        let reasons: [String: String] = [
            "later": "starts \(PreviewFixture.minute(now + 3600))",
            "ended": "ended \(PreviewFixture.minute(now - 3600))",
            "tv": "tv only", "newer": "from API major 131", "older": "up to API major 120", "za": "not in KE",
            "live": "live events rows from API major 137", "empty": "nothing to show",
        ]
        for (slug, reason) in reasons {
            #expect(hidden.row(slug)?.why == "Hidden: \(reason)", "\(slug)")
        }
        let items = try #require(hidden.row("shown")).items
        #expect(items.map(\.uuid) == ["uuid-1", "za-only", "opens-later", "closed", "gone"])
        #expect(items.allSatisfy { $0.visible })
        #expect(
            items.map(\.why) == [
                nil, "Hidden: not licensed in KE",
                "Hidden: licensed in KE from \(PreviewFixture.minute(now + 2 * 86_400))",
                "Hidden: licence in KE ended \(PreviewFixture.minute(now - 86_400))",
                "Hidden: not in the catalogue",
            ])

        // Another moment, chosen in the form: the later row has started; the choice is in the
        // page's address.
        #expect(moment.visibleRows == ["shown", "later"])
        #expect(moment.address.contains("at="))
        #expect(moment.viewer?.hasSuffix("at \(PreviewFixture.minute(now + 2 * 3600)) UTC") == true)
        #expect(tv.visibleRows == ["shown", "tv"])

        // A bad choice shows the API's message.
        #expect(unknown.state == "error")
        #expect(
            unknown.problem?.hasPrefix("400: unknown country 'XX' in 'content_country'") == true,
            "\(unknown.problem ?? "")")
        #expect(unknown.visibleRows.isEmpty)
        #expect(malformed.state == "error")
        #expect(malformed.problem?.contains("invalid value '2026-13-45' for query parameter 'at'") == true)
    }
}

/// The Chromium `run-preview-browser` will drive, found as it finds it.
enum InstalledBrowser {
    static let chromium: String? = {
        if let path = ProcessInfo.processInfo.environment["CHROMIUM"] { return path }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

}
