import ESModels

/// `query_string` and the URI search parameter `q`: Lucene's classic syntax in the parts tests
/// use (`field:value`, `field:"a phrase"`, bare terms on `default_field`, `AND`/`OR`/`NOT`,
/// `&&`/`||`/`!`, `+`/`-`, parentheses, `prefix*`, `wild?ard`, `term~1`, `"phrase"~2`, `^boost`,
/// `field:*`); each term a `best_fields` match over its fields.
enum QueryString {
    static func parse(_ body: JSONValue) throws -> DSLQuery {
        var reader = try JSONObjectReader(body, name: "query_string", style: .queryParser)
        guard let text = try reader.string("query") else {
            throw ElasticsearchError.parsing("[query_string] must be provided with a [query]")
        }
        var fields = try Self.fields(reader.value("fields"), query: "query_string")
        if let field = try reader.string("default_field"), field != "*" {
            fields = [FieldBoost(name: field, boost: 1)]
        }
        let andDefault = try isAnd(reader.string("default_operator"))
        let boost = try reader.double("boost")
        let lenient = try reader.bool("lenient")
        for ignored in [
            "analyze_wildcard", "allow_leading_wildcard", "auto_generate_synonyms_phrase_query", "fuzziness",
            "fuzzy_prefix_length", "fuzzy_max_expansions", "phrase_slop", "tie_breaker", "type", "time_zone",
            "_name", "escape", "max_determinized_states", "rewrite", "quote_field_suffix",
            "enable_position_increments",
            "minimum_should_match", "analyzer", "quote_analyzer",
        ] {
            _ = reader.value(ignored)
        }
        try reader.rejectUnknownQueryFields()
        return try query(text, fields: fields, andDefault: andDefault, lenient: lenient, boost: boost)
    }

    /// The query of `q`, with `df` and `default_operator`.
    static func query(
        _ text: String, fields: [FieldBoost], andDefault: Bool, lenient: Bool? = nil,
        boost: Double? = nil
    ) throws -> DSLQuery {
        var parser = Parser(
            scalars: Array(text.unicodeScalars), defaultFields: fields, andDefault: andDefault,
            lenient: lenient ?? fields.isEmpty)
        var bool = try parser.expression(closing: false)
        bool.boost = boost
        if bool.must.isEmpty && bool.should.isEmpty && bool.mustNot.isEmpty && bool.filter.isEmpty {
            return .base(.matchNone)
        }
        return .bool(bool)
    }

    static func fields(_ value: JSONValue?, query: String) throws -> [FieldBoost] {
        switch value {
        case nil, .null?: return []
        case .string(let name)?: return name == "*" ? [] : [MultiMatchPlan.fieldWithBoost(name)]
        case .array(let names)?:
            let list = names.compactMap(\.stringValue)
            return list == ["*"] ? [] : list.map(MultiMatchPlan.fieldWithBoost)
        case let other?:
            throw ElasticsearchError.parsing(
                "[\(query)] query does not support [fields] of type [\(other.tokenName)]")
        }
    }

    static func isAnd(_ spec: String?) throws -> Bool {
        switch spec?.lowercased() {
        case nil, "or": return false
        case "and": return true
        case let other?:
            throw ElasticsearchError.illegalArgument("No enum constant for [default_operator]: [\(other)]")
        }
    }

    private enum Occur { case must, should, mustNot }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let defaultFields: [FieldBoost]
        let andDefault: Bool
        let lenient: Bool
        var position = 0

        init(scalars: [Unicode.Scalar], defaultFields: [FieldBoost], andDefault: Bool, lenient: Bool) {
            self.scalars = scalars
            self.defaultFields = defaultFields
            self.andDefault = andDefault
            self.lenient = lenient
        }

        mutating func expression(closing: Bool) throws -> DSLBool {
            var clauses: [(Occur, DSLQuery, explicit: Bool)] = []
            var conjunction: Bool?
            while true {
                skipSpaces()
                guard position < scalars.count else { break }
                if scalars[position] == ")" {
                    position += 1
                    if closing { break }
                    throw syntax("Encountered \" \")\" \") \"\" ")
                }
                if let word = keyword() {
                    switch word {
                    case "AND", "&&": conjunction = true
                    case "OR", "||": conjunction = false
                    default: break
                    }
                    if word == "NOT" || word == "!" {
                        guard let clause = try clause() else { break }
                        clauses.append((.mustNot, clause, true))
                    }
                    continue
                }
                var occur: Occur = andDefault ? .must : .should
                var explicit = false
                if scalars[position] == "+" {
                    occur = .must
                    explicit = true
                    position += 1
                } else if scalars[position] == "-" {
                    occur = .mustNot
                    explicit = true
                    position += 1
                }
                guard let clause = try clause() else { continue }
                if let isAnd = conjunction, let last = clauses.indices.last {
                    if isAnd {
                        if clauses[last].0 == .should && !clauses[last].explicit { clauses[last].0 = .must }
                        if !explicit { occur = .must }
                    } else if andDefault {
                        if clauses[last].0 == .must && !clauses[last].explicit { clauses[last].0 = .should }
                        if !explicit { occur = .should }
                    }
                }
                conjunction = nil
                clauses.append((occur, clause, explicit))
            }
            var bool = DSLBool()
            for (occur, clause, _) in clauses {
                switch occur {
                case .must: bool.must.append(clause)
                case .should: bool.should.append(clause)
                case .mustNot: bool.mustNot.append(clause)
                }
            }
            return bool
        }

        private mutating func keyword() -> String? {
            for word in ["AND", "OR", "NOT", "&&", "||", "!"] {
                let wordScalars = Array(word.unicodeScalars)
                let end = position + wordScalars.count
                guard end <= scalars.count, Array(scalars[position..<end]) == wordScalars else { continue }
                if end == scalars.count || scalars[end].properties.isWhitespace || scalars[end] == "("
                    || word.count < 3 && word != "!"
                {
                    if word == "!" && end < scalars.count && scalars[end] == "=" { continue }
                    position = end
                    return word
                }
            }
            return nil
        }

        private mutating func skipSpaces() {
            while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        }

        private func syntax(_ detail: String) -> ElasticsearchError {
            ElasticsearchError.parsing("Failed to parse query [\(String(String.UnicodeScalarView(scalars)))]")
        }

        private mutating func clause() throws -> DSLQuery? {
            skipSpaces()
            guard position < scalars.count else { return nil }
            var fields = defaultFields
            var fieldNamed = false
            // A field name: a word followed by ':'.
            var look = position
            var name = String.UnicodeScalarView()
            while look < scalars.count, !scalars[look].properties.isWhitespace,
                !":()\"".unicodeScalars.contains(scalars[look])
            {
                if scalars[look] == "\\", look + 1 < scalars.count { look += 1 }
                name.append(scalars[look])
                look += 1
            }
            if look < scalars.count, scalars[look] == ":", !name.isEmpty {
                fields = [FieldBoost(name: String(name), boost: 1)]
                fieldNamed = true
                position = look + 1
            }
            if position < scalars.count, scalars[position] == "(" {
                position += 1
                var inner = Parser(
                    scalars: scalars, defaultFields: fields, andDefault: andDefault, lenient: lenient)
                inner.position = position
                let bool = try inner.expression(closing: true)
                position = inner.position
                return .bool(bool)
            }
            var text = String.UnicodeScalarView()
            var phrase = false
            if position < scalars.count, scalars[position] == "\"" {
                phrase = true
                position += 1
                while position < scalars.count, scalars[position] != "\"" {
                    if scalars[position] == "\\", position + 1 < scalars.count { position += 1 }
                    text.append(scalars[position])
                    position += 1
                }
                guard position < scalars.count else { throw syntax("unterminated phrase") }
                position += 1
            } else {
                while position < scalars.count {
                    let scalar = scalars[position]
                    if scalar.properties.isWhitespace || "()\"~^".unicodeScalars.contains(scalar) { break }
                    if scalar == "\\", position + 1 < scalars.count { position += 1 }
                    text.append(scalars[position])
                    position += 1
                }
            }
            var tilde: Int?
            var boost: Double?
            while position < scalars.count, scalars[position] == "~" || scalars[position] == "^" {
                let marker = scalars[position]
                position += 1
                var digits = ""
                while position < scalars.count,
                    scalars[position].properties.numericType != nil || scalars[position] == "."
                {
                    digits.unicodeScalars.append(scalars[position])
                    position += 1
                }
                if marker == "~" {
                    tilde = Int(Double(digits) ?? (phrase ? 0 : 2))
                } else {
                    boost = Double(digits)
                }
            }
            let word = String(text)
            guard !word.isEmpty else { return nil }
            var template = FullTextQuery(kind: .match, field: "", text: .string(word))
            template.lenient = lenient || !fieldNamed && defaultFields.isEmpty
            let query: DSLQuery
            if phrase {
                template.kind = .phrase
                template.slop = tilde ?? 0
                query = .multiMatch(
                    MultiMatchPlan(
                        kind: .bestFields, fields: fields, query: template, tieBreaker: nil, boost: nil))
            } else if word == "*", fieldNamed, let field = fields.first {
                query = .base(.exists(ExistsQuery(field: field.name)))
            } else if word.dropLast().contains(where: { $0 == "*" || $0 == "?" }) || word.hasSuffix("?") {
                query = .fieldsWildcard(fields: fields, pattern: word)
            } else if word.hasSuffix("*") {
                template.kind = .boolPrefix
                template.text = .string(String(word.dropLast()))
                query = .multiMatch(
                    MultiMatchPlan(
                        kind: .bestFields, fields: fields, query: template, tieBreaker: nil, boost: nil))
            } else {
                if let tilde { template.fuzziness = .edits(tilde) }
                template.operator = andDefault ? .and : nil
                query = .multiMatch(
                    MultiMatchPlan(
                        kind: .bestFields, fields: fields, query: template, tieBreaker: nil, boost: nil))
            }
            guard let boost else { return query }
            return .bool(DSLBool(must: [query], boost: boost))
        }
    }
}
