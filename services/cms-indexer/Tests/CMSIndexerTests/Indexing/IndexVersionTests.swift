import CMSIndexer
import ESModels
import Foundation
import Testing

@Suite struct IndexVersionTests {
    @Test func versionsAreSeventeenDigitsOfUTCTimeAndRoundTrip() throws {
        let date = Date(epochMillis: 1_709_288_430_123)  // 2024-03-01T10:20:30.123Z
        #expect(IndexVersion.string(from: date) == "20240301102030123")
        #expect(IndexVersion.string(from: Date(epochMillis: 1_709_288_430_000)) == "20240301102030000")
        #expect(IndexVersion.date(from: "20240301102030123") == date)
        #expect(IndexVersion.date(from: "2024030110203012") == nil)
        #expect(IndexVersion.date(from: "2024030110203012x") == nil)
    }

    @Test func onlyTheIndexersOwnNamesAreVersions() {
        #expect(
            IndexVersion.version(of: "assetflat-20240301102030123", alias: "assetflat") == "20240301102030123"
        )
        #expect(IndexVersion.version(of: "assetflat-backup", alias: "assetflat") == nil)
        #expect(IndexVersion.version(of: "assetflat.complete", alias: "assetflat") == nil)
        #expect(IndexVersion.version(of: "ratings-20240301102030123", alias: "assetflat") == nil)
    }

    @Test func theNextVersionIsAlwaysLaterThanEveryExistingOne() {
        let now = Date(epochMillis: 1_709_288_430_123)
        #expect(IndexVersion.next(now: now, existing: []) == "20240301102030123")
        #expect(IndexVersion.next(now: now, existing: ["20240301102030000"]) == "20240301102030123")
        #expect(IndexVersion.next(now: now, existing: ["20240301102030123"]) == "20240301102030124")
        #expect(IndexVersion.next(now: now, existing: ["20250101000000999", "x"]) == "20250101000001000")
    }
}
