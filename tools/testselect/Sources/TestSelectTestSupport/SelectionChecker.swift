import TestSelectKit
import TestSelectManifest
import TestSelectTestSupport
import Testing

/// Fluent expectations on a selection, reporting failures at the caller's line.
///
/// ```swift
/// selection.check()
///     .selects("packages/core:CoreTests", because: .fileChanged)
///     .skips("services/worker:WorkerTests")
/// ```
public struct SelectionChecker {
    /// The selection under test.
    public let selection: Selection

    func suite(_ name: String) -> Selection.Suite? {
        selection.selected.first { "\($0.package):\($0.target)" == name }
    }

    /// Expects `name` to be selected, optionally with a reason of `kind` (and that reason's `via`).
    @discardableResult
    public func selects(
        _ name: String, because kind: Selection.ReasonKind? = nil, via: [String]? = nil, file: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SelectionChecker {
        guard let suite = suite(name) else {
            Issue.record(
                "expected '\(name)' to be selected; selected: \(selectedNames)",
                sourceLocation: sourceLocation)
            return self
        }
        if let kind {
            let matching = suite.reasons.filter {
                $0.kind == kind && (via == nil || $0.via == via) && (file == nil || $0.file == file)
            }
            if matching.isEmpty {
                let viaText: String = via.map { " via \($0)" } ?? ""
                let fileText: String = file.map { " (\($0))" } ?? ""
                let reasons: [String] = suite.reasons.map(SelectionTextFormatter.describe)
                let message =
                    "expected '\(name)' to be selected because of \(kind.rawValue)\(viaText)\(fileText); its reasons: \(reasons)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
        return self
    }

    /// Expects `name` to be among the skipped suites.
    @discardableResult
    public func skips(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> SelectionChecker {
        if let suite = suite(name) {
            Issue.record(
                "expected '\(name)' to be skipped; its reasons: \(suite.reasons.map(SelectionTextFormatter.describe))",
                sourceLocation: sourceLocation)
        } else if !selection.skipped.contains(where: { "\($0.package):\($0.target)" == name }) {
            Issue.record(
                "'\(name)' is neither selected nor skipped: it is not a suite", sourceLocation: sourceLocation
            )
        }
        return self
    }

    /// Expects exactly these suites to be selected.
    @discardableResult
    public func selectsExactly(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation)
        -> SelectionChecker
    {
        #expect(selectedNames == names.sorted(), sourceLocation: sourceLocation)
        return self
    }

    /// Expects nothing to be selected.
    @discardableResult
    public func selectsNothing(sourceLocation: SourceLocation = #_sourceLocation) -> SelectionChecker {
        #expect(selectedNames == [], sourceLocation: sourceLocation)
        return self
    }

    /// Expects `runAll` (with a reason containing `reason`, when given).
    @discardableResult
    public func runsAll(
        reasonContaining reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> SelectionChecker {
        #expect(selection.runAll, "expected every suite to run", sourceLocation: sourceLocation)
        if let reason {
            #expect(
                selection.runAllReasons.contains { $0.contains(reason) },
                "run-all reasons: \(selection.runAllReasons)",
                sourceLocation: sourceLocation)
        }
        return self
    }

    /// Expects `path` among the unowned files.
    @discardableResult
    public func listsUnowned(_ path: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> SelectionChecker
    {
        #expect(
            selection.unownedFiles.contains(path), "unowned files: \(selection.unownedFiles)",
            sourceLocation: sourceLocation)
        return self
    }

    /// The selected suites as `directory:Target`, sorted.
    public var selectedNames: [String] {
        selection.selected.map { "\($0.package):\($0.target)" }.sorted()
    }
}

extension Selection {
    /// Starts fluent expectations on this selection.
    public func check() -> SelectionChecker {
        SelectionChecker(selection: self)
    }
}

extension TemporaryRepository {
    /// Opens the repository as a workspace that never runs SwiftPM unless asked.
    public func workspace(dumpPackage: DumpPackageReader? = nil) throws -> Workspace {
        try Workspace.open(
            repository: root, currentDirectory: root, loader: ManifestLoader(dumpPackage: dumpPackage))
    }

    /// Computes a selection the way `testselect` does.
    public func select(
        base: String? = nil, head: String? = nil, listed: [ChangedFile]? = nil,
        dumpPackage: DumpPackageReader? = nil
    ) throws -> Selection {
        try workspace(dumpPackage: dumpPackage).select(base: base, head: head, listed: listed).selection
    }
}
