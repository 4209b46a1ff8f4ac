import ESModels
import Foundation

/// The JSON of an asset as a client sees it: localized title and description (falling back to
/// English), codes in the API's form, the license window open now, and platform-specific
/// fields, members in alphabetical order.
///
/// ```json
/// {"available_from": "...", "available_until": "...", "categories": ["category-drama"],
///  "created_at": "...", "description": "...", "is_downloadable": true, "languages": ["eng", "fra"],
///  "license_type": "SVOD", "ratings": ["rating-kfcb-pg"], "subscription_statuses": ["active"],
///  "title": "Heat", "title_language": "eng", "type": "movie", "updated_at": "...", "uuid": "uuid-1"}
/// ```
/// `is_downloadable` is sent to Android and iOS only; an episode adds `episode_number`,
/// `season_number`, `season_uuid` and `series_uuid`; a search hit `highlight`, the shown title
/// with the matching words in `<em>`.
struct AssetView {
    var client: ClientContext
    var now: Date
    var country: CountryCode?

    /// Writes the asset's JSON object; with `highlight` (a search hit's fragments by field), the
    /// fragment of the title shown as `highlight`.
    func write(_ asset: AssetFlat, highlight: [String: [String]]? = nil, into output: inout JSONOutput) {
        let open = asset.licenseWindows.filter { Availability.isOpen($0, at: now, in: country) }
        let current = open.max { $0.end < $1.end }
        output.beginObject()
        if let current {
            output.key("available_from")
            output.date(open.map(\.start).min() ?? current.start)
            output.key("available_until")
            output.date(current.end)
        }
        output.key("categories")
        output.strings(asset.categories)
        output.key("created_at")
        output.date(asset.createdAt)
        if let description = LocalizedText.pick(asset.descriptions, for: client.language) {
            output.key("description")
            output.string(description.text)
        }
        if let episodeNumber = asset.episodeNumber {
            output.key("episode_number")
            output.int(episodeNumber)
        }
        let title = LocalizedText.pick(asset.titles, for: client.language)
        if let highlight, let code = title?.language?.alpha2,
            let fragment = highlight["titles.\(code)"]?.first
        {
            output.key("highlight")
            output.string(fragment)
        }
        if client.platform.supportsDownloads {
            output.key("is_downloadable")
            output.bool(open.contains(where: \.isDownloadable))
        }
        output.key("languages")
        output.strings(asset.languages.map { LanguageCode.alpha3ByAlpha2[$0] ?? $0 })
        if let current {
            output.key("license_type")
            output.string(current.type.rawValue)
        }
        output.key("ratings")
        output.strings(asset.ratings)
        if let seasonNumber = asset.seasonNumber {
            output.key("season_number")
            output.int(seasonNumber)
        }
        if let seasonUUID = asset.seasonUUID {
            output.key("season_uuid")
            output.string(seasonUUID)
        }
        if let seriesUUID = asset.seriesUUID {
            output.key("series_uuid")
            output.string(seriesUUID)
        }
        if current != nil {
            output.key("subscription_statuses")
            let statuses =
                open.count == 1 ? open[0].subscriptionStatuses : open.flatMap(\.subscriptionStatuses)
            output.strings(Array(Set(statuses)).sorted())
        }
        if let title {
            output.key("title")
            output.string(title.text)
            output.key("title_language")
            if let language = title.language { output.string(language.alpha3) } else { output.null() }
        }
        output.key("type")
        output.string(asset.type.rawValue)
        output.key("updated_at")
        output.date(asset.updatedAt)
        output.key("uuid")
        output.string(asset.uuid)
        output.endObject()
    }

    /// `{"count": N, "items": [...]}`: the answer of `by_id`.
    func list(_ assets: [AssetFlat]) -> JSONOutput {
        var output = JSONOutput(capacity: 512 + assets.count * 768)
        output.beginObject()
        output.key("count")
        output.int(assets.count)
        output.key("items")
        output.beginArray()
        for asset in assets { write(asset, into: &output) }
        output.endArray()
        output.endObject()
        return output
    }

    /// `{"count": total, "facets": {..}, "items": [...], "next": "..", "num": .., "start": ..}`: a
    /// page of assets, items highlighted when the search asked; `facets` when any were asked for.
    func page(_ page: ListingPage<AssetFlat>, facets: [FacetCounts] = []) -> JSONOutput {
        JSONOutput.page(
            total: page.total, start: page.start, num: page.num, next: page.next,
            capacity: 512 + page.items.count * 768 + facets.count * 1024,
            writeFacets: facets.isEmpty ? nil : { FacetCounts.write(facets, into: &$0) }
        ) { output in
            for (position, asset) in page.items.enumerated() {
                write(asset, highlight: page.highlights[position], into: &output)
            }
        }
    }

    /// One asset alone.
    func single(_ asset: AssetFlat) -> JSONOutput {
        var output = JSONOutput()
        write(asset, into: &output)
        return output
    }
}
