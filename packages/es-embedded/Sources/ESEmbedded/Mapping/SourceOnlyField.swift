import ESModels
import Foundation

/// `binary`, `rank_feature` and `rank_features` fields: checked when a document is indexed as
/// Elasticsearch checks them, and read from `_source` where a query needs them.
enum SourceOnlyField {
    static func check(_ value: JSONValue, field: CompiledField, id: String) throws {
        if value.isNull { return }
        func refuse(_ reason: String, cause: ErrorCause? = nil) -> ElasticsearchError {
            .documentParsing(
                "failed to parse field [\(field.fullPath)] of type [\(field.type)] in document with id '\(id)'. Preview of field's value: '\(DocumentParser.preview(value))'",
                causedBy: cause ?? ErrorCause(type: "illegal_argument_exception", reason: reason))
        }
        switch field.type {
        case .binary:
            let values = value.arrayValue ?? [value]
            for item in values {
                guard let text = item.stringValue, Data(base64Encoded: text) != nil else {
                    throw refuse(
                        "Failed to decode base64 value",
                        cause: ErrorCause(
                            type: "illegal_argument_exception", reason: "Illegal base64 character"))
                }
            }
        case .rankFeature:
            if case .array = value {
                throw ElasticsearchError.illegalArgument(
                    "[rank_feature] fields do not support indexing multiple values for the same field [\(field.fullPath)] in the same document"
                )
            }
            guard let number = value.doubleValue ?? value.intValue.map(Double.init), number > 0,
                number.isFinite
            else {
                throw refuse(
                    "[rank_feature] fields only support positive values, got [\(DocumentParser.preview(value))]"
                )
            }
        case .rankFeatures:
            guard case .object(let features) = value else {
                throw refuse(
                    "[rank_features] fields must be json objects, expected a START_OBJECT but got: \(value.tokenName)"
                )
            }
            for (name, feature) in features {
                guard let number = feature.doubleValue ?? feature.intValue.map(Double.init), number > 0 else {
                    throw refuse(
                        "[rank_features] fields only support positive values, got [\(name): \(DocumentParser.preview(feature))]"
                    )
                }
            }
        default: break
        }
    }
}
