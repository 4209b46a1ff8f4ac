extension ManifestInterpreter {
    /// `place op value`.
    func assign(_ target: Expression, op: String, value: Expression, line: Int) throws(InterpreterStop) {
        let newValue = try evaluate(value)
        if case .identifier("_", _) = target { return }
        try modify(target, line: line) { (current) throws(InterpreterStop) in
            switch op {
            case "=":
                current = newValue
            case "+=":
                current = self.add(self.settled(current), self.settled(newValue), line: line)
            case "-=", "*=", "/=", "%=":
                current = try self.binary(
                    String(op.dropLast()), self.settled(current), self.settled(newValue), line: line)
            case "&&=", "||=":
                current =
                    op == "&&="
                    ? self.logicalAnd(current, newValue, line: line)
                    : self.logicalOr(current, newValue, line: line)
            case "??=":
                if case .null = current { current = newValue }
            default:
                current = self.unknown("the operator '\(op)'", line)
            }
        }
    }

    /// Changes the value at a place (a variable, a property of an object, an element) in place.
    func modify(
        _ place: Expression, line: Int, _ change: (inout ManifestValue) throws(InterpreterStop) -> Void
    )
        throws(InterpreterStop)
    {
        switch place {
        case .identifier(let name, _):
            guard let cell = state.cell(named: name) else {
                throw cannot("'\(name)' is changed but was never declared in the manifest", line)
            }
            // Moved out of the cell while it changes, so that an array is changed in place, not copied.
            var value = state.cells[cell]
            state.cells[cell] = .null
            do {
                try change(&value)
            } catch {
                state.cells[cell] = value
                throw error
            }
            if state.inertCells.contains(cell), value != .null { value = .inert }
            state.cells[cell] = value
        case .member(let base, let field, _):
            if typePath(base) != nil {
                throw cannot("a change to the static property '\(describe(place))'", line)
            }
            var receiver = settled(try evaluate(base))
            if case .call = receiver {
                try modify(base, line: line) { (value) throws(InterpreterStop) in
                    value = self.materialize(value, as: .target)
                }
                receiver = try evaluate(base)
            }
            switch receiver {
            case .object(let id):
                if ManifestProgram.settingsFields.contains(field) { return }
                var value = objectField(id, field, line: line)
                let hadField = state.objects[id].field(field) != nil
                if hadField { state.objects[id].setField(field, .null) }  // changed in place, not copied
                do {
                    try change(&value)
                } catch {
                    if hadField { state.objects[id].setField(field, value) }
                    throw error
                }
                setObjectField(id, field, value)
            case .inert:
                return
            case .null:
                return  // optional chaining on nil changes nothing
            case .unknown(let why):
                if ManifestProgram.settingsFields.contains(field) { return }
                throw .cannotEvaluate(why)
            default:
                if ManifestProgram.settingsFields.contains(field) { return }
                try modify(base, line: line) { (value) throws(InterpreterStop) in
                    guard case .tuple(var elements) = value,
                        let index = elements.firstIndex(where: { $0.label == field }) ?? Int(field)
                    else {
                        throw self.cannot("a change to '\(self.describe(place))'", line)
                    }
                    try change(&elements[index].value)
                    value = .tuple(elements)
                }
            }
        case .subscriptAccess(let base, let arguments, _):
            let indices = try evaluateArguments(arguments)
            guard let index = indices.first.map({ settled($0.value) }) else {
                throw cannot("an empty subscript", line)
            }
            try modify(base, line: line) { (container) throws(InterpreterStop) in
                switch self.settled(container) {
                case .array(var elements):
                    guard case .integer(let position) = index, elements.indices.contains(position) else {
                        throw InterpreterStop.manifestStops(line: line)
                    }
                    try change(&elements[position])
                    container = .array(elements)
                case .dictionary(var pairs):
                    if let position = pairs.firstIndex(where: { $0.key == index }) {
                        try change(&pairs[position].value)
                        if pairs[position].value == .null { pairs.remove(at: position) }
                    } else {
                        var value = indices.first(where: { $0.label == "default" })?.value ?? .null
                        try change(&value)
                        if value != .null { pairs.append(DictionaryPair(key: index, value: value)) }
                    }
                    container = .dictionary(pairs)
                case .inert:
                    return
                default:
                    throw self.cannot("a change to an element of '\(self.describe(container))'", line)
                }
            }
        case .postfix(_, let base, _):
            try modify(base, line: line) { (value) throws(InterpreterStop) in
                if case .null = value { return }
                try change(&value)
            }
        default:
            throw cannot("a change to '\(describe(place))'", line)
        }
    }

    func setObjectField(_ id: Int, _ field: String, _ value: ManifestValue) {
        var value = value
        let object = state.objects[id]
        if object.kind == .package, field == "targets" { value = materialize(value, as: .target) }
        if object.kind == .package, field == "products" { value = materialize(value, as: .product) }
        state.objects[id].setField(field, value)
    }

    /// `place.append(x)`, `place.insert(x, at: 0)`, `place.removeAll(where:)`, ...
    func mutatingCall(_ place: Expression, _ name: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        var result = ManifestValue.null
        do {
            try modify(place, line: line) { (value) throws(InterpreterStop) in
                result = try self.mutate(&value, name, arguments, line: line)
            }
        } catch {
            // A receiver that is not a place (a call's result): run the method on a copy.
            guard case .cannotEvaluate = error, case .call = place else { throw error }
            var value = try evaluate(place)
            result = try mutate(&value, name, arguments, line: line)
        }
        return result
    }

    func mutate(_ value: inout ManifestValue, _ name: String, _ arguments: [ManifestArgument], line: Int)
        throws(InterpreterStop) -> ManifestValue
    {
        let first = arguments.first.map { settled($0.value) }
        value = settled(value)
        // Arrays and dictionaries are taken out of `value` before they change, so that they are the
        // only reference to their storage and change in place (a `switch` would hold a copy).
        if case .array = value {
            guard case .array(var elements) = value else { return .null }
            value = .null
            defer { value = ManifestInterpreter.normalizedArray(elements) }
            return try mutateArray(&elements, name, arguments, first, line: line)
        }
        if case .dictionary = value {
            guard case .dictionary(var pairs) = value else { return .null }
            value = .null
            defer { value = .dictionary(pairs) }
            return try mutateDictionary(&pairs, name, arguments, first, line: line)
        }
        switch value {
        case .inert:
            return .null
        case .unknown:
            return .null
        case .string(let text):
            guard name == "append", case .string(let other)? = first else {
                throw cannot("the string method '\(name)'", line)
            }
            value = .string(text + other)
            return .null
        case .boolean(let flag) where name == "toggle":
            value = .boolean(!flag)
            return .null
        case .null:
            return .null
        default:
            throw cannot("'\(name)' on '\(describe(value))'", line)
        }
    }

    private func mutateArray(
        _ elements: inout [ManifestValue], _ name: String, _ arguments: [ManifestArgument],
        _ first: ManifestValue?,
        line: Int
    ) throws(InterpreterStop) -> ManifestValue {
        switch (name, arguments.first?.label) {
        case ("append", nil):
            elements.append(first ?? .null)
        case ("append", "contentsOf"), ("insert", "contentsOf"), ("formUnion", nil):
            let given = first ?? .null
            if given == .inert {
                elements.append(.inert)
                break
            }
            guard let added = try sequenceElements(given, line: line) else {
                if case .unknown(let why) = given { throw .cannotEvaluate(why) }
                throw cannot("'\(name)' of a value that is not a collection", line)
            }
            if name == "formUnion" {
                for element in added where !elements.contains(element) { elements.append(element) }
            } else if name == "insert", case .integer(let position)? = arguments.last?.value,
                (0...elements.count).contains(position)
            {
                elements.insert(contentsOf: added, at: position)
            } else if name == "insert" {
                throw cannot("'insert(contentsOf:at:)' at a position the reader does not know", line)
            } else {
                elements += added
            }
        case ("insert", nil):
            if arguments.count == 2 {
                guard case .integer(let position) = settled(arguments[1].value),
                    (0...elements.count).contains(position)
                else { throw cannot("'insert(_:at:)' at a position the reader does not know", line) }
                elements.insert(first ?? .null, at: position)
            } else if let first, !elements.contains(first) {
                elements.append(first)  // `Set.insert`
            }
        case ("remove", "at"):
            guard case .integer(let position)? = first, elements.indices.contains(position) else {
                throw InterpreterStop.manifestStops(line: line)
            }
            return elements.remove(at: position)
        case ("remove", nil):
            guard let first else { throw cannot("'remove' without an argument", line) }
            if let position = elements.firstIndex(of: first) { return elements.remove(at: position) }
            return .null
        case ("removeAll", nil) where arguments.isEmpty, ("removeAll", "keepingCapacity"):
            elements.removeAll()
        case ("removeAll", "where"), ("removeAll", nil):
            let function = arguments.last?.value
            var kept: [ManifestValue] = []
            for element in elements {
                let remove = try callValue(
                    function ?? .null, [ManifestArgument(label: nil, value: element)], line: line)
                if !(try predicate(remove, line: line)) { kept.append(element) }
            }
            elements = kept
        case ("removeFirst", _), ("removeLast", _), ("popLast", _), ("popFirst", _):
            var count = 1
            if case .integer(let given)? = first { count = given }
            guard elements.count >= count else {
                if name.hasPrefix("pop") { return .null }
                throw InterpreterStop.manifestStops(line: line)
            }
            let removed = name == "removeFirst" || name == "popFirst" ? elements.first : elements.last
            if name == "removeFirst" || name == "popFirst" {
                elements.removeFirst(count)
            } else {
                elements.removeLast(count)
            }
            return arguments.isEmpty ? (removed ?? .null) : .null
        case ("reverse", _):
            elements.reverse()
        case ("sort", _) where arguments.isEmpty:
            if case .array(let sorted) = try sortedValues(elements, line: line) { elements = sorted }
        case ("subtract", nil):
            guard
                let removed = try first.flatMap({ (given) throws(InterpreterStop) in
                    try sequenceElements(given, line: line)
                })
            else { throw cannot("'subtract' of a value that is not a collection", line) }
            elements.removeAll { removed.contains($0) }
        default:
            throw cannot("the array method '\(name)'", line)
        }
        return .null
    }

    private func mutateDictionary(
        _ pairs: inout [DictionaryPair], _ name: String, _ arguments: [ManifestArgument],
        _ first: ManifestValue?,
        line: Int
    ) throws(InterpreterStop) -> ManifestValue {
        switch name {
        case "updateValue":
            guard arguments.count == 2 else { throw cannot("'updateValue' the reader cannot do", line) }
            let key = settled(arguments[1].value)
            if let position = pairs.firstIndex(where: { $0.key == key }) {
                let old = pairs[position].value
                pairs[position].value = arguments[0].value
                return old
            }
            pairs.append(DictionaryPair(key: key, value: arguments[0].value))
        case "removeValue":
            if let key = first, let position = pairs.firstIndex(where: { $0.key == key }) {
                return pairs.remove(at: position).value
            }
        case "merge":
            guard case .dictionary(let other)? = first else {
                throw cannot("'merge' of a value that is not a dictionary", line)
            }
            for pair in other {
                if let position = pairs.firstIndex(where: { $0.key == pair.key }) {
                    pairs[position].value = try callValue(
                        arguments.last?.value ?? .null,
                        [
                            ManifestArgument(label: nil, value: pairs[position].value),
                            ManifestArgument(label: nil, value: pair.value),
                        ], line: line)
                } else {
                    pairs.append(pair)
                }
            }
        case "removeAll":
            pairs.removeAll()
        default:
            throw cannot("the dictionary method '\(name)'", line)
        }
        return .null
    }
}
