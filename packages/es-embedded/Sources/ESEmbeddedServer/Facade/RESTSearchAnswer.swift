import ESEmbedded
import ESModels

/// The REST answer to a search (`_search`, a scroll page, one of `_msearch`'s responses), written
/// straight from the engine's result (es-models' `SearchAnswer` is what a backend returns, not
/// the text the facade writes): the envelope member by member, each hit's `_source` as
/// its index stored it when the hit returns the whole document.
///
/// Building the answer as a tree first, to write it afterwards, cost as much as the search
/// itself. The text is the one ``json`` writes with es-models' `compactData` (keys sorted),
/// except that a stored `_source` keeps the member order it was stored with; ``json`` is the
/// answer for `?pretty` and `filter_path`.
struct RESTSearchAnswer: Sendable {
    /// The engine's result.
    var result: SearchResult
    /// Whether `hits.total` is a number (`rest_total_hits_as_int`; `-1` when not tracked, as
    /// Elasticsearch writes it).
    var restTotalHitsAsInt = false
    /// Members added to the answer's object (`status` in `_msearch`).
    var extraMembers: [String: JSONValue] = [:]

    /// The answer as a tree.
    var json: JSONValue {
        guard case .object(var members) = result.json else { return result.json }
        if restTotalHitsAsInt, case .object(var hits)? = members["hits"] {
            hits["total"] = .int(result.response.hits.total?.value ?? -1)
            members["hits"] = .object(hits)
        }
        members.merge(extraMembers) { _, extra in extra }
        return .object(members)
    }

    private enum Member {
        case value(JSONValue)
        case hits
    }

    /// Appends the answer's compact JSON text to `text`.
    func write(into text: inout JSONText) {
        let response = result.response
        var members: [(key: String, value: Member)] = [
            ("took", .value(.int(response.took))), ("timed_out", .value(.bool(response.timedOut))),
            ("_shards", .value(response.shards.json)), ("hits", .hits),
        ]
        if let scrollID = result.scrollID { members.append(("_scroll_id", .value(.string(scrollID)))) }
        if let pointInTimeID = result.pointInTimeID {
            members.append(("pit_id", .value(.string(pointInTimeID))))
        }
        if let aggregations = result.aggregations { members.append(("aggregations", .value(aggregations))) }
        for (key, value) in extraMembers {
            members.removeAll { $0.key == key }
            members.append((key, .value(value)))
        }
        members.sort { JSONText.precedes($0.key, $1.key) }
        text.append(byte: UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { text.append(byte: UInt8(ascii: ",")) }
            text.append(string: member.key)
            text.append(byte: UInt8(ascii: ":"))
            switch member.value {
            case .value(let value): text.append(value, sortingKeys: true)
            case .hits: writeHits(into: &text)
            }
        }
        text.append(byte: UInt8(ascii: "}"))
    }

    /// `{"hits":[...],"max_score":...,"total":...}`, in that (sorted) order.
    private func writeHits(into text: inout JSONText) {
        let hits = result.response.hits
        let sourceTexts = result.sourceTexts.count == hits.hits.count ? result.sourceTexts : []
        let highlights = result.highlights ?? []
        let fields = result.fields ?? []
        let innerHits = result.innerHits ?? []
        text.append(literal: #"{"hits":["#)
        for (position, hit) in hits.hits.enumerated() {
            if position > 0 { text.append(byte: UInt8(ascii: ",")) }
            text.append(literal: #"{"_id":"#)
            text.append(string: hit.id)
            text.append(literal: #","_index":"#)
            text.append(string: hit.index)
            text.append(literal: #","_score":"#)
            text.append(hit.score.map(JSONValue.double) ?? .null)
            if hit.hasSource {
                text.append(literal: #","_source":"#)
                if !sourceTexts.isEmpty, let stored = sourceTexts[position] {
                    stored.withUnsafeBufferPointer { text.append(text: $0) }
                } else {
                    text.append(hit.source ?? .null, sortingKeys: true)
                }
            }
            if position < fields.count, let value = fields[position] {
                text.append(literal: #","fields":"#)
                text.append(value, sortingKeys: true)
            }
            if position < highlights.count, let highlight = highlights[position] {
                text.append(literal: #","highlight":"#)
                text.append(highlight, sortingKeys: true)
            }
            if position < innerHits.count, let inner = innerHits[position] {
                text.append(literal: #","inner_hits":"#)
                text.append(inner, sortingKeys: true)
            }
            if let sort = hit.sort {
                text.append(literal: #","sort":"#)
                text.append(.array(sort), sortingKeys: true)
            }
            text.append(byte: UInt8(ascii: "}"))
        }
        text.append(literal: #"],"max_score":"#)
        text.append(hits.maxScore.map(JSONValue.double) ?? .null)
        if restTotalHitsAsInt {
            text.append(literal: #","total":"#)
            text.append(.int(hits.total?.value ?? -1))
        } else if let total = hits.total {
            text.append(literal: #","total":"#)
            text.append(total.json, sortingKeys: true)
        }
        text.append(byte: UInt8(ascii: "}"))
    }
}
