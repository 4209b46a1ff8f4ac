import Catalogue
import CatalogueTestSupport
import Foundation
import HTTPKit
import IntegrationFixtures
import Testing

/// `/metrics` is Prometheus text whose counters move with the requests served.
@Suite struct MetricsTests {
    /// The samples of a Prometheus text exposition, by series (`name{labels}`); fails the test on
    /// a line that is neither a comment nor `name{labels} value`.
    func samples(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...])
            else {
                Issue.record("not a sample line: '\(line)'", sourceLocation: sourceLocation)
                continue
            }
            let series = String(line[..<space])
            let name = series.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
            #expect(
                !name.isEmpty && (series == name || series.hasSuffix("}")), "\(line)",
                sourceLocation: sourceLocation)
            samples[series] = value
        }
        return samples
    }

    @Test(.useData(assetflats: [["uuid": "uuid-1"]]))
    func countersMoveWithRequests() async throws {
        let before = try await anonymousClient.get("/metrics")
        #expect(before.status == .ok)
        #expect(before.headers["Content-Type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let first = samples(before.bodyText)
        let series = #"catalogue_requests_total{route="/catalogue/by_id",status="200",platform="android"}"#
        for _ in 0..<3 { _ = try await androidClient.get("/catalogue/by_id", query: ["id[]": "uuid-1"]) }
        _ = try await androidClient.get("/catalogue/asset/nope")
        let after = samples(try await anonymousClient.get("/metrics").bodyText)
        #expect(after[series] == (first[series] ?? 0) + 3)
        #expect(
            after[
                #"catalogue_requests_total{route="/catalogue/asset/{uuid}",status="404",platform="android"}"#]
                == 1)
        #expect(after[#"catalogue_request_duration_seconds_count{route="/catalogue/by_id"}"#] == 3)
        #expect(after[#"catalogue_request_duration_seconds_bucket{route="/catalogue/by_id",le="+Inf"}"#] == 3)
        #expect(after["catalogue_requests_in_flight"] == 1, "the /metrics request itself")
        #expect(after[#"catalogue_circuit_breaker_state{state="closed"}"#] == 1)
        let storeCalls = after.filter { $0.key.hasPrefix("catalogue_store_call_duration_seconds_count") }
        #expect(storeCalls.values.reduce(0, +) >= 4)
    }
}
