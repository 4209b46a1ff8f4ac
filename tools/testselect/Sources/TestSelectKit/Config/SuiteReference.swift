import TestSelectManifest
import TestSelectSupport

/// A target named as `<package dir>:<Target>` (`services/catalogue:CatalogueTests`, `.:MyTests`).
public struct SuiteReference: Sendable, Hashable, CustomStringConvertible {
    /// The repository-relative package directory.
    public var directory: String
    /// The target name.
    public var target: String

    /// Creates a reference.
    public init(directory: String, target: String) {
        self.directory = directory
        self.target = target
    }

    /// Parses `dir:Target`; the directory is normalized (`./a/` is `a`); nil when malformed.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let directory = String(text[..<colon])
        let target = String(text[text.index(after: colon)...])
        guard !directory.isEmpty, !target.isEmpty, !target.contains("/") else { return nil }
        self.init(directory: RepoPath.normalize(directory), target: target)
    }

    /// `dir:Target`.
    public var description: String { "\(directory):\(target)" }
}
