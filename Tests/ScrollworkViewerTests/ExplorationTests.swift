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
        exploration.begin("counting the values of carrier", under: exploration.frequencyKey.id, at: 1)
        exploration.wait(.summary, "summarising 3 columns", at: 2)
        exploration.wait(.save(path: "a.csv", replacing: false), "saving a.csv", at: 3)
        #expect(exploration.waiting == [.summary, .save(path: "a.csv", replacing: false)])
        #expect(exploration.statusPart(at: 3) == "counting the values of carrier… 2 s · saving a.csv once every row is read… 0 s (Esc cancels)",
                "\(exploration.statusPart(at: 3) ?? "nothing")")
        // The summary's rows have come, the save's not yet: the summary is taken alone.
        exploration.stopWaiting(for: [.summary])
        #expect(exploration.waiting == [.save(path: "a.csv", replacing: false)] && exploration.isRunning)
        exploration.stopWaiting(for: [.save(path: "a.csv", replacing: false)])
        #expect(exploration.waiting.isEmpty && exploration.statusPart(at: 4)?.hasPrefix("counting the values of carrier") == true)
        exploration.wait(.frequency(column: 2), "counting the values of delay", at: 4)
        #expect(Self.cancelled(exploration.cancel()) == [exploration.frequencyKey.id] && exploration.waiting.isEmpty && !exploration.isRunning)
        exploration.wait(.summary, "summarising 3 columns", at: 5)
        #expect(exploration.isRunning && exploration.cancel().isEmpty && !exploration.isRunning, "what only waits is forgotten, with nothing to stop")
    }

    @Test("work that ends while something waits for the rows leaves the wait said in the status line, since when it was asked")
    func waitingIsSaidAgain() {
        var exploration = Exploration<TableSourceError>()
        exploration.wait(.save(path: "a.csv", replacing: false), "saving a.csv", at: 10)
        exploration.begin("counting the values of carrier", under: exploration.frequencyKey.id, at: 11)
        #expect(exploration.statusPart(at: 12)?.hasPrefix("counting the values of carrier") == true)
        guard case .counted? = exploration.handle(Self.counted(exploration)) else {
            Issue.record("the count's end is taken")
            return
        }
        #expect(exploration.statusPart(at: 15) == "saving a.csv once every row is read… 5 s (Esc cancels)", "\(exploration.statusPart(at: 15) ?? "nothing")")
        #expect(exploration.waiting == [.save(path: "a.csv", replacing: false)])
    }

    @Test("a save and a frequency table run side by side: each is said with its own share and seconds until it ends, and a cancel stops both")
    func workRunsSideBySide() {
        var exploration = Exploration<TableSourceError>()
        exploration.begin("saving a.csv", under: exploration.saveKey.id, at: 10)
        exploration.begin("counting the values of carrier", under: exploration.frequencyKey.id, at: 12)
        guard case .progressed? = exploration.handle(.progress(id: exploration.saveKey.id, fraction: 0.25)) else {
            Issue.record("the save's progress is taken")
            return
        }
        #expect(exploration.statusPart(at: 13.5) == "saving a.csv… 25% · counting the values of carrier… 1 s (Esc cancels)", "\(exploration.statusPart(at: 13.5) ?? "nothing")")
        #expect(exploration.nextSecond(after: 13.5) == 14, "the count's seconds tick")
        _ = exploration.handle(Self.counted(exploration))
        #expect(exploration.statusPart(at: 20) == "saving a.csv… 25% (Esc cancels)", "the save is still said once the count has ended")
        exploration.begin("counting the values of origin", under: exploration.frequencyKey.id, at: 21)
        exploration.begin("counting the values of dest", under: exploration.frequencyKey.id, at: 22)
        #expect(exploration.running.map(\.what) == ["saving a.csv", "counting the values of dest"], "a count begun again takes its key's place")
        #expect(exploration.cancel(exploration.summaryKey.id).isEmpty && exploration.running.count == 2, "no summary runs to stop")
        #expect(Self.cancelled(exploration.cancel()) == [exploration.saveKey.id, exploration.frequencyKey.id] && !exploration.isRunning)
        #expect(exploration.statusPart(at: 23) == nil && exploration.nextSecond(after: 23) == nil)
    }

    /// The work `requests` cancel.
    static func cancelled(_ requests: [WorkRequest]) -> [WorkID] {
        requests.compactMap { if case let .cancel(id) = $0 { id } else { nil } }
    }

    /// The end of a frequency table of nothing, under `exploration`'s key.
    static func counted(_ exploration: Exploration<TableSourceError>) -> WorkUpdate {
        let counted = Counted(table: FrequencyTable(counts: [:], nulls: 0, total: 0, uncounted: 0, missing: .common), field: 0, title: "carrier", rows: 0)
        return .finished(id: exploration.frequencyKey.id, value: WorkValue(Result<Counted, TableSourceError>.success(counted)))
    }
}
