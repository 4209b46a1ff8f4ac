import ESModels
import Foundation

/// Checks that a document model and an index mapping agree, both ways:
///
/// - every field the model writes exists in the mapping with a compatible type (keys of
///   `dynamic: true` objects, such as `titles.en`, are data and need no declaration);
/// - a document holding every mapped field decodes into the model, and encoding the model
///   again keeps every mapped field (the model drops nothing the index holds).
///
/// ```swift
/// let issues = ModelMappingCheck.issues(
///     sample: asset, mapping: try FixtureMappings.shared.mapping(for: .assetflat))
/// #expect(issues.isEmpty, "\(issues)")
/// ```
public enum ModelMappingCheck {
    /// Every disagreement between `Model` and `mapping`, using `sample` (a value with every
    /// optional field set) as the model's written form.
    ///
    /// - Throws: `EncodingError` when `sample` cannot be encoded.
    public static func issues<Model: Codable>(sample: Model, mapping: Mapping) throws -> [ModelMappingIssue] {
        let written = try JSONValue(encoding: sample)
        var issues = writtenFieldIssues(
            written, properties: mapping.properties, dynamic: mapping.dynamic ?? .true, path: "")
        let complete = completing(written, properties: mapping.properties)
        let decoded: Model
        do {
            decoded = try complete.decode(Model.self)
        } catch {
            issues.append(
                ModelMappingIssue(
                    path: "", kind: .undecodable,
                    detail: "a document with every mapped field does not decode: \(error)"))
            return issues
        }
        let reencoded = try JSONValue(encoding: decoded)
        for path in valueFieldPaths(mapping.properties, prefix: "")
        where !containsValue(reencoded, atPath: path) {
            issues.append(
                ModelMappingIssue(
                    path: path, kind: .droppedField,
                    detail: "the mapping declares it, but the model loses it when decoding and encoding"))
        }
        return issues
    }

    // MARK: - Written fields

    private static func writtenFieldIssues(
        _ value: JSONValue, properties: [String: FieldMapping], dynamic: DynamicMode, path: String
    ) -> [ModelMappingIssue] {
        guard case .object(let members) = value else { return [] }
        var issues: [ModelMappingIssue] = []
        for key in members.keys.sorted() {
            guard let member = members[key], !member.isNull else { continue }
            let fieldPath = path.isEmpty ? key : "\(path).\(key)"
            guard let field = properties[key] else {
                // A `dynamic: true` object that declares no fields is a map whose keys are data
                // (`titles.en`); anywhere else the model must write declared fields only.
                if dynamic != .true || !properties.isEmpty {
                    issues.append(
                        ModelMappingIssue(
                            path: fieldPath, kind: .unmappedField,
                            detail: "the model writes it, but the mapping does not declare it"))
                }
                continue
            }
            issues += valueIssues(member, field: field, dynamic: dynamic, path: fieldPath)
        }
        return issues
    }

    private static func valueIssues(
        _ value: JSONValue, field: FieldMapping, dynamic: DynamicMode, path: String
    ) -> [ModelMappingIssue] {
        if case .array(let elements) = value {
            return elements.flatMap { valueIssues($0, field: field, dynamic: dynamic, path: path) }
        }
        if field.type.isObjectLike {
            guard case .object = value else {
                return [incompatible(path, value, field)]
            }
            return writtenFieldIssues(
                value, properties: field.properties, dynamic: field.dynamic ?? dynamic, path: path)
        }
        return accepts(field.type, value) ? [] : [incompatible(path, value, field)]
    }

    private static func incompatible(_ path: String, _ value: JSONValue, _ field: FieldMapping)
        -> ModelMappingIssue
    {
        ModelMappingIssue(
            path: path, kind: .incompatibleType,
            detail:
                "the model writes a \(value.kindName) (\(value.compactString)), the mapping says '\(field.type)'"
        )
    }

    /// Whether a field of `type` accepts `value` as Elasticsearch indexes it (without relying
    /// on coercion of strings to numbers).
    static func accepts(_ type: FieldType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.keyword, .string), (.text, .string), (.boolean, .bool): true
        case (.date, .string(let text)): ISODate.date(from: text) != nil
        case (.date, .int), (.integer, .int), (.long, .int): true
        case (.float, .int), (.float, .double), (.double, .int), (.double, .double): true
        default: false
        }
    }

    // MARK: - Mapped fields

    /// `value` with a plausible value added for every mapped field it lacks.
    private static func completing(_ value: JSONValue, properties: [String: FieldMapping]) -> JSONValue {
        var members = value.objectValue ?? [:]
        for (name, field) in properties {
            switch (field.type, members[name]) {
            case (.nested, .array(let elements)) where !elements.isEmpty:
                members[name] = .array(elements.map { completing($0, properties: field.properties) })
            case (.nested, _):
                members[name] = [completing([:], properties: field.properties)]
            case (.object, .some(let existing)) where existing.objectValue != nil:
                members[name] = completing(existing, properties: field.properties)
            case (.object, _):
                members[name] = completing([:], properties: field.properties)
            case (_, .some(let existing)) where !existing.isNull:
                continue
            case (let type, _):
                members[name] = placeholder(for: type)
            }
        }
        return .object(members)
    }

    private static func placeholder(for type: FieldType) -> JSONValue {
        switch type {
        case .keyword, .text: "value"
        case .date: "2025-01-01T00:00:00Z"
        case .boolean: true
        case .integer, .long: 1
        case .float, .double: 1.5
        case .object, .nested: [:]
        // A vector's length is the mapping's `dims`; a null vector is accepted for any.
        case .denseVector: .null
        case .binary: "AA=="
        case .rankFeature: 1.5
        case .rankFeatures: ["feature": 1.5]
        }
    }

    /// Dotted paths of every mapped value field (not objects, not multi-fields).
    private static func valueFieldPaths(_ properties: [String: FieldMapping], prefix: String) -> [String] {
        properties.keys.sorted().flatMap { name -> [String] in
            guard let field = properties[name] else { return [] }
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            return field.type.isObjectLike ? valueFieldPaths(field.properties, prefix: path) : [path]
        }
    }

    private static func containsValue(_ value: JSONValue, atPath path: String) -> Bool {
        value.fieldValues(atPath: path).contains { !$0.isNull }
    }
}
