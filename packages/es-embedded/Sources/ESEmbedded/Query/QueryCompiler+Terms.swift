import ESModels
import Foundation

extension QueryCompiler {
    func compileTerm(_ query: TermQuery, data: IndexLevel, level: String) throws -> QueryNode {
        let boost = Float(query.boost ?? 1)
        if let special = metadataNode(
            query.field, values: [query.value], boost: boost, data: data, level: level)
        {
            return special
        }
        guard let field = lookup.field(query.field), let kind = field.kind else {
            return .none(capacity: data.docCount)
        }
        try checkSearchable(field)
        let column = data.columns[field.path]
        switch kind {
        case .keyword, .text:
            let text = try termText(query.value)
            if query.caseInsensitive == true {
                return .constant(
                    unionOfTerms(column, capacity: data.docCount) { $0.lowercased() == text.lowercased() },
                    score: boost)
            }
            return termNode(text, column: column, capacity: data.docCount, boost: boost)
        case .boolean:
            let flag = try queryBoolean(query.value)
            return termNode(flag ? "true" : "false", column: column, capacity: data.docCount, boost: boost)
        case .long, .double, .date:
            guard let (lower, upper) = try exactBounds(query.value, field: field) else {
                return .none(capacity: data.docCount)
            }
            return pointsNode(
                lower: lower, upper: upper, column: column, capacity: data.docCount, boost: boost)
        }
    }

    func compileTerms(_ query: TermsQuery, data: IndexLevel, level: String) throws -> QueryNode {
        let boost = Float(query.boost ?? 1)
        if let special = metadataNode(
            query.field, values: query.values, boost: boost, data: data, level: level)
        {
            return special
        }
        guard let field = lookup.field(query.field), let kind = field.kind else {
            return .none(capacity: data.docCount)
        }
        try checkSearchable(field)
        let column = data.columns[field.path]
        var matches = DocSet(capacity: data.docCount)
        for value in query.values {
            switch kind {
            case .keyword, .text:
                if let postings = column?.terms[try termText(value)] {
                    matches.insert(contentsOf: postings.docs)
                }
            case .boolean:
                if let postings = column?.terms[try queryBoolean(value) ? "true" : "false"] {
                    matches.insert(contentsOf: postings.docs)
                }
            case .long, .double, .date:
                if let (lower, upper) = try exactBounds(value, field: field) {
                    column?.points.collect(lower: lower, upper: upper, into: &matches)
                }
            }
        }
        return .constant(matches, score: boost)
    }

    func compileMatch(_ query: MatchQuery, data: IndexLevel, level: String) throws -> QueryNode {
        let boost = Float(query.boost ?? 1)
        guard let field = lookup.field(query.field), let kind = field.kind else {
            return .none(capacity: data.docCount)
        }
        guard kind == .text else {
            // Fields that are not analysed match the whole query value, as a term query does.
            return try compileTerm(
                TermQuery(field: query.field, value: query.query, boost: query.boost), data: data,
                level: level)
        }
        try checkSearchable(field)
        let analyzer = lookup.searchAnalyzer(field)
        let tokens = analyzer.tokens(try termText(query.query))
        guard !tokens.isEmpty else { return .none(capacity: data.docCount) }
        let column = data.columns[field.path]
        let clauses = tokens.map { termNode($0, column: column, capacity: data.docCount, boost: boost) }
        let required: Int
        if query.operator == .and {
            required = clauses.count
        } else {
            required = max(1, query.minimumShouldMatch?.required(outOf: clauses.count) ?? 1)
        }
        let matches = Self.atLeast(required, of: clauses.map { $0.matches }, capacity: data.docCount)
        return QueryNode(matches: matches, constantScore: nil) { doc in
            var total: Float = 0
            for clause in clauses where clause.matches.contains(doc) { total += clause.score(doc) }
            return total
        }
    }

    /// The documents matching at least `required` of `sets`.
    static func atLeast(_ required: Int, of sets: [DocSet], capacity: Int) -> DocSet {
        if required <= 0 { return .full(capacity: capacity) }
        if required > sets.count { return DocSet(capacity: capacity) }
        if required == 1 {
            var union = DocSet(capacity: capacity)
            for set in sets { union.formUnion(set) }
            return union
        }
        if required == sets.count {
            var intersection = DocSet.full(capacity: capacity)
            for set in sets { intersection.formIntersection(set) }
            return intersection
        }
        var counts = [UInt16](repeating: 0, count: capacity)
        for set in sets {
            for doc in set { counts[doc] += 1 }
        }
        var result = DocSet(capacity: capacity)
        for (doc, count) in counts.enumerated() where Int(count) >= required { result.insert(doc) }
        return result
    }

    /// `_id` and `_index` in term and terms queries.
    private func metadataNode(
        _ field: String, values: [JSONValue], boost: Float, data: IndexLevel, level: String
    ) -> QueryNode? {
        switch field {
        case "_id":
            let ids = values.compactMap { try? FieldValueConverter.text(of: $0) }
            return compileIDs(ids, boost: boost, data: data, level: level)
        case "_index":
            let names = values.compactMap { try? FieldValueConverter.text(of: $0) }
            let matchesIndex = names.contains { Glob.matches($0, index.name) }
            return .constant(
                matchesIndex ? .full(capacity: data.docCount) : DocSet(capacity: data.docCount), score: boost)
        default:
            return nil
        }
    }

    func unionOfTerms(_ column: FieldColumn?, capacity: Int, where predicate: (String) -> Bool) -> DocSet {
        var matches = DocSet(capacity: capacity)
        guard let column else { return matches }
        for (term, postings) in column.terms where predicate(term) {
            matches.insert(contentsOf: postings.docs)
        }
        return matches
    }

    // MARK: - Query values

    /// The text of a term value (numbers and booleans as their JSON text).
    func termText(_ value: JSONValue) throws -> String {
        do {
            return try FieldValueConverter.text(of: value)
        } catch {
            throw failure(error.cause.type, error.cause.reason)
        }
    }

    /// A boolean query value.
    func queryBoolean(_ value: JSONValue) throws -> Bool {
        do {
            return try FieldValueConverter.boolean(value)
        } catch {
            throw failure(error.cause.type, error.cause.reason)
        }
    }

    /// The inclusive point range a term value designates: the number itself, or for a date
    /// the whole period it names (`2024-01-01` is the day, as Elasticsearch's date term query
    /// rounds its upper end up). `nil` when no value of the field can equal it (a fraction on
    /// an integer field, a value out of the type's range).
    func exactBounds(_ value: JSONValue, field: MappingLookup.Field) throws -> (Int64, Int64)? {
        switch field.kind {
        case .date?:
            let bounds = try dateBounds(RangeQuery(field: field.path, gte: value, lte: value), field: field)
            guard let lower = bounds.lower, let upper = bounds.upper else { return nil }
            return (Int64(lower), Int64(upper))
        case .double?:
            let number = try queryNumber(value)
            let stored = field.type == .float ? Double(Float(number)) : number
            if field.type == .float, Float(number) != Float(stored) { return nil }
            let encoded = SortableDouble.encode(stored)
            return (encoded, encoded)
        default:
            let number = try queryNumber(value)
            guard number.rounded(.towardZero) == number else { return nil }
            let limit: Double = field.type == .integer ? Double(Int32.max) : 9.223_372_036_854_775_807e18
            guard number >= -limit - 1, number <= limit else { return nil }
            if case .int(let exact) = value { return (Int64(exact), Int64(exact)) }
            if case .string(let text) = value, let exact = Int64(text) { return (exact, exact) }
            return (Int64(number), Int64(number))
        }
    }

    /// A numeric query value (numbers, or strings holding one).
    func queryNumber(_ value: JSONValue) throws -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw failure("number_format_exception", "For input string: \"\(text)\"")
            }
            return number
        default:
            throw failure("number_format_exception", "For input string: \"\(DocumentParser.preview(value))\"")
        }
    }

    /// The bounds a range over a date field selects, with the field's format and date math
    /// against the search's `now`.
    func dateBounds(_ range: RangeQuery, field: MappingLookup.Field) throws -> DateRangeBounds {
        do {
            return try range.dateBounds(now: now, fieldFormat: field.mapping.format)
        } catch let error as ElasticsearchError {
            throw ElasticsearchError.failedToCreateQuery(error.cause, index: index)
        }
    }
}
