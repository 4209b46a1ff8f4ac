import ESModels
import Foundation

/// Turns a test's partial overrides into complete documents: each override is merged into
/// its kind's default document, array elements into their default elements, and date math in
/// date fields (`now-7d`, `.datetimePassed`) is resolved against the frozen "now".
///
/// ```swift
/// let builder = FixtureDocumentBuilder(kind: .assetflat, mapping: mapping, now: Fixtures.now)
/// let documents = try builder.documents(from: [["uuid": "uuid-1"], ["type": "episode"]])
/// documents.map(\.id)   // ["uuid-1", "uuid-2"]
/// ```
public struct FixtureDocumentBuilder: Sendable {
    /// The kind of documents built.
    public var kind: FixtureKind
    /// The index mapping, which says which fields are dates.
    public var mapping: Mapping
    /// The instant `now` stands for in date math.
    public var now: Date

    /// Creates a builder.
    public init(kind: FixtureKind, mapping: Mapping, now: Date) {
        self.kind = kind
        self.mapping = mapping
        self.now = now
    }

    /// The complete documents for `overrides`, in order.
    ///
    /// - Throws: ``FixtureError/missingID(index:position:field:)``,
    ///   ``FixtureError/duplicateID(index:id:)`` or ``FixtureError/invalidDateMath(index:id:field:value:reason:)``.
    public func documents(from overrides: [JSONValue]) throws -> [FixtureDocument] {
        var seen: Set<String> = []
        return try overrides.enumerated().map { position, override in
            let document = try document(at: position, override: override)
            guard seen.insert(document.id).inserted else {
                throw FixtureError.duplicateID(index: kind.index, id: document.id)
            }
            return document
        }
    }

    /// The complete document for one override at `position` of the test's list.
    ///
    /// - Throws: like ``documents(from:)``.
    public func document(at position: Int, override: JSONValue) throws -> FixtureDocument {
        var source = kind.defaultDocument(position, override).mergingFixtureOverride(override)
        for (field, makeElement) in kind.elementDefaults {
            guard case .array(let elements) = source[field] else { continue }
            let document = source
            source[field] = .array(
                elements.enumerated().map { index, element in
                    guard case .object = element else { return element }
                    return makeElement(document, index).mergingFixtureOverride(element)
                })
        }
        guard let id = source[kind.idField]?.stringValue, !id.isEmpty else {
            throw FixtureError.missingID(index: kind.index, position: position, field: kind.idField)
        }
        source = try resolvingDates(in: source, properties: mapping.properties, path: "", id: id)
        return FixtureDocument(index: kind.index, id: id, source: source)
    }

    private func resolvingDates(
        in value: JSONValue, properties: [String: FieldMapping], path: String, id: String
    ) throws -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(
                try elements.map { try resolvingDates(in: $0, properties: properties, path: path, id: id) })
        case .object(var members):
            for (key, member) in members {
                guard let field = properties[key] else { continue }
                let fieldPath = path.isEmpty ? key : "\(path).\(key)"
                if field.type == .date {
                    members[key] = try resolvingDateValue(member, field: fieldPath, id: id)
                } else if field.type.isObjectLike {
                    members[key] = try resolvingDates(
                        in: member, properties: field.properties, path: fieldPath, id: id)
                }
            }
            return .object(members)
        default:
            return value
        }
    }

    private func resolvingDateValue(_ value: JSONValue, field: String, id: String) throws -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(try elements.map { try resolvingDateValue($0, field: field, id: id) })
        case .string(let text) where text.hasPrefix("now") || text.contains("||"):
            do {
                return .string(ISODate.string(from: try DateMath.resolve(text, now: now)))
            } catch let error as ElasticsearchError {
                throw FixtureError.invalidDateMath(
                    index: kind.index, id: id, field: field, value: text, reason: error.reason)
            }
        default:
            return value
        }
    }
}
