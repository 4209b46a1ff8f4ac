import CLIKit
import ESEmbeddedServer
import ESModels

/// What `es-embedded` runs with: its streams and the clock the engine reads "now" from.
public struct ESEmbeddedContext: CommandStreams {
    /// Results (stdout).
    public var output: TextOutput
    /// Diagnostics (stderr).
    public var errors: TextOutput
    /// Where "now" comes from (date math, version stamps).
    public var clock: WallClock

    /// Creates a context.
    public init(output: TextOutput, errors: TextOutput, clock: WallClock) {
        self.output = output
        self.errors = errors
        self.clock = clock
    }

    /// This process: its standard streams and the system clock.
    public static func process() -> ESEmbeddedContext {
        ESEmbeddedContext(output: .standardOutput, errors: .standardError, clock: .system)
    }
}
