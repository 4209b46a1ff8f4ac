import CMSIndexer

/// The fixed reference data and word lists the demo database is drawn from.
enum DemoVocabulary {
    /// Territories: code, English name, whether main.
    static let territories: [(code: String, name: String, isMain: Bool)] = [
        ("KE", "Kenya", true), ("ZA", "South Africa", true), ("NG", "Nigeria", true), ("GH", "Ghana", true),
        ("UG", "Uganda", true), ("TZ", "Tanzania", true), ("RW", "Rwanda", false), ("ET", "Ethiopia", false),
        ("GB", "United Kingdom", false), ("US", "United States", false), ("DE", "Germany", false),
        ("FR", "France", false),
    ]

    /// Languages: ISO 639-1 code, English name, whether main.
    static let languages: [(code: String, name: String, isMain: Bool)] = [
        ("en", "English", true), ("fr", "French", true), ("sw", "Swahili", true), ("pt", "Portuguese", true),
        ("ar", "Arabic", false), ("de", "German", false), ("es", "Spanish", false), ("zu", "Zulu", false),
        ("yo", "Yoruba", false), ("am", "Amharic", false),
    ]

    /// The languages titles are written in, with how often an asset has one.
    static let titleLanguages: [(code: String, probability: Double)] = [
        ("en", 1.0), ("fr", 0.7), ("sw", 0.5), ("pt", 0.4),
    ]

    /// Categories: slug, parent slug, titles in en/fr/sw/pt (empty: no translation).
    static let categories: [(slug: String, parent: String?, titles: [String])] = [
        ("action", nil, ["Action", "Action", "Mapigano", "Ação"]),
        ("comedy", nil, ["Comedy", "Comédie", "Vichekesho", "Comédia"]),
        ("drama", nil, ["Drama", "Drame", "Tamthilia", "Drama"]),
        ("crime", "drama", ["Crime", "Policier", "", "Crime"]),
        ("romance", "drama", ["Romance", "Romance", "Mapenzi", ""]),
        ("thriller", nil, ["Thriller", "Thriller", "Kusisimua", "Suspense"]),
        ("horror", nil, ["Horror", "Horreur", "Kutisha", "Terror"]),
        ("science-fiction", nil, ["Science Fiction", "Science-fiction", "", "Ficção científica"]),
        ("documentary", nil, ["Documentary", "Documentaire", "Makala", "Documentário"]),
        ("nature", "documentary", ["Nature", "Nature", "Mazingira", "Natureza"]),
        ("kids", nil, ["Kids", "Enfants", "Watoto", "Crianças"]),
        ("preschool", "kids", ["Preschool", "Maternelle", "", "Pré-escolar"]),
        ("animation", "kids", ["Animation", "Animation", "Katuni", "Animação"]),
        ("series", nil, ["Series", "Séries", "Mfululizo", "Séries"]),
        ("reality", "series", ["Reality", "Téléréalité", "", "Reality"]),
        ("sport", nil, ["Sport", "Sport", "Michezo", "Desporto"]),
        ("football", "sport", ["Football", "Football", "Kandanda", "Futebol"]),
        ("rugby", "sport", ["Rugby", "Rugby", "Raga", "Râguebi"]),
        ("basketball", "sport", ["Basketball", "Basket-ball", "Mpira wa kikapu", "Basquetebol"]),
        ("athletics", "sport", ["Athletics", "Athlétisme", "Riadha", "Atletismo"]),
    ]

    /// Genres a movie or series is drawn from (slugs).
    static let genres = [
        "action", "comedy", "drama", "crime", "romance", "thriller", "horror", "science-fiction",
        "documentary",
        "nature", "kids", "preschool", "animation",
    ]

    /// Rating systems: name, territories, whether main, ratings (code, minimum age).
    static let ratingSystems:
        [(system: String, territories: [String], isMain: Bool, ratings: [(String, Int)])] = [
            ("KFCB", ["KE", "UG", "TZ", "RW"], true, [("GE", 0), ("PG", 10), ("16", 16), ("18", 18)]),
            ("FPB", ["ZA"], true, [("A", 0), ("PG", 10), ("13", 13), ("16", 16), ("18", 18)]),
            ("NFVCB", ["NG", "GH"], true, [("G", 0), ("PG", 10), ("12A", 12), ("15", 15), ("18", 18)]),
            ("BBFC", ["GB"], false, [("U", 0), ("PG", 8), ("12A", 12), ("15", 15), ("18", 18)]),
            ("MPA", ["US", "ET"], false, [("G", 0), ("PG", 10), ("PG-13", 13), ("R", 17), ("NC-17", 18)]),
            ("FSK", ["DE"], false, [("0", 0), ("6", 6), ("12", 12), ("16", 16), ("18", 18)]),
            ("CNC", ["FR"], false, [("TP", 0), ("12", 12), ("16", 16), ("18", 18)]),
        ]

    /// Title words with their translations (en, fr, sw, pt). Adjectives precede the noun in
    /// English only.
    static let adjectives: [[String]] = [
        ["Silent", "silencieux", "kimya", "silencioso"], ["Golden", "doré", "ya dhahabu", "dourado"],
        ["Last", "dernier", "ya mwisho", "último"], ["Hidden", "caché", "iliyofichwa", "escondido"],
        ["Broken", "brisé", "iliyovunjika", "quebrado"],
        ["Endless", "infini", "isiyo na mwisho", "infinito"],
        ["Wild", "sauvage", "pori", "selvagem"], ["Dark", "sombre", "giza", "escuro"],
        ["Burning", "brûlant", "inayowaka", "ardente"], ["Lost", "perdu", "iliyopotea", "perdido"],
        ["Northern", "du nord", "ya kaskazini", "do norte"], ["Secret", "secret", "ya siri", "secreto"],
    ]

    /// Title nouns (en, fr, sw, pt).
    static let nouns: [[String]] = [
        ["River", "Rivière", "Mto", "Rio"], ["Harbour", "Port", "Bandari", "Porto"],
        ["Kingdom", "Royaume", "Ufalme", "Reino"], ["Road", "Route", "Barabara", "Estrada"],
        ["Garden", "Jardin", "Bustani", "Jardim"], ["Storm", "Tempête", "Dhoruba", "Tempestade"],
        ["City", "Ville", "Jiji", "Cidade"], ["Promise", "Promesse", "Ahadi", "Promessa"],
        ["Savannah", "Savane", "Nyika", "Savana"], ["Island", "Île", "Kisiwa", "Ilha"],
        ["Summer", "Été", "Kiangazi", "Verão"], ["Frontier", "Frontière", "Mpaka", "Fronteira"],
        ["Market", "Marché", "Soko", "Mercado"], ["Heart", "Cœur", "Moyo", "Coração"],
    ]

    /// Description templates (en, fr, sw, pt), `%@` replaced by the title.
    static let descriptions: [String] = [
        "%@: a story of courage, family and the choices that cost everything.",
        "%@ : une histoire de courage, de famille et de choix qui coûtent tout.",
        "%@: hadithi ya ujasiri, familia na maamuzi yanayogharimu kila kitu.",
        "%@: uma história de coragem, família e escolhas que custam tudo.",
    ]

    /// "Episode" in en, fr, sw, pt.
    static let episodeWords = ["Episode", "Épisode", "Sehemu", "Episódio"]

    /// "Season" in en, fr, sw, pt.
    static let seasonWords = ["Season", "Saison", "Msimu", "Temporada"]

    /// Subscription statuses a license window may admit.
    static let subscriptionStatuses = ["active", "trial", "grace_period", "free"]

    /// Sports: name, category slug, competitions, teams, event length in hours.
    static let sports:
        [(sport: String, category: String, competitions: [String], teams: [String], hours: Int)] = [
            (
                "football", "football",
                [
                    "Premier League", "Kenyan Premier League", "CAF Champions League",
                    "Nigeria Premier Football League",
                ],
                [
                    "Gor Mahia", "AFC Leopards", "Tusker", "Kaizer Chiefs", "Orlando Pirates",
                    "Mamelodi Sundowns",
                    "Enyimba", "Rivers United", "Asante Kotoko", "Hearts of Oak", "Arsenal", "Liverpool",
                    "Manchester City", "Chelsea",
                ], 2
            ),
            (
                "rugby", "rugby", ["Currie Cup", "United Rugby Championship", "Rugby Africa Cup"],
                [
                    "Bulls", "Sharks", "Stormers", "Lions", "Kenya Simbas", "Namibia", "Uganda Cranes",
                    "Zimbabwe",
                ], 2
            ),
            (
                "basketball", "basketball", ["Basketball Africa League", "NBA"],
                [
                    "Petro de Luanda", "Al Ahly", "US Monastir", "Rivers Hoopers", "Celtics", "Lakers",
                    "Nuggets", "Heat",
                ], 3
            ),
            (
                "athletics", "athletics", ["Diamond League", "Kip Keino Classic"],
                [
                    "Men's 10,000 m", "Women's 1500 m", "Men's Marathon", "Women's 800 m",
                    "Men's 3000 m Steeplechase",
                ], 3
            ),
        ]

    /// Home-screen rows, in screen order. Most show now in the main territories; the last four
    /// must not show to a viewer today on a phone with the current app: one starts tomorrow, one
    /// is for TV only, one for API majors up to 134 (the Catalogue is at 138), one has ended.
    static let rows: [DemoRow] = [
        DemoRow(
            slug: "editors-picks",
            titles: ["Editor's picks", "Choix de la rédaction", "Chaguo la mhariri", "Escolhas do editor"],
            content: .curated()),
        DemoRow(
            slug: "trending-now", titles: ["Trending now", "Tendances", "Zinazovuma sasa", "Em alta"],
            content: .curated(), schedule: .showingUntil(days: 14)),
        DemoRow(
            slug: "new-movies", titles: ["New movies", "Nouveaux films", "Filamu mpya", "Filmes novos"],
            content: .query(type: "movie", sort: "newest")),
        DemoRow(
            slug: "live-football",
            titles: ["Live football", "Football en direct", "Kandanda mubashara", "Futebol ao vivo"],
            content: .liveEvents(sport: "football"), minimumAPIMajor: 136),
        DemoRow(
            slug: "movie-night",
            titles: ["Movie night", "Soirée cinéma", "Usiku wa filamu", "Noite de cinema"],
            content: .curated(type: "movie")),
        DemoRow(
            slug: "series-to-binge",
            titles: [
                "Series to binge", "Séries à dévorer", "Mfululizo wa kutazama", "Séries para maratonar",
            ],
            content: .query(type: "tv_series", sort: "title")),
        DemoRow(
            slug: "drama", titles: ["Drama", "Drame", "Tamthilia", "Drama"],
            content: .query(category: "drama", sort: "title")),
        DemoRow(
            slug: "laugh-out-loud",
            titles: ["Laugh out loud", "Éclats de rire", "Vichekesho", "Gargalhadas"],
            content: .query(category: "comedy", sort: "newest")),
        DemoRow(
            slug: "action-packed",
            titles: ["Action-packed", "Pleins d'action", "Mapigano", "Cheios de ação"],
            content: .query(category: "action", sort: "newest")),
        DemoRow(
            slug: "in-french", titles: ["In French", "En français", "Kwa Kifaransa", "Em francês"],
            content: .query(language: "fr", sort: "newest")),
        DemoRow(
            slug: "for-the-kids",
            titles: ["For the kids", "Pour les enfants", "Kwa watoto", "Para os miúdos"],
            content: .query(category: "kids", sort: "title")),
        DemoRow(
            slug: "documentaries", titles: ["Documentaries", "Documentaires", "Makala", "Documentários"],
            content: .query(category: "documentary", sort: "newest")),
        DemoRow(
            slug: "on-the-go", titles: ["On the go", "En déplacement", "Popote ulipo", ""],
            content: .curated(), platforms: ["android", "ios"]),
        DemoRow(
            slug: "popular-in-east-africa",
            titles: [
                "Popular in East Africa", "Populaire en Afrique de l'Est", "Maarufu Afrika Mashariki", "",
            ],
            content: .curated(), territories: ["KE", "TZ", "UG"]),
        DemoRow(
            slug: "coming-tomorrow", titles: ["Coming tomorrow", "Dès demain", "Inakuja kesho", "Amanhã"],
            content: .query(type: "movie", sort: "newest"), schedule: .tomorrow),
        DemoRow(
            slug: "big-screen", titles: ["On the big screen", "Sur grand écran", "Kwenye skrini kubwa", ""],
            content: .curated(), platforms: ["tv"]),
        DemoRow(
            slug: "classics-for-older-apps", titles: ["Classics", "Classiques", "Za zamani", "Clássicos"],
            content: .query(type: "movie", sort: "title"), maximumAPIMajor: 134),
        DemoRow(
            slug: "last-weeks-picks",
            titles: [
                "Last week's picks", "Les choix de la semaine dernière", "Chaguo la wiki iliyopita", "",
            ],
            content: .curated(), schedule: .ended),
    ]
}
