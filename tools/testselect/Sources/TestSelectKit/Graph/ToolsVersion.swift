/// A `swift-tools-version`, e.g. `5.9.0`.
public struct ToolsVersion: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int
    /// The patch version.
    public var patch: Int

    /// Creates a version.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `5.9`, `5.9.0` or `6`.
    public init?(string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    /// The version SwiftPM assumes when a manifest has no tools-version line.
    public static let missingLine = ToolsVersion(3, 1, 0)

    /// The toolchain this repository builds with; it decides which `Package@swift-*.swift` SwiftPM uses.
    public static let currentToolchain = ToolsVersion(6, 3, 1)

    /// Since 5.9 a target that is the only one of its kind may occupy the whole predefined directory.
    public static let relaxedSourceDirectories = ToolsVersion(5, 9, 0)

    /// `major.minor.patch`.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// Orders versions by major, minor, then patch.
    public static func < (lhs: ToolsVersion, rhs: ToolsVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// Reads the `// swift-tools-version:X.Y[.Z]` line at the top of a manifest.
    ///
    /// SwiftPM accepts spacing variations (`// swift-tools-version: 5.9`) and `;`-separated
    /// specifications after the version; it must be the first non-blank line.
    public static func parse(manifest text: String) -> ToolsVersion? {
        var utf8 = Substring(text).utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8 = utf8.dropFirst(3) }
        while let first = utf8.first,
            first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
                || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r")
        {
            utf8 = utf8.dropFirst()
        }
        let line = utf8.prefix { $0 != UInt8(ascii: "\n") }
        var rest = Substring(line)
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2)
        func skipSpaces() { while rest.first == " " || rest.first == "\t" { rest.removeFirst() } }
        skipSpaces()
        guard rest.lowercased().hasPrefix("swift-tools-version") else { return nil }
        rest = rest.dropFirst("swift-tools-version".count)
        skipSpaces()
        guard rest.first == ":" else { return nil }
        rest.removeFirst()
        skipSpaces()
        let version = rest.prefix { $0.isNumber || $0 == "." }
        return ToolsVersion(string: String(version))
    }

}
