import TestSelectManifest
import TestSelectSupport

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

    /// `dir:Target` or `dir:Target/Class/test` (also `dir:Target.Class/test`): the suite, and the test's
    /// identifier as `swift test list` prints it (`Target.Class/test`), if one is named.
    static func split(_ text: String) -> (SuiteReference, String?)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let rest = text[text.index(after: colon)...]
        guard let separator = rest.firstIndex(where: { $0 == "/" || $0 == "." }) else {
            return SuiteReference(parsing: text).map { ($0, nil) }
        }
        let target = String(rest[..<separator])
        let remainder = String(rest[rest.index(after: separator)...])
        guard let reference = SuiteReference(parsing: String(text[..<colon]) + ":" + target),
            !remainder.isEmpty
        else { return nil }
        return (reference, target + "." + remainder)
    }

    /// What the impact map says of a suite, or of one of its tests.
    static func impactReport(_ reference: SuiteReference, test: String?, selection: Selection) -> String {
        guard
            let suite = selection.selected.first(where: {
                $0.package == reference.directory && $0.target == reference.target
            }), let scope = suite.scope
        else {
            return test.map { "\n\($0) does not run: its suite is not selected\n" } ?? ""
        }
        var lines = [""]
        switch (scope, test) {
        case (_, nil):
            lines += SelectionTextFormatter.describe(scope, limit: 200)
        case (.wholeSuite(let rule), let test?):
            lines.append("\(test) runs: the whole suite runs, because \(rule)")
        case (.tests(let selected, let skipped, let commit), let test?):
            if let hit = selected.first(where: { $0.id == test }) {
                lines.append(
                    hit.files.isEmpty
                        ? "\(test) runs: the map (\(commit.prefix(10))) has no record of what it executes (\(hit.note ?? "no map"))"
                        : "\(test) runs: when recorded at \(commit.prefix(10)) it executed \(hit.files.joined(separator: ", ")), changed since"
                )
            } else if skipped.contains(test) {
                lines.append(
                    "\(test) is left out: none of the files it executed when recorded at \(commit.prefix(10)) differ at the head"
                )
            } else {
                lines.append(
                    "\(test) runs: the map (\(commit.prefix(10))) does not list it (a test new since the map runs; check the name with 'swift test list')"
                )
            }
        }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }

    public static let configuration = CommandConfiguration(
        name: "explain",
        abstract: "Show why a test suite is (or is not) selected, from each changed file to the suite.",
        discussion: """
            With --impact DIR, a test can be named after the suite ('<package dir>:<Target>/<Class>/<test>',
            or the identifier 'swift test list' prints after the ':'): the explanation then says whether the
            impact map lets it run, which changed file it executed, or which rule runs the whole suite.

            EXAMPLES:
              testselect explain services/catalogue:CatalogueTests --base origin/main
              testselect explain .:TestSelectKitTests --base HEAD~1
              testselect explain .:TestSelectKitTests/GlobTests/testStar --base HEAD~1 --impact .build/impact
            """)

    /// The suite (and test) to explain.
    @Positional(
        "package:target", help: "The suite: its package directory, ':', its name (and '/<test>', see above).")
    public var suiteName: String
    /// Where to look and what changed.
    public var options = SelectionOptions()
    /// `--impact`.
    public var impact = ImpactOptions()
    /// The result cache.
    @Option(
        "--cache", value: "dir",
        help: "Also say whether the suite passed before with these inputs, and which inputs changed since.")
    public var cacheDirectory: String?

    public init() {}

    public func validate() throws {
        try options.validate()
        try impact.validate()
        // The cache fingerprints the working tree, not a revision.
        if cacheDirectory != nil, options.head != nil {
            throw UsageError.conflictingOptions("--cache", "--head")
        }
        if let (_, test) = ExplainCommand.split(suiteName), test != nil, impact.directory == nil {
            throw UsageError.needsOption("a test after the suite ('\(suiteName)')", needs: "--impact DIR")
        }
        guard ExplainCommand.split(suiteName) != nil else {
            throw UsageError.invalidValue(
                option: "<package:target>", value: suiteName,
                expected: "'<package dir>:<Target>', e.g. 'services/catalogue:CatalogueTests' or '.:MyTests'")
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        guard let (reference, test) = ExplainCommand.split(suiteName) else {
            throw UsageError.missingArgument("<package:target>")
        }
        let workspace = try options.workspace(in: context)
        let outcome = try impact.apply(
            to: options.select(in: context, workspace: workspace), workspace: workspace, head: options.head,
            context: context)
        context.output.write(try Explanation(suite: reference, outcome: outcome).render())
        if impact.directory != nil {
            context.output.write(
                ExplainCommand.impactReport(reference, test: test, selection: outcome.selection))
        }
        if let cacheDirectory {
            let session = try ResultCacheSession.open(
                directory: cacheDirectory, readOnly: true, workspace: workspace, graph: outcome.head,
                context: context)
            context.output.write(ExplainCommand.cacheReport(reference, session: session))
        }
        return 0
    }
}
