import Foundation
import Testing

@testable import ESModels

@Suite struct DateMathTests {
    /// 2023-11-14T22:13:20Z, a Tuesday.
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func resolve(_ expression: String, roundUp: Bool = false, zone: String? = nil) throws -> String {
        let timeZone = try zone.map(DateMath.timeZone)
        return ISODate.string(
            fromMillis: try DateMath.resolveMillis(expression, now: now, roundUp: roundUp, timeZone: timeZone)
        )
    }

    @Test func resolvesNowWithArithmeticAndRounding() throws {
        #expect(try resolve("now") == "2023-11-14T22:13:20Z")
        #expect(try resolve("now-1d/d") == "2023-11-13T00:00:00Z")
        #expect(try resolve("now/d") == "2023-11-14T00:00:00Z")
        #expect(try resolve("now/d", roundUp: true) == "2023-11-14T23:59:59.999Z")
        #expect(try resolve("now+1h+1m") == "2023-11-14T23:14:20Z")
        #expect(try resolve("now-2y/M") == "2021-11-01T00:00:00Z")
        #expect(try resolve("now/w") == "2023-11-13T00:00:00Z")
        #expect(try resolve("now/w", roundUp: true) == "2023-11-19T23:59:59.999Z")
        #expect(try resolve("now/y", roundUp: true) == "2023-12-31T23:59:59.999Z")
        #expect(try resolve("now-30s/m") == "2023-11-14T22:12:00Z")
        #expect(try resolve("now/H") == "2023-11-14T22:00:00Z")
    }

    @Test func roundsAnchoredDatesAsTheRangeDocumentationDescribes() throws {
        // gt and lte round up, gte and lt round down.
        #expect(try resolve("2014-11-18||/M", roundUp: true) == "2014-11-30T23:59:59.999Z")
        #expect(try resolve("2014-11-18||/M", roundUp: false) == "2014-11-01T00:00:00Z")
        #expect(try resolve("2024-01-31||+1M") == "2024-02-29T00:00:00Z")
        #expect(try resolve("2024-01-01T10:00:00+02:00||+1d") == "2024-01-02T08:00:00Z")
    }

    @Test func roundsInTheGivenTimeZone() throws {
        #expect(try resolve("now/d", zone: "+01:00") == "2023-11-13T23:00:00Z")
        #expect(try resolve("now/d", zone: "-05:00") == "2023-11-14T05:00:00Z")
        #expect(try resolve("now/d", zone: "Europe/Paris") == "2023-11-13T23:00:00Z")
        #expect(try resolve("2020-01-01T00:00:00", zone: "+01:00") == "2019-12-31T23:00:00Z")
    }

    @Test func plainDatesFillMissingTimeFieldsWhenRoundingUp() throws {
        #expect(try resolve("2014-11-18") == "2014-11-18T00:00:00Z")
        #expect(try resolve("2014-11-18", roundUp: true) == "2014-11-18T23:59:59.999Z")
        let month = try DateFormat("yyyy-MM")
        let millis = try DateMath.resolveMillis("2099-12", now: now, roundUp: true, format: month)
        #expect(ISODate.string(fromMillis: millis) == "2099-12-01T23:59:59.999Z")
    }

    @Test(arguments: [
        ("now+1x", "unit [x] not supported for date math [+1x]"),
        ("now+", "truncated date math [+]"),
        ("now+1", "truncated date math [+1]"),
        ("now*1d", "operator not supported for date math [*1d]"),
        ("now/2d", "rounding `/` can only be used on single unit types [/2d]"),
        (
            "2024-13-01||+1d",
            "failed to parse date field [2024-13-01] with format [strict_date_optional_time||epoch_millis]"
        ),
        (
            "yesterday",
            "failed to parse date field [yesterday] with format [strict_date_optional_time||epoch_millis]"
        ),
    ])
    func rejectsBadExpressions(expression: String, reason: String) {
        expectElasticsearchError(type: "parse_exception", reason: reason) {
            _ = try DateMath.resolveMillis(expression, now: now)
        }
    }

    @Test func parsesTimeZoneParameters() throws {
        #expect(try DateMath.timeZone("+01:00").secondsFromGMT() == 3600)
        #expect(try DateMath.timeZone("-0530").secondsFromGMT() == -19800)
        #expect(try DateMath.timeZone("Z").secondsFromGMT() == 0)
        #expect(try DateMath.timeZone("America/New_York").identifier == "America/New_York")
        expectElasticsearchError(
            type: "illegal_argument_exception", reason: "Unknown time-zone ID: Mars/Olympus"
        ) {
            _ = try DateMath.timeZone("Mars/Olympus")
        }
    }

    @Test func rangeBoundsFollowTheRoundingRules() throws {
        let query = RangeQuery(field: "start", gt: "2014-11-18||/M", lt: "now/d")
        let bounds = try query.dateBounds(now: now)
        #expect(bounds.lower.map(ISODate.string(fromMillis:)) == "2014-12-01T00:00:00Z")
        #expect(bounds.upper.map(ISODate.string(fromMillis:)) == "2023-11-13T23:59:59.999Z")
        let inclusive = try RangeQuery(field: "start", gte: "now-1d/d", lte: "now/d").dateBounds(now: now)
        #expect(inclusive.lower.map(ISODate.string(fromMillis:)) == "2023-11-13T00:00:00Z")
        #expect(inclusive.upper.map(ISODate.string(fromMillis:)) == "2023-11-14T23:59:59.999Z")
        #expect(inclusive.contains(now.epochMillis))
        #expect(!inclusive.contains(now.epochMillis + 86_400_000))
    }

    @Test func rangeBoundsUseTheQueryFormatThenTheFieldFormat() throws {
        let query = RangeQuery(field: "born", gte: "01/01/2012", lte: "2013", format: "dd/MM/yyyy||yyyy")
        let bounds = try query.dateBounds(now: now)
        #expect(bounds.lower.map(ISODate.string(fromMillis:)) == "2012-01-01T00:00:00Z")
        #expect(bounds.upper.map(ISODate.string(fromMillis:)) == "2013-01-01T23:59:59.999Z")
        let numeric = try RangeQuery(field: "t", gte: 1_700_000_000_000).dateBounds(
            now: now, fieldFormat: "epoch_millis")
        #expect(numeric.lower == 1_700_000_000_000)
    }
}
