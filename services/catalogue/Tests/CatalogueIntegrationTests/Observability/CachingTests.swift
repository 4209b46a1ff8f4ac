import Catalogue
import CatalogueTestSupport
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

/// Answers a CDN can keep: an `ETag` on every 200, 304 for a matching `If-None-Match`, and
/// `Cache-Control`/`Vary` per endpoint.
@Suite struct CachingTests {
    @Test(.useData(assetflats: [["uuid": "uuid-1"]]))
    func aMatchingIfNoneMatchGets304WithoutABody() async throws {
        let first = try await androidClient.get("/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(first.status == .ok)
        let tag = try #require(first.headers["ETag"])
        #expect(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
        #expect(first.headers["Cache-Control"] == "public, max-age=30")
        #expect(first.headers["Vary"] == "Catalogue-Client, Catalogue-Api-Major")
        let again = try await androidClient.header("If-None-Match", "\"0000000000000000\", W/\(tag)").get(
            "/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == tag)
        let stale = try await androidClient.header("If-None-Match", "\"0000000000000000\"").get(
            "/catalogue/by_id", query: ["id[]": "uuid-1"])
        #expect(stale.status == .ok)
        #expect(stale.body == first.body)
    }

    @Test(.useData())
    func referenceDataIsKeptLongerAndErrorsAreNotTagged() async throws {
        let territories = try await websiteClient.get("/catalogue/territories")
        #expect(territories.headers["Cache-Control"] == "public, max-age=300")
        let refused = try await websiteClient.get("/catalogue/assets", query: ["num": "1000"])
        #expect(refused.status == .badRequest)
        #expect(refused.headers["ETag"] == nil)
        #expect(refused.headers["Cache-Control"] == nil)
    }
}
