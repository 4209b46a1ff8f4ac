import ESModels

/// Elasticsearch's rules for index and alias names.
enum IndexNames {
    /// Checks a new index name.
    ///
    /// - Throws: `invalid_index_name_exception` with Elasticsearch's reason.
    static func validateIndex(_ name: String) throws {
        if let problem = problem(with: name) { throw ElasticsearchError.invalidIndexName(name, problem) }
        if name.lowercased() != name { throw ElasticsearchError.invalidIndexName(name, "must be lowercase") }
    }

    /// Checks a new alias name.
    ///
    /// - Throws: `invalid_alias_name_exception` with Elasticsearch's reason.
    static func validateAlias(_ name: String) throws {
        if let problem = problem(with: name) { throw ElasticsearchError.invalidAliasName(name, problem) }
    }

    private static let invalidCharacters: Set<Character> = [
        "\\", "/", "*", "?", "\"", "<", ">", "|", " ", ",",
    ]

    private static func problem(with name: String) -> String? {
        if name.isEmpty { return "must not be empty" }
        if name.contains(where: { invalidCharacters.contains($0) }) {
            return "must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?]"
        }
        if name.contains("#") { return "must not contain '#'" }
        if name.contains(":") { return "must not contain ':'" }
        if let first = name.first, first == "_" || first == "-" || first == "+" {
            return "must not start with '_', '-', or '+'"
        }
        if name.utf8.count > 255 { return "index name is too long, (\(name.utf8.count) > 255)" }
        if name == "." || name == ".." { return "must not be '.' or '..'" }
        return nil
    }
}
