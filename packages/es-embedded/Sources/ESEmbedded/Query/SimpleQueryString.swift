import ESModels

/// `simple_query_string`: Lucene's simple query syntax (`+` and, `|` or, `-` not, `"phrase"~slop`,
/// `prefix*`, `term~fuzziness`, parentheses), each term a `most_fields` match over `fields`.
enum SimpleQueryString {
    static func parse(_ body: JSONValue) throws -> DSLQuery {
        var reader = try JSONObjectReader(body, name: "simple_query_string", style: .queryParser)
        guard let text = try reader.string("query") else {
            throw ElasticsearchError.parsing("[simple_query_string] query text missing")
        }
        let fields = try QueryString.fields(reader.value("fields"), query: "simple_query_string")
        let andDefault = try QueryString.isAnd(reader.string("default_operator"))
        let boost = try reader.double("boost")
        var template = FullTextQuery(kind: .match, field: "", text: .null)
        template.lenient = try reader.bool("lenient") ?? fields.isEmpty
        template.analyzer = try reader.string("analyzer")
        if let spec = reader.value("minimum_should_match"), !spec.isNull {
            template.minimumShouldMatch = try MinimumShouldMatch.parse(spec, context: "simple_query_string")
        }
        for ignored in [
            "flags", "analyze_wildcard", "auto_generate_synonyms_phrase_query", "fuzzy_prefix_length",
            "fuzzy_max_expansions", "fuzzy_transpositions", "quote_field_suffix", "_name",
        ] {
            _ = reader.value(ignored)
        }
        try reader.rejectUnknownQueryFields()
        var parser = Parser(
            scalars: Array(text.unicodeScalars), fields: fields, template: template, andDefault: andDefault)
        var query = parser.expression() ?? .base(.matchNone)
        if let boost, case .bool(var bool) = query {
            bool.boost = boost
            query = .bool(bool)
        } else if let boost {
            query = .bool(DSLBool(must: [query], boost: boost))
        }
        return query
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let fields: [FieldBoost]
        let template: FullTextQuery
        let andDefault: Bool
        var position = 0

        init(scalars: [Unicode.Scalar], fields: [FieldBoost], template: FullTextQuery, andDefault: Bool) {
            self.scalars = scalars
            self.fields = fields
            self.template = template
            self.andDefault = andDefault
        }

        /// Clauses joined left to right: an operator different from the last wraps what came before.
        mutating func expression() -> DSLQuery? {
            var result: DSLQuery?
            var resultIsAnd: Bool?
            var pendingAnd: Bool?
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == ")" {
                    position += 1
                    break
                }
                if scalar.properties.isWhitespace {
                    position += 1
                    continue
                }
                if scalar == "+" || scalar == "|" {
                    pendingAnd = scalar == "+"
                    position += 1
                    continue
                }
                var negations = 0
                while position < scalars.count, scalars[position] == "-" {
                    negations += 1
                    position += 1
                }
                guard var clause = clause() else { continue }
                if negations % 2 == 1 {
                    clause = .bool(DSLBool(should: [.base(.matchAll(boost: nil))], mustNot: [clause]))
                }
                let isAnd = pendingAnd ?? andDefault
                pendingAnd = nil
                guard let current = result else {
                    result = clause
                    continue
                }
                if resultIsAnd == isAnd, case .bool(var bool) = current {
                    if isAnd { bool.must.append(clause) } else { bool.should.append(clause) }
                    result = .bool(bool)
                } else {
                    result = .bool(
                        isAnd ? DSLBool(must: [current, clause]) : DSLBool(should: [current, clause]))
                }
                resultIsAnd = isAnd
            }
            return result
        }

        private mutating func clause() -> DSLQuery? {
            guard position < scalars.count else { return nil }
            if scalars[position] == "(" {
                position += 1
                return expression()
            }
            var text = String.UnicodeScalarView()
            var phrase = false
            if scalars[position] == "\"" {
                phrase = true
                position += 1
                while position < scalars.count, scalars[position] != "\"" {
                    if scalars[position] == "\\", position + 1 < scalars.count { position += 1 }
                    text.append(scalars[position])
                    position += 1
                }
                position += 1
            } else {
                while position < scalars.count {
                    let scalar = scalars[position]
                    if scalar.properties.isWhitespace || "+|()\"~".unicodeScalars.contains(scalar) { break }
                    if scalar == "\\", position + 1 < scalars.count { position += 1 }
                    text.append(scalars[position])
                    position += 1
                }
            }
            var tilde: Int?
            if position < scalars.count, scalars[position] == "~" {
                position += 1
                var digits = ""
                while position < scalars.count, scalars[position].properties.numericType != nil {
                    digits.unicodeScalars.append(scalars[position])
                    position += 1
                }
                tilde = Int(digits) ?? (phrase ? 0 : 2)
            }
            var word = String(text)
            guard !word.isEmpty else { return nil }
            var query = template
            if phrase {
                query.kind = .phrase
                query.slop = tilde ?? 0
            } else if word.hasSuffix("*") {
                word.removeLast()
                query.kind = .boolPrefix
            } else if let tilde {
                query.fuzziness = .edits(tilde)
            }
            query.text = .string(word)
            return .multiMatch(
                MultiMatchPlan(kind: .mostFields, fields: fields, query: query, tieBreaker: nil, boost: nil))
        }
    }
}
