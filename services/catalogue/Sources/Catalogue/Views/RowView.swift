import ESModels
import Foundation

/// The JSON of promoted rows: the title in the client's language (else English, else the first
/// there is, else the slug), `title_language` saying which, and the items as the asset and event
/// endpoints render them, members in alphabetical order.
///
/// ```json
/// {"count": 1, "rows": [{"items": [{"uuid": "uuid-1", ...}], "kind": "curated", "position": 1,
///   "slug": "new-this-week", "title": "New this week", "title_language": "eng"}]}
/// ```
struct RowView {
    var client: ClientContext
    var now: Date
    var country: CountryCode?

    /// `{"count": N, "rows": [...]}`: the home screen.
    func home(_ rows: [(PromotedRow, RowItems)]) -> JSONOutput {
        var output = JSONOutput(capacity: rows.reduce(256) { $0 + 256 + $1.1.count * 768 })
        output.beginObject()
        output.key("count")
        output.int(rows.count)
        output.key("rows")
        output.beginArray()
        for (row, items) in rows {
            output.beginObject()
            output.key("items")
            write(items, into: &output)
            writeMembers(of: row, into: &output, paging: nil)
            output.endObject()
        }
        output.endArray()
        output.endObject()
        return output
    }

    /// `{"count": total, "items": [...], "kind", "num", "position", "slug", "start", "title",
    /// "title_language"}`: one row with a page of its items.
    func page(_ row: PromotedRow, _ items: RowItems, paging: Paging) -> JSONOutput {
        var output = JSONOutput(capacity: 512 + items.count * 768)
        output.beginObject()
        output.key("count")
        output.int(items.total)
        output.key("items")
        write(items, into: &output)
        writeMembers(of: row, into: &output, paging: paging)
        output.endObject()
        return output
    }

    private func write(_ items: RowItems, into output: inout JSONOutput) {
        output.beginArray()
        switch items.content {
        case .assets(let assets):
            let view = AssetView(client: client, now: now, country: country)
            for asset in assets { view.write(asset, into: &output) }
        case .events(let events):
            for event in events { EventView.write(event, now: now, into: &output) }
        }
        output.endArray()
    }

    /// The members after `items`, with `num` and `start` when `paging` is given.
    private func writeMembers(of row: PromotedRow, into output: inout JSONOutput, paging: Paging?) {
        output.key("kind")
        output.string(row.kind.rawValue)
        if let paging {
            output.key("num")
            output.int(paging.num)
        }
        output.key("position")
        output.int(row.position)
        output.key("slug")
        output.string(row.slug)
        if let paging {
            output.key("start")
            output.int(paging.start)
        }
        let title = LocalizedText.pick(row.titles, for: client.language)
        output.key("title")
        output.string(title?.text ?? row.slug)
        output.key("title_language")
        if let language = title?.language { output.string(language.alpha3) } else { output.null() }
    }
}
