import ESModels

/// What dynamic mapping needs from the mapping's root parameters and the index settings.
struct DynamicSettings: Sendable {
    /// A date format tried on new string fields, with the `format` the new field gets.
    struct DateDetector: Sendable {
        var format: DateFormat
        /// `nil` when the field is mapped with the default date format.
        var mappedFormat: String?
    }

    var dateDetection: Bool
    var numericDetection: Bool
    var dateDetectors: [DateDetector]
    var totalFieldsLimit: Int

    init(mapping: Mapping, settings: IndexSettings) {
        dateDetection = mapping.parameters["date_detection"]?.boolValue ?? true
        numericDetection = mapping.parameters["numeric_detection"]?.boolValue ?? false
        totalFieldsLimit =
            settings["index.mapping.total_fields.limit"].flatMap {
                $0.intValue ?? $0.stringValue.flatMap { Int($0) }
            }
            ?? 1000
        if let custom = mapping.parameters["dynamic_date_formats"]?.arrayValue {
            dateDetectors = custom.compactMap(\.stringValue).compactMap { spec in
                (try? DateFormat.cached(spec)).map { DateDetector(format: $0, mappedFormat: spec) }
            }
        } else {
            dateDetectors = Self.defaultDetectors
        }
    }

    /// Elasticsearch's `dynamic_date_formats`: `strict_date_optional_time`, then
    /// `yyyy/MM/dd HH:mm:ss||yyyy/MM/dd`.
    private static let defaultDetectors: [DateDetector] = {
        var detectors: [DateDetector] = []
        if let iso = try? DateFormat("strict_date_optional_time") {
            detectors.append(DateDetector(format: iso, mappedFormat: nil))
        }
        if let slashes = try? DateFormat("yyyy/MM/dd HH:mm:ss||yyyy/MM/dd") {
            detectors.append(
                DateDetector(format: slashes, mappedFormat: "yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis"))
        }
        return detectors
    }()
}
