import Foundation
import TestSelectManifest
import TestSelectSupport

/// `--repo`: the repository a command works on (every command).
public struct RepositoryOption: ArgumentGroup {
    /// The repository.
    @Option(
        "--repo", value: "dir", help: "The repository (default: the git top level of the current directory).")
    public var path: String?

    public init() {}
}

/// `--no-dump-package`: manifests are read statically only (commands that read manifests).
public struct DumpPackageOption: ArgumentGroup {
    /// Whether `swift package dump-package` must never run.
    @Flag(
        "--no-dump-package",
        help:
            "Never run 'swift package dump-package'; manifests the static reader cannot evaluate are unreadable."
    )
    public var isOff: Bool

    public init() {}
}

/// Options shared by every command that computes a selection (`--repo`, `--base`, `--head`, ...).
public struct SelectionOptions: ArgumentGroup {
    /// `--repo`.
    public var repositoryOption = RepositoryOption()
    /// The base revision.
    @Option(
        value: "rev",
        help:
            "Compare with the merge-base of this revision and head (default: origin/HEAD, origin/main, main, master)."
    )
    public var base: String?
    /// The head revision.
    @Option(
        value: "rev", help: "The head revision (default: HEAD plus staged, unstaged and untracked files).")
    public var head: String?
    /// A file listing changed files, or `-`.
    @Option(
        value: "file",
        help: "Read changed files from this file ('-' for stdin): paths, or 'git diff --name-status' lines.")
    public var changedFiles: String?
    /// `--no-dump-package`.
    public var dumpPackage = DumpPackageOption()

    public init() {}

    /// The repository (`--repo`).
    public var repository: String? {
        get { repositoryOption.path }
        nonmutating set { repositoryOption.path = newValue }
    }

    /// Whether `swift package dump-package` must never run (`--no-dump-package`).
    public var noDumpPackage: Bool {
        get { dumpPackage.isOff }
        nonmutating set { dumpPackage.isOff = newValue }
    }

    /// Whether the options describe a change (so diagrams can highlight it).
    public var describesChange: Bool { base != nil || changedFiles != nil }

    /// Checks values.
    public func validate() throws(UsageError) {
        for (name, value) in [
            ("--repo", repository), ("--base", base), ("--head", head), ("--changed-files", changedFiles),
        ] {
            if let value, value.isEmpty {
                throw .invalidValue(option: name, value: value, expected: "a non-empty value")
            }
        }
    }

    /// Opens the workspace these options name.
    public func workspace(in context: CommandContext) throws -> Workspace {
        let dumpPackage =
            noDumpPackage
            ? nil
            : DumpPackageReader(
                swift: context.swift, runner: context.runner)
        return try Workspace.open(
            repository: repository, currentDirectory: context.currentDirectory,
            loader: ManifestLoader(
                dumpPackage: dumpPackage, host: HostContext(environment: context.environment)),
            runner: context.runner)
    }

    /// Computes the selection, printing warnings.
    public func select(in context: CommandContext) throws -> SelectionOutcome {
        try select(in: context, workspace: try workspace(in: context))
    }

    /// Computes the selection in an opened workspace, printing warnings.
    public func select(in context: CommandContext, workspace: Workspace) throws -> SelectionOutcome {
        var listed: [ChangedFile]? = nil
        if let changedFiles {
            let text: String
            if changedFiles == "-" {
                text = context.readStandardInput()
            } else {
                let path = Workspace.absolute(changedFiles, from: context.currentDirectory)
                guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw WorkspaceError.unreadableChangedFiles(changedFiles)
                }
                text = contents
            }
            let root = workspace.root
            listed = ChangeDetector.parseList(text) { FileSystemProbe.exists(root + "/" + $0) }
        }
        let outcome = try workspace.select(base: base, head: head, listed: listed)
        for warning in outcome.selection.warnings where warning.severity == .warning {
            context.warn(warning.message)
        }
        return outcome
    }
}
