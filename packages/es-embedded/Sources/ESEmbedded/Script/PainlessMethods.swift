import ESModels
import Foundation

/// Operators and the methods of the subset: Java's numeric promotion (integer arithmetic on
/// integers, `/` truncating, `+` concatenating with a string), `String`, `List`, `Map` and
/// doc-values methods, `Math`.
enum PainlessMethods {
    static func binary(_ op: String, _ left: PainlessValue, _ right: PainlessValue, at: Int) throws(PainlessFailure)
        -> PainlessValue
    {
        switch op {
        case "==", "===": return .bool(left.equals(right))
        case "!=", "!==": return .bool(!left.equals(right))
        default: break
        }
        if op == "+" {
            if case .string(let a) = left { return .string(a + text(right)) }
            if case .string(let b) = right { return .string(text(left) + b) }
        }
        if case .int(let a) = left, case .int(let b) = right {
            switch op {
            case "+": return .int(a &+ b)
            case "-": return .int(a &- b)
            case "*": return .int(a &* b)
            case "/", "%":
                guard b != 0 else {
                    throw PainlessFailure(offset: at, type: "arithmetic_exception", reason: "/ by zero", runtime: true)
                }
                return .int(op == "/" ? a / b : a % b)
            case "<": return .bool(a < b)
            case "<=": return .bool(a <= b)
            case ">": return .bool(a > b)
            case ">=": return .bool(a >= b)
            default: break
            }
        }
        if let a = left.number, let b = right.number {
            switch op {
            case "+": return .double(a + b)
            case "-": return .double(a - b)
            case "*": return .double(a * b)
            case "/": return .double(a / b)
            case "%": return .double(a.truncatingRemainder(dividingBy: b))
            case "<": return .bool(a < b)
            case "<=": return .bool(a <= b)
            case ">": return .bool(a > b)
            case ">=": return .bool(a >= b)
            default: break
            }
        }
        if case .string(let a) = left, case .string(let b) = right, ["<", "<=", ">", ">="].contains(op) {
            throw PainlessFailure(
                offset: at, type: "class_cast_exception",
                reason: "Cannot apply [\(op)] to types [java.lang.String] and [java.lang.String].", runtime: true)
        }
        if left.isNull || right.isNull {
            throw PainlessFailure(
                offset: at, type: "null_pointer_exception",
                reason: "Cannot apply [\(op)] to a null value", runtime: true)
        }
        throw PainlessFailure(
            offset: at, type: "class_cast_exception",
            reason: "Cannot apply [\(op)] to types [\(left.typeName)] and [\(right.typeName)].", runtime: true)
    }

    /// Java's `String.valueOf`.
    static func text(_ value: PainlessValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : String(number)
        case .string(let text): text
        case .list(let list): "[" + list.items.map(text).joined(separator: ", ") + "]"
        case .map(let map): "{" + map.order.map { "\($0)=\(text(map.entries[$0] ?? .null))" }.joined(separator: ", ") + "}"
        case .docValues(let values): "[" + values.map(text).joined(separator: ", ") + "]"
        }
    }

    static func key(_ value: PainlessValue, at: Int) throws(PainlessFailure) -> String {
        switch value {
        case .string(let text): return text
        case .int, .double, .bool: return text(value)
        default:
            throw PainlessFailure(
                offset: at, type: "class_cast_exception",
                reason: "es-embedded keys maps by strings, numbers and booleans, not [\(value.typeName)]", runtime: true)
        }
    }

    static func element(_ items: [PainlessValue], _ key: PainlessValue, at: Int) throws(PainlessFailure)
        -> PainlessValue
    {
        guard case .int(let position) = key else {
            throw PainlessFailure(
                offset: at, type: "class_cast_exception",
                reason: "Cannot cast \(key.typeName) to java.lang.Integer", runtime: true)
        }
        guard position >= 0, Int(position) < items.count else {
            throw PainlessFailure(
                offset: at, type: "index_out_of_bounds_exception",
                reason: "Index \(position) out of bounds for length \(items.count)", runtime: true)
        }
        return items[Int(position)]
    }

    static func cast(_ value: PainlessValue, to type: String, at: Int) throws(PainlessFailure) -> PainlessValue {
        switch type {
        case "int", "long", "short", "byte":
            if let number = value.number { return .int(Int64(number.rounded(.towardZero))) }
        case "double", "float":
            if let number = value.number { return .double(number) }
        case "String":
            if case .string = value { return value }
            if value.isNull { return value }
        case "boolean":
            if case .bool = value { return value }
        default:
            return value
        }
        throw PainlessFailure(
            offset: at, type: "class_cast_exception", reason: "Cannot cast \(value.typeName) to \(type)", runtime: true)
    }

    private static func number(_ value: PainlessValue, at: Int) throws(PainlessFailure) -> Double {
        guard let number = value.number else {
            throw PainlessFailure(
                offset: at, type: "class_cast_exception",
                reason: "Cannot cast \(value.typeName) to java.lang.Number", runtime: true)
        }
        return number
    }

    static func call(_ target: PainlessValue, _ name: String, _ arguments: [PainlessValue], at: Int)
        throws(PainlessFailure) -> PainlessValue
    {
        func argument(_ position: Int) throws(PainlessFailure) -> PainlessValue {
            guard position < arguments.count else { throw unknown(target, name, arguments.count, at: at) }
            return arguments[position]
        }
        func integer(_ position: Int) throws(PainlessFailure) -> Int {
            guard case .int(let value) = try argument(position) else {
                throw PainlessFailure(
                    offset: at, type: "class_cast_exception",
                    reason: "Cannot cast \(arguments[position].typeName) to java.lang.Integer", runtime: true)
            }
            return Int(value)
        }
        switch target {
        case .string("class:Math"):
            let values = try arguments.map { (value) throws(PainlessFailure) in try number(value, at: at) }
            let isInteger = arguments.allSatisfy { if case .int = $0 { true } else { false } }
            switch (name, values.count) {
            case ("abs", 1):
                if isInteger, case .int(let value) = arguments[0] { return .int(Swift.abs(value)) }
                return .double(Swift.abs(values[0]))
            case ("max", 2):
                if isInteger, case .int(let a) = arguments[0], case .int(let b) = arguments[1] { return .int(Swift.max(a, b)) }
                return .double(Swift.max(values[0], values[1]))
            case ("min", 2):
                if isInteger, case .int(let a) = arguments[0], case .int(let b) = arguments[1] { return .int(Swift.min(a, b)) }
                return .double(Swift.min(values[0], values[1]))
            case ("log", 1): return .double(Foundation.log(values[0]))
            case ("log10", 1): return .double(Foundation.log10(values[0]))
            case ("log1p", 1): return .double(Foundation.log1p(values[0]))
            case ("exp", 1): return .double(Foundation.exp(values[0]))
            case ("sqrt", 1): return .double(values[0].squareRoot())
            case ("pow", 2): return .double(Foundation.pow(values[0], values[1]))
            case ("floor", 1): return .double(values[0].rounded(.down))
            case ("ceil", 1): return .double(values[0].rounded(.up))
            case ("round", 1): return .int(Int64((values[0] + 0.5).rounded(.down)))
            case ("signum", 1): return .double(values[0] > 0 ? 1 : values[0] < 0 ? -1 : 0)
            case ("random", 0): return .double(Double.random(in: 0..<1))
            default: break
            }
        case .string(let text):
            switch (name, arguments.count) {
            case ("length", 0): return .int(Int64(text.utf16.count))
            case ("isEmpty", 0): return .bool(text.isEmpty)
            case ("toLowerCase", 0): return .string(text.lowercased())
            case ("toUpperCase", 0): return .string(text.uppercased())
            case ("trim", 0): return .string(text.trimmingCharacters(in: .whitespaces))
            case ("contains", 1): return .bool(text.contains(Self.text(try argument(0))))
            case ("startsWith", 1): return .bool(text.hasPrefix(Self.text(try argument(0))))
            case ("endsWith", 1): return .bool(text.hasSuffix(Self.text(try argument(0))))
            case ("equals", 1): return .bool(target.equals(try argument(0)))
            case ("indexOf", 1):
                let needle = Self.text(try argument(0))
                guard let range = text.range(of: needle) else { return .int(-1) }
                return .int(Int64(text.utf16.distance(from: text.startIndex, to: range.lowerBound)))
            case ("replace", 2):
                return .string(text.replacingOccurrences(of: Self.text(arguments[0]), with: Self.text(arguments[1])))
            case ("substring", 1), ("substring", 2):
                let units = Array(text.utf16)
                let from = try integer(0)
                let to = arguments.count == 2 ? try integer(1) : units.count
                guard from >= 0, to <= units.count, from <= to else {
                    throw PainlessFailure(
                        offset: at, type: "string_index_out_of_bounds_exception",
                        reason: "begin \(from), end \(to), length \(units.count)", runtime: true)
                }
                return .string(String(decoding: units[from..<to], as: UTF16.self))
            case ("toString", 0): return target
            default: break
            }
        case .list(let list):
            switch (name, arguments.count) {
            case ("add", 1):
                list.items.append(arguments[0])
                return .bool(true)
            case ("add", 2):
                let position = try integer(0)
                guard position >= 0, position <= list.items.count else {
                    throw PainlessFailure(
                        offset: at, type: "index_out_of_bounds_exception",
                        reason: "Index: \(position), Size: \(list.items.count)", runtime: true)
                }
                list.items.insert(arguments[1], at: position)
                return .null
            case ("addAll", 1):
                if case .list(let other) = arguments[0] { list.items += other.items }
                return .bool(true)
            case ("contains", 1): return .bool(list.items.contains { $0.equals(arguments[0]) })
            case ("indexOf", 1): return .int(Int64(list.items.firstIndex { $0.equals(arguments[0]) } ?? -1))
            case ("size", 0), ("length", 0): return .int(Int64(list.items.count))
            case ("isEmpty", 0): return .bool(list.items.isEmpty)
            case ("get", 1): return try element(list.items, arguments[0], at: at)
            case ("set", 2):
                let previous = try element(list.items, arguments[0], at: at)
                list.items[try integer(0)] = arguments[1]
                return previous
            case ("clear", 0):
                list.items.removeAll()
                return .null
            case ("remove", 1):
                // `List.remove(int)` removes by position (and answers the element), as in Java.
                if case .int = arguments[0] {
                    let removed = try element(list.items, arguments[0], at: at)
                    list.items.remove(at: try integer(0))
                    return removed
                }
                if let position = list.items.firstIndex(where: { $0.equals(arguments[0]) }) {
                    list.items.remove(at: position)
                    return .bool(true)
                }
                return .bool(false)
            default: break
            }
        case .map(let map):
            switch (name, arguments.count) {
            case ("get", 1): return map[try key(arguments[0], at: at)] ?? .null
            case ("getOrDefault", 2): return map[try key(arguments[0], at: at)] ?? arguments[1]
            case ("put", 2):
                let key = try key(arguments[0], at: at)
                let previous = map[key] ?? .null
                map[key] = arguments[1]
                return previous
            case ("containsKey", 1): return .bool(map[try key(arguments[0], at: at)] != nil)
            case ("remove", 1):
                let key = try key(arguments[0], at: at)
                let previous = map[key] ?? .null
                map[key] = nil
                return previous
            case ("size", 0): return .int(Int64(map.entries.count))
            case ("isEmpty", 0): return .bool(map.entries.isEmpty)
            case ("keySet", 0): return .list(PainlessList(map.order.map(PainlessValue.string)))
            case ("values", 0): return .list(PainlessList(map.order.compactMap { map.entries[$0] }))
            default: break
            }
        case .docValues(let values):
            switch (name, arguments.count) {
            case ("size", 0): return .int(Int64(values.count))
            case ("isEmpty", 0): return .bool(values.isEmpty)
            case ("getValue", 0):
                guard let first = values.first else { break }
                return first
            case ("get", 1): return try element(values, arguments[0], at: at)
            case ("contains", 1): return .bool(values.contains { $0.equals(arguments[0]) })
            default: break
            }
        case .null:
            throw PainlessFailure(
                offset: at, type: "null_pointer_exception",
                reason: "Cannot invoke \"\(name)()\" because the value is null", runtime: true)
        case .int, .double:
            if name == "toString", arguments.isEmpty { return .string(text(target)) }
            if name == "doubleValue", arguments.isEmpty, let number = target.number { return .double(number) }
            if name == "intValue" || name == "longValue", arguments.isEmpty, let number = target.number {
                return .int(Int64(number.rounded(.towardZero)))
            }
        default: break
        }
        throw unknown(target, name, arguments.count, at: at)
    }

    private static func unknown(_ target: PainlessValue, _ name: String, _ count: Int, at: Int) -> PainlessFailure {
        let type: String
        if case .string(let text) = target, text.hasPrefix("class:") {
            type = String(text.dropFirst("class:".count))
        } else {
            type = target.typeName
        }
        return PainlessFailure(
            offset: at, type: "illegal_argument_exception",
            reason: "dynamic method [\(type), \(name)/\(count)] not found", runtime: true)
    }
}
