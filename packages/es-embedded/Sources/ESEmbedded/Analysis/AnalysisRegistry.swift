import ESModels
import Foundation

/// An index's analyzers: the built-in ones and those its `index.analysis` settings define
/// (`analyzer`, `tokenizer`, `filter`, `char_filter`), built once when the index is created or
/// recovered, and refused then, with Elasticsearch's messages, when a definition cannot work.
///
/// ```json
/// {"analysis": {
///   "char_filter": {"no_amp": {"type": "mapping", "mappings": ["& => and"]}},
///   "filter": {"autocomplete": {"type": "edge_ngram", "min_gram": 2, "max_gram": 10}},
///   "analyzer": {"titles": {"type": "custom", "tokenizer": "standard", "char_filter": ["no_amp"],
///                           "filter": ["lowercase", "asciifolding", "autocomplete"]}}}}
/// ```
struct AnalysisRegistry: Sendable, Equatable {
    /// The analyzers defined in the settings, by name.
    private(set) var analyzers: [String: TextAnalyzer] = [:]
    private var tokenizers: [String: Tokenizer] = [:]
    private var filters: [String: TokenFilter] = [:]
    private var charFilters: [String: CharFilter] = [:]

    /// No analysis settings: the built-in analyzers only.
    static let builtIn = AnalysisRegistry()

    private init() {}

    /// The analyzers of `settings`.
    ///
    /// - Throws: `illegal_argument_exception` as Elasticsearch words it: "Unknown filter type [x]
    ///   for [name]", "analyzer [name] must specify either an analyzer type, or a tokenizer",
    ///   "Custom Analyzer [name] failed to find tokenizer under name [x]", and so on.
    init(settings: IndexSettings) throws {
        var groups: [String: [String: [String: JSONValue]]] = [:]
        // Settings built in code may hold `analysis` as one nested object; decoded ones are flat.
        var flat: [String: JSONValue] = [:]
        func flatten(_ value: JSONValue, _ key: String) {
            if case .object(let members) = value {
                for (name, member) in members { flatten(member, "\(key).\(name)") }
            } else {
                flat[key] = value
            }
        }
        for (key, value) in settings.values where key == "index.analysis" || key.hasPrefix("index.analysis.")
        {
            flatten(value, key)
        }
        for (key, value) in flat {
            let parts = key.dropFirst("index.analysis.".count).split(separator: ".", maxSplits: 2).map(
                String.init)
            guard parts.count == 3 else { continue }
            groups[parts[0], default: [:]][parts[1], default: [:]][parts[2]] = value
        }
        for (name, definition) in (groups["tokenizer"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            tokenizers[name] = try Self.tokenizer(name, definition)
        }
        for (name, definition) in (groups["filter"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            filters[name] = try Self.filter(name, definition)
        }
        for (name, definition) in (groups["char_filter"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            charFilters[name] = try Self.charFilter(name, definition)
        }
        for (name, definition) in (groups["analyzer"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            analyzers[name] = try analyzer(name, definition)
        }
    }

    /// The analyzer a field's mapping names (`nil`: the index's `default`, else `standard`);
    /// a name the index does not know is analysed as `standard` (mappings are checked when put).
    func analyzer(named name: String?) -> TextAnalyzer {
        guard let name else { return analyzers["default"] ?? .standard }
        return analyzers[name] ?? TextAnalyzer.builtIn[name] ?? .standard
    }

    /// The analyzer named `name`, or `nil` when neither the index nor Elasticsearch knows it.
    func knownAnalyzer(_ name: String) -> TextAnalyzer? {
        analyzers[name] ?? TextAnalyzer.builtIn[name]
            ?? (TextAnalyzer.languageAnalyzers.contains(name)
                ? TextAnalyzer(name: name, tokenizer: .standard(maxTokenLength: 255), filters: [.lowercase])
                : nil)
    }

    /// A tokenizer by name: the index's, else a built-in one.
    func tokenizer(named name: String) -> Tokenizer? {
        tokenizers[name] ?? Self.builtInTokenizers[name]
    }

    /// A token filter by name: the index's, else a built-in one.
    func filter(named name: String) -> TokenFilter? {
        filters[name] ?? Self.builtInFilters[name]
    }

    /// A character filter by name: the index's, else a built-in one.
    func charFilter(named name: String) -> CharFilter? {
        charFilters[name] ?? Self.builtInCharFilters[name]
    }

    /// Checks that every analyzer `mapping` names is one this index has.
    ///
    /// - Throws: `mapper_parsing_exception` "analyzer [x] has not been configured in mappings".
    func check(_ mapping: Mapping) throws {
        func visit(_ properties: [String: FieldMapping]) throws {
            for (_, field) in properties.sorted(by: { $0.key < $1.key }) {
                for parameter in ["analyzer", "search_analyzer", "search_quote_analyzer"] {
                    if let name = field.parameters[parameter]?.stringValue, knownAnalyzer(name) == nil {
                        throw ElasticsearchError.mapperParsing(
                            "Failed to parse mapping: analyzer [\(name)] has not been configured in mappings")
                    }
                }
                try visit(field.fields)
                try visit(field.properties)
            }
        }
        try visit(mapping.properties)
    }

    static let builtInTokenizers: [String: Tokenizer] = [
        "standard": .standard(maxTokenLength: 255), "whitespace": .whitespace(maxTokenLength: 255),
        "keyword": .keyword, "letter": .letter, "lowercase": .lowercase,
        "ngram": .ngram(min: 1, max: 2, tokenChars: []),
        "edge_ngram": .edgeNGram(min: 1, max: 2, tokenChars: []),
    ]

    static let builtInFilters: [String: TokenFilter] = [
        "lowercase": .lowercase, "uppercase": .uppercase, "asciifolding": .asciifolding, "trim": .trim,
        "stop": .stop(words: TokenFilter.englishStopWords, ignoreCase: false), "unique": .unique,
        "reverse": .reverse, "truncate": .truncate(length: 10), "length": .length(min: 0, max: Int.max),
        "edge_ngram": .edgeNGram(min: 1, max: 2), "ngram": .ngram(min: 1, max: 2),
    ]

    static let builtInCharFilters: [String: CharFilter] = ["html_strip": .htmlStrip]

    // MARK: Definitions

    /// A component definition's parameters, read with Elasticsearch's messages.
    struct Definition {
        let kind: String
        let name: String
        let values: [String: JSONValue]

        var type: String? { values["type"]?.stringValue }

        func int(_ key: String, default value: Int) throws -> Int {
            guard let raw = values[key] else { return value }
            if let number = raw.intValue ?? raw.stringValue.flatMap({ Int($0) }) { return number }
            throw ElasticsearchError.illegalArgument(
                "Failed to parse value [\(raw.stringValue ?? raw.compactString)] for setting [index.analysis.\(kind).\(name).\(key)]"
            )
        }

        func strings(_ key: String) -> [String]? {
            switch values[key] {
            case .string(let text)?: return [text]
            case .array(let items)?: return items.compactMap(\.stringValue)
            default: return nil
            }
        }

        func bool(_ key: String, default value: Bool) -> Bool {
            values[key]?.boolValue ?? values[key]?.stringValue.map { $0 == "true" } ?? value
        }

        func requireType() throws -> String {
            guard let type else {
                throw ElasticsearchError.illegalArgument(
                    "\(kind) [\(name)] must specify either an analyzer type, or a tokenizer")
            }
            return type
        }

        func unknownType(_ type: String) -> ElasticsearchError {
            .illegalArgument("Unknown \(kind) type [\(type)] for [\(name)]")
        }
    }

    private static func tokenizer(_ name: String, _ values: [String: JSONValue]) throws -> Tokenizer {
        let definition = Definition(kind: "tokenizer", name: name, values: values)
        let type = try definition.requireType()
        switch type {
        case "standard":
            return .standard(maxTokenLength: try definition.int("max_token_length", default: 255))
        case "whitespace":
            return .whitespace(maxTokenLength: try definition.int("max_token_length", default: 255))
        case "keyword": return .keyword
        case "letter": return .letter
        case "lowercase": return .lowercase
        case "ngram", "edge_ngram", "nGram", "edgeNGram":
            let (min, max) = (
                try definition.int("min_gram", default: 1), try definition.int("max_gram", default: 2)
            )
            try checkGrams(min, max, definition)
            var chars: Set<Tokenizer.TokenChars> = []
            for text in definition.strings("token_chars") ?? [] {
                guard let kind = Tokenizer.TokenChars(rawValue: text) else {
                    throw ElasticsearchError.illegalArgument(
                        "Unknown token type: '\(text)', must be one of [\(Tokenizer.TokenChars.allCases.map(\.rawValue).joined(separator: ", "))]"
                    )
                }
                chars.insert(kind)
            }
            return type.lowercased().hasPrefix("edge")
                ? .edgeNGram(min: min, max: max, tokenChars: chars)
                : .ngram(min: min, max: max, tokenChars: chars)
        case "pattern":
            let pattern = definition.values["pattern"]?.stringValue ?? "\\W+"
            guard RegularExpressions.shared.expression(pattern) != nil else {
                throw ElasticsearchError.illegalArgument("Invalid pattern [\(pattern)] for [\(name)]")
            }
            return .pattern(pattern, group: try definition.int("group", default: -1))
        default: throw definition.unknownType(type)
        }
    }

    private static func checkGrams(_ min: Int, _ max: Int, _ definition: Definition) throws {
        guard min >= 1, min <= max else {
            throw ElasticsearchError.illegalArgument(
                "Invalid gram sizes for [\(definition.name)]: min_gram [\(min)] must be at least 1 and at most max_gram [\(max)]"
            )
        }
    }

    static func filter(_ name: String, _ values: [String: JSONValue]) throws -> TokenFilter {
        let definition = Definition(kind: "filter", name: name, values: values)
        let type = try definition.requireType()
        switch type {
        case "lowercase": return .lowercase
        case "uppercase": return .uppercase
        case "asciifolding": return .asciifolding
        case "trim": return .trim
        case "unique": return .unique
        case "reverse": return .reverse
        case "truncate": return .truncate(length: try definition.int("length", default: 10))
        case "length":
            return .length(
                min: try definition.int("min", default: 0), max: try definition.int("max", default: Int.max))
        case "stop":
            let ignoreCase = definition.bool("ignore_case", default: false)
            var words: Set<String> = []
            for word in definition.strings("stopwords") ?? ["_english_"] {
                switch word {
                case "_english_": words.formUnion(TokenFilter.englishStopWords)
                case "_none_": break
                default: words.insert(ignoreCase ? word.lowercased() : word)
                }
            }
            return .stop(words: words, ignoreCase: ignoreCase)
        case "edge_ngram", "ngram", "edgeNGram", "nGram":
            let (min, max) = (
                try definition.int("min_gram", default: 1), try definition.int("max_gram", default: 2)
            )
            try checkGrams(min, max, definition)
            return type.lowercased().hasPrefix("edge")
                ? .edgeNGram(min: min, max: max) : .ngram(min: min, max: max)
        default: throw definition.unknownType(type)
        }
    }

    static func charFilter(_ name: String, _ values: [String: JSONValue]) throws -> CharFilter {
        let definition = Definition(kind: "char_filter", name: name, values: values)
        let type = try definition.requireType()
        switch type {
        case "html_strip": return .htmlStrip
        case "mapping":
            guard let rules = definition.strings("mappings") else {
                throw ElasticsearchError.illegalArgument(
                    "mapping requires either `mappings` or `mappings_path` to be configured")
            }
            var mappings: [String: String] = [:]
            for rule in rules {
                let sides = rule.components(separatedBy: "=>")
                guard sides.count == 2 else {
                    throw ElasticsearchError.illegalArgument("Invalid mapping rule : [\(rule)]")
                }
                mappings[sides[0].trimmingCharacters(in: .whitespaces)] = sides[1].trimmingCharacters(
                    in: .whitespaces)
            }
            return .mapping(mappings)
        case "pattern_replace":
            guard let pattern = definition.values["pattern"]?.stringValue else {
                throw ElasticsearchError.illegalArgument(
                    "pattern is missing for [\(name)] char filter of type 'pattern_replace'")
            }
            guard RegularExpressions.shared.expression(pattern) != nil else {
                throw ElasticsearchError.illegalArgument("Invalid pattern [\(pattern)] for [\(name)]")
            }
            return .patternReplace(
                pattern: pattern, replacement: definition.values["replacement"]?.stringValue ?? "")
        default: throw definition.unknownType(type)
        }
    }

    private func analyzer(_ name: String, _ values: [String: JSONValue]) throws -> TextAnalyzer {
        let definition = Definition(kind: "analyzer", name: name, values: values)
        let type = definition.type ?? (values["tokenizer"] != nil ? "custom" : nil)
        switch type {
        case nil:
            throw ElasticsearchError.illegalArgument(
                "analyzer [\(name)] must specify either an analyzer type, or a tokenizer")
        case "custom"?:
            guard let tokenizerName = values["tokenizer"]?.stringValue else {
                throw ElasticsearchError.illegalArgument(
                    "Custom Analyzer [\(name)] must be configured with a tokenizer")
            }
            guard let tokenizer = tokenizer(named: tokenizerName) else {
                throw ElasticsearchError.illegalArgument(
                    "Custom Analyzer [\(name)] failed to find tokenizer under name [\(tokenizerName)]")
            }
            let filters = try (definition.strings("filter") ?? []).map { filterName in
                guard let filter = filter(named: filterName) else {
                    throw ElasticsearchError.illegalArgument(
                        "Custom Analyzer [\(name)] failed to find filter under name [\(filterName)]")
                }
                return filter
            }
            let charFilters = try (definition.strings("char_filter") ?? []).map { filterName in
                guard let filter = charFilter(named: filterName) else {
                    throw ElasticsearchError.illegalArgument(
                        "Custom Analyzer [\(name)] failed to find char_filter under name [\(filterName)]")
                }
                return filter
            }
            return TextAnalyzer(
                name: name, charFilters: charFilters, tokenizer: tokenizer, filters: filters, isCustom: true)
        case "pattern"?:
            let tokenizer = try Self.tokenizer(
                name, ["type": "pattern", "pattern": values["pattern"] ?? "\\W+"])
            var filters: [TokenFilter] = definition.bool("lowercase", default: true) ? [.lowercase] : []
            if let words = definition.strings("stopwords") {
                filters.append(
                    try Self.filter(name, ["type": "stop", "stopwords": .array(words.map(JSONValue.string))]))
            }
            return TextAnalyzer(name: name, tokenizer: tokenizer, filters: filters)
        case "standard"?, "stop"?:
            var analyzer = type == "stop" ? TextAnalyzer.stop : TextAnalyzer.standard
            if type == "standard" {
                analyzer.tokenizer = .standard(
                    maxTokenLength: try definition.int("max_token_length", default: 255))
            }
            if let words = definition.strings("stopwords") {
                let stop = try Self.filter(
                    name, ["type": "stop", "stopwords": .array(words.map(JSONValue.string))])
                analyzer.filters =
                    analyzer.filters.filter { if case .stop = $0 { false } else { true } } + [stop]
            }
            analyzer.name = name
            return analyzer
        case let builtIn?
        where TextAnalyzer.builtIn[builtIn] != nil || TextAnalyzer.languageAnalyzers.contains(builtIn):
            var analyzer = TextAnalyzer.builtIn[builtIn] ?? .standard
            analyzer.name = name
            return analyzer
        case let other?:
            throw definition.unknownType(other)
        }
    }
}
