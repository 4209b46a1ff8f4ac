/// YAML scalars for the pipelines testselect writes (`--format gitlab`, `--format buildkite`).
public enum YAMLScalar {
    /// `text` as a double-quoted YAML scalar that every YAML parser reads back exactly.
    ///
    /// Double-quoted is the one YAML style with no surprises: no tag, anchor, alias, comment,
    /// boolean or number can start inside it, and it is also JSON's string syntax. Quotes and
    /// backslashes are escaped, and so is everything YAML forbids in a stream or reads as a line
    /// break (which it would fold into a space): C0 and C1 controls, DEL, U+2028, U+2029 (line
    /// breaks to YAML 1.1 parsers, such as GitLab's), the byte-order mark and the non-characters
    /// U+FFFE and U+FFFF.
    ///
    /// ```swift
    /// YAMLScalar.quoted("new\nline: \"x\"")   // "new\nline: \"x\"" (quoted, escaped)
    /// ```
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
