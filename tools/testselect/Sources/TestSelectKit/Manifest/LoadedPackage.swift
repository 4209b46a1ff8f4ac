/// How a package's manifests were read.
public enum ManifestReading: Sendable, Hashable {
    /// Every manifest was read statically.
    case staticReader
    /// At least one manifest needed `swift package dump-package`; `reason` says what the static reader met.
    case swiftPM(reason: String)
    /// Neither reader could read a manifest: the package is treated conservatively.
    case unreadable(reason: String)
}

/// A package directory with its manifests read.
public struct LoadedPackage: Sendable {
    /// The repository-relative directory (`.` for the root).
    public var directory: String
    /// The manifest SwiftPM would use (`Package.swift` or a `Package@swift-*.swift`).
    public var manifestFile: String
    /// How the manifests were read.
    public var reading: ManifestReading
    /// Every readable variant, by file name, in discovery order (`Package.swift` first). A file read
    /// statically comes first as SwiftPM would read it here, then as each other configuration of
    /// environment and `#if` declares it (selection takes the union).
    public var variants: [(file: String, package: DeclaredPackage)]
    /// Environment variables the manifests read.
    public var environmentReads: [String]
    /// What the reading could not settle: facts read both ways, configurations or variants left out.
    public var notes: [String]

    /// Creates a loaded package.
    public init(
        directory: String, manifestFile: String, reading: ManifestReading,
        variants: [(file: String, package: DeclaredPackage)], environmentReads: [String] = [],
        notes: [String] = []
    ) {
        self.directory = directory
        self.manifestFile = manifestFile
        self.reading = reading
        self.variants = variants
        self.environmentReads = environmentReads
        self.notes = notes
    }

    /// The declared package of the manifest SwiftPM would use, if it was read.
    public var chosen: DeclaredPackage? {
        variants.first { $0.file == manifestFile }?.package ?? variants.first?.package
    }

    /// Whether the package could not be read and is treated conservatively.
    public var isUnreadable: Bool {
        if case .unreadable = reading { return true }
        return false
    }
}
