/// The module SwiftPM builds from a target: its name with every character a C99 identifier cannot
/// hold replaced by `_` (and a leading digit too), so the test target `My-Tests` is the module
/// `My_Tests`, and its tests are `My_Tests.Class/test`. `swift test --filter` and `swift test list`
/// speak of modules, not targets.
public enum ModuleName {
    /// The module name of an ASCII target name, exactly as SwiftPM mangles it; characters beyond
    /// ASCII are kept (SwiftPM keeps letters of the C99 annex and replaces the rest: `matches` and
    /// `pattern` accept either).
    public static func of(_ target: String) -> String {
        var scalars: [Unicode.Scalar] = []
        for (index, scalar) in target.unicodeScalars.enumerated() {
            if scalar.isASCII {
                let valid = isIdentifierASCII(scalar) && !(index == 0 && isDigit(scalar))
                scalars.append(valid ? scalar : "_")
            } else {
                scalars.append(scalar)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Whether `module` is what SwiftPM may have made of `target`.
    public static func matches(module: String, target: String) -> Bool {
        let expected = Array(of(target).unicodeScalars)
        let actual = Array(module.unicodeScalars)
        guard expected.count == actual.count else { return false }
        for (want, have) in zip(expected, actual) where want != have {
            guard !want.isASCII, have == "_" else { return false }
        }
        return true
    }

    /// A regular expression matching the module of `target`, with every character escaped.
    public static func pattern(for target: String) -> String {
        var pattern = ""
        for scalar in of(target).unicodeScalars {
            if scalar.isASCII {
                pattern += escaped(String(scalar))
            } else {
                pattern += "(?:" + String(scalar) + "|_)"
            }
        }
        return pattern
    }

    /// `text` as a regular expression matching exactly it: every metacharacter escaped.
    public static func escaped(_ text: String) -> String {
        var pattern = ""
        for scalar in text.unicodeScalars {
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { pattern.append("\\") }
            pattern.unicodeScalars.append(scalar)
        }
        return pattern
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isIdentifierASCII(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar) || scalar == "_"
    }
}
