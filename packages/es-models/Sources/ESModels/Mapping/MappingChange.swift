/// One difference between two mappings (or index definitions), with what it takes to apply.
public struct MappingChange: Sendable, Equatable {
    /// What changed.
    public enum Kind: Sendable, Equatable {
        /// A field exists only in the target.
        case fieldAdded(FieldMapping)
        /// A field exists only in the base.
        case fieldRemoved(FieldMapping)
        /// A field's type differs.
        case typeChanged(from: FieldType, to: FieldType)
        /// A field (or root) parameter differs; `nil` means absent on that side.
        case parameterChanged(name: String, from: JSONValue?, to: JSONValue?)
        /// An index setting differs; `nil` means absent on that side.
        case settingChanged(name: String, from: JSONValue?, to: JSONValue?)
        /// An alias declared with the index differs; `nil` means absent on that side.
        case aliasChanged(name: String, from: JSONValue?, to: JSONValue?)
    }

    /// Whether the change can be applied to a live index.
    public enum Impact: String, Sendable, Equatable, Comparable {
        /// Elasticsearch accepts it on an existing index (a put-mapping or a settings update):
        /// a new field or multi-field, an updatable parameter, a dynamic setting.
        case additive
        /// It needs a new index and a reindex: a removed field, a changed type, a change to a
        /// parameter or setting Elasticsearch does not let an existing index change.
        case breaking

        public static func < (lhs: Impact, rhs: Impact) -> Bool {
            lhs == .additive && rhs == .breaking
        }
    }

    /// Where: the dotted field path (`license_windows.start`), `_root` for root
    /// parameters, or the setting name for settings.
    public var path: String
    /// What changed.
    public var kind: Kind
    /// Whether it is additive or breaking.
    public var impact: Impact

    /// Creates a change.
    public init(path: String, kind: Kind, impact: Impact) {
        self.path = path
        self.kind = kind
        self.impact = impact
    }
}

extension MappingChange: CustomStringConvertible {
    /// One line: `[breaking] ratings: type changed from [keyword] to [integer]`.
    public var description: String {
        "[\(impact.rawValue)] \(path): \(summary)"
    }

    /// What changed, without the path: `field added (keyword)`.
    public var summary: String {
        switch kind {
        case .fieldAdded(let field): "field added (\(field.type))"
        case .fieldRemoved(let field): "field removed (\(field.type))"
        case .typeChanged(let from, let to): "type changed from [\(from)] to [\(to)]"
        case .parameterChanged(let name, let from, let to):
            "[\(name)] changed from \(Self.show(from)) to \(Self.show(to))"
        case .settingChanged(let name, let from, let to):
            "setting [\(name)] changed from \(Self.show(from)) to \(Self.show(to))"
        case .aliasChanged(let name, let from, let to):
            "alias [\(name)] changed from \(Self.show(from)) to \(Self.show(to))"
        }
    }

    private static func show(_ value: JSONValue?) -> String {
        value.map(\.compactString) ?? "(unset)"
    }
}
