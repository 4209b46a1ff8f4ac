/// A `Package`, `Target` or `Product` object: the factory that made it and its properties.
struct HeapObject: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case package, target, product
    }

    var kind: Kind
    /// `Package`, `target`, `testTarget`, `library`, ...
    var factory: String
    /// Properties by label, in the order they were first given.
    var fields: [ManifestArgument]

    func field(_ label: String) -> ManifestValue? {
        fields.first { $0.label == label }?.value
    }

    mutating func setField(_ label: String, _ value: ManifestValue) {
        if let index = fields.firstIndex(where: { $0.label == label }) {
            fields[index].value = value
        } else {
            fields.append(ManifestArgument(label: label, value: value))
        }
    }
}

/// Everything a manifest's run has computed so far: variables (as cells, so that closures share
/// them), objects, and the scopes in force. A value type, so a branch can be run from a copy.
struct InterpreterState: Sendable, Hashable {
    /// Variable storage; scopes map names to indices here.
    var cells: [ManifestValue] = []
    var objects: [HeapObject] = []
    /// Innermost last; the first is the top level.
    var scopes: [[String: Int]] = [[:]]
    /// Cells declared with a build-settings type: whatever they are given is `.inert`.
    var inertCells: Set<Int> = []

    mutating func allocate(_ value: ManifestValue) -> Int {
        cells.append(value)
        return cells.count - 1
    }

    mutating func allocateObject(_ object: HeapObject) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// The cell a name refers to, innermost scope first.
    func cell(named name: String) -> Int? {
        for scope in scopes.reversed() {
            if let cell = scope[name] { return cell }
        }
        return nil
    }

    mutating func declare(_ name: String, _ value: ManifestValue) {
        let cell = allocate(value)
        scopes[scopes.count - 1][name] = cell
    }

    /// Whether two states are the same computation: same variables in scope with the same values,
    /// following cells and objects wherever they are (their numbering may differ).
    func isEquivalent(to other: InterpreterState) -> Bool {
        if self == other { return true }
        guard scopes.count == other.scopes.count else { return false }
        var comparison = StateComparison(left: self, right: other)
        for (left, right) in zip(scopes, other.scopes) {
            guard left.keys.sorted() == right.keys.sorted() else { return false }
            for (name, cell) in left {
                guard let otherCell = right[name], comparison.cells(cell, otherCell) else { return false }
            }
        }
        return true
    }
}

/// Compares the parts of two states reachable from their scopes, pairing cells and objects.
private struct StateComparison {
    let left: InterpreterState
    let right: InterpreterState
    var pairedCells: [Int: Int] = [:]
    var pairedObjects: [Int: Int] = [:]

    mutating func cells(_ a: Int, _ b: Int) -> Bool {
        if let paired = pairedCells[a] { return paired == b }
        pairedCells[a] = b
        return values(left.cells[a], right.cells[b])
    }

    mutating func objects(_ a: Int, _ b: Int) -> Bool {
        if let paired = pairedObjects[a] { return paired == b }
        pairedObjects[a] = b
        let x = left.objects[a]
        let y = right.objects[b]
        guard x.kind == y.kind, x.factory == y.factory, x.fields.count == y.fields.count else { return false }
        for (p, q) in zip(x.fields, y.fields) {
            guard p.label == q.label, values(p.value, q.value) else { return false }
        }
        return true
    }

    mutating func values(_ a: ManifestValue, _ b: ManifestValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return objects(x, y)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where !values(p, q) { return false }
            return true
        case (.dictionary(let x), .dictionary(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where !(values(p.key, q.key) && values(p.value, q.value)) { return false }
            return true
        case (.tuple(let x), .tuple(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where !(p.label == q.label && values(p.value, q.value)) { return false }
            return true
        case (.call(let f, let x), .call(let g, let y)), (.record(let f, let x), .record(let g, let y)):
            guard f == g, x.count == y.count else { return false }
            for (p, q) in zip(x, y) where !(p.label == q.label && values(p.value, q.value)) { return false }
            return true
        case (.function(let f), .function(let g)):
            guard f.kind == g.kind, f.captures.keys.sorted() == g.captures.keys.sorted() else { return false }
            for (name, cell) in f.captures {
                guard let other = g.captures[name], cells(cell, other) else { return false }
            }
            return true
        default:
            return a == b
        }
    }
}

/// How a statement list ended.
enum ControlFlow: Sendable, Hashable {
    case normal
    case returned(ManifestValue)
    case broke
    case continued
}

/// Why a run of the interpreter stopped early.
enum InterpreterStop: Error, Sendable {
    /// A speculative run of a branch needed a decision; the caller decides instead.
    case needsDecision
    /// `fatalError`, `throw`, a failed `precondition`, a nil force-unwrapped: the manifest stops
    /// in this configuration.
    case manifestStops(line: Int)
    /// Too much work (a loop that does not end): the reading is abandoned.
    case budgetExceeded
    /// Something that could change the package cannot be evaluated.
    case cannotEvaluate(UnknownValue)
}
