/// A compiled Java-style date pattern (`yyyy-MM-dd'T'HH:mm[:ss]`), the subset Elasticsearch
/// formats use: `y`/`u` year, `M` month (`MMM`/`MMMM` English names), `d` day, `H` hour,
/// `m` minute, `s` second, `S` fraction, `X`/`Z`/`x` offset, `E` English day names (`EEE` `Tue`,
/// `EEEE` `Tuesday`; read, not checked against the date), `'quoted'` literals,
/// `[optional]` sections, and any other non-letter as a literal.
struct DatePattern: Sendable, Equatable {
    indirect enum Element: Sendable, Equatable {
        case literal(String)
        case number(DateComponentsParsed.Field, minDigits: Int, maxDigits: Int)
        case monthName(abbreviated: Bool)
        case dayName(abbreviated: Bool)
        case fraction
        case offset
        case optional([Element])
    }

    let elements: [Element]

    /// Compiles a pattern.
    ///
    /// - Throws: `illegal_argument_exception` "Invalid format: [p]: ..." for letters we do
    ///   not support or unbalanced brackets and quotes.
    init(_ pattern: String) throws {
        var characters = Array(pattern)[...]
        let elements = try Self.compile(&characters, pattern: pattern, nested: false)
        self.elements = elements
    }

    private static func compile(
        _ characters: inout ArraySlice<Character>, pattern: String, nested: Bool
    ) throws -> [Element] {
        var elements: [Element] = []
        while let character = characters.first {
            switch character {
            case "[":
                characters.removeFirst()
                elements.append(.optional(try compile(&characters, pattern: pattern, nested: true)))
            case "]":
                guard nested else { throw invalid(pattern, "unbalanced ']'") }
                characters.removeFirst()
                return elements
            case "'":
                characters.removeFirst()
                var text = ""
                while true {
                    guard let next = characters.popFirst() else {
                        throw invalid(pattern, "unterminated quote")
                    }
                    if next == "'" {
                        if characters.first == "'" {
                            characters.removeFirst()
                            text.append("'")
                        } else {
                            break
                        }
                    } else {
                        text.append(next)
                    }
                }
                elements.append(.literal(text.isEmpty ? "'" : text))
            case _ where character.isLetter && character.isASCII:
                var count = 0
                while characters.first == character {
                    characters.removeFirst()
                    count += 1
                }
                elements.append(try letter(character, count: count, pattern: pattern))
            default:
                characters.removeFirst()
                elements.append(.literal(String(character)))
            }
        }
        if nested { throw invalid(pattern, "unbalanced '['") }
        return elements
    }

    private static func letter(_ letter: Character, count: Int, pattern: String) throws -> Element {
        switch letter {
        case "y", "u", "Y":
            return count == 2
                ? .number(.twoDigitYear, minDigits: 2, maxDigits: 2)
                : .number(.year, minDigits: count == 1 ? 1 : count, maxDigits: max(count, 4))
        case "M", "L":
            if count >= 4 { return .monthName(abbreviated: false) }
            if count == 3 { return .monthName(abbreviated: true) }
            return .number(.month, minDigits: count, maxDigits: 2)
        case "E": return .dayName(abbreviated: count < 4)
        case "d": return .number(.day, minDigits: count, maxDigits: 2)
        case "H": return .number(.hour, minDigits: count, maxDigits: 2)
        case "m": return .number(.minute, minDigits: count, maxDigits: 2)
        case "s": return .number(.second, minDigits: count, maxDigits: 2)
        case "S", "n": return .fraction
        case "X", "Z", "x", "z", "O", "V": return .offset
        default:
            throw invalid(pattern, "Unknown pattern letter: \(letter)")
        }
    }

    private static func invalid(_ pattern: String, _ detail: String) -> ElasticsearchError {
        .illegalArgument("Invalid format: [\(pattern)]: \(detail)")
    }

    /// Parses `text` entirely; `nil` when it does not match.
    func parse(_ text: String) -> DateComponentsParsed? {
        var cursor = Array(text.utf8)[...]
        var components = DateComponentsParsed()
        guard Self.match(elements, &cursor, &components), cursor.isEmpty else { return nil }
        return components
    }

    private static func match(
        _ elements: [Element], _ cursor: inout ArraySlice<UInt8>, _ components: inout DateComponentsParsed
    ) -> Bool {
        for element in elements {
            switch element {
            case .literal(let text):
                let bytes = Array(text.utf8)
                guard cursor.starts(with: bytes) else { return false }
                cursor.removeFirst(bytes.count)
            case .number(let field, let minDigits, let maxDigits):
                guard let value = digits(&cursor, min: minDigits, max: maxDigits) else { return false }
                components.set(field, value)
            case .monthName(let abbreviated):
                guard let month = monthName(&cursor, abbreviated: abbreviated) else { return false }
                components.month = month
            case .dayName(let abbreviated):
                guard name(of: dayNames, &cursor, abbreviated: abbreviated) != nil else { return false }
            case .fraction:
                let start = cursor
                guard let value = digits(&cursor, min: 1, max: 9) else { return false }
                let count = start.count - cursor.count
                var nanos = value
                for _ in count..<9 { nanos *= 10 }
                components.nanos = nanos
            case .offset:
                guard let seconds = offset(&cursor) else { return false }
                components.offsetSeconds = seconds
            case .optional(let inner):
                var trial = cursor
                var trialComponents = components
                if match(inner, &trial, &trialComponents) {
                    cursor = trial
                    components = trialComponents
                }
            }
        }
        return true
    }

    private static func digits(_ cursor: inout ArraySlice<UInt8>, min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        while count < max, let byte = cursor.first, byte >= 0x30, byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            cursor.removeFirst()
            count += 1
        }
        return count >= min ? value : nil
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    private static let dayNames = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    private static func monthName(_ cursor: inout ArraySlice<UInt8>, abbreviated: Bool) -> Int? {
        name(of: monthNames, &cursor, abbreviated: abbreviated)
    }

    /// The 1-based position in `names` of the (case-insensitive) name `cursor` starts with.
    private static func name(of names: [String], _ cursor: inout ArraySlice<UInt8>, abbreviated: Bool) -> Int?
    {
        for (index, name) in names.enumerated() {
            let candidate = Array((abbreviated ? String(name.prefix(3)) : name).utf8)
            guard cursor.count >= candidate.count else { continue }
            let prefix = cursor.prefix(candidate.count).map { $0 | 0x20 }
            if prefix == candidate {
                cursor.removeFirst(candidate.count)
                return index + 1
            }
        }
        return nil
    }

    /// `Z`, `+HH`, `+HHmm` or `+HH:mm` (and `-`), in seconds east of UTC.
    private static func offset(_ cursor: inout ArraySlice<UInt8>) -> Int? {
        guard let sign = cursor.first else { return nil }
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            cursor.removeFirst()
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var trial = cursor.dropFirst()
        guard let hours = digits(&trial, min: 2, max: 2) else { return nil }
        var minutes = 0
        if trial.first == UInt8(ascii: ":") {
            var afterColon = trial.dropFirst()
            guard let value = digits(&afterColon, min: 2, max: 2) else { return nil }
            minutes = value
            trial = afterColon
        } else if let value = digits(&trial, min: 2, max: 2) {
            minutes = value
        }
        guard hours <= 18, minutes < 60 else { return nil }
        cursor = trial
        let seconds = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }
}

/// The fields a date pattern found in a text; absent fields are `nil`.
struct DateComponentsParsed: Sendable, Equatable {
    enum Field: Sendable, Equatable {
        case year, twoDigitYear, month, day, hour, minute, second
    }

    var year: Int?
    var month: Int?
    var day: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    var nanos: Int?
    var offsetSeconds: Int?

    mutating func set(_ field: Field, _ value: Int) {
        switch field {
        case .year: year = value
        case .twoDigitYear: year = 2000 + value
        case .month: month = value
        case .day: day = value
        case .hour: hour = value
        case .minute: minute = value
        case .second: second = value
        }
    }
}
