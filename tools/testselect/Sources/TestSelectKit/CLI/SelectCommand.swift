/// `testselect [select]`: print the suites a change must run (the default command).
public struct SelectCommand: TestSelectCommand {
    /// Output formats.
    public enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json
        case githubMatrix = "github-matrix"
        case commands, markdown, gitlab, buildkite

        /// Whether `--shards` splits this format's jobs.
        var takesShards: Bool { [.githubMatrix, .gitlab, .buildkite].contains(self) }
    }

    public static let configuration = CommandConfiguration(
        name: "select",
        abstract: "Print the test suites a change must run, each with its reason.",
        discussion: """
            The selection holds every test target whose dependencies (across packages, through products,
            plugins and macros) contain a target owning a changed file. When testselect cannot be sure
            (no merge-base, an unreadable manifest, a global file) it selects more, and says why.

            FORMATS:
              text           the suites and their reasons, for people (the default)
              json           the whole selection, stable, for scripts
              github-matrix  a GitHub Actions matrix: one entry per package, or per shard with --shards
              commands       one 'swift test' line per package, quoted for a POSIX shell
              markdown       a report for a job summary: a table of the suites and their reasons, and a
                             Mermaid drawing of the packages involved (GitHub: >> "$GITHUB_STEP_SUMMARY")
              gitlab         a GitLab CI child pipeline: one job per package (or shard) running 'swift
                             test' and keeping JUnit reports; save it as an artifact of a job, start it
                             from another with 'trigger: include: - artifact: FILE  job: JOB'
              buildkite      Buildkite steps, one per package (or shard), for
                             'testselect --format buildkite | buildkite-agent pipeline upload'
            Every name is quoted or escaped for the format's reader; with nothing selected, gitlab and
            buildkite still print a valid pipeline (one job saying so).

            EXAMPLES:
              testselect                                  # working-tree changes against origin/HEAD (or main)
              testselect --base origin/main --format json
              testselect --base HEAD~1 --head HEAD --format github-matrix
              git diff --name-status main | testselect --changed-files - --format commands
              testselect --base origin/main --format github-matrix --shards 4   # for 'testselect run --shard I/4'
              testselect --base origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"
              testselect --base "origin/$CI_MERGE_REQUEST_TARGET_BRANCH_NAME" --format gitlab > tests.yml
              testselect --base origin/main --format buildkite --shards 4 | buildkite-agent pipeline upload
            """)

    /// Where to look and what changed.
    public var options = SelectionOptions()
    /// `--impact`.
    public var impact = ImpactOptions()
    /// The output format.
    @Option(
        value: "format",
        help: "text, json, github-matrix, commands, markdown, gitlab or buildkite (see FORMATS).")
    public var format = Format.text
    /// Entries or jobs the pipeline formats split the work into.
    @Option(
        value: "n", in: 1...,
        help:
            "With github-matrix, gitlab or buildkite: one entry or job per non-empty shard, split as 'run --shard I/N'."
    )
    public var shards: Int?
    /// The durations file balancing the shards.
    @Option(
        "--durations", value: "file",
        help: "Durations balancing the shards (default: .build/testselect/durations.json).")
    public var durationsPath: String?
    /// The result cache.
    @Option(
        "--cache", value: "dir",
        help:
            "Mark the suites that passed before with the same inputs ('cached'), as 'run --cache' skips them."
    )
    public var cacheDirectory: String?

    public init() {}

    public func validate() throws {
        try options.validate()
        try impact.validate()
        // The cache fingerprints the working tree, not a revision.
        if cacheDirectory != nil, options.head != nil {
            throw UsageError.conflictingOptions("--cache", "--head")
        }
        if shards != nil, !format.takesShards {
            throw UsageError.conflictingOptions("--shards", "--format \(format.rawValue)")
        }
        if durationsPath != nil, shards == nil {
            throw UsageError.invalidValue(
                option: "--durations", value: durationsPath ?? "", expected: "to be used with '--shards'")
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let workspace = try options.workspace(in: context)
        let outcome = try impact.apply(
            to: options.select(in: context, workspace: workspace), workspace: workspace, head: options.head,
            context: context)
        var selection = outcome.selection
        if let cacheDirectory {
            let session = try ResultCacheSession.open(
                directory: cacheDirectory, readOnly: true, workspace: workspace, graph: outcome.head,
                context: context)
            for index in selection.selected.indices {
                let suite = selection.selected[index]
                if let inputs = session.inputs(package: suite.package, target: suite.target) {
                    selection.selected[index].cached = session.cache.pass(for: inputs)?.run
                }
            }
        }
        switch format {
        case .text: context.output.write(SelectionTextFormatter.format(selection))
        case .json: context.output.write(SelectionJSONFormatter.format(selection))
        case .githubMatrix:
            guard let count = shards else {
                context.output.write(CIFormatters.githubMatrix(selection))
                break
            }
            let plan = RunPlan(selection: selection, graph: outcome.head)
            let durations = self.durations(workspace: workspace, context: context)
            context.output.write(CIFormatters.shardedMatrix(plan, shards: count, durations: durations))
        case .commands:
            context.output.write(CIFormatters.commands(selection))
            if selection.selected.isEmpty { context.errors.write("testselect: nothing to run\n") }
        case .markdown:
            context.output.write(SelectionMarkdownFormatter.format(selection, graph: outcome.head))
        case .gitlab:
            let jobs = pipelineJobs(selection, outcome: outcome, workspace: workspace, context: context)
            context.output.write(GitLabPipelineFormatter.format(jobs))
        case .buildkite:
            let jobs = pipelineJobs(selection, outcome: outcome, workspace: workspace, context: context)
            context.output.write(BuildkitePipelineFormatter.format(jobs))
        }
        return 0
    }

    /// The jobs of a pipeline format: per package, or per shard with `--shards`.
    func pipelineJobs(
        _ selection: Selection, outcome: SelectionOutcome, workspace: Workspace, context: CommandContext
    ) -> [PipelineJob] {
        let plan = RunPlan(selection: selection, graph: outcome.head)
        guard let count = shards else {
            return PipelineJob.jobs(plan, shards: nil, durations: DurationStore())
        }
        return PipelineJob.jobs(
            plan, shards: count, durations: durations(workspace: workspace, context: context))
    }

    /// The durations balancing the shards (`--durations`, else the default file).
    func durations(workspace: Workspace, context: CommandContext) -> DurationStore {
        let path = DurationStore.path(option: durationsPath, root: workspace.root, context: context)
        return DurationStore.loadOrWarn(from: path, context: context)
    }
}
