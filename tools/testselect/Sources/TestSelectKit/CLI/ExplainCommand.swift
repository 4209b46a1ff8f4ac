/// `testselect explain PACKAGE:TARGET`: the chain from each changed file to one suite.
public struct ExplainCommand: TestSelectCommand {
    public static let configuration = CommandConfiguration(
        name: "explain",
        abstract: "Show why a test suite is (or is not) selected, from each changed file to the suite.",
        discussion: """
            EXAMPLES:
              testselect explain services/catalogue:CatalogueTests --base origin/main
              testselect explain .:TestSelectKitTests --base HEAD~1
            """,
        arguments: [.positional("package:target", help: "The suite: its package directory, ':', its name.")]
            + SelectionOptions.arguments)

    /// Where to look and what changed.
    public var options: SelectionOptions
    /// The raw suite argument.
    public var suiteName: String?

    public init(arguments: ParsedArguments) throws {
        options = SelectionOptions(arguments: arguments)
        suiteName = arguments.positional("package:target")
    }

    public func validate() throws {
        try options.validate()
        guard let suiteName else { throw UsageError.missingArgument("<package:target>") }
        guard SuiteReference(parsing: suiteName) != nil else {
            throw UsageError.invalidValue(
                option: "<package:target>", value: suiteName,
                expected: "'<package dir>:<Target>', e.g. 'services/catalogue:CatalogueTests' or '.:MyTests'")
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        guard let suiteName, let reference = SuiteReference(parsing: suiteName) else {
            throw UsageError.missingArgument("<package:target>")
        }
        let outcome = try options.select(in: context)
        context.output.write(try Explanation(suite: reference, outcome: outcome).render())
        return 0
    }
}
