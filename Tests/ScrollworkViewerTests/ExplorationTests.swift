import Scrollwork
@testable import ScrollworkFiles
import Testing
@testable import ScrollworkViewer
import ScrollworkWidgets

/// What a table screen's exploring keys remember while the rows are still coming.
@Suite struct ExplorationTests {
    @Test("what waits for the rows waits in the order asked, once each, through other work begun meanwhile; a cancel forgets it all")
    func waitingKeepsEveryRequest() {
        var exploration = Exploration<TableSourceError>()
        exploration.wait(.save(path: "a.csv", replacing: false), "saving a.csv", at: 0)
        exploration.begin("counting the values of carrier", at: 1)
        exploration.wait(.summary, "summarising 3 columns", at: 2)
        exploration.wait(.save(path: "a.csv", replacing: false), "saving a.csv", at: 3)
        #expect(exploration.waiting == [.summary, .save(path: "a.csv", replacing: false)])
        #expect(exploration.statusPart(at: 3)?.hasPrefix("saving a.csv once every row is read") == true)
        // The summary's rows have come, the save's not yet: the summary is taken alone.
        exploration.stopWaiting(for: [.summary])
        #expect(exploration.waiting == [.save(path: "a.csv", replacing: false)] && exploration.isRunning)
        exploration.stopWaiting(for: [.save(path: "a.csv", replacing: false)])
        #expect(exploration.waiting.isEmpty && !exploration.isRunning, "nothing is said running until it begins")
        exploration.wait(.frequency(column: 2), "counting the values of delay", at: 4)
        #expect(!exploration.cancel().isEmpty && exploration.waiting.isEmpty && !exploration.isRunning)
    }

    @Test("work that ends while something waits for the rows leaves the wait said in the status line, since when it was asked")
    func waitingIsSaidAgain() {
        var exploration = Exploration<TableSourceError>()
        exploration.wait(.save(path: "a.csv", replacing: false), "saving a.csv", at: 10)
        exploration.begin("counting the values of carrier", at: 11)
        #expect(exploration.statusPart(at: 12)?.hasPrefix("counting the values of carrier") == true)
        let counted = Counted(table: FrequencyTable(counts: [:], nulls: 0, total: 0, uncounted: 0, missing: .common), field: 0, title: "carrier", rows: 0)
        let update = WorkUpdate.finished(id: exploration.frequencyKey.id, value: WorkValue(Result<Counted, TableSourceError>.success(counted)))
        guard case .counted? = exploration.handle(update) else {
            Issue.record("the count's end is taken")
            return
        }
        #expect(exploration.statusPart(at: 15) == "saving a.csv once every row is read… 5 s (Esc cancels)", "\(exploration.statusPart(at: 15) ?? "nothing")")
        #expect(exploration.waiting == [.save(path: "a.csv", replacing: false)])
    }
}
