import ESModels
import Foundation

extension PromotedRow: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "rows")
        self.init(
            uuid: try reader.string("uuid"), slug: try reader.string("slug"),
            titles: try reader.stringMap("titles"), kind: try reader.value("kind", as: Kind.self),
            platforms: try reader.strings("platforms"),
            minimumAPIMajor: try reader.optionalInt("min_api_major"),
            maximumAPIMajor: try reader.optionalInt("max_api_major"),
            territories: try reader.strings("territories"), start: try reader.date("start"),
            end: try reader.optionalDate("end"), position: try reader.int("position"),
            assetUUIDs: try reader.optionalStrings("asset_uuids"),
            query: try reader.optionalObject("query").map(RowQuery.init(source:)),
            updatedAt: try reader.date("updated_at"))
    }
}

extension RowQuery: SourceDecodable {
    init(source: JSONValue) throws {
        let reader = try SourceReader(source, model: "rows query")
        self.init(
            type: try reader.optionalString("type").map { text in
                guard let type = AssetFlat.AssetType(rawValue: text) else {
                    throw StoredDocumentError(model: "rows query", field: "type", expected: "known AssetType")
                }
                return type
            },
            category: try reader.optionalString("category"), language: try reader.optionalString("language"),
            sport: try reader.optionalString("sport"),
            sort: try reader.optionalString("sort").map { text in
                guard let sort = Sort(rawValue: text) else {
                    throw StoredDocumentError(model: "rows query", field: "sort", expected: "known Sort")
                }
                return sort
            } ?? .newest)
    }
}

extension SourceReader {
    /// A date, or `nil` when the field is absent or null (an open end).
    func optionalDate(_ field: String) throws -> Date? {
        switch members[field] {
        case nil, .null: return nil
        default: return try date(field)
        }
    }

    /// An object, or `nil` when the field is absent or null.
    func optionalObject(_ field: String) throws -> JSONValue? {
        switch members[field] {
        case nil, .null: return nil
        case .object(let members): return .object(members)
        default: throw StoredDocumentError(model: model, field: field, expected: "object")
        }
    }
}
