extension Mapping {
    /// Applies a put-mapping `update` to this mapping, with Elasticsearch's rules: new fields
    /// and multi-fields are added, fields the update leaves out stay, `dynamic`, `_meta` and
    /// updatable parameters (``MappingChange/Impact/additive``) take the new value, and any
    /// other change is refused.
    ///
    /// - Throws: `illegal_argument_exception` with Elasticsearch's reason:
    ///   `mapper [ratings] cannot be changed from type [keyword] to [integer]`, or
    ///   `Mapper for [created_at] conflicts with existing mapper:\n\tCannot update parameter
    ///   [format] from [date] to [strict_date_optional_time]`.
    public func merged(with update: Mapping) throws -> Mapping {
        var merged = self
        if let dynamic = update.dynamic { merged.dynamic = dynamic }
        if let meta = update.meta { merged.meta = meta }
        let updatableRoot: Set<String> = [
            "date_detection", "numeric_detection", "dynamic_date_formats", "dynamic_templates", "runtime",
        ]
        for (name, value) in update.parameters.sorted(by: { $0.key < $1.key }) {
            if let existing = parameters[name], existing != value, !updatableRoot.contains(name) {
                throw ElasticsearchError.illegalArgument(
                    "Mapper for [\(name)] conflicts with existing mapper:\n\tCannot update parameter [\(name)] "
                        + "from [\(existing)] to [\(value)]")
            }
            merged.parameters[name] = value
        }
        merged.properties = try Self.merge(properties, update.properties, prefix: "")
        return merged
    }

    private static func merge(
        _ existing: [String: FieldMapping], _ update: [String: FieldMapping], prefix: String
    ) throws -> [String: FieldMapping] {
        var result = existing
        for name in update.keys.sorted() {
            guard let incoming = update[name] else { continue }
            let path = prefix.isEmpty ? name : "\(prefix).\(name)"
            guard let current = existing[name] else {
                result[name] = incoming
                continue
            }
            result[name] = try merge(current, incoming, path: path)
        }
        return result
    }

    private static func merge(_ current: FieldMapping, _ incoming: FieldMapping, path: String) throws
        -> FieldMapping
    {
        guard current.type == incoming.type else {
            if current.type.isObjectLike != incoming.type.isObjectLike {
                throw ElasticsearchError.illegalArgument(
                    "can't merge a non object mapping [\(path)] with an object mapping")
            }
            throw ElasticsearchError.illegalArgument(
                "mapper [\(path)] cannot be changed from type [\(current.type)] to [\(incoming.type)]")
        }
        var merged = current
        if let dynamic = incoming.dynamic { merged.dynamic = dynamic }
        var conflicts: [String] = []
        let names = Set(current.parameters.keys).union(incoming.parameters.keys).sorted()
        for name in names where current.parameters[name] != incoming.parameters[name] {
            if FieldType.updatableParameters.contains(name) {
                merged.parameters[name] = incoming.parameters[name]
            } else {
                // Strings as Elasticsearch prints them, without quotes.
                let from = current.parameters[name].map { $0.stringValue ?? "\($0)" } ?? "default"
                let to = incoming.parameters[name].map { $0.stringValue ?? "\($0)" } ?? "default"
                conflicts.append("Cannot update parameter [\(name)] from [\(from)] to [\(to)]")
            }
        }
        if !conflicts.isEmpty {
            throw ElasticsearchError.illegalArgument(
                "Mapper for [\(path)] conflicts with existing mapper:\n\t"
                    + conflicts.joined(separator: "\n\t"))
        }
        merged.fields = try merge(current.fields, incoming.fields, prefix: path)
        merged.properties = try merge(current.properties, incoming.properties, prefix: path)
        return merged
    }
}
