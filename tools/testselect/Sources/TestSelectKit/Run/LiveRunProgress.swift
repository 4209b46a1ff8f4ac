import Foundation
import TestSelectSupport

/// A live display for a terminal: a status line per running package, redrawn in place every
/// fraction of a second, with finished packages printed above it as they end.
public final class LiveRunProgress: RunProgress, @unchecked Sendable {
    private let stream: OutputStream
    private let total: Int
    private let colors: Bool
    private let lock = NSLock()
    private var running: [(job: PackageJob, phase: PackagePhase, since: ContinuousClock.Instant)] = []
    private var finishedCount = 0
    private var failedCount = 0
    private var drawnLines = 0
    private var frame = 0
    private var closed = false
    private let clock: MonotonicClock
    private var redrawTask: Task<Void, Never>?

    private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Creates a display for `total` packages, redrawing `stream` (a terminal) every 250 ms of
    /// `clock` (the executable passes `.continuous`).
    public init(stream: OutputStream, total: Int, colors: Bool, clock: MonotonicClock) {
        self.stream = stream
        self.total = total
        self.colors = colors
        self.clock = clock
        redrawTask = Task.detached { [weak self, clock] in
            var next = clock.now() + .milliseconds(250)
            while true {
                do { try await clock.sleep(next) } catch { return }
                guard let display = self else { return }
                display.tick()
                next += .milliseconds(250)
            }
        }
    }

    public func update(_ job: PackageJob, phase: PackagePhase) {
        lock.lock()
        defer { lock.unlock() }
        if let index = running.firstIndex(where: { $0.job == job }) {
            running[index].phase = phase
        } else {
            running.append((job, phase, clock.now()))
        }
        redraw(permanent: nil)
    }

    public func finished(_ result: PackageRunResult) {
        lock.lock()
        defer { lock.unlock() }
        running.removeAll { $0.job == result.job }
        finishedCount += 1
        if result.isFailure { failedCount += 1 }
        var text = mark(for: result) + " " + RunSummary.line(for: result) + "\n"
        for line in result.closingLines { text += "    \(line)\n" }
        redraw(permanent: text)
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        redrawTask?.cancel()
        redrawTask = nil
        clear()
        closed = true
    }

    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        frame += 1
        redraw(permanent: nil)
    }

    private func mark(for result: PackageRunResult) -> String {
        if result.isFailure { return paint("✘", code: "31") }
        if result.outcome == .passed { return paint("✔", code: "32") }
        return paint("-", code: "33")
    }

    private func paint(_ text: String, code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Erases the live lines (cursor at the start of the first one). Call with the lock held.
    private func clear() {
        guard drawnLines > 0 else { return }
        stream.write("\u{1B}[\(drawnLines)A\r\u{1B}[J")
        drawnLines = 0
    }

    /// Prints `permanent` (if any) above the live lines and draws them again. Call with the lock held.
    private func redraw(permanent: String?) {
        guard !closed else { return }
        var text = ""
        if drawnLines > 0 { text += "\u{1B}[\(drawnLines)A\r\u{1B}[J" }
        if let permanent { text += permanent }
        let now = clock.now()
        let spin = LiveRunProgress.spinner[frame % LiveRunProgress.spinner.count]
        for entry in running {
            let seconds = Int((now - entry.since).components.seconds)
            text +=
                "  \(paint(spin, code: "36")) \(entry.job.directory)  \(entry.phase.rawValue)  \(seconds)s\n"
        }
        let failed = failedCount > 0 ? ", " + paint("\(failedCount) failed", code: "31") : ""
        text += "  [\(finishedCount)/\(total) packages done\(failed), \(running.count) running]\n"
        drawnLines = running.count + 1
        stream.write(text)
    }
}
