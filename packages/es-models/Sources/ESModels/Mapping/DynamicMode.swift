/// What Elasticsearch does with a field a document brings that the mapping does not declare.
///
/// Settable at the root and at any object or nested field; an object without its own
/// setting inherits its parent's.
public enum DynamicMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Add the new field to the mapping (the default).
    case `true`
    /// Keep the field in `_source` but do not index or map it.
    case `false`
    /// Reject the document with `strict_dynamic_mapping_exception`.
    case strict
    /// Map the new field as a runtime field (not indexed).
    case runtime

    public var description: String { rawValue }

    /// Decodes `true`, `false`, `"true"`, `"false"`, `"strict"` or `"runtime"`.
    init?(json: JSONValue) {
        switch json {
        case .bool(let flag): self = flag ? .true : .false
        case .string(let text): self.init(rawValue: text)
        default: return nil
        }
    }

    /// `true`/`false` as JSON booleans, `"strict"`/`"runtime"` as strings.
    var json: JSONValue {
        switch self {
        case .true: .bool(true)
        case .false: .bool(false)
        case .strict, .runtime: .string(rawValue)
        }
    }
}
