import ESModels
import Foundation

/// Why a row or an item is not on one viewer's home screen at one moment, in words an editor
/// reads ("tv only", "starts 2026-12-02 08:00", "not licensed in KE").
public struct HiddenReason: Sendable, Equatable {
    /// What kind of rule hides it.
    public enum Rule: String, Sendable {
        /// The row's schedule has not started or has ended.
        case schedule
        /// The row is for other platforms.
        case platform
        /// The row is for other API majors, or of a kind this API major does not render.
        case apiMajor = "api_major"
        /// The row is for other territories.
        case territory
        /// The row would show, but has no item to show.
        case empty
        /// The asset has no licence window open now in the country.
        case licence
        /// The listed asset is not in the catalogue (or not of a type this client is served).
        case missing
    }

    /// The rule.
    public var rule: Rule
    /// The reason as the preview shows it.
    public var text: String
}

/// The rules of the home screen stated per row and per asset, so the preview can say which one
/// hides something. They restate ``CatalogueQueries/rows(country:slug:)`` and
/// ``Availability/isAvailable(_:at:in:)``; a row with no reason here is one the query returns,
/// which the tests check on rows made to break each rule.
enum Visibility {
    /// Why `row` is not shown to `client` in `country` at `now` (empty: the row's own rules let
    /// it show; it still needs an item).
    static func reasons(
        for row: PromotedRow, client: ClientContext, country: CountryCode?, at now: Date
    ) -> [HiddenReason] {
        var reasons: [HiddenReason] = []
        if row.start > now {
            reasons.append(HiddenReason(rule: .schedule, text: "starts \(minute(row.start))"))
        } else if let end = row.end, end <= now {
            reasons.append(HiddenReason(rule: .schedule, text: "ended \(minute(end))"))
        }
        if !row.platforms.contains(client.platform.rawValue) {
            let text =
                row.platforms.isEmpty
                ? "on no platform" : "\(row.platforms.joined(separator: " and ")) only"
            reasons.append(HiddenReason(rule: .platform, text: text))
        }
        let major = client.version.major
        if let minimum = row.minimumAPIMajor, minimum > major {
            reasons.append(HiddenReason(rule: .apiMajor, text: "from API major \(minimum)"))
        }
        if let maximum = row.maximumAPIMajor, maximum < major {
            reasons.append(HiddenReason(rule: .apiMajor, text: "up to API major \(maximum)"))
        }
        if row.kind == .liveEvents && !client.version.servesLiveEventRows {
            reasons.append(
                HiddenReason(
                    rule: .apiMajor, text: "live events rows from API major \(APIVersion.liveEventRows.major)"
                ))
        }
        if let country, !row.territories.contains(country.code) {
            reasons.append(HiddenReason(rule: .territory, text: "not in \(country.code)"))
        }
        return reasons
    }

    /// Why the listed asset `asset` (`nil`: not found) is not shown in `country` at `now`
    /// (empty: it is shown).
    static func reasons(for asset: AssetFlat?, country: CountryCode?, at now: Date) -> [HiddenReason] {
        guard let asset else { return [HiddenReason(rule: .missing, text: "not in the catalogue")] }
        guard !Availability.isAvailable(asset, at: now, in: country) else { return [] }
        let windows = asset.licenseWindows.filter { window in
            country.map { window.countries.contains($0.code) } ?? true
        }
        let place = country.map { " in \($0.code)" } ?? ""
        if let opening = windows.map(\.start).filter({ $0 > now }).min() {
            return [HiddenReason(rule: .licence, text: "licensed\(place) from \(minute(opening))")]
        }
        if let ended = windows.map(\.end).max() {
            return [HiddenReason(rule: .licence, text: "licence\(place) ended \(minute(ended))")]
        }
        return [HiddenReason(rule: .licence, text: "not licensed\(place)")]
    }

    /// The end of the licence window open now in `country` that lasts longest, if any.
    static func licenceEnd(of asset: AssetFlat, country: CountryCode?, at now: Date) -> Date? {
        asset.licenseWindows.filter { Availability.isOpen($0, at: now, in: country) }.map(\.end).max()
    }

    /// `2026-12-02 08:00`: an instant to the minute, in UTC.
    static func minute(_ date: Date) -> String {
        let text = ISODate.string(from: date)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
