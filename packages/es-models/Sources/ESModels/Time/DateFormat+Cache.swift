extension DateFormat {
    /// The compiled `spec` from the process-wide ``DateFormatCache``: compiled on first use only.
    ///
    /// Prefer it to ``init(_:)`` wherever a spec comes back again and again (mapped date
    /// fields, query formats).
    /// - Throws: `illegal_argument_exception` "Invalid format: [...]", as ``init(_:)``.
    public static func cached(_ spec: String) throws -> DateFormat {
        try DateFormatCache.shared.format(spec)
    }
}
