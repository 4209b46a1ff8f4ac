/// A script as requests carry it: `{"source": "...", "lang": "painless", "params": {...}}`, a
/// bare string (its source), or `{"id": "..."}` for a stored script.
///
/// ```swift
/// let script = Script(source: "ctx._source.n += params.by", params: ["by": 2])
/// ```
public struct Script: Sendable, Equatable {
    /// The script's text; `nil` for a stored script.
    public var source: String?
    /// The stored script's id.
    public var id: String?
    /// The language (`painless` by default).
    public var lang: String
    /// The values the script reads as `params`.
    public var params: [String: JSONValue]

    /// Creates an inline script.
    public init(source: String, lang: String = "painless", params: [String: JSONValue] = [:]) {
        self.source = source
        self.id = nil
        self.lang = lang
        self.params = params
    }

    /// Whether it is inline (`source`) rather than stored (`id`): the type
    /// `script.allowed_types` names.
    public var type: String { source == nil ? "stored" : "inline" }
}

extension Script: JSONConvertible {
    /// Decodes a script.
    ///
    /// - Throws: `parse_exception`/`x_content_parse_exception` as Elasticsearch for a script
    ///   without `source` or `id`, an unknown member, or `params` that is not an object.
    public init(json: JSONValue) throws {
        if case .string(let source) = json {
            self.init(source: source)
            return
        }
        guard case .object(let members) = json else {
            throw ElasticsearchError.parsing("expected a string or an object for [script], found [\(json.tokenName)]")
        }
        if let unknown = members.keys.sorted().first(where: {
            !["source", "inline", "id", "lang", "params", "options"].contains($0)
        }) {
            throw ElasticsearchError.parsing("[script] unknown field [\(unknown)]")
        }
        var params: [String: JSONValue] = [:]
        switch members["params"] {
        case .object(let given)?: params = given
        case nil, .null?: break
        default: throw ElasticsearchError.parsing("[script] params must be an object")
        }
        let lang = members["lang"]?.stringValue ?? "painless"
        if let source = (members["source"] ?? members["inline"])?.stringValue {
            self.init(source: source, lang: lang, params: params)
        } else if let id = members["id"]?.stringValue {
            self.init(source: "", lang: lang, params: params)
            self.source = nil
            self.id = id
        } else {
            throw ElasticsearchError.illegalArgument(
                "must specify either [source] for an inline script or [id] for a stored script")
        }
    }

    /// The request form.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["lang": .string(lang)]
        if let source { members["source"] = .string(source) }
        if let id { members["id"] = .string(id) }
        if !params.isEmpty { members["params"] = .object(params) }
        return .object(members)
    }
}
