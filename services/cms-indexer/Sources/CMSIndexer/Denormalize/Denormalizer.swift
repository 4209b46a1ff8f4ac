import ESModels
import Foundation

/// Turns normalized records into the documents the services read.
///
/// The assetflat rules: titles and descriptions keyed by language code (an empty description
/// is left out); categories by position, an episode adding its series' categories after its
/// own; languages are the audio languages, then subtitle languages not already listed;
/// ratings are the distinct ratings over territories, an episode without any inheriting its
/// series'; license windows by start, with countries and statuses sorted; an episode names its
/// series, season and numbers, other assets leave them out. Every stored value
/// the models cannot hold (an unknown type, a malformed date, a window ending before it
/// starts, an asset without any title) is reported with the document's id.
public enum Denormalizer {
    /// The assetflat document of an asset.
    public static func assetFlat(_ record: AssetRecord) throws(DocumentError) -> AssetFlat {
        // Rows that could not be read say it all; their fields hold defaults, not data.
        try FieldValidator(problems: record.problems).check(index: .assetflat, id: record.id)
        var check = FieldValidator(problems: [])
        let type = check.value(record.type, "type", as: AssetFlat.AssetType.self)
        var titles: [String: String] = [:]
        var descriptions: [String: String] = [:]
        for localization in record.localizations {
            if localization.title.contains(where: { !$0.isWhitespace }) {
                titles[localization.language] = localization.title
            }
            if let description = localization.description, !description.isEmpty {
                descriptions[localization.language] = description
            }
        }
        if titles.isEmpty { check.fail("has no title in any language") }
        if record.seriesUUID != nil, type != .episode {
            check.fail("is linked to a series as an episode but its type is '\(record.type)'")
        }
        let windows = record.windows.map { window -> LicenseWindow in
            var windowCheck = FieldValidator(problems: [])
            let start = windowCheck.date(window.startsAt, "starts_at")
            let end = windowCheck.date(window.endsAt, "ends_at")
            windowCheck.period(start: start, end: end, "it")
            let licenseType = windowCheck.value(
                window.licenseType, "license_type", as: LicenseWindow.LicenseType.self)
            if window.countries.isEmpty { windowCheck.fail("has no country") }
            for problem in windowCheck.problems { check.fail("license window '\(window.uuid)': \(problem)") }
            return LicenseWindow(
                uuid: window.uuid, start: start, end: end, countries: window.countries.sorted(),
                subscriptionStatuses: window.subscriptionStatuses.sorted(), type: licenseType ?? .svod,
                isDownloadable: window.isDownloadable)
        }
        let createdAt = check.date(record.createdAt, "created_at")
        let updatedAt = check.date(record.updatedAt, "updated_at")
        try check.check(index: .assetflat, id: record.id)
        let ownRatings = unique(record.ratings.map(\.rating))
        return AssetFlat(
            uuid: record.id, type: type ?? .movie, titles: titles, descriptions: descriptions,
            categories: unique(record.categories + record.seriesCategories),
            languages: unique(record.audioLanguages + record.subtitleLanguages),
            ratings: ownRatings.isEmpty ? unique(record.seriesRatings) : ownRatings,
            licenseWindows: windows, createdAt: createdAt, updatedAt: updatedAt,
            seriesUUID: record.seriesUUID, seasonUUID: record.seasonUUID, seasonNumber: record.seasonNumber,
            episodeNumber: record.episodeNumber)
    }

    /// The territories document.
    public static func territory(_ record: CodeNameRecord) throws(DocumentError) -> Territory {
        try FieldValidator(problems: record.problems).check(index: .territories, id: record.id)
        return Territory(code: record.id, name: record.name, isMain: record.isMain)
    }

    /// The languages document.
    public static func language(_ record: CodeNameRecord) throws(DocumentError) -> Language {
        try FieldValidator(problems: record.problems).check(index: .languages, id: record.id)
        return Language(code: record.id, name: record.name, isMain: record.isMain)
    }

    /// The categories document.
    public static func category(_ record: CategoryRecord) throws(DocumentError) -> Category {
        try FieldValidator(problems: record.problems).check(index: .categories, id: record.id)
        return Category(
            uuid: record.id, slug: record.slug, titles: record.titles, parentUUID: record.parentUUID)
    }

    /// The ratings document, with the territories where its system applies (none when the
    /// system has no territory yet: the rating is then valid nowhere).
    public static func rating(_ record: RatingRecord) throws(DocumentError) -> Rating {
        try FieldValidator(problems: record.problems).check(index: .ratings, id: record.id)
        return Rating(
            uuid: record.id, system: record.system, code: record.code, minimumAge: record.minimumAge,
            isMain: record.isMain, territories: unique(record.territories))
    }

    /// The marketing_promos document.
    public static func marketingPromo(_ record: PromoRecord) throws(DocumentError) -> MarketingPromo {
        try FieldValidator(problems: record.problems).check(index: .marketingPromos, id: record.id)
        var check = FieldValidator(problems: [])
        let type = check.value(record.promoType, "promo_type", as: MarketingPromo.PromoType.self)
        let start = check.date(record.startsAt, "starts_at")
        let end = check.date(record.endsAt, "ends_at")
        check.period(start: start, end: end, "the promo")
        try check.check(index: .marketingPromos, id: record.id)
        return MarketingPromo(
            uuid: record.id, title: record.title, promoType: type ?? .editorial,
            territories: record.territories,
            start: start, end: end, priority: record.priority)
    }

    /// The sports_events document.
    public static func sportsEvent(_ record: SportsEventRecord) throws(DocumentError) -> SportsEvent {
        try FieldValidator(problems: record.problems).check(index: .sportsEvents, id: record.id)
        var check = FieldValidator(problems: [])
        let start = check.date(record.startsAt, "starts_at")
        let end = check.date(record.endsAt, "ends_at")
        check.period(start: start, end: end, "the event")
        if record.teams.isEmpty { check.fail("has no team") }
        try check.check(index: .sportsEvents, id: record.id)
        return SportsEvent(
            uuid: record.id, sport: record.sport, competition: record.competition, teams: record.teams,
            start: start,
            end: end, territories: record.territories)
    }

    /// The elements in first-seen order, without repeats.
    static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
