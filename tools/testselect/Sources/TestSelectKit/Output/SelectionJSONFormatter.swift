import TestSelectSupport

/// The stable JSON form of a selection (`--format json`, schema 1).
public enum SelectionJSONFormatter {
    /// The JSON value.
    public static func json(_ selection: Selection) -> JSONValue {
        .object([
            ("schema", .number(1)),
            ("base", .string(selection.base)),
            ("head", .string(selection.head ?? "WORKTREE")),
            (
                "changed_files",
                .array(
                    selection.changedFiles.map { file in
                        .object([
                            ("path", .string(file.path)), ("status", .string(file.status.rawValue)),
                            ("old_path", .string(file.oldPath)),
                        ])
                    })
            ),
            ("run_all", .bool(selection.runAll)),
            ("run_all_reasons", .strings(selection.runAllReasons)),
            ("unowned_files", .strings(selection.unownedFiles)),
            ("documentation_files", .strings(selection.documentationFiles)),
            ("warnings", .array(selection.warnings.map(\.json))),
            (
                "selected",
                .array(
                    selection.selected.map { suite in
                        var members: [(String, JSONValue)] = [
                            ("package", .string(suite.package)), ("target", .string(suite.target)),
                            ("reasons", .array(suite.reasons.map(reason))), ("cached", .string(suite.cached)),
                        ]
                        if let scope = suite.scope { members.append(("impact", impact(scope))) }
                        return .object(members)
                    })
            ),
            (
                "skipped",
                .array(
                    selection.skipped.map {
                        .object([("package", .string($0.package)), ("target", .string($0.target))])
                    }
                )
            ),
        ])
    }

    static func reason(_ reason: Selection.Reason) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(reason.kind.rawValue)), ("file", .string(reason.file)),
            ("via", .strings(reason.via)),
        ]
        if let detail = reason.detail { members.append(("detail", .string(detail))) }
        return .object(members)
    }

    /// A suite's `impact` member: `{"whole_suite": rule}`, or the map's commit, the tests that run
    /// (each with the changed files it executed, or the note saying why it has no map) and those left
    /// out.
    static func impact(_ scope: Selection.TestScope) -> JSONValue {
        switch scope {
        case .wholeSuite(let rule):
            return .object([("whole_suite", .string(rule))])
        case .tests(let selected, let skipped, let commit):
            return .object([
                ("commit", .string(commit)),
                (
                    "tests",
                    .array(
                        selected.map { test in
                            .object([
                                ("id", .string(test.id)), ("files", .strings(test.files)),
                                ("note", .string(test.note)),
                            ])
                        })
                ),
                ("skipped", .strings(skipped)),
            ])
        }
    }

    /// Pretty-printed JSON text with a final newline.
    public static func format(_ selection: Selection) -> String {
        json(selection).serialized(pretty: true) + "\n"
    }
}
