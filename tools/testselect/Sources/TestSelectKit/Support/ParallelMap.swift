import Dispatch
import Foundation

/// Order-preserving parallel map over the machine's cores, for independent CPU-bound or
/// process-bound work (reading hundreds of manifests, a few `dump-package` runs).
public enum ParallelMap {
    /// `inputs.map(transform)`, `width` at a time.
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], width: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1, width > 1 else { return inputs.map(transform) }
        let results = ResultSlots<Output>(count: inputs.count)
        let chunks = min(width, inputs.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var index = chunk
            while index < inputs.count {
                results.set(index, transform(inputs[index]))
                index += chunks
            }
        }
        return results.values()
    }
}

/// Slots written by distinct indices from concurrent workers, read after they all finished.
private final class ResultSlots<Output: Sendable>: @unchecked Sendable {
    private var slots: [Output?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Output) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Output] {
        slots.compactMap { $0 }
    }
}
