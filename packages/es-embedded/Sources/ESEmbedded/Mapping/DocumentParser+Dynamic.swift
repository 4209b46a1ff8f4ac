import ESModels

extension DocumentParser {
    /// The mapping Elasticsearch gives a new field from its first value: `long` for integers,
    /// `float` for fractions, `boolean`, `object`, `date` for strings a dynamic date format
    /// reads, numbers for numeric strings when `numeric_detection` is on, and otherwise `text`
    /// with a `keyword` sub-field (`ignore_above: 256`). `nil` (no field) for `null` and for
    /// arrays holding no value.
    func inferMapping(for value: JSONValue) -> FieldMapping? {
        switch value {
        case .null:
            return nil
        case .bool:
            return FieldMapping(type: .boolean)
        case .int:
            return FieldMapping(type: .long)
        case .double:
            return FieldMapping(type: .float)
        case .object:
            return FieldMapping(type: .object)
        case .array(let elements):
            for element in elements {
                if let mapping = inferMapping(for: element) { return mapping }
            }
            return nil
        case .string(let text):
            if settings.dateDetection {
                for detector in settings.dateDetectors where (try? detector.format.parseMillis(text)) != nil {
                    var field = FieldMapping(type: .date)
                    field.format = detector.mappedFormat
                    return field
                }
            }
            if settings.numericDetection {
                if Int64(text) != nil { return FieldMapping(type: .long) }
                if Double(text) != nil { return FieldMapping(type: .float) }
            }
            return FieldMapping(
                type: .text,
                fields: ["keyword": FieldMapping(type: .keyword, parameters: ["ignore_above": 256])])
        }
    }
}
