import Testing
#if canImport(Glibc)
import Glibc
#endif
import Scrollwork
@testable import ScrollworkFiles

/// #67 item 2: a Parquet file's first page is read on a thread of its own while the screen that
/// shows it is made; the screen's first read of it takes those rows, and every other read reads
/// as it would have.
@Suite struct ParquetRowsAheadTests {
    static func table() throws -> ParquetTable {
        let csv = "id,delay,carrier\n" + (0..<300).map { "\($0),\($0 % 7 == 0 ? "" : "\($0 % 50 - 20).5"),\(["AA", "DL", "UA"][$0 % 3])" }.joined(separator: "\n") + "\n"
        return try ParquetWriterTests.savedFromFile(csv, numeric: [true, true, false])
    }

    static func texts(_ rows: [[TableValue]]) -> [[String]] { rows.map { $0.map(\.description) } }

    /// A thread that runs nothing until told: its body, kept.
    final class HeldThread: @unchecked Sendable {
        var body: (@Sendable () -> Void)?
        func start(_ run: @escaping @Sendable () -> Void) -> Bool {
            body = run
            return true
        }
    }

    @Test("the first rows read ahead are what the first read of them gives, taken once; a real thread gives the same")
    func firstRowsTaken() throws {
        let expected = Self.texts(try Self.table().values(ofColumns: [0, 1, 2], named: Array(0..<100), progress: .unwatched))
        let table = try Self.table()
        let held = HeldThread()
        #expect(table.readAhead(firstRows: 100, thread: held.start))
        #expect(!table.readAhead(firstRows: 100, thread: held.start), "once a table")
        let heldBody = try #require(held.body)
        heldBody()
        let taken = try #require(table.ahead.take(Array(0..<100)))
        #expect(Self.texts(try table.rows(named: Array(0..<100), from: taken)) == expected)
        #expect(table.ahead.take(Array(0..<100)) == nil, "taken once")
        #expect(Self.texts(try table.rows(named: Array(0..<100), progress: .unwatched)) == expected)
        // On a thread of its own, however the read and the thread fall out.
        let threaded = try Self.table()
        #expect(threaded.readAhead(firstRows: 100))
        #expect(Self.texts(try threaded.rows(named: Array(0..<100), progress: .unwatched)) == expected)
    }

    @Test("a read before the thread begins reads itself and the thread reads nothing; other rows asked first let the rows ahead go")
    func readsThatComeFirst() throws {
        let whole = Self.texts(try Self.table().rows(at: 0..<300, progress: .unwatched))
        let early = try Self.table(), held = HeldThread()
        #expect(early.readAhead(firstRows: 100, thread: held.start))
        #expect(Self.texts(try early.rows(named: Array(0..<100), progress: .unwatched)) == Array(whole[0..<100]))
        let heldBody = try #require(held.body)
        heldBody()
        #expect(early.ahead.take(Array(0..<100)) == nil, "the thread, begun late, read nothing")
        let other = try Self.table(), ran = HeldThread()
        #expect(other.readAhead(firstRows: 100, thread: ran.start))
        let ranBody = try #require(ran.body)
        ranBody()
        #expect(Self.texts(try other.rows(named: [299, 5, 0], progress: .unwatched)) == [whole[299], whole[5], whole[0]])
        #expect(other.ahead.take(Array(0..<100)) == nil, "let go once other rows were read")
        // More rows than there are, none, fewer than none, and no thread to be had.
        let short = try Self.table(), all = HeldThread()
        #expect(short.readAhead(firstRows: .max, thread: all.start))
        let allBody = try #require(all.body)
        allBody()
        #expect(Self.texts(try short.rows(named: Array(0..<300), progress: .unwatched)) == whole)
        #expect(!(try Self.table()).readAhead(firstRows: 0, thread: HeldThread().start))
        #expect(!(try Self.table()).readAhead(firstRows: .min, thread: HeldThread().start))
        let threadless = try Self.table()
        #expect(!threadless.readAhead(firstRows: 100, thread: { _ in false }))
        #expect(Self.texts(try threadless.rows(named: Array(0..<100), progress: .unwatched)) == Array(whole[0..<100]))
    }

    /// One column's values for rows 0 and 1, `column` and one more.
    static func piece(_ column: Int) -> ParquetRowsAhead.Column {
        let places: ArraySlice<Int> = [0, 1]
        let values: [TableValue] = [.int(column), .int(column + 1)]
        return .success([(places: places, values: values)])
    }

    static func values(_ columns: [ParquetRowsAhead.Column]?) -> [[TableValue]]? {
        columns.map { $0.map { (try? $0.get())?.flatMap(\.values) ?? [] } }
    }

    @Test("a read that comes while the thread reads its last column waits for it, and takes what it read")
    func waitsForTheThread() {
        let ahead = ParquetRowsAhead()
        let begun = Signal(), gate = Signal()
        let started = ahead.start([0, 1], columns: 1, thread: ThreadBody.detach) { column in
            begun.signal()
            gate.wait(past: 0)
            return Self.piece(column)
        }
        #expect(started)
        begun.wait(past: 0)
        // The thread reads; it is let on from another thread while this one waits.
        #expect(ThreadBody.detach { gate.signal() })
        #expect(Self.values(ahead.take([0, 1])) == [[.int(0), .int(1)]])
        #expect(ahead.take([0, 1]) == nil)
    }

    @Test("a read that comes while the thread reads a column reads the columns it has not begun itself, each column read once")
    func readsTheColumnsLeft() {
        let ahead = ParquetRowsAhead()
        let begun = Signal(), here = pthread_self()
        // Each column read, and whether this thread read it.
        let reads = Locked<[(column: Int, here: Bool)]>([])
        let started = ahead.start([0, 1], columns: 4, thread: ThreadBody.detach) { column in
            let onThisThread = pthread_equal(pthread_self(), here) != 0
            reads.withLock { $0.append((column, onThisThread)) }
            if column == 0 {
                begun.signal()
                // The thread holds its first column until the other three are read (or, where
                // nothing reads them but this thread, a bounded while: the test then fails).
                var turns = 0
                while reads.withLock({ $0.count }) < 4, turns < 2_000_000 {
                    turns += 1
                    sched_yield()
                }
            }
            return Self.piece(column)
        }
        #expect(started)
        begun.wait(past: 0)
        let expected: [[TableValue]] = (0..<4).map { (column: Int) -> [TableValue] in [.int(column), .int(column + 1)] }
        #expect(Self.values(ahead.take([0, 1])) == expected)
        let read = reads.withLock { $0 }
        #expect(read.map(\.column).sorted() == [0, 1, 2, 3], "each column read once")
        #expect(read.filter(\.here).map(\.column) == [1, 2, 3], "the columns the thread had not begun read here")
        #expect(ahead.take([0, 1]) == nil)
    }
}
