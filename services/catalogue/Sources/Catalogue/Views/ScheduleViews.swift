import ESModels
import Foundation

/// The JSON of promos: an array of `{"end", "priority", "promo_type", "start", "title", "uuid"}`.
enum PromoView {
    static func list(_ promos: [MarketingPromo]) -> JSONOutput {
        var output = JSONOutput(capacity: 64 + promos.count * 192)
        output.beginArray()
        for promo in promos {
            output.beginObject()
            output.key("end")
            output.date(promo.end)
            output.key("priority")
            output.int(promo.priority)
            output.key("promo_type")
            output.string(promo.promoType.rawValue)
            output.key("start")
            output.date(promo.start)
            output.key("title")
            output.string(promo.title)
            output.key("uuid")
            output.string(promo.uuid)
            output.endObject()
        }
        output.endArray()
        return output
    }
}

/// The JSON of a page of sports events: `{"count", "items", "next", "num", "start"}`, each item
/// `{"competition", "end", "is_live", "sport", "start", "teams", "uuid"}` (`is_live`: running at
/// the API's "now").
enum EventView {
    static func page(_ page: ListingPage<SportsEvent>, now: Date) -> JSONOutput {
        JSONOutput.page(
            total: page.total, start: page.start, num: page.num, next: page.next,
            capacity: 128 + page.items.count * 256
        ) { output in
            for event in page.items { write(event, now: now, into: &output) }
        }
    }

    /// Writes one event's JSON object.
    static func write(_ event: SportsEvent, now: Date, into output: inout JSONOutput) {
        output.beginObject()
        output.key("competition")
        output.string(event.competition)
        output.key("end")
        output.date(event.end)
        output.key("is_live")
        output.bool(event.start <= now && now < event.end)
        output.key("sport")
        output.string(event.sport)
        output.key("start")
        output.date(event.start)
        output.key("teams")
        output.strings(event.teams)
        output.key("uuid")
        output.string(event.uuid)
        output.endObject()
    }
}
