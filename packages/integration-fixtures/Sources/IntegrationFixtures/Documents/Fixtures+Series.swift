import ESModels

extension Fixtures {
    /// `assetflat` overrides for a whole series: the `tv_series` asset `uuid` first, then its
    /// episodes season by season, each linked to the series and its season
    /// (`series_uuid`, `season_uuid`, `season_number`, `episode_number`, numbered from 1).
    ///
    /// Every other field keeps the asset defaults (licensed now in every main territory), so a
    /// test overrides only what it cares about:
    /// ```swift
    /// @Test(.useData(assetflats: Fixtures.series("series-1", episodesPerSeason: [3, 2])))
    /// // series-1, series-1-s1e1, series-1-s1e2, series-1-s1e3, series-1-s2e1, series-1-s2e2
    /// ```
    public static func series(_ uuid: String, episodesPerSeason: [Int]) -> [JSONValue] {
        var assets: [JSONValue] = [["uuid": .string(uuid), "type": "tv_series"]]
        for (index, episodes) in episodesPerSeason.enumerated() {
            let season = index + 1
            for episode in (1...max(1, episodes)).prefix(episodes) {
                assets.append(
                    [
                        "uuid": .string(episodeID(series: uuid, season: season, episode: episode)),
                        "type": "episode", "series_uuid": .string(uuid),
                        "season_uuid": .string(seasonID(series: uuid, season: season)),
                        "season_number": .int(season), "episode_number": .int(episode),
                    ])
            }
        }
        return assets
    }

    /// The id ``series(_:episodesPerSeason:)`` gives a season: `series-1-season-2`.
    public static func seasonID(series: String, season: Int) -> String {
        "\(series)-season-\(season)"
    }

    /// The id ``series(_:episodesPerSeason:)`` gives an episode: `series-1-s2e5`.
    public static func episodeID(series: String, season: Int, episode: Int) -> String {
        "\(series)-s\(season)e\(episode)"
    }
}
