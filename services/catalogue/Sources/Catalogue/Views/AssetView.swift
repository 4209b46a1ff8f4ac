import ESModels
import Foundation

/// The JSON of an asset as a client sees it: localized title and description (falling back to
/// English), codes in the API's form, the license window open now, and platform-specific
/// fields.
///
/// ```json
/// {"uuid": "uuid-1", "type": "movie", "title": "Heat", "title_language": "eng",
///  "description": "...", "categories": ["category-drama"], "languages": ["eng", "fra"],
///  "ratings": ["rating-kfcb-pg"], "license_type": "SVOD", "available_from": "...",
///  "available_until": "...", "is_downloadable": true, "created_at": "...", "updated_at": "..."}
/// ```
/// `is_downloadable` is sent to Android and iOS only.
struct AssetView {
    var client: ClientContext
    var now: Date
    var country: CountryCode?

    /// The asset's JSON.
    func json(_ asset: AssetFlat) -> JSONValue {
        var members: [String: JSONValue] = [
            "uuid": .string(asset.uuid), "type": .string(asset.type.rawValue),
            "categories": .array(asset.categories.map(JSONValue.string)),
            "languages": .array(asset.languages.map { .string(LanguageCode(stored: $0)?.alpha3 ?? $0) }),
            "ratings": .array(asset.ratings.map(JSONValue.string)),
            "created_at": .string(ISODate.string(from: asset.createdAt)),
            "updated_at": .string(ISODate.string(from: asset.updatedAt)),
        ]
        if let title = LocalizedText.pick(asset.titles, for: client.language) {
            members["title"] = .string(title.text)
            members["title_language"] = title.language.map { .string($0.alpha3) } ?? .null
        }
        if let description = LocalizedText.pick(asset.descriptions, for: client.language) {
            members["description"] = .string(description.text)
        }
        let open = asset.licenseWindows.filter { window in
            window.start <= now && now < window.end
                && (country.map { window.countries.contains($0.code) } ?? true)
        }
        if let current = open.max(by: { $0.end < $1.end }) {
            members["license_type"] = .string(current.type.rawValue)
            members["available_from"] = .string(
                ISODate.string(from: open.map(\.start).min() ?? current.start))
            members["available_until"] = .string(ISODate.string(from: current.end))
            members["subscription_statuses"] = .array(
                Array(Set(open.flatMap(\.subscriptionStatuses))).sorted().map(JSONValue.string))
        }
        if client.platform.supportsDownloads {
            members["is_downloadable"] = .bool(open.contains(where: \.isDownloadable))
        }
        return .object(members)
    }
}
