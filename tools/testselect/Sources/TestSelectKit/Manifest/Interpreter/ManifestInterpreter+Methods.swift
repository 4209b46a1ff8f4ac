extension ManifestInterpreter {
    /// The elements of something a `for` loop or a higher-order method walks over, or nil when they
    /// are not known.
    func iterate(_ value: ManifestValue, line: Int) throws(InterpreterStop) -> [ManifestValue]? {
        try sequenceElements(settled(value), line: line)
    }

    func sequenceElements(_ value: ManifestValue, line: Int) throws(InterpreterStop) -> [ManifestValue]? {
        switch value {
        case .array(let elements):
            return elements
        case .dictionary(let pairs):
            return pairs.map {
                .tuple([
                    TupleElement(label: "key", value: $0.key), TupleElement(label: "value", value: $0.value),
                ])
            }
        case .string(let text):
            return text.map { .string(String($0)) }
        case .null:
            return []
        default:
            return nil
        }
    }

    /// A property of a string, array, dictionary, environment or other value.
    func property(of receiver: ManifestValue, _ name: String, line: Int) throws(InterpreterStop)
        -> ManifestValue
    {
        switch (receiver, name) {
        case (.environment, "keys"):
            return .typeName(ManifestInterpreter.environmentKeys)
        case (.array(let elements), "count"): return .integer(elements.count)
        case (.array(let elements), "isEmpty"): return .boolean(elements.isEmpty)
        case (.array(let elements), "first"): return elements.first ?? .null
        case (.array(let elements), "last"): return elements.last ?? .null
        case (.array(let elements), "indices"): return .array(elements.indices.map(ManifestValue.integer))
        case (.array, "lazy"): return receiver
        case (.string(let text), "count"): return .integer(text.count)
        case (.string(let text), "isEmpty"): return .boolean(text.isEmpty)
        case (.string(let text), "first"): return text.first.map { .string(String($0)) } ?? .null
        case (.string(let text), "last"): return text.last.map { .string(String($0)) } ?? .null
        case (.string, "description"): return receiver
        case (.integer(let number), "description"): return .string(String(number))
        case (.boolean(let flag), "description"): return .string(String(flag))
        case (.dictionary(let pairs), "keys"): return .array(pairs.map(\.key))
        case (.dictionary(let pairs), "values"): return .array(pairs.map(\.value))
        case (.dictionary(let pairs), "count"): return .integer(pairs.count)
        case (.dictionary(let pairs), "isEmpty"): return .boolean(pairs.isEmpty)
        case (.member(let caseName), "rawValue"): return .string(ManifestInterpreter.memberName(caseName))
        case (.typeName(let type), _):
            return try typeMember(type, name, line: line)
        default:
            return unknown("'\(describe(receiver)).\(name)'", line)
        }
    }

    static let environmentKeys = " environment keys"

    /// `receiver[index]`.
    func subscriptValue(_ receiver: ManifestValue, _ indices: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        let receiver = settled(receiver)
        guard let index = indices.first.map({ settled($0.value) }) else {
            return unknown("an empty subscript", line)
        }
        switch receiver {
        case .environment:
            guard case .string(let name) = index else {
                return unknown("an environment variable whose name is not known", line)
            }
            return readEnvironment(name)
        case .array(let elements):
            guard case .integer(let position) = index, indices.count == 1 else {
                return unknown("a subscript of an array by '\(describe(index))'", line)
            }
            guard elements.indices.contains(position) else { throw .manifestStops(line: line) }
            return elements[position]
        case .dictionary(let pairs):
            if let pair = pairs.first(where: { $0.key == index }) { return pair.value }
            if let fallback = indices.first(where: { $0.label == "default" }) { return fallback.value }
            return index.isUnknown ? index : .null
        case .unknown, .inert:
            return receiver
        default:
            return unknown("a subscript of '\(describe(receiver))'", line)
        }
    }

    /// `environment["NAME"]`: the value in the host reading; in the union reading the value the
    /// configuration decided, or a value still to be decided.
    func readEnvironment(_ name: String) -> ManifestValue {
        if !environmentReads.contains(name) { environmentReads.append(name) }
        if case .host(let host) = mode {
            return host.environment[name].map(ManifestValue.string) ?? .null
        }
        return settled(.environmentValue(name))
    }

    /// A non-mutating method call.
    func method(_ receiver: ManifestValue, _ name: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        let values = arguments.map { settled($0.value) }
        let first = values.first
        if let value = try callInstanceMethod(receiver, name, arguments, line: line) { return value }
        switch receiver {
        case .typeName(let type) where type == ManifestInterpreter.environmentKeys:
            guard name == "contains", case .string(let variable)? = first else {
                return unknown("the names of every environment variable", line)
            }
            return isPresent(readEnvironment(variable), line: line)
        case .typeName(let type):
            return try typeCall(type, name, arguments, line: line)
        case .unknown:
            return receiver
        case .inert:
            if ["map", "filter", "compactMap", "flatMap", "sorted", "reversed"].contains(name) {
                return .inert
            }
            return unknown("'\(name)' of build settings", line)
        case .null:
            // A method reached through `?.` on nil (or `Optional.map`): nil.
            return .null
        case .environmentValue(let variable):
            if name == "map" || name == "flatMap" {
                if case .unset = try environmentChoice(variable) { return .null }
                guard let function = first, case .function = function else {
                    return unknown("'\(name)'", line)
                }
                return try callValue(
                    function, [ManifestArgument(label: nil, value: settled(receiver))], line: line)
            }
            return environmentText(variable, line)
        case .string(let text):
            return try stringMethod(text, name, values, line: line)
        case .array(let elements):
            return try arrayMethod(elements, name, arguments, line: line)
        case .dictionary(let pairs):
            return try dictionaryMethod(pairs, name, arguments, line: line)
        default:
            if name == "map" || name == "flatMap", let function = first {
                // `Optional.map` on a value that is present.
                return try callValue(function, [ManifestArgument(label: nil, value: receiver)], line: line)
            }
            return unknown("'\(describe(receiver)).\(name)(...)'", line)
        }
    }

    func stringMethod(_ text: String, _ name: String, _ values: [ManifestValue], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        let first = values.first
        func textArgument() -> String? {
            if case .string(let value)? = first { return value }
            return nil
        }
        switch name {
        case "hasPrefix", "hasSuffix", "contains", "starts":
            guard let other = textArgument() else {
                return unknown("'\(name)' of a value that is not text", line)
            }
            switch name {
            case "hasPrefix", "starts": return .boolean(text.hasPrefix(other))
            case "hasSuffix": return .boolean(text.hasSuffix(other))
            default: return .boolean(other.isEmpty || text.contains(other))
            }
        case "lowercased": return .string(text.lowercased())
        case "uppercased": return .string(text.uppercased())
        case "appending":
            guard let other = textArgument() else {
                return unknown("'appending' of a value that is not text", line)
            }
            return .string(text + other)
        case "replacingOccurrences":
            guard values.count == 2, case .string(let target) = values[0],
                case .string(let replacement) = values[1],
                !target.isEmpty
            else { return unknown("'replacingOccurrences' the reader cannot do", line) }
            return .string(
                text.split(separator: Substring(target), omittingEmptySubsequences: false).joined(
                    separator: replacement))
        case "split", "components":
            guard let separator = textArgument(), !separator.isEmpty else {
                return unknown("'\(name)' with a separator the reader does not know", line)
            }
            if name == "split" {
                guard separator.count == 1, let character = separator.first else {
                    return unknown("'split' on more than one character", line)
                }
                return .array(text.split(separator: character).map { .string(String($0)) })
            }
            return .array(
                text.split(separator: Substring(separator), omittingEmptySubsequences: false).map {
                    .string(String($0))
                })
        case "dropFirst", "dropLast":
            var count = 1
            if case .integer(let given)? = first { count = given }
            return .string(String(name == "dropFirst" ? text.dropFirst(count) : text.dropLast(count)))
        default:
            return unknown("the string method '\(name)'", line)
        }
    }

    /// Calls a function argument on each element.
    func mapElements(_ elements: [ManifestValue], _ function: ManifestValue?, line: Int)
        throws(InterpreterStop)
        -> [ManifestValue]
    {
        guard let function else { throw cannot("a higher-order call without a function", line) }
        var result: [ManifestValue] = []
        for element in elements {
            try tick()
            result.append(try callValue(function, [ManifestArgument(label: nil, value: element)], line: line))
        }
        return result
    }

    /// The truth of a predicate's result, deciding it when it depends on the configuration.
    func predicate(_ value: ManifestValue, line: Int) throws(InterpreterStop) -> Bool {
        switch try concrete(settled(value), line: line) {
        case .boolean(let truth):
            return truth
        default:
            throw cannot("a predicate whose result is not known ('\(describe(value))')", line)
        }
    }

    func arrayMethod(_ elements: [ManifestValue], _ name: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        let values = arguments.map { settled($0.value) }
        let first = values.first
        let function = arguments.last.map(\.value)
        switch name {
        case "map":
            return ManifestInterpreter.normalizedArray(try mapElements(elements, function, line: line))
        case "compactMap":
            return ManifestInterpreter.normalizedArray(
                try mapElements(elements, function, line: line).filter { $0 != .null })
        case "flatMap":
            var result: [ManifestValue] = []
            for value in try mapElements(elements, function, line: line) {
                switch settled(value) {
                case .array(let inner): result += inner
                case .null: continue
                case .inert: result.append(.inert)
                case .unknown: return value
                default: result.append(value)
                }
            }
            return ManifestInterpreter.normalizedArray(result)
        case "filter":
            var result: [ManifestValue] = []
            for (element, keep) in zip(elements, try mapElements(elements, function, line: line))
            where try predicate(keep, line: line) {
                result.append(element)
            }
            return .array(result)
        case "forEach":
            _ = try mapElements(elements, function, line: line)
            return .null
        case "contains":
            if arguments.first?.label == "where"
                || (first.map { if case .function = $0 { true } else { false } } ?? false)
            {
                for keep in try mapElements(elements, function, line: line)
                where try predicate(keep, line: line) {
                    return .boolean(true)
                }
                return .boolean(false)
            }
            guard let first else { return unknown("'contains' without an argument", line) }
            var result = ManifestValue.boolean(false)
            for element in elements {
                result = logicalOr(result, equality(element, first, line: line), line: line)
            }
            return result
        case "allSatisfy":
            for keep in try mapElements(elements, function, line: line)
            where !(try predicate(keep, line: line)) {
                return .boolean(false)
            }
            return .boolean(true)
        case "first", "last", "firstIndex", "lastIndex":
            let ordered =
                name.hasPrefix("first") ? Array(elements.enumerated()) : elements.enumerated().reversed()
            for (index, element) in ordered {
                let matches: Bool
                if arguments.first?.label == "of", let first {
                    matches = try predicate(equality(element, first, line: line), line: line)
                } else {
                    matches = try predicate(
                        try callValue(
                            function ?? .null, [ManifestArgument(label: nil, value: element)], line: line),
                        line: line)
                }
                if matches { return name.hasSuffix("Index") ? .integer(index) : element }
            }
            return .null
        case "reduce":
            guard values.count == 2, let function else {
                return unknown("'reduce' the reader cannot do", line)
            }
            if arguments.first?.label == "into" {
                // `reduce(into:)` mutates its accumulator: run it as a loop over a local.
                var accumulator = values[0]
                for element in elements {
                    let cell = state.allocate(accumulator)
                    accumulator = try callInout(function, accumulatorCell: cell, element: element, line: line)
                }
                return accumulator
            }
            var accumulator = values[0]
            for element in elements {
                accumulator = try callValue(
                    function,
                    [
                        ManifestArgument(label: nil, value: accumulator),
                        ManifestArgument(label: nil, value: element),
                    ],
                    line: line)
            }
            return accumulator
        case "sorted":
            if arguments.isEmpty {
                return try sortedValues(elements, line: line)
            }
            return unknown("'sorted(by:)'", line)
        case "reversed":
            return .array(elements.reversed())
        case "enumerated":
            return .array(
                elements.enumerated().map {
                    .tuple([
                        TupleElement(label: "offset", value: .integer($0)),
                        TupleElement(label: "element", value: $1),
                    ])
                })
        case "joined":
            if elements.allSatisfy({ if case .string = $0 { true } else { false } }) {
                var separator = ""
                if case .string(let given)? = first { separator = given }
                return .string(
                    elements.compactMap { if case .string(let text) = $0 { text } else { nil } }.joined(
                        separator: separator))
            }
            var result: [ManifestValue] = []
            for element in elements {
                guard case .array(let inner) = element else { return unknown("'joined' of this array", line) }
                result += inner
            }
            return .array(result)
        case "dropFirst", "dropLast", "prefix", "suffix":
            var count = name.hasPrefix("drop") ? 1 : elements.count
            if case .integer(let given)? = first { count = given }
            switch name {
            case "dropFirst": return .array(Array(elements.dropFirst(count)))
            case "dropLast": return .array(Array(elements.dropLast(count)))
            case "prefix": return .array(Array(elements.prefix(count)))
            default: return .array(Array(elements.suffix(count)))
            }
        case "union", "intersection", "subtracting", "symmetricDifference":
            guard
                let other = try first.flatMap({ (value) throws(InterpreterStop) in
                    try sequenceElements(value, line: line)
                })
            else {
                return unknown("'\(name)' with a value that is not a collection", line)
            }
            var result: [ManifestValue] = []
            switch name {
            case "union":
                for element in elements + other where !result.contains(element) { result.append(element) }
            case "intersection":
                for element in elements where other.contains(element) && !result.contains(element) {
                    result.append(element)
                }
            case "subtracting":
                for element in elements where !other.contains(element) && !result.contains(element) {
                    result.append(element)
                }
            default:
                for element in elements + other
                where !(elements.contains(element) && other.contains(element)) && !result.contains(element) {
                    result.append(element)
                }
            }
            return .array(result)
        case "min", "max":
            guard arguments.isEmpty, case .array(let sorted) = try sortedValues(elements, line: line) else {
                return unknown("'\(name)' the reader cannot do", line)
            }
            return (name == "min" ? sorted.first : sorted.last) ?? .null
        case "isSuperset", "isSubset":
            guard
                let other = try first.flatMap({ (value) throws(InterpreterStop) in
                    try sequenceElements(value, line: line)
                })
            else {
                return unknown("'\(name)' with a value that is not a collection", line)
            }
            return .boolean(
                name == "isSuperset"
                    ? other.allSatisfy(elements.contains) : elements.allSatisfy(other.contains))
        default:
            return unknown("the array method '\(name)'", line)
        }
    }

    func sortedValues(_ elements: [ManifestValue], line: Int) throws(InterpreterStop) -> ManifestValue {
        if elements.allSatisfy({ if case .string = $0 { true } else { false } }) {
            return .array(
                elements.compactMap { if case .string(let text) = $0 { text } else { nil } }.sorted().map(
                    ManifestValue.string))
        }
        if elements.allSatisfy({ if case .integer = $0 { true } else { false } }) {
            return .array(
                elements.compactMap { if case .integer(let number) = $0 { number } else { nil } }.sorted()
                    .map(ManifestValue.integer))
        }
        return unknown("sorting values that are not text or numbers", line)
    }

    /// Calls `reduce(into:)`'s closure with its accumulator as a shared cell.
    func callInout(_ function: ManifestValue, accumulatorCell: Int, element: ManifestValue, line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        guard case .function(let value) = function, case .closure(let id) = value.kind,
            let closure = closures[id]
        else {
            throw cannot("'reduce(into:)' with a function that is not a closure", line)
        }
        let saved = state.scopes
        state.scopes = [state.scopes[0], value.captures, [:]]
        defer { state.scopes = saved }
        let names = closure.parameters.isEmpty ? ["$0", "$1"] : closure.parameters
        guard names.count == 2 else { throw cannot("'reduce(into:)' with a closure of one parameter", line) }
        state.scopes[state.scopes.count - 1][names[0]] = accumulatorCell
        state.declare(names[1], element)
        _ = try functionBody(closure.body, line: line)
        return state.cells[accumulatorCell]
    }

    func dictionaryMethod(
        _ pairs: [DictionaryPair], _ name: String, _ arguments: [ManifestArgument], line: Int
    )
        throws(InterpreterStop) -> ManifestValue
    {
        let entries: [ManifestValue] = pairs.map {
            .tuple([TupleElement(label: "key", value: $0.key), TupleElement(label: "value", value: $0.value)])
        }
        switch name {
        case "mapValues", "compactMapValues":
            var result: [DictionaryPair] = []
            for pair in pairs {
                let value = try callValue(
                    arguments.last?.value ?? .null, [ManifestArgument(label: nil, value: pair.value)],
                    line: line)
                if name == "compactMapValues", value == .null { continue }
                result.append(DictionaryPair(key: pair.key, value: value))
            }
            return .dictionary(result)
        case "filter":
            var result: [DictionaryPair] = []
            for (pair, entry) in zip(pairs, entries) {
                let keep = try callValue(
                    arguments.last?.value ?? .null, [ManifestArgument(label: nil, value: entry)], line: line)
                if try predicate(keep, line: line) { result.append(pair) }
            }
            return .dictionary(result)
        case "merging":
            guard case .dictionary(let other)? = arguments.first?.value else {
                return unknown("'merging' with a value that is not a dictionary", line)
            }
            var result = pairs
            for pair in other {
                if let index = result.firstIndex(where: { $0.key == pair.key }) {
                    result[index].value = try callValue(
                        arguments.last?.value ?? .null,
                        [
                            ManifestArgument(label: nil, value: result[index].value),
                            ManifestArgument(label: nil, value: pair.value),
                        ],
                        line: line)
                } else {
                    result.append(pair)
                }
            }
            return .dictionary(result)
        default:
            return try arrayMethod(entries, name, arguments, line: line)
        }
    }
}
