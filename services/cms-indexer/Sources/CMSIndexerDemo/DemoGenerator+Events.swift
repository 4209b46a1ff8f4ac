import CMSIndexer

extension DemoGenerator {
    /// A sports event between two teams, from 30 days before the anchor to 90 days after,
    /// optionally with the sport_event asset that streams it.
    mutating func writeSportEvent(withAsset: Bool) throws {
        let sport = random.pick(DemoVocabulary.sports)
        let teams = random.sample(sport.teams, count: sport.sport == "athletics" ? 1 : 2)
        let competition = random.pick(sport.competitions)
        let startDay = random.int(in: -30...90)
        let startHour = random.pick([11, 13, 15, 17, 19])
        let name = teams.joined(separator: " vs ")
        var assetID: String?
        if withAsset {
            let titles = [name, name, name, name].enumerated().map { index, title in
                index == 0 ? "\(competition): \(title)" : title
            }
            let uuid = try writeAsset(type: "sport_event", titles: titles, describe: false)
            try writeCategories(uuid, slugs: ["sport", sport.category])
            try writeLanguages(uuid)
            try writeRatings(uuid, age: 0)
            try writeEventLicenseWindow(uuid, startDay: startDay, startHour: startHour, hours: sport.hours)
            assetID = uuid
        }
        let uuid = random.uuid()
        try writer.insert(
            "sports_events", ["uuid", "sport", "competition", "starts_at", "ends_at", "asset_uuid"],
            [
                uuid, sport.sport, competition, date(days: startDay, hours: startHour),
                date(days: startDay, hours: startHour + sport.hours), assetID,
            ])
        for (position, team) in teams.enumerated() {
            try writer.insert(
                "sports_event_teams", ["event_uuid", "position", "team"], [uuid, position, team])
        }
        for country in drawCountries() {
            try writer.insert("sports_event_territories", ["event_uuid", "territory_code"], [uuid, country])
        }
    }

    /// Live and catch-up: open from an hour before kick-off to a week after.
    private mutating func writeEventLicenseWindow(_ uuid: String, startDay: Int, startHour: Int, hours: Int)
        throws
    {
        let windowID = random.uuid()
        try writer.insert(
            "license_windows",
            ["uuid", "asset_uuid", "starts_at", "ends_at", "license_type", "is_downloadable"],
            [
                windowID, uuid, date(days: startDay, hours: startHour - 1),
                date(days: startDay + 7, hours: startHour), "SVOD", false,
            ])
        for country in drawCountries() {
            try writer.insert(
                "license_window_countries", ["license_window_uuid", "territory_code"], [windowID, country])
        }
        try writer.insert(
            "license_window_subscription_statuses", ["license_window_uuid", "status"], [windowID, "active"])
    }

    /// Promos of every type (cycled), past, current and future, with priorities.
    mutating func writePromos(count: Int) throws {
        let types = ["call_to_action", "editorial", "sport_call_to_action"]
        for index in 0..<count {
            let type = types[index % types.count]
            let target = promotable.isEmpty ? nil : random.pick(promotable)
            let title: String
            switch type {
            case "call_to_action": title = "Subscribe and watch \(target?.title ?? "everything")"
            case "sport_call_to_action": title = "Live sport this week: don't miss a match"
            default: title = "Editor's pick: \(target?.title ?? "this week's best")"
            }
            let timing = index % 5
            let start =
                timing < 3
                ? -random.int(in: 1...30) : (timing == 3 ? -random.int(in: 60...90) : random.int(in: 5...30))
            let end = timing == 3 ? start + random.int(in: 10...40) : start + random.int(in: 35...120)
            let uuid = random.uuid()
            try writer.insert(
                "marketing_promos",
                ["uuid", "title", "promo_type", "starts_at", "ends_at", "priority", "asset_uuid"],
                [
                    uuid, title, type, date(days: start), date(days: end), random.int(in: 1...100),
                    target?.uuid,
                ])
            for country in drawCountries() {
                try writer.insert(
                    "marketing_promo_territories", ["promo_uuid", "territory_code"], [uuid, country])
            }
        }
    }
}
