import Catalogue
import CatalogueTestSupport
import ESModels
import Foundation
import HTTPKit
import HTTPKitServer
import IntegrationFixtures
import Testing
import TimeKitTesting

/// The editors' preview: `/preview/home` shows the home screen `/catalogue/rows` answers, says
/// why every other row and every listed asset not shown is hidden, and shows any moment; none of
/// it is served by a catalogue that is not a preview run.
@Suite struct PreviewTests {
    func application(preview: Bool, now: Date) throws -> Application {
        let environment = try FixtureEnvironment.required()
        return CatalogueApp(
            backend: environment.backend, clock: .frozen(at: now), monotonic: ManualClock().clock,
            configuration: CatalogueConfiguration(
                indices: CatalogueIndices(prefix: environment.indexPrefix), preview: preview)
        ).makeApplication(logRequests: false)
    }

    func get(_ application: Application, _ path: String, _ query: QueryItems) async throws -> Response {
        await application.handle(
            Request(
                method: .get, path: path, query: query,
                headers: ["Catalogue-Client": "android", "Catalogue-Api-Major": "130"]))
    }

    static func texts(_ value: JSONValue?) -> [String] {
        guard case .array(let reasons)? = value?["hidden"] else { return ["(no hidden list)"] }
        return reasons.compactMap { $0["text"]?.stringValue }
    }

    @Test(.useData(assetflats: PreviewFixture.assets, sportsEvents: [[:]], rows: PreviewFixture.rows))
    func previewSaysWhyEachRowIsHidden() async throws {
        let now = try FixtureEnvironment.required().now
        let app = try application(preview: true, now: now)
        let response = try await get(app, "/preview/home", ["content_country": "KE"])
        #expect(response.status == .ok)
        let json = try JSONValue(parsing: response.body)
        guard case .array(let rows)? = json["rows"] else {
            Issue.record("no rows: \(json)")
            return
        }
        let bySlug = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in row["slug"]?.stringValue.map { ($0, row) } })
        #expect(
            rows.compactMap { $0["slug"]?.stringValue }
                == PreviewFixture.rows.compactMap { $0["slug"]?.stringValue })

        let expected: [String: [String]] = [
            "shown": [], "later": ["starts \(PreviewFixture.minute(now + 3600))"],
            "ended": ["ended \(PreviewFixture.minute(now - 3600))"], "tv": ["tv only"],
            "newer": ["from API major 131"],
            "older": ["up to API major 120"], "za": ["not in KE"],
            "live": ["live events rows from API major 137"], "empty": ["nothing to show"],
        ]
        for (slug, reasons) in expected {
            #expect(Self.texts(bySlug[slug]) == reasons, "\(slug)")
            #expect(bySlug[slug]?["shown"] == .bool(reasons.isEmpty), "\(slug)")
        }

        // The shown row's items: the licensed one, then each hidden asset and why.
        let items = bySlug["shown"]?["items"]
        #expect(items?[0]?["uuid"] == "uuid-1")
        #expect(items?[0]?["shown"] == true)
        #expect(items?[0]?["type"] == "movie")
        #expect(items?[0]?["licence_end"]?.stringValue == ISODate.string(from: now + 365 * 86_400))
        #expect(items?[0]?["json"] == "/catalogue/asset/uuid-1?content_country=KE")
        let hidden: [(String, String)] = [
            ("za-only", "not licensed in KE"),
            ("opens-later", "licensed in KE from \(PreviewFixture.minute(now + 2 * 86_400))"),
            ("closed", "licence in KE ended \(PreviewFixture.minute(now - 86_400))"),
            ("gone", "not in the catalogue"),
        ]
        for (offset, (uuid, reason)) in hidden.enumerated() {
            #expect(items?[offset + 1]?["uuid"]?.stringValue == uuid)
            #expect(items?[offset + 1]?["shown"] == false)
            #expect(Self.texts(items?[offset + 1]) == [reason], "\(uuid)")
        }
        #expect(Self.texts(bySlug["empty"]?["items"]?[0]) == ["not licensed in KE"])

        // The rows shown are exactly the home screen's.
        let home = try JSONValue(
            parsing: try await get(app, "/catalogue/rows", ["content_country": "KE"]).body)
        guard case .array(let homeRows)? = home["rows"] else {
            Issue.record("no home rows: \(home)")
            return
        }
        #expect(homeRows.compactMap { $0["slug"]?.stringValue } == ["shown"])
    }

    @Test(.useData(assetflats: PreviewFixture.assets, rows: PreviewFixture.rows))
    func aPreviewRunShowsAnyMomentAndKeepsNothing() async throws {
        let now = try FixtureEnvironment.required().now
        let app = try application(preview: true, now: now)
        let at = ISODate.string(from: now + 2 * 3600)
        let response = try await get(
            app, "/catalogue/rows", QueryItems([("content_country", "KE"), ("at", at)]))
        #expect(response.status == .ok)
        #expect(response.headers["Cache-Control"] == "no-store")
        let home = try JSONValue(parsing: response.body)
        guard case .array(let rows)? = home["rows"] else {
            Issue.record("no rows: \(home)")
            return
        }
        #expect(rows.compactMap { $0["slug"]?.stringValue } == ["shown", "later"])

        // Then now again: the later row is not there yet (the other moment was not kept).
        let current = try JSONValue(
            parsing: try await get(app, "/catalogue/rows", ["content_country": "KE"]).body)
        guard case .array(let nowRows)? = current["rows"] else {
            Issue.record("no rows: \(current)")
            return
        }
        #expect(nowRows.compactMap { $0["slug"]?.stringValue } == ["shown"])

        let preview = try JSONValue(
            parsing: try await get(app, "/preview/home", QueryItems([("content_country", "KE"), ("at", at)]))
                .body)
        #expect(preview["moment"]?.stringValue == at)
        #expect(preview["rows"]?[1]?["shown"] == true)

        let malformed = try await get(app, "/preview/home", ["at": "2026-13-45"])
        #expect(malformed.status == .badRequest)
        #expect(String(decoding: malformed.body, as: UTF8.self).contains("query parameter 'at'"))
        let unknown = try await get(app, "/preview/home", ["content_country": "XX"])
        #expect(unknown.status == .badRequest)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("unknown country 'XX'"))
    }

    @Test(.useData(rows: [[:]]))
    func aProductionRunRefusesAMomentAndServesNoPreview() async throws {
        let now = try FixtureEnvironment.required().now
        let app = try application(preview: false, now: now)
        let response = try await get(
            app, "/catalogue/rows", QueryItems([("at", ISODate.string(from: now + 3600))]))
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self).contains("'--preview'"))
        for path in ["/preview", "/preview/home"] {
            let page = try await get(app, path, [:])
            #expect(page.status == .notFound, "\(path)")
            #expect(String(decoding: page.body, as: UTF8.self).contains("--preview"), "\(path)")
        }
        #expect(try await get(app, "/catalogue/rows", [:]).status == .ok)
    }

    @Test(.useData(rows: [[:]]))
    func thePageIsServedWithoutThirdPartyAssets() async throws {
        let app = try application(preview: true, now: try FixtureEnvironment.required().now)
        let page = try await get(app, "/preview", [:])
        #expect(page.status == .ok)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("/preview/home"))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page fetches from nowhere else")
    }
}
