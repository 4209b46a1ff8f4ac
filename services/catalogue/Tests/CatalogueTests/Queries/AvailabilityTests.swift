import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct AvailabilityTests {
    let now = Date(timeIntervalSince1970: 1_748_779_200)

    func window(start: Double, end: Double, countries: [String] = ["KE"]) -> LicenseWindow {
        LicenseWindow(
            uuid: "w", start: now.addingTimeInterval(start), end: now.addingTimeInterval(end),
            countries: countries,
            subscriptionStatuses: [], type: .svod, isDownloadable: false)
    }

    @Test func startInclusiveEndExclusive() {
        #expect(Availability.isOpen(window(start: 0, end: 10), at: now, in: CountryCode("KE")))
        #expect(!Availability.isOpen(window(start: -10, end: 0), at: now, in: CountryCode("KE")))
        #expect(!Availability.isOpen(window(start: 1, end: 10), at: now, in: CountryCode("KE")))
    }

    @Test func countryMustBeCoveredWhenGiven() {
        let kenyan = window(start: -1, end: 1)
        #expect(!Availability.isOpen(kenyan, at: now, in: CountryCode("ZA")))
        #expect(Availability.isOpen(kenyan, at: now, in: nil))
    }

    @Test func anyOpenWindowMakesAnAssetAvailable() {
        let asset = AssetFlat(
            uuid: "a", type: .movie, titles: [:], descriptions: [:], categories: [], languages: [],
            ratings: [],
            licenseWindows: [window(start: -20, end: -10), window(start: -1, end: 1, countries: ["ZA"])],
            createdAt: now, updatedAt: now)
        #expect(Availability.isAvailable(asset, at: now, in: CountryCode("ZA")))
        #expect(!Availability.isAvailable(asset, at: now, in: CountryCode("KE")))
        #expect(
            asset.isLicensed(at: now, in: "ZA")
                == Availability.isAvailable(asset, at: now, in: CountryCode("ZA")))
    }
}
