import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    func registerSettingsRoutes(on router: Router) {
        for path in ["/_analyze", "/{index}/_analyze"] {
            for method in [HTTPMethod.get, .post] {
                router.on(path, method: method) { request, context in
                    try request.checkParameters(["index"])
                    let index = context.parameters["index"] ?? request.query["index"]
                    let answer = try backend.analyze(index: index, body: try request.jsonBody())
                    return RESTResponse.json(answer, request: request)
                }
            }
        }
        for path in ["/{index}/_settings", "/_settings", "/{index}/_settings/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(
                    Self.expressionParameters.union([
                        "flat_settings", "include_defaults", "local", "master_timeout",
                    ]))
                let flat = try request.flag("flat_settings") == true
                let summaries = try backend.indexSummaries(
                    context.parameters["index"] ?? "_all", options: try request.indicesOptions())
                var answer: [String: JSONValue] = [:]
                for summary in summaries {
                    var settings = Self.describe(summary)["settings"] ?? .object([:])
                    if flat || context.parameters["name"] != nil {
                        var values: [String: JSONValue] = [:]
                        for (key, value) in settings["index"]?.objectValue ?? [:] {
                            Self.flatten(value, prefix: "index.\(key)", into: &values)
                        }
                        if let name = context.parameters["name"] {
                            let patterns = name.split(separator: ",").map(String.init)
                            values = values.filter { entry in
                                patterns.contains { Self.globMatches($0, entry.key) }
                            }
                        }
                        settings = flat ? .object(values) : Self.nest(values)
                    }
                    answer[summary.name] = ["settings": settings]
                }
                return RESTResponse.json(.object(answer), request: request)
            }
        }
        router.put("/{index}/_settings") { request, context in
            try request.checkParameters(
                Self.expressionParameters.union([
                    "preserve_existing", "timeout", "master_timeout", "flat_settings",
                ]))
            let settings = try IndexSettings(json: try request.jsonBody())
            let index = try context.parameters.require("index")
            let response = try await backend.durably { try backend.updateSettings(index, settings: settings) }
            return RESTResponse.json(response.json, request: request)
        }
        for method in [HTTPMethod.put, .post] {
            router.on("/_index_template/{name}", method: method) { request, context in
                try request.checkParameters(["create", "cause", "master_timeout"])
                let (name, body) = (try context.parameters.require("name"), try request.jsonBody())
                let create = try request.flag("create") == true
                let response = try await backend.durably {
                    try backend.putIndexTemplate(name, body: body, create: create)
                }
                return RESTResponse.json(response.json, request: request)
            }
        }
        for path in ["/_index_template", "/_index_template/{name}"] {
            router.get(path) { request, context in
                try request.checkParameters(["flat_settings", "include_defaults", "local", "master_timeout"])
                let templates = try backend.indexTemplates(context.parameters["name"])
                return RESTResponse.json(
                    [
                        "index_templates": .array(
                            templates.map {
                                [
                                    "name": .string($0.name),
                                    "index_template": Self.normalizedTemplate($0.body),
                                ]
                            })
                    ], request: request)
            }
        }
        router.head("/_index_template/{name}") { request, context in
            try request.checkParameters(["local", "master_timeout", "flat_settings"])
            let found =
                (try? backend.indexTemplates(try context.parameters.require("name")))?.isEmpty == false
            return RESTResponse.empty(status: found ? .ok : .notFound)
        }
        router.delete("/_index_template/{name}") { request, context in
            try request.checkParameters(["timeout", "master_timeout"])
            let name = try context.parameters.require("name")
            let response = try await backend.durably { try backend.deleteIndexTemplate(name) }
            return RESTResponse.json(response.json, request: request)
        }
    }

    /// A template as `GET /_index_template` shows it: `composed_of` always present, settings
    /// nested with string values.
    static func normalizedTemplate(_ body: JSONValue) -> JSONValue {
        var members = body.objectValue ?? [:]
        if case .string(let pattern)? = members["index_patterns"] {
            members["index_patterns"] = [.string(pattern)]
        }
        if members["composed_of"] == nil { members["composed_of"] = [] }
        if case .object(var template)? = members["template"], let settings = template["settings"],
            let parsed = try? IndexSettings(json: settings)
        {
            var values: [String: JSONValue] = [:]
            for (key, value) in parsed.values {
                values[key] = .string(value.stringValue ?? value.compactString)
            }
            template["settings"] = nest(values)
            members["template"] = .object(template)
        }
        return .object(members)
    }

    /// Whether `pattern` (`*` for any run) matches all of `text`.
    static func globMatches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]), let last = parts.last, text.dropFirst(parts[0].count).hasSuffix(last)
        else {
            return false
        }
        var rest = Substring(text.dropFirst(parts[0].count).dropLast(last.count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return text.count >= parts[0].count + last.count
    }

    private static func flatten(_ value: JSONValue, prefix: String, into flat: inout [String: JSONValue]) {
        if case .object(let members) = value {
            for (key, member) in members { flatten(member, prefix: "\(prefix).\(key)", into: &flat) }
        } else {
            flat[prefix] = value
        }
    }

    static func nest(_ flat: [String: JSONValue]) -> JSONValue {
        var root = JSONValue.object([:])
        for (key, value) in flat {
            root = inserting(value, at: key.split(separator: ".").map(String.init)[...], into: root)
        }
        return root
    }

    private static func inserting(_ value: JSONValue, at path: ArraySlice<String>, into node: JSONValue)
        -> JSONValue
    {
        guard let first = path.first else { return value }
        var members = node.objectValue ?? [:]
        members[first] = inserting(value, at: path.dropFirst(), into: members[first] ?? .object([:]))
        return .object(members)
    }
}
