/// A language as the API names it (ISO 639-2, three letters: `eng`) and as the indices store
/// it (ISO 639-1, two letters: `en`).
///
/// `lang` accepts either form (and the bibliographic ISO 639-2 variants such as `fre` and
/// `ger`); responses use the three-letter form.
public struct LanguageCode: Sendable, Hashable, CustomStringConvertible {
    /// The ISO 639-2/T code the API speaks (`eng`).
    public let alpha3: String
    /// The ISO 639-1 code the indices store (`en`).
    public let alpha2: String

    /// English, the default and the fallback for missing translations.
    public static let english = LanguageCode(alpha3: "eng", alpha2: "en")

    private init(alpha3: String, alpha2: String) {
        self.alpha3 = alpha3
        self.alpha2 = alpha2
    }

    /// The language named by `code` (two or three letters, any case), or `nil` when unknown.
    public init?(_ code: String) {
        let lowered = code.lowercased()
        if lowered.count == 2, let alpha3 = Self.alpha3ByAlpha2[lowered] {
            self.init(alpha3: alpha3, alpha2: lowered)
        } else if lowered.count == 3 {
            let terminologic = Self.terminologicByBibliographic[lowered] ?? lowered
            guard let alpha2 = Self.alpha2ByAlpha3[terminologic] else { return nil }
            self.init(alpha3: terminologic, alpha2: alpha2)
        } else {
            return nil
        }
    }

    /// The language an index stores as `alpha2`, or `nil` when the code is not ISO 639-1.
    public init?(stored alpha2: String) {
        guard alpha2.count == 2 else { return nil }
        self.init(alpha2)
    }

    public var description: String { alpha3 }

    /// ISO 639-2/T code and ISO 639-1 code of the languages the API knows.
    static let table: [(String, String)] = [
        ("afr", "af"), ("aka", "ak"), ("amh", "am"), ("ara", "ar"), ("aze", "az"), ("bam", "bm"),
        ("bel", "be"), ("ben", "bn"), ("bos", "bs"), ("bul", "bg"), ("cat", "ca"), ("ces", "cs"),
        ("cym", "cy"), ("dan", "da"), ("deu", "de"), ("ell", "el"), ("eng", "en"), ("est", "et"),
        ("eus", "eu"), ("ewe", "ee"), ("fas", "fa"), ("fin", "fi"), ("fra", "fr"), ("ful", "ff"),
        ("gle", "ga"), ("glg", "gl"), ("guj", "gu"), ("hau", "ha"), ("heb", "he"), ("hin", "hi"),
        ("hrv", "hr"), ("hun", "hu"), ("hye", "hy"), ("ibo", "ig"), ("ind", "id"), ("isl", "is"),
        ("ita", "it"), ("jpn", "ja"), ("kat", "ka"), ("kik", "ki"), ("kin", "rw"), ("kor", "ko"),
        ("lav", "lv"), ("lin", "ln"), ("lit", "lt"), ("lug", "lg"), ("mal", "ml"), ("mar", "mr"),
        ("mkd", "mk"), ("mlg", "mg"), ("msa", "ms"), ("mya", "my"), ("nep", "ne"), ("nld", "nl"),
        ("nor", "no"), ("nya", "ny"), ("orm", "om"), ("pan", "pa"), ("pol", "pl"), ("por", "pt"),
        ("ron", "ro"), ("run", "rn"), ("rus", "ru"), ("sin", "si"), ("slk", "sk"), ("slv", "sl"),
        ("sna", "sn"), ("som", "so"), ("sot", "st"), ("spa", "es"), ("sqi", "sq"), ("srp", "sr"),
        ("ssw", "ss"), ("swa", "sw"), ("swe", "sv"), ("tam", "ta"), ("tel", "te"), ("tha", "th"),
        ("tir", "ti"), ("tsn", "tn"), ("tso", "ts"), ("tur", "tr"), ("twi", "tw"), ("ukr", "uk"),
        ("urd", "ur"), ("ven", "ve"), ("vie", "vi"), ("wol", "wo"), ("xho", "xh"), ("yor", "yo"),
        ("zho", "zh"), ("zul", "zu"),
    ]

    /// ISO 639-2/B codes that differ from their /T form.
    static let terminologicByBibliographic: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces", "dut": "nld",
        "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "may": "msa",
        "per": "fas", "rum": "ron", "slo": "slk", "wel": "cym",
    ]

    static let alpha2ByAlpha3 = Dictionary(uniqueKeysWithValues: table)
    static let alpha3ByAlpha2 = Dictionary(uniqueKeysWithValues: table.map { ($0.1, $0.0) })
}
