/// The platform a request comes from, chosen by the `Catalogue-Client` header.
public enum ClientPlatform: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The website (the default when the header is absent).
    case website
    /// The Android app.
    case android
    /// The iOS app.
    case ios
    /// Smart TVs and set-top boxes.
    case tv

    /// The header that names the platform.
    public static let headerName = "Catalogue-Client"

    /// Whether the platform can download assets for offline viewing (so responses say whether
    /// an asset may be downloaded).
    public var supportsDownloads: Bool {
        self == .android || self == .ios
    }

    public var description: String { rawValue }
}
