import ESModels

/// Everything that can go wrong while preparing fixtures: the mapping copy, the documents, the
/// search store they are loaded into.
public enum FixtureError: Error, Sendable, Equatable {
    /// The mapping copy has no file for this index.
    case mappingMissing(index: String, directory: String)
    /// A mapping file could not be read or is not a valid create-index body.
    case mappingUnreadable(file: String, reason: String)
    /// A fixture document has no usable id in its id field.
    case missingID(index: String, position: Int, field: String)
    /// Two fixture documents of one index share an id, so one would silently replace the other.
    case duplicateID(index: String, id: String)
    /// A date field holds date math (`now-7d`) that cannot be resolved.
    case invalidDateMath(index: String, id: String, field: String, value: String, reason: String)
    /// The search store refused a fixture document (an unknown field under `dynamic: strict`, a
    /// value of the wrong type...); `type` and `reason` are the store's own.
    case documentRejected(index: String, id: String, type: String, reason: String)
    /// A test asked for the fixture environment outside of a `.useData(...)` scope.
    case noEnvironment
    /// `ES_URL` is set but is not an http(s) URL.
    case invalidClusterURL(String)
}

extension FixtureError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .mappingMissing(let index, let directory):
            "no mapping copy for index '\(index)' in '\(directory)'; run "
                + "'swift run --package-path services/cms-indexer cms-indexer mappings sync'"
        case .mappingUnreadable(let file, let reason):
            "cannot read the mapping copy '\(file)': \(reason); run "
                + "'swift run --package-path services/cms-indexer cms-indexer mappings sync' to rewrite it"
        case .missingID(let index, let position, let field):
            "fixture document \(position + 1) of index '\(index)' has no string '\(field)'; give it one"
        case .duplicateID(let index, let id):
            "two fixture documents of index '\(index)' have the id '\(id)'; give each its own id"
        case .invalidDateMath(let index, let id, let field, let value, let reason):
            "fixture document '\(id)' of index '\(index)' has '\(value)' in date field '\(field)': "
                + "\(reason); use a date, '.datetimePassed', '.datetimeFuture' or date math such as 'now-1d'"
        case .documentRejected(let index, let id, let type, let reason):
            "the search store refused fixture document '\(id)' of index '\(index)': \(type): \(reason); "
                + "check the override's field names and types against "
                + "packages/integration-fixtures/Mappings/\(index).json"
        case .noEnvironment:
            "no fixture environment in this task; add '.useData(...)' to the test or run the code inside "
                + "'withFixtureEnvironment(...)'"
        case .invalidClusterURL(let value):
            "ES_URL '\(value)' is not an http(s) url; set it like 'http://127.0.0.1:9200' or unset it to use "
                + "the embedded engine"
        }
    }
}
