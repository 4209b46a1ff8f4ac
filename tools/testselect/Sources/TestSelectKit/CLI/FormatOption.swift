/// A `--format` value: one of the cases of an enum.
public protocol FormatOption: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension FormatOption {
    /// Parses a `--format` value, or throws a usage error listing the accepted ones.
    public static func parse(_ name: String) throws(UsageError) -> Self {
        guard let format = Self(rawValue: name) else {
            throw .invalidValue(
                option: "--format", value: name, expected: allCases.map(\.rawValue).joined(separator: ", "))
        }
        return format
    }
}
