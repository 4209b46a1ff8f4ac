import Foundation
import Testing

@testable import ESModels

@Suite struct DateFormatTests {
    private func iso(_ format: String, _ text: String, roundUp: Bool = false) throws -> String {
        ISODate.string(fromMillis: try DateFormat(format).parseMillis(text, roundUp: roundUp))
    }

    @Test func defaultFormatReadsISOAndEpochMillis() throws {
        let format = DateFormat.default
        #expect(try format.parseMillis("2024-03-01") == 1_709_251_200_000)
        #expect(try format.parseMillis("2024-03-01T10:20:30Z") == 1_709_288_430_000)
        #expect(try format.parseMillis("2024-03-01T10:20:30.5+01:00") == 1_709_284_830_500)
        #expect(try format.parseMillis("2024-03-01T10:20:30.123456789Z") == 1_709_288_430_123)
        #expect(try format.parseMillis("2024-03") == 1_709_251_200_000)
        #expect(try format.parseMillis("2024") == 1_704_067_200_000)
        #expect(try format.parseMillis("1709251200000") == 1_709_251_200_000)
        #expect(try format.parseMillis(.int(1_709_251_200_000)) == 1_709_251_200_000)
        #expect(try format.parseMillis("-1000") == -1000)
        #expect(throws: ElasticsearchError.self) { try format.parseMillis("2024-02-30") }
        #expect(throws: ElasticsearchError.self) { try format.parseMillis("2024-3-1") }
        #expect(throws: ElasticsearchError.self) { try format.parseMillis(.bool(true)) }
    }

    @Test func namedFormatsAndPatterns() throws {
        #expect(try iso("date_optional_time", "2024-3-1T9:5") == "2024-03-01T09:05:00Z")
        #expect(try iso("strict_date", "2024-03-01") == "2024-03-01T00:00:00Z")
        #expect(try iso("basic_date", "20240301") == "2024-03-01T00:00:00Z")
        #expect(try iso("strict_date_time", "2024-03-01T10:20:30.000Z") == "2024-03-01T10:20:30Z")
        #expect(try iso("epoch_second", "1709251200") == "2024-03-01T00:00:00Z")
        #expect(try iso("epoch_second", "1709251200.25") == "2024-03-01T00:00:00.250Z")
        #expect(try iso("yyyy-MM-dd HH:mm:ss", "2024-03-01 10:20:30") == "2024-03-01T10:20:30Z")
        #expect(try iso("dd/MM/yyyy||yyyy", "2013") == "2013-01-01T00:00:00Z")
        #expect(try iso("dd MMM yyyy", "05 Mar 2024") == "2024-03-05T00:00:00Z")
        // Twitter's `created_at`, as Elasticsearch's documentation maps it.
        #expect(
            try iso("EEE MMM dd HH:mm:ss Z yyyy", "Tue Mar 05 10:20:30 +0100 2024") == "2024-03-05T09:20:30Z")
        #expect(try iso("EEEE, dd MMMM yyyy", "Tuesday, 05 March 2024") == "2024-03-05T00:00:00Z")
        #expect(try iso("yyyy-MM-dd'T'HH[:mm]", "2024-03-01T10") == "2024-03-01T10:00:00Z")
        #expect(try iso("yyyy-MM-dd'T'HH[:mm]", "2024-03-01T10", roundUp: true) == "2024-03-01T10:59:59.999Z")
    }

    @Test func textWithoutOffsetUsesTheGivenZone() throws {
        let zone = try DateMath.timeZone("+02:00")
        let millis = try DateFormat.default.parseMillis("2024-03-01T10:00:00", timeZone: zone)
        #expect(ISODate.string(fromMillis: millis) == "2024-03-01T08:00:00Z")
        let explicit = try DateFormat.default.parseMillis("2024-03-01T10:00:00Z", timeZone: zone)
        #expect(ISODate.string(fromMillis: explicit) == "2024-03-01T10:00:00Z")
    }

    @Test(arguments: [
        ("yyyy-qq", "Invalid format: [yyyy-qq]: Unknown pattern letter: q"),
        ("no_such_format", "Invalid format: [no_such_format]: unknown built-in format name"),
        ("yyyy[-MM", "Invalid format: [yyyy[-MM]: unbalanced '['"),
        ("", "Invalid format: []: empty format"),
    ])
    func rejectsInvalidFormats(spec: String, reason: String) {
        expectElasticsearchError(type: "illegal_argument_exception", reason: reason) {
            _ = try DateFormat(spec)
        }
    }

    @Test func isoDateWritesUTCWithMillisecondsOnlyWhenNeeded() throws {
        #expect(ISODate.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISODate.string(fromMillis: 1_709_288_430_250) == "2024-03-01T10:20:30.250Z")
        #expect(ISODate.string(fromMillis: -1) == "1969-12-31T23:59:59.999Z")
        #expect(ISODate.date(from: "2024-03-01T10:20:30.250Z") == Date(epochMillis: 1_709_288_430_250))
        #expect(ISODate.date(from: "not a date") == nil)
        for millis in [0, 951_782_400_000, 4_102_444_800_000, -62_135_596_800_000, 1_709_288_430_001] {
            #expect(try DateFormat.default.parseMillis(ISODate.string(fromMillis: millis)) == millis)
        }
    }

    @Test func wallClockIsInjectable() {
        let instant = Date(epochMillis: 1_700_000_000_123)
        let frozen = WallClock.frozen(at: instant)
        #expect(frozen.now() == instant)
        #expect(frozen.nowMillis == 1_700_000_000_123)
        #expect(frozen.offset(by: 60).nowMillis == 1_700_000_060_123)
        #expect(Date(epochMillis: 1_709_288_430_001).epochMillis == 1_709_288_430_001)
        let before = Date()
        #expect(WallClock.system.now() >= before)
    }
}
