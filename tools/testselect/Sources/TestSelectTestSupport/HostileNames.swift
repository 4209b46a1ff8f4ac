/// Target names and a package directory a pull request could write to attack the CI that runs it,
/// for the tests of every output format: quotes, shell syntax, regular-expression and Markdown
/// characters, line breaks, terminal escapes, direction overrides and a very long name.
public enum HostileNames {
    /// Names that are not plain (each gets a warning).
    public static let names = [
        "quote'single\"double", "back`id`tick", "dollar$(touch pwned)paren", "semi;touch pwned",
        "new\nline", "regex.*+?[](){}|^$\\", "tab\there", "escape\u{1B}[2Jterm", "rtl\u{202E}desrever",
        "table|cell<b>*em*</b>&amp;", "mermaid\"]:::x #quot; `md`", String(repeating: "x", count: 10_000),
    ]
    /// Unusual names that are still plain (no warning).
    public static let plain = ["Ünïcödé-テスト_Tests", "Format Source Code"]
    /// Every name.
    public static var all: [String] { names + plain }
    /// A package directory holding what a shell, Buildkite's interpolation, YAML and Markdown read
    /// specially (git and SwiftPM accept it).
    public static let directory = "odd/dir $HOME ${X} \\$y \\\\$z $(touch pwned) 'q' \"d\" `b` |<p>"

    /// A Swift string literal of a name.
    public static func literal(_ name: String) -> String {
        var result = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x202A...0x202E).contains(scalar.value):
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Commits a package in `directory` (its name hostile too) with a test target per name, each
    /// under `Tests/T<index>`, then changes one file in each (in the working tree).
    public static func writePackage(in repo: TemporaryRepository, directory: String = "hostile") throws {
        let targets = all.enumerated().map { index, name in
            "        .testTarget(name: \(literal(name)), path: \"Tests/T\(index)\"),"
        }
        var files = [
            "\(directory)/Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "hostile$(touch pwned)",
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )
            """
        ]
        for index in all.indices { files["\(directory)/Tests/T\(index)/Test.swift"] = "import Testing\n" }
        try repo.write(files)
        try repo.commitAll("hostile")
        for index in all.indices { try repo.touch("\(directory)/Tests/T\(index)/Test.swift") }
    }
}
