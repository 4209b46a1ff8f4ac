import ESModels
import Foundation

/// When an asset may be shown: it has a license window open at "now" (start inclusive, end
/// exclusive) that covers the client's country (any country when none is given).
///
/// The rule has two forms that must agree: ``CatalogueQueries/licensedNow(in:)`` puts it in a
/// query (listings and search, where the store must filter, count and page), and
/// ``isAvailable(_:at:in:)`` checks a loaded asset (lookups by id, which fetch at most 100).
public enum Availability {
    /// Whether `asset` may be shown at `now` in `country`.
    public static func isAvailable(_ asset: AssetFlat, at now: Date, in country: CountryCode?) -> Bool {
        asset.licenseWindows.contains { isOpen($0, at: now, in: country) }
    }

    /// Whether `window` is open at `now` and covers `country` (any country when `nil`).
    public static func isOpen(_ window: LicenseWindow, at now: Date, in country: CountryCode?) -> Bool {
        window.start <= now && now < window.end
            && (country.map { window.countries.contains($0.code) } ?? true)
    }

    /// The first instant after `now` at which one of `asset`'s windows in `country` opens or
    /// closes (when its availability there may change), or `nil` when none does.
    public static func nextChange(of asset: AssetFlat, after now: Date, in country: CountryCode?) -> Date? {
        asset.licenseWindows.lazy.filter { window in
            country.map { window.countries.contains($0.code) } ?? true
        }
        .flatMap { [$0.start, $0.end] }.filter { $0 > now }.min()
    }
}
