import ESModels

/// The canonical text of what decides a listing's hits, apart from its sort and "now": its
/// endpoint, filters and what of the client narrows or orders them (whether its API version is
/// served sport events, its language). A page cursor carries a digest of it, so that one reused
/// with other filters is refused rather than silently continuing another listing.
///
/// Lists are sorted, so `type=movie,episode` and `type=episode,movie` are the same listing.
enum ListingFilters {
    /// `/catalogue/assets`.
    static func assets(_ parameters: AssetListParameters, client: ClientContext) -> String {
        text(
            "assets",
            [
                ("type", parameters.types.map(\.rawValue)), ("category", parameters.categories),
                ("language", parameters.language.map { [$0.alpha2] } ?? []),
                ("series", parameters.series.map { [$0] } ?? []),
                ("country", parameters.country.map { [$0.code] } ?? []),
            ], client: client)
    }

    /// `/catalogue/search`.
    static func search(_ parameters: SearchParameters, client: ClientContext) -> String {
        text(
            "search",
            [
                ("q", [parameters.text]), ("type", parameters.types.map(\.rawValue)),
                ("country", parameters.country.map { [$0.code] } ?? []),
            ], client: client)
    }

    /// `/catalogue/events` (its range as resolved: a default `from` is the cursor's instant);
    /// events are the same for every client.
    static func events(_ parameters: EventParameters) -> String {
        text(
            "events",
            [
                ("from", [ISODate.string(from: parameters.from)]),
                ("to", [ISODate.string(from: parameters.to)]),
                ("sport", parameters.sports), ("competition", parameters.competition.map { [$0] } ?? []),
                ("country", parameters.country.map { [$0.code] } ?? []),
            ], client: nil)
    }

    private static func text(_ endpoint: String, _ filters: [(String, [String])], client: ClientContext?)
        -> String
    {
        let parts = filters.map { name, values in "\(name)=\(Set(values).sorted().joined(separator: ","))" }
        let clientParts =
            client.map { client in
                ["sport_events=\(client.version.servesSportEventAssets)", "lang=\(client.language.alpha2)"]
            } ?? []
        // Unit separators: no value can hold one, so no two listings write the same text.
        return ([endpoint] + parts + clientParts).joined(separator: "\u{1F}")
    }
}
