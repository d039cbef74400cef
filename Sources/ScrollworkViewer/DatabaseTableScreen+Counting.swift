import Scrollwork
import ScrollworkDatabase
import ScrollworkFiles
import ScrollworkWidgets

// The counts: the whole table's (an estimate until it comes), and the rows a filter keeps.
extension DatabaseTableScreen {
    /// The count, as work.
    func counting() -> Work {
        let table = long
        return Work(countKey.named("count")) { progress in
            let counted = Result { () throws(DatabaseError) in try table.count(keepGoing: { !progress.isCancelled }) }
            return progress.isCancelled ? nil : counted
        }
    }

    /// The rows of a view that meet the filters, counted, as work.
    func filteredCounting() -> Work {
        let table = long, tests = filters.map(\.filter)
        return Work(filteredCountKey.named("count")) { progress in
            let counted = Result { () throws(DatabaseError) in try table.count(where: tests, keepGoing: { !progress.isCancelled }) }
            return progress.isCancelled ? nil : (tests, counted)
        }
    }

    /// The count of the rows a filter keeps, or of the whole table.
    mutating func handleCountWork(_ update: WorkUpdate, at time: Double) -> Bool {
        if let answer = update.result(of: filteredCountKey) {
            guard answer.filters == filters.map(\.filter), !table.hasIdentities else { return true }
            switch answer.count {
            case let .success(n):
                filteredCount = n
                pages.grow(to: n)
                view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
            case let .failure(error):
                failed(error, saying: "the filter stopped: ", at: time)
            }
            return true
        }
        if let counted = update.result(of: countKey) {
            switch counted {
            case let .success(n):
                count = n
                if !table.hasIdentities && filters.isEmpty {
                    pages.grow(to: n)
                    view.table.replaceRows(with: pages, orderedBy: view.table.sortOrder, sameRows: true)
                }
            case let .failure(error):
                failed(error, saying: "counting stopped: ", at: time)
            }
            return true
        }
        return false
    }
}
