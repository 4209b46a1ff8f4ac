import ESModels
import Foundation

/// The JSON of a promo: `uuid`, `title`, `promo_type`, `start`, `end`, `priority`.
enum PromoView {
    static func json(_ promo: MarketingPromo) -> JSONValue {
        [
            "uuid": .string(promo.uuid), "title": .string(promo.title),
            "promo_type": .string(promo.promoType.rawValue),
            "start": .string(ISODate.string(from: promo.start)),
            "end": .string(ISODate.string(from: promo.end)),
            "priority": .int(promo.priority),
        ]
    }
}

/// The JSON of a sports event: `uuid`, `sport`, `competition`, `teams`, `start`, `end`, and
/// `is_live` (running at the API's "now").
enum EventView {
    static func json(_ event: SportsEvent, now: Date) -> JSONValue {
        [
            "uuid": .string(event.uuid), "sport": .string(event.sport),
            "competition": .string(event.competition),
            "teams": .array(event.teams.map(JSONValue.string)),
            "start": .string(ISODate.string(from: event.start)),
            "end": .string(ISODate.string(from: event.end)),
            "is_live": .bool(event.start <= now && now < event.end),
        ]
    }
}

/// The envelope of paged lists: `{"count": total, "start": .., "num": .., "items": [..]}`.
enum PageView {
    static func json(total: Int, paging: Paging, items: [JSONValue]) -> JSONValue {
        ["count": .int(total), "start": .int(paging.start), "num": .int(paging.num), "items": .array(items)]
    }
}
