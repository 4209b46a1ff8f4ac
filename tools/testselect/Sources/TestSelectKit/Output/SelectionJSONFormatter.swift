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
                        .object([
                            ("package", .string(suite.package)), ("target", .string(suite.target)),
                            ("reasons", .array(suite.reasons.map(reason))), ("cached", .string(suite.cached)),
                        ])
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

    /// Pretty-printed JSON text with a final newline.
    public static func format(_ selection: Selection) -> String {
        json(selection).serialized(pretty: true) + "\n"
    }
}
