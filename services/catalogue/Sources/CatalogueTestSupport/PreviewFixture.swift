import ESModels
import Foundation

/// Rows and assets for the preview's tests: one row shown in KE on android at API major 130,
/// one row breaking each of the home screen's rules, and in the shown row one asset hidden by
/// each licence rule and one missing from the catalogue.
public enum PreviewFixture {
    /// The rows, by position: `shown`, `later` (starts in an hour), `ended` (an hour ago), `tv`
    /// (tv only), `newer` (from API major 131), `older` (up to 120), `za` (ZA only), `live` (a
    /// live events row, from API major 137) and `empty` (its one asset not licensed in KE).
    public static let rows: [JSONValue] = [
        [
            "uuid": "shown", "slug": "shown", "position": 1,
            "asset_uuids": ["uuid-1", "za-only", "opens-later", "closed", "gone"],
        ],
        ["uuid": "later", "slug": "later", "position": 2, "start": "now+1h"],
        ["uuid": "ended", "slug": "ended", "position": 3, "start": "now-10d", "end": "now-1h"],
        ["uuid": "tv", "slug": "tv", "position": 4, "platforms": ["tv"]],
        ["uuid": "newer", "slug": "newer", "position": 5, "min_api_major": 131],
        ["uuid": "older", "slug": "older", "position": 6, "max_api_major": 120],
        ["uuid": "za", "slug": "za", "position": 7, "territories": ["ZA"]],
        ["uuid": "live", "slug": "live", "position": 8, "kind": "live_events", "asset_uuids": []],
        ["uuid": "empty", "slug": "empty", "position": 9, "asset_uuids": ["za-only"]],
    ]

    /// `uuid-1` (licensed now everywhere), `za-only`, `opens-later` (in KE from two days ahead)
    /// and `closed` (in KE until yesterday).
    public static let assets: [JSONValue] = [
        [:],
        ["uuid": "za-only", "license_windows": [["countries": ["ZA"]]]],
        [
            "uuid": "opens-later",
            "license_windows": [["start": "now+2d", "end": "now+30d", "countries": ["KE"]]],
        ],
        [
            "uuid": "closed",
            "license_windows": [["start": "now-30d", "end": "now-1d", "countries": ["KE"]]],
        ],
    ]

    /// An instant as the preview shows it, to the minute in UTC (`2026-12-02 08:00`).
    public static func minute(_ date: Date) -> String {
        String(ISODate.string(from: date).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
