/// What a search returns of each hit's `_source`.
///
/// ```swift
/// SourceFilter.fetch(false)                         // "_source": false
/// SourceFilter.includes(["uuid", "titles.*"])      // "_source": ["uuid", "titles.*"]
/// SourceFilter(includes: ["*"], excludes: ["license_windows"])
/// ```
public struct SourceFilter: Sendable, Equatable {
    /// Whether `_source` is returned at all.
    public var fetch: Bool
    /// Paths (with `*` wildcards) to keep; empty keeps everything.
    public var includes: [String]
    /// Paths (with `*` wildcards) to drop.
    public var excludes: [String]

    /// Creates a filter.
    public init(fetch: Bool = true, includes: [String] = [], excludes: [String] = []) {
        self.fetch = fetch
        self.includes = includes
        self.excludes = excludes
    }

    /// `true` returns the whole source; `false` none.
    public static func fetch(_ fetch: Bool) -> SourceFilter {
        SourceFilter(fetch: fetch)
    }

    /// Only these paths.
    public static func includes(_ paths: [String]) -> SourceFilter {
        SourceFilter(includes: paths)
    }
}

extension SourceFilter: JSONConvertible {
    /// Decodes `true`, `false`, `"path"`, `["a", "b"]` or
    /// `{"includes": [...], "excludes": [...]}` (also `include`/`exclude`, strings or arrays).
    public init(json: JSONValue) throws {
        switch json {
        case .bool(let fetch):
            self.init(fetch: fetch)
        case .string(let path):
            self.init(includes: [path])
        case .array:
            var reader = JSONObjectReader(members: ["_source": json], name: "_source")
            self.init(includes: try reader.strings("_source") ?? [])
        case .object:
            var reader = try JSONObjectReader(json, name: "_source")
            let includes = try reader.strings("includes") ?? reader.strings("include") ?? []
            let excludes = try reader.strings("excludes") ?? reader.strings("exclude") ?? []
            if let key = reader.unreadKeys.first {
                throw ElasticsearchError.parsing(
                    "Unknown key for a \(json[key]?.tokenName ?? "VALUE") in [\(key)].")
            }
            self.init(includes: includes, excludes: excludes)
        default:
            throw ElasticsearchError.parsing(
                "Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found [\(json.tokenName)]"
            )
        }
    }

    /// The shortest equivalent form: a boolean, an array of includes, or an object.
    public var json: JSONValue {
        if !fetch { return false }
        if includes.isEmpty && excludes.isEmpty { return true }
        if excludes.isEmpty { return .array(includes.map(JSONValue.string)) }
        var members: [String: JSONValue] = ["excludes": .array(excludes.map(JSONValue.string))]
        if !includes.isEmpty { members["includes"] = .array(includes.map(JSONValue.string)) }
        return .object(members)
    }
}
