extension DurationStore {
    /// The durations file a command uses: `--durations FILE` (relative to the current directory), else
    /// `.build/testselect/durations.json` in the repository.
    static func path(option: String?, root: String, context: CommandContext) -> String {
        option.map { Workspace.absolute($0, from: context.currentDirectory) }
            ?? root + "/.build/testselect/durations.json"
    }

    /// Reads the durations file, or warns and starts empty when it cannot be used (durations only
    /// balance work; a damaged cache must not fail a CI run).
    static func loadOrWarn(from path: String, context: CommandContext) -> DurationStore {
        do {
            return try DurationStore.load(from: path)
        } catch {
            context.warn("\(error); balancing without recorded durations")
            return DurationStore()
        }
    }
}
