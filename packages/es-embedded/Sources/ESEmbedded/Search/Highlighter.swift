import ESModels

/// `highlight` on text and keyword fields, shaped as the unified highlighter answers: the query's
/// terms on each field (`require_field_match`) wrapped in `pre_tags`/`post_tags`, in fragments of
/// whole sentences grown to about `fragment_size` characters, at most `number_of_fragments` of
/// them in text order (0: the whole value).
struct Highlighter {
    struct FieldOptions {
        var fragmentSize = 100
        var numberOfFragments = 5
        var preTag = "<em>"
        var postTag = "</em>"
    }

    /// Field names or patterns with their options, in request order.
    let fields: [(String, FieldOptions)]

    /// Decodes a search's `highlight` member.
    init(json: JSONValue) throws {
        guard case .object(var members) = json else {
            throw ElasticsearchError.parsing("[highlight] failed to parse field [highlight]")
        }
        var defaults = FieldOptions()
        func read(_ members: inout [String: JSONValue], into options: inout FieldOptions) throws {
            if let size = members.removeValue(forKey: "fragment_size")?.intValue {
                options.fragmentSize = size
            }
            if let count = members.removeValue(forKey: "number_of_fragments")?.intValue {
                options.numberOfFragments = count
            }
            if let tags = members.removeValue(forKey: "pre_tags")?.arrayValue?.compactMap(\.stringValue),
                let tag = tags.first
            {
                options.preTag = tag
            }
            if let tags = members.removeValue(forKey: "post_tags")?.arrayValue?.compactMap(\.stringValue),
                let tag = tags.first
            {
                options.postTag = tag
            }
            for ignored in [
                "type", "require_field_match", "order", "boundary_scanner", "encoder", "no_match_size",
                "fragmenter",
            ] {
                members[ignored] = nil
            }
            if let unknown = members.keys.sorted().first {
                throw ElasticsearchError.xContentParse("[highlight] unknown field [\(unknown)]")
            }
        }
        let fieldSpecs = members.removeValue(forKey: "fields")
        try read(&members, into: &defaults)
        var fields: [(String, FieldOptions)] = []
        switch fieldSpecs {
        case .object(let specs)?:
            for (name, spec) in specs.sorted(by: { $0.key < $1.key }) {
                var options = defaults
                var inner = spec.objectValue ?? [:]
                try read(&inner, into: &options)
                fields.append((name, options))
            }
        case .array(let list)?:
            for entry in list {
                for (name, spec) in entry.objectValue ?? [:] {
                    var options = defaults
                    var inner = spec.objectValue ?? [:]
                    try read(&inner, into: &options)
                    fields.append((name, options))
                }
            }
        default:
            throw ElasticsearchError.illegalArgument("highlight fields are missing")
        }
        self.fields = fields
    }

    /// What a query looks for on one field: exact terms and prefixes (as analysed tokens).
    struct Terms {
        var exact: Set<String> = []
        var prefixes: [String] = []
        var fuzzy: [(String, Int)] = []

        func matches(_ token: String) -> Bool {
            if exact.contains(token) { return true }
            if prefixes.contains(where: { token.hasPrefix($0) }) { return true }
            return fuzzy.contains { term, edits in
                QueryCompiler.editDistance(
                    Array(term.unicodeScalars), Array(token.unicodeScalars), limit: edits,
                    transpositions: true) != nil
            }
        }
    }

    /// The terms of `query` by field.
    static func terms(of query: DSLQuery, lookup: MappingLookup) -> [String: Terms] {
        var result: [String: Terms] = [:]
        collect(query, lookup: lookup, into: &result)
        return result
    }

    private static func analyzer(_ field: String, lookup: MappingLookup) -> TextAnalyzer {
        guard let mapping = lookup.field(field), mapping.kind == .text else { return .keyword }
        return lookup.searchAnalyzer(mapping)
    }

    private static func collect(_ query: DSLQuery, lookup: MappingLookup, into result: inout [String: Terms])
    {
        func text(_ value: JSONValue) -> String { (try? FieldValueConverter.text(of: value)) ?? "" }
        switch query {
        case .base(let base):
            switch base {
            case .term(let term): result[term.field, default: Terms()].exact.insert(text(term.value))
            case .terms(let terms):
                for value in terms.values { result[terms.field, default: Terms()].exact.insert(text(value)) }
            case .match(let match):
                for token in analyzer(match.field, lookup: lookup).tokens(text(match.query)) {
                    result[match.field, default: Terms()].exact.insert(token)
                }
            case .bool, .nested: collect(DSLQuery(base), lookup: lookup, into: &result)
            default: break
            }
        case .bool(let bool):
            for clause in bool.must + bool.should + bool.filter {
                collect(clause, lookup: lookup, into: &result)
            }
        case .nested(_, let inner, _, _, _, _): collect(inner, lookup: lookup, into: &result)
        case .fullText(let query):
            let tokens = analyzer(query.field, lookup: lookup).tokens(text(query.text))
            for (offset, token) in tokens.enumerated() {
                if offset == tokens.count - 1, query.kind == .phrasePrefix || query.kind == .boolPrefix {
                    result[query.field, default: Terms()].prefixes.append(token)
                } else if let fuzziness = query.fuzziness {
                    result[query.field, default: Terms()].fuzzy.append(
                        (token, fuzziness.edits(forLength: token.unicodeScalars.count)))
                } else {
                    result[query.field, default: Terms()].exact.insert(token)
                }
            }
        case .multiMatch(let multi):
            let names =
                multi.fields.isEmpty
                ? lookup.fields.values.filter { $0.kind == .text || $0.kind == .keyword }.map(\.path)
                : multi.fields.flatMap { spec in
                    spec.name.contains("*")
                        ? lookup.valueFields(matching: spec.name).map(\.path) : [spec.name]
                }
            for name in names {
                var single = multi.query
                single.field = name
                collect(.fullText(single), lookup: lookup, into: &result)
            }
        case .prefix(let field, let value, _, _): result[field, default: Terms()].prefixes.append(value)
        case .fuzzy(let field, let value, let fuzziness, _, _):
            let term = text(value)
            result[field, default: Terms()].fuzzy.append(
                (term, fuzziness.edits(forLength: term.unicodeScalars.count)))
        case .constantScore(let filter, _): collect(filter, lookup: lookup, into: &result)
        case .disMax(let queries, _, _):
            for inner in queries { collect(inner, lookup: lookup, into: &result) }
        case .boosting(let positive, _, _, _): collect(positive, lookup: lookup, into: &result)
        case .functionScore(let functionScore): collect(functionScore.query, lookup: lookup, into: &result)
        case .knn, .rankFeature: break
        case .scriptScore(let inner, _, _, _): collect(inner, lookup: lookup, into: &result)
        case .wildcard, .fieldsWildcard: break
        }
    }

    /// The `highlight` object of one hit: fragments by field, fields without a match left out.
    func highlight(
        source: JSONValue, terms: [String: Terms], lookup: MappingLookup,
        strings: (MappingLookup.Field) -> [String]
    ) -> JSONValue? {
        var result: [String: JSONValue] = [:]
        for (pattern, options) in fields {
            let matching =
                pattern.contains("*")
                ? lookup.valueFields(matching: pattern).filter { $0.kind == .text || $0.kind == .keyword }
                : lookup.field(pattern).map { [$0] } ?? []
            for field in matching.sorted(by: { $0.path < $1.path }) {
                guard let wanted = terms[field.path] else { continue }
                let analyzer = Self.analyzer(field.path, lookup: lookup)
                var fragments: [String] = []
                for value in strings(field) {
                    fragments += Self.fragments(value, analyzer: analyzer, terms: wanted, options: options)
                }
                if options.numberOfFragments > 0 {
                    fragments = Array(fragments.prefix(options.numberOfFragments))
                }
                if !fragments.isEmpty { result[field.path] = .array(fragments.map(JSONValue.string)) }
            }
        }
        return result.isEmpty ? nil : .object(result)
    }

    /// The fragments of one value holding a match.
    static func fragments(_ value: String, analyzer: TextAnalyzer, terms: Terms, options: FieldOptions)
        -> [String]
    {
        // Token offsets: each token found in order in the lower-cased text.
        let lowered = value.lowercased()
        guard lowered.count == value.count else { return [] }
        let characters = Array(value)
        let lowerCharacters = Array(lowered)
        var matches: [Range<Int>] = []
        var cursor = 0
        let tokens = analyzer == .keyword ? [value] : analyzer.tokens(value)
        for token in tokens {
            let needle = Array(analyzer == .keyword ? token : token.lowercased())
            guard !needle.isEmpty else { continue }
            var found: Int?
            var start = cursor
            while start + needle.count <= lowerCharacters.count {
                let haystack = analyzer == .keyword ? characters : lowerCharacters
                if Array(haystack[start..<(start + needle.count)]) == needle {
                    found = start
                    break
                }
                start += 1
            }
            guard let found else { continue }
            cursor = found + needle.count
            if terms.matches(analyzer == .keyword ? token : token.lowercased()) {
                matches.append(found..<cursor)
            }
        }
        guard !matches.isEmpty else { return [] }
        func marked(_ range: Range<Int>) -> String {
            var text = ""
            var position = range.lowerBound
            for match in matches
            where match.lowerBound >= range.lowerBound && match.upperBound <= range.upperBound {
                text += String(characters[position..<match.lowerBound])
                text += options.preTag + String(characters[match]) + options.postTag
                position = match.upperBound
            }
            return text + String(characters[position..<range.upperBound])
        }
        if options.numberOfFragments == 0 { return [marked(0..<characters.count)] }
        // Sentences: up to and including `.`, `!` or `?` and the spaces after.
        var sentences: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < characters.count {
            if ".!?".contains(characters[index]),
                index + 1 == characters.count || characters[index + 1].isWhitespace
            {
                var end = index + 1
                while end < characters.count, characters[end].isWhitespace { end += 1 }
                sentences.append(start..<end)
                start = end
                index = end
                continue
            }
            index += 1
        }
        if start < characters.count { sentences.append(start..<characters.count) }
        // Sentences are joined while the fragment stays under `fragment_size`.
        var fragments: [Range<Int>] = []
        for sentence in sentences {
            if let last = fragments.last, sentence.upperBound - last.lowerBound <= options.fragmentSize {
                fragments[fragments.count - 1] = last.lowerBound..<sentence.upperBound
            } else {
                fragments.append(sentence)
            }
        }
        return fragments.filter { fragment in matches.contains { fragment.contains($0.lowerBound) } }.map {
            range in
            var trimmed = range
            while trimmed.upperBound > trimmed.lowerBound, characters[trimmed.upperBound - 1].isWhitespace {
                trimmed = trimmed.lowerBound..<(trimmed.upperBound - 1)
            }
            return marked(trimmed)
        }
    }
}
