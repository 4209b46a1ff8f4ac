/// Collects ``Property`` declarations in a mapping builder block; `if`, `if let`, `switch`
/// and `for` work as in any result builder.
@resultBuilder
public enum PropertiesBuilder {
    public static func buildExpression(_ property: Property) -> [Property] { [property] }
    public static func buildExpression(_ properties: [Property]) -> [Property] { properties }
    public static func buildBlock(_ components: [Property]...) -> [Property] { components.flatMap { $0 } }
    public static func buildOptional(_ component: [Property]?) -> [Property] { component ?? [] }
    public static func buildEither(first component: [Property]) -> [Property] { component }
    public static func buildEither(second component: [Property]) -> [Property] { component }
    public static func buildArray(_ components: [[Property]]) -> [Property] { components.flatMap { $0 } }
}

extension Mapping {
    /// Declares a mapping with the builder.
    ///
    /// ```swift
    /// let mapping = Mapping(dynamic: .strict) {
    ///     Property.keyword("uuid")
    ///     Property.object("titles", dynamic: .true) {}
    ///     Property.date("created_at", format: "strict_date_optional_time")
    /// }
    /// ```
    /// A name may be dotted (`"a.b"`): it declares `b` inside object `a`, as in
    /// Elasticsearch. When two declarations have the same name, the last one wins.
    public init(
        dynamic: DynamicMode? = nil, meta: [String: JSONValue]? = nil, parameters: [String: JSONValue] = [:],
        @PropertiesBuilder properties: () -> [Property]
    ) {
        self.init(
            dynamic: dynamic, properties: Property.dictionary(properties()), meta: meta,
            parameters: parameters)
    }
}
