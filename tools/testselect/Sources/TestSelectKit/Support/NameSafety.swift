/// Names and paths a pull request controls (package, target and file names) on their way to a
/// terminal, a log or a warning: control and direction-changing characters are written as escapes, so
/// a name cannot forge a line of output, move the cursor or reorder what a reader sees.
public enum NameSafety {
    /// The longest name that counts as plain.
    public static let plainLength = 255

    /// Whether a package or target name is plain: 1 to 255 characters, each a letter, a digit, a
    /// space or one of `_ - . +` (command plugins are commonly named like `Format Source Code`).
    /// Any other name works, quoted and escaped wherever testselect writes it, but deserves a
    /// warning (a shell, a regular expression or a terminal would read it specially).
    public static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.count <= plainLength
            && name.allSatisfy { character in
                character.unicodeScalars.allSatisfy { scalar in
                    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || "_-.+ ".unicodeScalars.contains(scalar)
                        || scalar.properties.generalCategory == .nonspacingMark
                } && !character.unicodeScalars.contains { isInvisible($0) }
            }
    }

    /// One line of text as it may be shown: `\n`, `\r`, `\t`, other control characters and
    /// direction overrides written as `\u{...}` escapes; everything else as it is.
    public static func visible(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isInvisible) else { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isInvisible(scalar): result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A name quoted for a message: visible, and cut to 80 characters with its length when longer.
    public static func quoted(_ name: String) -> String {
        let count = name.count
        let shown = count > 80 ? String(name.prefix(80)) + "..." : name
        return "'" + visible(shown) + "'" + (count > 80 ? " (\(count) characters)" : "")
    }

    /// The warning for a package or target name that is not plain.
    package static func warning(kind: String, name: String, package: String, manifest: String) -> Diagnostic {
        let why =
            name.unicodeScalars.count > plainLength
            ? "is longer than \(plainLength) characters"
            : "holds characters a shell, a regular expression or a terminal treats specially"
        return .warning(
            "\(kind) name \(quoted(name)) in '\(visible(package))' \(why); testselect quotes and escapes it wherever it writes it, but check that the name is meant",
            package: package, file: manifest)
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, and the characters that
    /// change the direction or joining of text.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }
}
