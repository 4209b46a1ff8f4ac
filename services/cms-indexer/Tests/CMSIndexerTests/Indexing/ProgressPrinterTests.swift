import CLIKit
import CMSIndexer
import Testing

@Suite struct ProgressPrinterTests {
    @Test func withoutATerminalItPrintsALineEveryNDocuments() {
        let stream = TextOutput(isTerminal: false)
        let printer = ProgressPrinter(stream: stream, every: 1_000)
        printer.report(.started(alias: "assetflat", index: "assetflat-1"))
        for documents in stride(from: 500, through: 2_500, by: 500) {
            printer.report(
                .progressed(alias: "assetflat", documents: documents, failed: 0, rows: documents * 30))
        }
        printer.report(.finished(alias: "assetflat", index: "assetflat-1", documents: 2_500, failed: 1))
        #expect(
            stream.text == """
                cms-indexer: assetflat: indexing into 'assetflat-1'
                cms-indexer: assetflat: 1000 documents indexed, 0 failed, 30000 rows read
                cms-indexer: assetflat: 2000 documents indexed, 0 failed, 60000 rows read
                cms-indexer: assetflat: 2500 documents in 'assetflat-1', 1 failed

                """)
    }

    @Test func onATerminalItRedrawsOneStatusLine() {
        let stream = TextOutput(isTerminal: true)
        let printer = ProgressPrinter(stream: stream, every: 1_000_000)
        printer.report(.progressed(alias: "ratings", documents: 10, failed: 0, rows: 10))
        printer.report(.progressed(alias: "ratings", documents: 20, failed: 0, rows: 20))
        printer.report(.deleted(index: "ratings-0"))
        #expect(
            stream.text
                == "\r\u{1B}[2Kratings: 10 documents indexed, 0 failed, 10 rows read"
                + "\r\u{1B}[2Kratings: 20 documents indexed, 0 failed, 20 rows read"
                + "\r\u{1B}[2Kcms-indexer: deleted the old version 'ratings-0'\n")
    }
}
