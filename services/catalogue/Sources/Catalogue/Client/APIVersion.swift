/// The API major version a request asks for with the `Catalogue-Api-Major` header, and what
/// each version boundary changes.
///
/// | major | change |
/// |---|---|
/// | 135 | call-to-action promos (`call_to_action`, `sport_call_to_action`) are served; older clients get editorial promos only |
/// | 136 | `sport_event` assets are served; older clients cannot show them |
/// | 137 | `live_events` rows are served (`/catalogue/rows`); older clients get curated and query rows only |
public struct APIVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The header that names the major version.
    public static let headerName = "Catalogue-Api-Major"
    /// The version served when the header is absent.
    public static let current = APIVersion(major: 138)
    /// The oldest version still served.
    public static let oldestSupported = APIVersion(major: 100)
    /// The first version that gets call-to-action promos.
    public static let callToActionPromos = APIVersion(major: 135)
    /// The first version that gets `sport_event` assets.
    public static let sportEventAssets = APIVersion(major: 136)
    /// The first version that gets `live_events` rows on the home screen.
    public static let liveEventRows = APIVersion(major: 137)

    /// The major version number.
    public var major: Int

    /// Creates a version.
    public init(major: Int) {
        self.major = major
    }

    /// Whether call-to-action promos (both kinds) are served.
    public var servesCallToActionPromos: Bool { self >= .callToActionPromos }

    /// Whether `sport_event` assets are served.
    public var servesSportEventAssets: Bool { self >= .sportEventAssets }

    /// Whether `live_events` rows are served.
    public var servesLiveEventRows: Bool { self >= .liveEventRows }

    public static func < (lhs: APIVersion, rhs: APIVersion) -> Bool { lhs.major < rhs.major }

    public var description: String { String(major) }
}
