import ESModels

/// `_analyze`: what an analyzer (named, a field's, or one assembled in the request from a
/// tokenizer, filters and character filters) makes of some text, with every stage when
/// `explain` is set. Answers as Elasticsearch 8 does, errors included.
struct AnalyzeRequest {
    var text: [String]
    var analyzer: String?
    var tokenizer: JSONValue?
    var filters: [JSONValue]
    var charFilters: [JSONValue]
    var field: String?
    var explain: Bool
    var normalizer: String?

    /// Reads the body (`text` a string or an array of them).
    ///
    /// - Throws: `illegal_argument_exception` for an unknown key, `action_request_validation_exception`
    ///   without `text`.
    init(body: JSONValue) throws {
        guard case .object(let members) = body else {
            throw ElasticsearchError.parsing("request body or source parameter is required")
        }
        let known: Set<String> = [
            "text", "analyzer", "tokenizer", "filter", "char_filter", "field", "explain", "attributes",
            "normalizer",
        ]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw ElasticsearchError.illegalArgument(
                "Unknown parameter [\(unknown)] in request body or parameter is of the wrong type[\(members[unknown].map(Self.token) ?? "")] "
            )
        }
        switch members["text"] {
        case .string(let text)?: self.text = [text]
        case .array(let items)?: self.text = items.map { $0.stringValue ?? $0.compactString }
        default: self.text = []
        }
        analyzer = members["analyzer"]?.stringValue
        tokenizer = members["tokenizer"]
        filters = Self.list(members["filter"])
        charFilters = Self.list(members["char_filter"])
        field = members["field"]?.stringValue
        explain = members["explain"]?.boolValue ?? false
        normalizer = members["normalizer"]?.stringValue
        if text.isEmpty {
            throw ElasticsearchError(
                type: "action_request_validation_exception", reason: "Validation Failed: 1: text is missing;",
                status: 400)
        }
        if analyzer != nil && (tokenizer != nil || !filters.isEmpty || !charFilters.isEmpty) {
            throw ElasticsearchError(
                type: "action_request_validation_exception",
                reason: "Validation Failed: 1: cannot define extra components on a named analyzer;",
                status: 400)
        }
        if tokenizer == nil && (!filters.isEmpty || !charFilters.isEmpty) && normalizer == nil {
            // Elasticsearch builds a normalizer-like chain on the keyword tokenizer then.
            tokenizer = .string("keyword")
        }
    }

    private static func list(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case .array(let items)?: items
        case let single?: [single]
        case nil: []
        }
    }

    private static func token(_ value: JSONValue) -> String {
        switch value {
        case .array: "START_ARRAY"
        case .object: "START_OBJECT"
        default: "VALUE_STRING"
        }
    }

    /// The analyzer the request names or assembles, over `registry` (an index's, or the built-in
    /// one without an index) and `lookup` (for `field`).
    func resolve(registry: AnalysisRegistry, lookup: MappingLookup?, index: String?) throws -> TextAnalyzer {
        let scope = index == nil ? "global " : ""
        if normalizer != nil {
            throw ElasticsearchError.illegalArgument("failed to find normalizer under [\(normalizer ?? "")]")
        }
        if let analyzer {
            guard let found = registry.knownAnalyzer(analyzer) else {
                throw ElasticsearchError.illegalArgument("failed to find \(scope)analyzer [\(analyzer)]")
            }
            return found
        }
        if let tokenizer {
            let resolvedTokenizer: Tokenizer
            switch tokenizer {
            case .string(let name):
                guard let found = registry.tokenizer(named: name) else {
                    throw ElasticsearchError.illegalArgument(
                        "failed to find \(scope)tokenizer under [\(name)]")
                }
                resolvedTokenizer = found
            case .object(let definition):
                resolvedTokenizer = try AnalysisRegistry.anonymousTokenizer(definition)
            default:
                throw ElasticsearchError.illegalArgument("tokenizer must be a string or an object")
            }
            let filters = try self.filters.map { filter -> TokenFilter in
                switch filter {
                case .string(let name):
                    guard let found = registry.filter(named: name) else {
                        throw ElasticsearchError.illegalArgument(
                            "failed to find \(scope)filter under [\(name)]")
                    }
                    return found
                case .object(let definition):
                    guard definition["type"]?.stringValue != nil else {
                        throw ElasticsearchError.illegalArgument(
                            "Missing [type] setting for anonymous filter: \(JSONValue.object(definition).compactString)"
                        )
                    }
                    return try AnalysisRegistry.filter("__anonymous__", definition)
                default: throw ElasticsearchError.illegalArgument("filter must be a string or an object")
                }
            }
            let charFilters = try self.charFilters.map { filter -> CharFilter in
                switch filter {
                case .string(let name):
                    guard let found = registry.charFilter(named: name) else {
                        throw ElasticsearchError.illegalArgument(
                            "failed to find \(scope)char_filter under [\(name)]")
                    }
                    return found
                case .object(let definition):
                    guard definition["type"]?.stringValue != nil else {
                        throw ElasticsearchError.illegalArgument(
                            "Missing [type] setting for anonymous char_filter: \(JSONValue.object(definition).compactString)"
                        )
                    }
                    return try AnalysisRegistry.charFilter("__anonymous__", definition)
                default: throw ElasticsearchError.illegalArgument("char_filter must be a string or an object")
                }
            }
            return TextAnalyzer(
                name: "__custom__", charFilters: charFilters, tokenizer: resolvedTokenizer, filters: filters,
                isCustom: true)
        }
        if let field {
            guard let lookup, let mapped = lookup.field(field) else {
                // Elasticsearch analyses an unmapped field with the index's default analyzer.
                return registry.analyzer(named: nil)
            }
            guard mapped.kind == .text else { return .keyword }
            return registry.analyzer(named: mapped.mapping.analyzer)
        }
        return registry.analyzer(named: nil)
    }

    /// The answer: `{"tokens": [...]}`, or with `explain` `{"detail": {...}}`.
    func answer(with analyzer: TextAnalyzer) throws -> JSONValue {
        // Values of an array follow one another as the values of a text field do: positions
        // apart by the position increment gap, offsets continuing past the previous value.
        let positionGap = 100
        var position = 0
        var offset = 0
        var explanations: [TextAnalyzer.Explanation] = []
        var all: [AnalyzedToken] = []
        func shift(_ tokens: [AnalyzedToken], position base: Int, offset start: Int) -> [AnalyzedToken] {
            tokens.map { token in
                var token = token
                token.position += base
                token.start += start
                token.end += start
                return token
            }
        }
        var stages: [(explanation: TextAnalyzer.Explanation, position: Int, offset: Int)] = []
        for (index, value) in text.enumerated() {
            let explanation = try analyzer.explain(value)
            explanations.append(explanation)
            stages.append((explanation, position, offset))
            let tokens = shift(explanation.tokens, position: position, offset: offset)
            all += tokens
            if index < text.count - 1 {
                position = (tokens.map(\.position).max() ?? position - 1) + 1 + positionGap
                offset += value.utf16.count + 1
            }
        }
        guard explain else { return ["tokens": .array(all.map { Self.json($0, detailed: false) })] }

        func tokensJSON(_ pick: (TextAnalyzer.Explanation) -> [AnalyzedToken]) -> JSONValue {
            .array(
                stages.flatMap { shift(pick($0.explanation), position: $0.position, offset: $0.offset) }.map {
                    Self.json($0, detailed: true)
                })
        }
        if !analyzer.isCustom {
            return [
                "detail": [
                    "custom_analyzer": false,
                    "analyzer": ["name": .string(analyzer.name), "tokens": tokensJSON(\.tokens)],
                ]
            ]
        }
        let charFilters: [JSONValue] = analyzer.charFilters.indices.map { index in
            [
                "name": .string(analyzer.charFilters[index].name),
                "filtered_text": .array(explanations.map { .string($0.charFilters[index].text) }),
            ]
        }
        let filters: [JSONValue] = analyzer.filters.indices.map { index in
            [
                "name": .string(analyzer.filters[index].name),
                "tokens": tokensJSON { $0.filters[index].tokens },
            ]
        }
        return [
            "detail": [
                "custom_analyzer": true, "charfilters": .array(charFilters),
                "tokenizer": [
                    "name": .string(analyzer.tokenizer.name), "tokens": tokensJSON(\.tokenizer.tokens),
                ],
                "tokenfilters": .array(filters),
            ]
        ]
    }

    private static func json(_ token: AnalyzedToken, detailed: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "token": .string(token.term), "start_offset": .int(token.start), "end_offset": .int(token.end),
            "type": .string(token.type), "position": .int(token.position),
        ]
        if detailed {
            let bytes = token.term.utf8.map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            members["bytes"] = .string("[\(bytes.joined(separator: " "))]")
            members["positionLength"] = 1
            members["termFrequency"] = 1
        }
        return .object(members)
    }
}

extension AnalysisRegistry {
    /// A tokenizer defined in an `_analyze` request.
    static func anonymousTokenizer(_ definition: [String: JSONValue]) throws -> Tokenizer {
        guard definition["type"]?.stringValue != nil else {
            throw ElasticsearchError.illegalArgument(
                "Missing [type] setting for anonymous tokenizer: \(JSONValue.object(definition).compactString)"
            )
        }
        var settings = IndexSettings()
        for (key, value) in definition { settings["index.analysis.tokenizer.__anonymous__.\(key)"] = value }
        guard let tokenizer = try AnalysisRegistry(settings: settings).tokenizer(named: "__anonymous__")
        else {
            throw ElasticsearchError.illegalArgument(
                "failed to find global tokenizer under [\(definition["type"]?.stringValue ?? "")]")
        }
        return tokenizer
    }
}

extension Engine {
    /// `_analyze` over the index `index` names (its analyzers and mapping), or the built-in
    /// analyzers without one.
    ///
    /// - Throws: `index_not_found_exception`, and the request's errors (``AnalyzeRequest``).
    func analyze(index: String?, body: JSONValue) throws -> JSONValue {
        let request = try AnalyzeRequest(body: body)
        let context: (AnalysisRegistry, MappingLookup?) = try {
            guard let index else { return (.builtIn, nil) }
            return try read { catalog in
                guard let target = try catalog.resolve(index).first, let state = catalog.indices[target.index]
                else {
                    throw ElasticsearchError.indexNotFound(index)
                }
                return (state.analysis, state.lookup)
            }
        }()
        let analyzer = try request.resolve(registry: context.0, lookup: context.1, index: index)
        return try request.answer(with: analyzer)
    }
}
