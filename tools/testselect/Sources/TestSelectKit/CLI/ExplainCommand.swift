/// `testselect explain PACKAGE:TARGET`: the chain from each changed file to one suite.
public struct ExplainCommand: TestSelectCommand {
    /// What the result cache knows of a suite: a pass with these very inputs, or what changed since its
    /// last pass.
    static func cacheReport(_ reference: SuiteReference, session: ResultCacheSession) -> String {
        let name = "\(reference.directory):\(reference.target)"
        guard let inputs = session.inputs(package: reference.directory, target: reference.target) else {
            return "\nresult cache: '\(name)' is not a suite of the working tree\n"
        }
        if let pass = session.cache.pass(for: inputs) {
            return
                "\nresult cache: '\(name)' passed in \(pass.run) with exactly these inputs; 'run --cache' skips it\n"
        }
        guard let (earlier, run) = session.cache.lastPassingInputs(of: name) else {
            return
                "\nresult cache: no pass of '\(name)' is recorded in '\(session.cache.directory)'; it runs\n"
        }
        let differences = inputs.differences(from: earlier)
        var lines = [
            "",
            "result cache: '\(name)' runs: since it passed in \(run), \(differences.count) of its inputs differ:",
        ]
        lines += differences.prefix(30).map { "  \($0)" }
        if differences.count > 30 { lines.append("  ... and \(differences.count - 30) more") }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    public static let configuration = CommandConfiguration(
        name: "explain",
        abstract: "Show why a test suite is (or is not) selected, from each changed file to the suite.",
        discussion: """
            EXAMPLES:
              testselect explain services/catalogue:CatalogueTests --base origin/main
              testselect explain .:TestSelectKitTests --base HEAD~1
            """,
        arguments: [.positional("package:target", help: "The suite: its package directory, ':', its name.")]
            + SelectionOptions.arguments + [
                .option(
                    "--cache", value: "dir",
                    help:
                        "Also say whether the suite passed before with these inputs, and which inputs changed since."
                )
            ])

    /// Where to look and what changed.
    public var options: SelectionOptions
    /// The raw suite argument.
    public var suiteName: String?
    /// `--cache`.
    public var cacheDirectory: String?

    public init(arguments: ParsedArguments) throws {
        options = SelectionOptions(arguments: arguments)
        suiteName = arguments.positional("package:target")
        cacheDirectory = arguments.option("--cache")
    }

    public func validate() throws {
        try options.validate()
        // The cache fingerprints the working tree, not a revision.
        if cacheDirectory != nil, options.head != nil {
            throw UsageError.conflictingOptions("--cache", "--head")
        }
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
        let workspace = try options.workspace(in: context)
        let outcome = try options.select(in: context, workspace: workspace)
        context.output.write(try Explanation(suite: reference, outcome: outcome).render())
        if let cacheDirectory {
            let session = try ResultCacheSession.open(
                directory: cacheDirectory, readOnly: true, workspace: workspace, graph: outcome.head,
                context: context)
            context.output.write(ExplainCommand.cacheReport(reference, session: session))
        }
        return 0
    }
}
