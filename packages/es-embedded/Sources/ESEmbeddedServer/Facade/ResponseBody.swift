import ESEmbedded
import ESModels
import Foundation

/// An answer's JSON in which some values come with their compact text written already: a
/// document's `_source` as its index stored it, which the answer copies instead of writing the
/// tree again (the largest cost of answering a search; Elasticsearch too answers `_source` as
/// stored).
///
/// Written compactly, the rest is written as es-models' `compactData` writes it (keys sorted);
/// for `?pretty` and `filter_path` the answer is ``value``, the plain tree, on the usual path.
indirect enum ResponseBody: Sendable {
    /// A value written as usual.
    case value(JSONValue)
    /// A value and its compact JSON text, copied as it is.
    case written(JSONValue, text: [UInt8])
    /// An object some of whose members are written already.
    case object([String: ResponseBody])
    /// An array some of whose elements are written already.
    case array([ResponseBody])
    /// A search's answer, written from the engine's result.
    case search(RESTSearchAnswer)

    /// The answer as a plain tree.
    var value: JSONValue {
        switch self {
        case .value(let value), .written(let value, _): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let elements): .array(elements.map(\.value))
        case .search(let answer): answer.json
        }
    }

    /// A document (a hit, a get answer) whose `_source` is `text` when it is given.
    static func hit(_ json: JSONValue, sourceText text: [UInt8]?) -> ResponseBody {
        guard let text, case .object(var members) = json, let source = members.removeValue(forKey: "_source")
        else { return .value(json) }
        var body = members.mapValues(ResponseBody.value)
        body["_source"] = .written(source, text: text)
        return .object(body)
    }

    /// The answer with the member `key` of its top-level object set to `value`.
    func settingMember(_ key: String, to value: JSONValue) -> ResponseBody {
        switch self {
        case .object(var members):
            members[key] = .value(value)
            return .object(members)
        case .value(.object(var members)):
            members[key] = value
            return .value(.object(members))
        case .search(var answer):
            answer.extraMembers[key] = value
            return .search(answer)
        default:
            return self
        }
    }

    /// The compact JSON text of the answer.
    var compactData: Data {
        var text = JSONText(capacity: 16_384)
        defer { text.release() }
        write(into: &text)
        return text.withBytes { Data(buffer: $0) }
    }

    private func write(into text: inout JSONText) {
        switch self {
        case .value(let value): text.append(value, sortingKeys: true)
        case .written(_, let written): written.withUnsafeBufferPointer { text.append(text: $0) }
        case .object(let members):
            text.append(byte: UInt8(ascii: "{"))
            var first = true
            for (key, member) in members.sorted(by: { JSONText.precedes($0.key, $1.key) }) {
                if !first { text.append(byte: UInt8(ascii: ",")) }
                first = false
                text.append(string: key)
                text.append(byte: UInt8(ascii: ":"))
                member.write(into: &text)
            }
            text.append(byte: UInt8(ascii: "}"))
        case .search(let answer): answer.write(into: &text)
        case .array(let elements):
            text.append(byte: UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { text.append(byte: UInt8(ascii: ",")) }
                element.write(into: &text)
            }
            text.append(byte: UInt8(ascii: "]"))
        }
    }
}
