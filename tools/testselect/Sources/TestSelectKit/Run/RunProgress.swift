import Foundation
import TestSelectSupport

/// Told what a run is doing, to show it.
public protocol RunProgress: Sendable {
    /// A package started a phase.
    func update(_ job: PackageJob, phase: PackagePhase)
    /// A package finished.
    func finished(_ result: PackageRunResult)
    /// The run is over: stop drawing.
    func close()
}

/// Plain lines, one per event, for CI logs and pipes, and while a package builds or tests a line
/// every `heartbeat` (10 s by default) saying for how long, with the last line of its log, so that a
/// long build in CI never looks stuck.
public final class PlainRunProgress: RunProgress, @unchecked Sendable {
    let stream: OutputStream
    private let logPath: (@Sendable (PackageJob) -> String)?
    private let lock = NSLock()
    private var running: [String: (job: PackageJob, phase: PackagePhase, since: ContinuousClock.Instant)] =
        [:]
    private let clock: MonotonicClock
    private var heartbeatTask: Task<Void, Never>?

    /// Creates a progress writing to `stream`.
    ///
    /// - Parameters:
    ///   - heartbeat: how often running packages are reported; nil for never.
    ///   - clock: what times the heartbeat and the "after 1m05s" (the executable passes
    ///     `.continuous`, tests a manual clock they advance).
    ///   - logPath: where a package's log is, to quote its last line.
    public init(
        stream: OutputStream, heartbeat: Duration? = .seconds(10), clock: MonotonicClock,
        logPath: (@Sendable (PackageJob) -> String)? = nil
    ) {
        self.stream = stream
        self.logPath = logPath
        self.clock = clock
        guard let heartbeat else { return }
        // Beats keep their cadence (start + n × heartbeat) however long a beat takes.
        heartbeatTask = Task.detached { [weak self, clock] in
            var next = clock.now() + heartbeat
            while true {
                do { try await clock.sleep(next) } catch { return }
                guard let progress = self else { return }
                progress.beat(now: clock.now())
                next += heartbeat
            }
        }
    }

    public func update(_ job: PackageJob, phase: PackagePhase) {
        lock.withLock { running[job.directory] = (job, phase, clock.now()) }
        switch phase {
        case .building: say("==> \(job.directory): building (swift build --build-tests)")
        case .listing: break
        case .testing:
            let suites = job.coversPackage ? "every suite" : job.suites.joined(separator: ", ")
            say("==> \(job.directory): testing \(suites)")
        case .retrying: say("==> \(job.directory): running its failing tests again ('--retries')")
        }
    }

    public func finished(_ result: PackageRunResult) {
        lock.withLock { running[result.job.directory] = nil }
        say("==> " + RunSummary.line(for: result))
        for line in result.closingLines { say("    \(line)") }
        if let cache = result.buildCache { say("    \(cache)") }
    }

    /// Writes one line, names escaped (`NameSafety.visible`).
    private func say(_ line: String) {
        stream.write(NameSafety.visible(line) + "\n")
    }

    public func close() {
        let task = lock.withLock {
            defer { heartbeatTask = nil }
            return heartbeatTask
        }
        task?.cancel()
    }

    private func beat(now: ContinuousClock.Instant) {
        let snapshot = lock.withLock { running.values.sorted { $0.job.directory < $1.job.directory } }
        for (job, phase, since) in snapshot {
            let doing: String
            switch phase {
            case .building: doing = "building"
            case .listing: doing = "listing tests"
            case .testing: doing = "testing"
            case .retrying: doing = "retrying failing tests"
            }
            var line =
                "    \(job.directory): still \(doing) after \(RunSummary.duration(PlainRunProgress.seconds(now - since)))"
            if let logPath, let last = PlainRunProgress.lastLine(of: logPath(job)) { line += ": \(last)" }
            say(line)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The last non-empty line of a file (read from its last 4 KiB), shortened to 120 characters.
    static func lastLine(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        guard let data = try? handle.readToEnd() else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard
            let last = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return nil }
        let trimmed = last.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 120 ? String(trimmed.prefix(117)) + "..." : trimmed
    }
}
