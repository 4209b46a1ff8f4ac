import TestSelectSupport

/// `--format gitlab`: a GitLab CI child pipeline running the selection, for a parent job to keep as
/// an artifact and start with `trigger: include: - artifact: FILE job: JOB`.
///
/// One job per package with selected suites (with `--shards N`, one per non-empty shard), each
/// running `swift test` with its filter and keeping the JUnit files as `artifacts: reports: junit:`.
/// With nothing selected the pipeline holds one job that says so: GitLab rejects a pipeline
/// without jobs. Every string is a double-quoted YAML scalar (`YAMLScalar`), and names reach the
/// shell only as quoted words; GitLab expands no variables in job names or `script:`.
public enum GitLabPipelineFormatter {
    /// The longest job name GitLab accepts.
    static let maximumNameLength = 255

    /// The pipeline's YAML.
    public static func format(_ jobs: [PipelineJob]) -> String {
        var lines = [
            "# testselect --format gitlab: a child pipeline (trigger: include: - artifact: ... job: ...)"
        ]
        guard !jobs.isEmpty else {
            lines += [
                "\(YAMLScalar.quoted("nothing to run")):", "  script:",
                "    - \(YAMLScalar.quoted(PipelineJob.nothingToRun))",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
        for job in jobs {
            lines.append("\(YAMLScalar.quoted(name(of: job))):")
            lines.append("  script:")
            lines += job.script.map { "    - \(YAMLScalar.quoted($0))" }
            lines += [
                "  artifacts:", "    when: always", "    reports:",
                "      junit: \(YAMLScalar.quoted(PipelineJob.junitFiles))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The job's name: its title as it may be shown, cut (with its key, to stay unique) to what
    /// GitLab accepts. Titles start with `test` or `shard`: never a hidden job (`.x`) or a keyword.
    static func name(of job: PipelineJob) -> String {
        let title = NameSafety.visible(job.title)
        guard title.count > maximumNameLength else { return title }
        let suffix = "... (\(job.key))"
        return String(title.prefix(maximumNameLength - suffix.count)) + suffix
    }
}
