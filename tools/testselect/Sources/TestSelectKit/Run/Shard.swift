/// One slice of a sharded run: shard `index` of `count` (`--shard 2/4`), counted from 1.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 1.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// Creates a shard; nil unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}
