/// Told what a run is doing, to show it.
public protocol RunProgress: Sendable {
    /// A package started a phase.
    func update(_ job: PackageJob, phase: PackagePhase)
    /// A package finished.
    func finished(_ result: PackageRunResult)
    /// The run is over: stop drawing.
    func close()
}

/// Plain lines, one per event, for CI logs and pipes.
public struct PlainRunProgress: RunProgress {
    let stream: OutputStream

    /// Creates a progress writing to `stream`.
    public init(stream: OutputStream) {
        self.stream = stream
    }

    public func update(_ job: PackageJob, phase: PackagePhase) {
        switch phase {
        case .building: stream.write("==> \(job.directory): building (swift build --build-tests)\n")
        case .listing: break
        case .testing:
            let suites = job.coversPackage ? "every suite" : job.suites.joined(separator: ", ")
            stream.write("==> \(job.directory): testing \(suites)\n")
        }
    }

    public func finished(_ result: PackageRunResult) {
        stream.write("==> " + RunSummary.line(for: result) + "\n")
        for line in result.closingLines { stream.write("    \(line)\n") }
    }

    public func close() {}
}
