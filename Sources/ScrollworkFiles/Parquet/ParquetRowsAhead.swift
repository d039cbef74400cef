import Scrollwork

/// The first rows of a Parquet table read ahead on a thread of their own, while the screen that
/// shows them is made (its keys, its columns: about two million instructions a first frame
/// would otherwise wait for the pages after). The rows are read a column at a time, each
/// column taken by whichever thread comes for it first: the first read of those rows takes the
/// columns the thread has not begun and reads them itself, on its own core, then waits only for
/// the columns the thread is reading. Where the thread has not begun, the first read reads every
/// column, and the thread, when it begins, finds none left. Any other read, and any read after
/// the first, reads as it would have.
final class ParquetRowsAhead: Sendable {
    /// One column's values for the rows asked for: each row group's places among them, and its
    /// values there (``ParquetTable/PlacedValues``), or why it could not be read.
    typealias Column = Result<ParquetTable.PlacedValues, TableSourceError>

    /// The rows asked for, and how far their columns are read.
    private struct Job: Sendable {
        /// Told apart from an earlier job that was let go, whose late reads are then dropped.
        var serial = 0
        /// The rows asked for; nil when none are.
        var names: [Int]?
        var read: (@Sendable (Int) -> Column)?
        /// The first column no thread has taken.
        var next = 0
        /// Each column once read; nil while it is not.
        var columns: [Column?] = []

        /// Nothing asked for, and reads of the job that was dropped when they end.
        mutating func letGo() {
            serial &+= 1
            names = nil
            read = nil
            next = 0
            columns = []
        }
    }
    private let job = Locked(Job())
    private let columnRead = Signal()

    /// Starts reading the `columns` columns of rows `names`, each with `read` (given the column),
    /// on a thread `thread` starts; false (nothing started) when a read ahead is under way or
    /// waits to be taken, or no thread could be had. A negative count of columns counts as none.
    func start(_ names: [Int], columns: Int, thread: (@escaping @Sendable () -> Void) -> Bool,
               read: @escaping @Sendable (Int) -> Column) -> Bool {
        let serial: Int? = job.withLock { job in
            guard job.names == nil else { return nil }
            job.names = names
            job.read = read
            job.columns = Array(repeating: nil, count: Swift.max(0, columns))
            return job.serial
        }
        guard let serial else { return false }
        if thread({ [self] in readColumns(of: serial) }) { return true }
        job.withLock { $0.letGo() }
        return false
    }

    /// Reads columns of job `serial` no thread has taken, one at a time, until none is left or
    /// the job is let go.
    private func readColumns(of serial: Int) {
        while true {
            let taken: (column: Int, read: @Sendable (Int) -> Column)? = job.withLock { job in
                guard job.serial == serial, let read = job.read, job.next < job.columns.count else { return nil }
                job.next += 1
                return (job.next - 1, read)
            }
            guard let taken else { return }
            let column = taken.read(taken.column)
            job.withLock { job in
                guard job.serial == serial else { return }
                job.columns[taken.column] = column
            }
            columnRead.signal()
        }
    }

    /// What was read ahead for rows `names`, a column at a time in their order, once (later
    /// calls give nil): the columns the thread has not begun are read here, and the call then
    /// waits for those it is reading. Nil where other rows were read ahead (those are let go) or
    /// none were.
    func take(_ names: [Int]) -> [Column]? {
        let serial: Int? = job.withLock { job in
            guard let asked = job.names else { return nil }
            guard asked == names else {
                job.letGo()
                return nil
            }
            return job.serial
        }
        guard let serial else { return nil }
        readColumns(of: serial)
        while true {
            let generation = columnRead.generation
            enum Step { case gone, wait, taken([Column]) }
            let step: Step = job.withLock { job in
                guard job.serial == serial else { return .gone }
                let columns = job.columns.compactMap { $0 }
                guard columns.count == job.columns.count else { return .wait }
                job.letGo()
                return .taken(columns)
            }
            switch step {
            case .gone: return nil
            case let .taken(columns): return columns
            case .wait: columnRead.wait(past: generation)
            }
        }
    }
}
