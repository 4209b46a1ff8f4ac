/// A `territories` or `languages` row: code, name, whether main.
public struct CodeNameRecord: NormalizedRecord, Equatable {
    public var id: String
    public var problems: [String] = []
    /// The English name.
    public var name = ""
    /// Whether it is one of the main ones.
    public var isMain = false

    public init(id: String) {
        self.id = id
    }

    /// The query over `table` (`territories` or `languages`).
    public static func main(table: String) -> RecordQuery<CodeNameRecord> {
        RecordQuery(
            table: table,
            select: "SELECT code, name, is_main FROM \(table)", key: "code"
        ) { record, row in
            record.name = try row.string(1)
            record.isMain = try row.bool(2)
        }
    }
}
