import CLIKit
import CMSIndexer
import ESModels

/// `--wait SECONDS`, shared by the commands that write to a store.
struct LeaseOption: ArgumentGroup {
    @Option(
        value: "seconds", in: 0...86_400,
        help: "How long to wait while another indexer writes to the store; 0 exits at once.")
    var wait = 0
}

extension CommandContext {
    /// Takes the store's lease, runs `body`, and releases the lease whatever happens.
    func withLease<Result>(
        _ backend: any SearchBackend, wait: Int, _ body: (StoreLease) async throws -> Result
    ) async throws -> Result {
        let lease: StoreLease
        do {
            lease = try await StoreLease.acquire(
                backend: backend, clock: clock, time: time, waiting: .seconds(wait),
                onWait: { [self] in note($0) })
        } catch let error as StoreLeaseError {
            throw error
        } catch {
            throw IndexingError.storeFailed(
                step: "taking the indexer lease", reason: "\(error)", cleanedUp: [])
        }
        lease.keepRenewed()
        do {
            let result = try await body(lease)
            await lease.release()
            return result
        } catch {
            await lease.release()
            throw error
        }
    }
}
