import ESModels
import Foundation

/// A compiled Painless script of the subset ``PainlessNode`` describes, run by a tree-walking
/// interpreter over ``PainlessValue``s.
///
/// ```swift
/// let script = try PainlessScript(Script(source: "ctx._source.n += params.by", params: ["by": 2]))
/// let ctx = PainlessMap(["_source": PainlessValue(source)], order: ["_source"])
/// _ = try script.run(["ctx": .map(ctx)])
/// ```
struct PainlessScript {
    let script: Script
    let source: String
    private let statements: [PainlessStatement]

    /// The functions a context adds (`cosineSimilarity`, ... in scoring).
    typealias Function = ([PainlessValue]) throws(PainlessFailure) -> PainlessValue

    /// Compiles `script`.
    ///
    /// - Throws: `script_exception` "compile error", with Elasticsearch's `script_stack`,
    ///   `position` and cause, for anything outside the subset; `illegal_argument_exception`
    ///   for another language or a stored script.
    init(_ script: Script) throws {
        guard script.lang == "painless" else {
            throw ElasticsearchError.illegalArgument("script_lang not supported [\(script.lang)]")
        }
        guard let source = script.source else {
            throw ElasticsearchError(
                type: "resource_not_found_exception",
                reason: "unable to find script [\(script.id ?? "")] in cluster state", status: 404)
        }
        self.script = script
        self.source = source
        do {
            statements = try PainlessParser.parse(source)
        } catch {
            throw Self.scriptException(error, source: source)
        }
    }

    /// Elasticsearch's `script_exception` for a failure at an offset of `source`.
    static func scriptException(_ failure: PainlessFailure, source: String) -> ElasticsearchError {
        let scalars = Array(source.unicodeScalars)
        let offset = min(max(failure.offset, 0), scalars.count)
        let start = max(0, offset - 25)
        let end = min(scalars.count, offset + 25)
        let excerpt = String(String.UnicodeScalarView(scalars[start..<end]))
        let pointer = String(repeating: " ", count: offset - start) + "^---- HERE"
        let cause = ErrorCause(
            type: "script_exception", reason: failure.runtime ? "runtime error" : "compile error",
            metadata: [
                "script_stack": [.string(excerpt), .string(pointer)], "script": .string(source),
                "lang": "painless",
                "position": ["offset": .int(offset), "start": .int(start), "end": .int(end)],
            ],
            causedBy: ErrorCause(type: failure.type, reason: failure.reason))
        return ElasticsearchError(cause: cause, status: 400)
    }

    /// Runs the script with `variables` (`ctx`, `params`, `doc`, `_score`) and the context's
    /// `functions`; the value of its `return` (or of its last expression statement).
    ///
    /// - Throws: `script_exception` "runtime error" (null access, a bad cast, an index out of
    ///   bounds, a division by zero, an unknown method).
    func run(_ variables: [String: PainlessValue], functions: [String: Function] = [:]) throws
        -> PainlessValue
    {
        var interpreter = PainlessInterpreter(functions: functions)
        interpreter.scopes = [
            variables.merging(["params": PainlessValue(.object(script.params))]) { given, _ in given }
        ]
        do {
            return try interpreter.run(statements)
        } catch {
            throw Self.scriptException(error, source: source)
        }
    }
}

/// The tree-walking interpreter.
struct PainlessInterpreter {
    var scopes: [[String: PainlessValue]] = [[:]]
    let functions: [String: PainlessScript.Function]
    /// Bounds a runaway loop, as Painless bounds loop iterations (`script.max_loop_counter`).
    private var steps = 0

    init(functions: [String: PainlessScript.Function]) {
        self.functions = functions
    }

    private enum Flow {
        case next
        case returned(PainlessValue)
    }

    mutating func run(_ statements: [PainlessStatement]) throws(PainlessFailure) -> PainlessValue {
        var last: PainlessValue = .null
        for statement in statements {
            if case .expression(let node) = statement {
                last = try evaluate(node)
                continue
            }
            if case .returned(let value) = try execute(statement) { return value }
        }
        return last
    }

    private mutating func execute(_ statement: PainlessStatement) throws(PainlessFailure) -> Flow {
        steps += 1
        if steps > 1_000_000 {
            throw PainlessFailure(
                offset: 0, type: "painless_error",
                reason: "The maximum number of statements that can be executed in a loop has been reached.",
                runtime: true)
        }
        switch statement {
        case .expression(let node):
            _ = try evaluate(node)
        case .declare(let name, let value):
            scopes[scopes.count - 1][name] =
                try value.map { (node) throws(PainlessFailure) in try evaluate(node) } ?? .null
        case .block(let body):
            scopes.append([:])
            defer { scopes.removeLast() }
            for inner in body {
                if case .returned(let value) = try execute(inner) { return .returned(value) }
            }
        case .ifElse(let condition, let then, let otherwise):
            if try truth(try evaluate(condition), at: 0) {
                return try execute(then)
            } else if let otherwise {
                return try execute(otherwise)
            }
        case .forEach(let name, let sequence, let body):
            let items: [PainlessValue]
            switch try evaluate(sequence) {
            case .list(let list): items = list.items
            case .docValues(let values): items = values
            case .map(let map): items = map.order.map(PainlessValue.string)
            case let other:
                throw PainlessFailure(
                    offset: 0, type: "class_cast_exception",
                    reason: "Cannot iterate over [\(other.typeName)]", runtime: true)
            }
            for item in items {
                scopes.append([name: item])
                defer { scopes.removeLast() }
                if case .returned(let value) = try execute(body) { return .returned(value) }
            }
        case .returnValue(let value):
            return .returned(try value.map { (node) throws(PainlessFailure) in try evaluate(node) } ?? .null)
        }
        return .next
    }

    // MARK: - Expressions

    private func lookup(_ name: String) -> PainlessValue? {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        return nil
    }

    private mutating func store(_ name: String, _ value: PainlessValue) {
        for position in scopes.indices.reversed() where scopes[position][name] != nil {
            scopes[position][name] = value
            return
        }
        scopes[scopes.count - 1][name] = value
    }

    mutating func evaluate(_ node: PainlessNode) throws(PainlessFailure) -> PainlessValue {
        switch node {
        case .literal(let literal):
            switch literal {
            case .null: return .null
            case .bool(let flag): return .bool(flag)
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            case .string(let text): return .string(text)
            }
        case .variable(let name, let at):
            if let value = lookup(name) { return value }
            if name == "Math" || name == "Integer" || name == "Long" || name == "Double" || name == "String" {
                return .string("class:\(name)")
            }
            throw PainlessFailure(
                offset: at, type: "illegal_argument_exception",
                reason: "cannot resolve symbol [\(name)]", runtime: false)
        case .member(let target, let name, let nullSafe, let at):
            let value = try evaluate(target)
            if nullSafe, value.isNull { return .null }
            return try member(value, name, at: at)
        case .index(let target, let key, let at):
            return try index(try evaluate(target), try evaluate(key), at: at)
        case .call(let receiver, let name, let arguments, let nullSafe, let at):
            var values: [PainlessValue] = []
            for argument in arguments { values.append(try evaluate(argument)) }
            guard let receiver else { return try function(name, values, at: at) }
            let target = try evaluate(receiver)
            if nullSafe, target.isNull { return .null }
            return try PainlessMethods.call(target, name, values, at: at)
        case .unary(let op, let operand, let at):
            let value = try evaluate(operand)
            if op == "!" { return .bool(!(try truth(value, at: at))) }
            switch value {
            case .int(let number): return .int(-number)
            case .double(let number): return .double(-number)
            default: throw castFailure(value, "java.lang.Number", at: at)
            }
        case .binary(let op, let left, let right, let at):
            return try PainlessMethods.binary(op, try evaluate(left), try evaluate(right), at: at)
        case .logical(let and, let left, let right):
            let first = try truth(try evaluate(left), at: 0)
            if and ? !first : first { return .bool(first) }
            return .bool(try truth(try evaluate(right), at: 0))
        case .elvis(let value, let fallback):
            let first = try evaluate(value)
            return first.isNull ? try evaluate(fallback) : first
        case .conditional(let condition, let then, let otherwise):
            return try truth(try evaluate(condition), at: 0) ? try evaluate(then) : try evaluate(otherwise)
        case .assign(let target, let op, let valueNode, let at):
            var value = try evaluate(valueNode)
            if op != "=" {
                let current = try evaluate(target)
                value = try PainlessMethods.binary(String(op.dropLast()), current, value, at: at)
            }
            try assign(target, value, at: at)
            return value
        case .increment(let target, let delta, let prefix, let at):
            let current = try evaluate(target)
            let next = try PainlessMethods.binary("+", current, .int(Int64(delta)), at: at)
            try assign(target, next, at: at)
            return prefix ? next : current
        case .list(let items):
            var values: [PainlessValue] = []
            for item in items { values.append(try evaluate(item)) }
            return .list(PainlessList(values))
        case .map(let entries):
            let map = PainlessMap([:], order: [])
            for (key, value) in entries {
                map[try PainlessMethods.key(try evaluate(key), at: 0)] = try evaluate(value)
            }
            return .map(map)
        case .newObject(let type, _):
            return type.hasSuffix("Map") ? .map(PainlessMap([:], order: [])) : .list(PainlessList([]))
        }
    }

    private mutating func assign(_ target: PainlessNode, _ value: PainlessValue, at: Int)
        throws(PainlessFailure)
    {
        switch target {
        case .variable(let name, _):
            store(name, value)
        case .member(let object, let name, _, let memberAt):
            guard case .map(let map) = try evaluate(object) else {
                throw PainlessFailure(
                    offset: memberAt, type: "null_pointer_exception",
                    reason:
                        "Cannot invoke \"Object.put(Object, Object)\" because the target is null or not a map",
                    runtime: true)
            }
            map[name] = value
        case .index(let object, let keyNode, let indexAt):
            let container = try evaluate(object)
            let key = try evaluate(keyNode)
            switch container {
            case .map(let map): map[try PainlessMethods.key(key, at: indexAt)] = value
            case .list(let list):
                guard case .int(let position) = key, position >= 0, Int(position) < list.items.count else {
                    throw PainlessFailure(
                        offset: indexAt, type: "index_out_of_bounds_exception",
                        reason:
                            "Index \(key.json.compactString) out of bounds for length \(list.items.count)",
                        runtime: true)
                }
                list.items[Int(position)] = value
            default:
                throw PainlessFailure(
                    offset: indexAt, type: "null_pointer_exception",
                    reason: "cannot store a value in [\(container.typeName)]", runtime: true)
            }
        default:
            throw PainlessFailure(
                offset: at, type: "illegal_argument_exception", reason: "invalid assignment", runtime: false)
        }
    }

    private func member(_ value: PainlessValue, _ name: String, at: Int) throws(PainlessFailure)
        -> PainlessValue
    {
        switch value {
        case .map(let map): return map[name] ?? .null
        case .docValues(let values):
            switch name {
            case "value":
                guard let first = values.first else {
                    throw PainlessFailure(
                        offset: at, type: "illegal_state_exception",
                        reason:
                            "A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!",
                        runtime: true)
                }
                return first
            case "values": return .list(PainlessList(values))
            case "empty": return .bool(values.isEmpty)
            case "length": return .int(Int64(values.count))
            default: break
            }
        case .list(let list) where name == "length" || name == "size":
            return .int(Int64(list.items.count))
        case .string("class:Math"):
            if name == "PI" { return .double(Double.pi) }
            if name == "E" { return .double(M_E) }
        case .string("class:Integer"):
            if name == "MAX_VALUE" { return .int(Int64(Int32.max)) }
            if name == "MIN_VALUE" { return .int(Int64(Int32.min)) }
        case .string("class:Long"):
            if name == "MAX_VALUE" { return .int(Int64.max) }
            if name == "MIN_VALUE" { return .int(Int64.min) }
        case .null:
            throw PainlessFailure(
                offset: at, type: "null_pointer_exception",
                reason: "cannot access field [\(name)] of a null value", runtime: true)
        default: break
        }
        throw PainlessFailure(
            offset: at, type: "illegal_argument_exception",
            reason: "dynamic getter [\(value.typeName), \(name)] not found", runtime: true)
    }

    private func index(_ container: PainlessValue, _ key: PainlessValue, at: Int) throws(PainlessFailure)
        -> PainlessValue
    {
        switch container {
        case .map(let map):
            let name = try PainlessMethods.key(key, at: at)
            if map.missingKeysFail, map[name] == nil {
                throw PainlessFailure(
                    offset: at, type: "illegal_argument_exception",
                    reason: "No field found for [\(name)] in mapping",
                    runtime: true)
            }
            return map[name] ?? .null
        case .list(let list):
            return try PainlessMethods.element(list.items, key, at: at)
        case .docValues(let values):
            return try PainlessMethods.element(values, key, at: at)
        case .null:
            throw PainlessFailure(
                offset: at, type: "null_pointer_exception", reason: "cannot read an index of a null value",
                runtime: true)
        default:
            throw PainlessFailure(
                offset: at, type: "illegal_argument_exception",
                reason: "attempting to address a non-array type [\(container.typeName)] as an array",
                runtime: true)
        }
    }

    private func function(_ name: String, _ arguments: [PainlessValue], at: Int) throws(PainlessFailure)
        -> PainlessValue
    {
        if name.hasPrefix("("), let value = arguments.first {
            return try PainlessMethods.cast(value, to: String(name.dropFirst().dropLast()), at: at)
        }
        if let function = functions[name] {
            do {
                return try function(arguments)
            } catch {
                var failure = error
                if failure.offset == 0 { failure.offset = at }
                throw failure
            }
        }
        throw PainlessFailure(
            offset: at, type: "illegal_argument_exception",
            reason: "Unknown call [\(name)] with [\(arguments.count)] arguments.", runtime: false)
    }

    func truth(_ value: PainlessValue, at: Int) throws(PainlessFailure) -> Bool {
        guard case .bool(let flag) = value else { throw castFailure(value, "java.lang.Boolean", at: at) }
        return flag
    }

    private func castFailure(_ value: PainlessValue, _ type: String, at: Int) -> PainlessFailure {
        PainlessFailure(
            offset: at, type: "class_cast_exception",
            reason: "Cannot cast \(value.typeName) to \(type)", runtime: true)
    }
}
