import ESModels

extension QueryCompiler {
    /// A range on a field stored as points: its column (absent when no document of the level
    /// has a value) and inclusive encoded bounds.
    struct PointRange {
        let column: FieldColumn?
        var lower: Int64
        var upper: Int64
        /// The column's doc values, which ``contains(_:)`` reads for every candidate.
        private let values: FieldColumn.NumericDocValues

        init(column: FieldColumn?, lower: Int64, upper: Int64) {
            self.column = column
            self.lower = lower
            self.upper = upper
            values = column?.numericDocValues ?? FieldColumn.NumericDocValues()
        }

        /// Whether `doc` has a value within the bounds (read from the doc values).
        func contains(_ doc: Int) -> Bool {
            values.contains(doc, lower, upper)
        }
    }

    /// The point range of a range query on a numeric, date or boolean field; `nil` for other
    /// fields (and unmapped ones).
    func pointRange(_ query: RangeQuery, data: IndexLevel) throws -> PointRange? {
        guard let field = lookup.field(query.field), let kind = field.kind, kind.hasPoints else { return nil }
        try checkSearchable(field)
        let column = data.columns[field.path]
        switch kind {
        case .date:
            let bounds = try dateBounds(query, field: field)
            return PointRange(
                column: column, lower: Int64(bounds.lower ?? Int.min), upper: Int64(bounds.upper ?? Int.max))
        case .long:
            let (lower, upper) = try integerRange(query)
            return PointRange(column: column, lower: lower, upper: upper)
        case .double:
            let (lower, upper) = try floatingRange(query, isFloat: field.type == .float)
            return PointRange(column: column, lower: lower, upper: upper)
        default:
            let (lower, upper) = try booleanRange(query)
            return PointRange(column: column, lower: lower, upper: upper)
        }
    }

    func compileRange(_ query: RangeQuery, data: IndexLevel) throws -> QueryNode {
        let boost = Float(query.boost ?? 1)
        let capacity = data.docCount
        if let points = try pointRange(query, data: data) {
            return pointsNode(
                lower: points.lower, upper: points.upper, column: points.column, capacity: capacity,
                boost: boost)
        }
        guard let field = lookup.field(query.field), let kind = field.kind else {
            return .none(capacity: capacity)
        }
        try checkSearchable(field)
        let column = data.columns[field.path]
        switch kind {
        case .keyword, .text:
            let lower = try (query.gte ?? query.gt).map(termText)
            let upper = try (query.lte ?? query.lt).map(termText)
            let includeLower = query.gt == nil
            let includeUpper = query.lt == nil
            let matches = unionOfTerms(column, capacity: capacity) { term in
                if let lower {
                    let below = term.utf8.lexicographicallyPrecedes(lower.utf8)
                    if below || (!includeLower && term == lower) { return false }
                }
                if let upper {
                    let above = upper.utf8.lexicographicallyPrecedes(term.utf8)
                    if above || (!includeUpper && term == upper) { return false }
                }
                return true
            }
            return .constant(matches, score: boost)
        default:
            return .none(capacity: capacity)
        }
    }

    /// Integer bounds with Elasticsearch's rounding of fractional bounds (`gte: 1.5` is
    /// `gte: 2`, `lt: 1.5` is `lte: 1`).
    private func integerRange(_ query: RangeQuery) throws -> (Int64, Int64) {
        var lower = Int64.min
        var upper = Int64.max
        if let gte = query.gte { lower = max(lower, Self.clamp(try queryNumber(gte).rounded(.up))) }
        if let gt = query.gt {
            let bound = try queryNumber(gt).rounded(.down)
            lower = max(lower, bound >= 9.2e18 ? .max : Self.clamp(bound) + 1)
            if bound >= 9.2e18 { return (1, 0) }
        }
        if let lte = query.lte { upper = min(upper, Self.clamp(try queryNumber(lte).rounded(.down))) }
        if let lt = query.lt {
            let bound = try queryNumber(lt).rounded(.up)
            if bound <= -9.2e18 { return (1, 0) }
            upper = min(upper, Self.clamp(bound) - 1)
        }
        return (lower, upper)
    }

    private static func clamp(_ value: Double) -> Int64 {
        if value >= 9.223_372_036_854_775_807e18 { return .max }
        if value <= -9.223_372_036_854_775_808e18 { return .min }
        return Int64(value)
    }

    /// Floating bounds in the sortable encoding; exclusive bounds step to the next value.
    private func floatingRange(_ query: RangeQuery, isFloat: Bool) throws -> (Int64, Int64) {
        func encode(_ value: JSONValue) throws -> Int64 {
            let number = try queryNumber(value)
            return SortableDouble.encode(isFloat ? Double(Float(number)) : number)
        }
        var lower = Int64.min
        var upper = Int64.max
        if let gte = query.gte { lower = max(lower, try encode(gte)) }
        if let gt = query.gt {
            let bound = try encode(gt)
            if bound == .max { return (1, 0) }
            lower = max(lower, bound + 1)
        }
        if let lte = query.lte { upper = min(upper, try encode(lte)) }
        if let lt = query.lt {
            let bound = try encode(lt)
            if bound == .min { return (1, 0) }
            upper = min(upper, bound - 1)
        }
        return (lower, upper)
    }

    private func booleanRange(_ query: RangeQuery) throws -> (Int64, Int64) {
        var lower: Int64 = 0
        var upper: Int64 = 1
        if let gte = query.gte { lower = max(lower, try queryBoolean(gte) ? 1 : 0) }
        if let gt = query.gt { lower = max(lower, try queryBoolean(gt) ? 2 : 1) }
        if let lte = query.lte { upper = min(upper, try queryBoolean(lte) ? 1 : 0) }
        if let lt = query.lt { upper = min(upper, try queryBoolean(lt) ? 0 : -1) }
        return (lower, upper)
    }
}
