import Testing
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
        #expect(table.ahead.take(Array(0..<100)).map { (try? $0.get()).map(Self.texts) } == expected)
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

    @Test("a read that comes while the thread reads waits for it, and takes what it read")
    func waitsForTheThread() {
        let ahead = ParquetRowsAhead()
        let begun = Signal(), gate = Signal()
        let started = ahead.start([0, 1], thread: ThreadBody.detach) { names in
            begun.signal()
            gate.wait(past: 0)
            return .success(names.map { [.int($0)] })
        }
        #expect(started)
        begun.wait(past: 0)
        // The thread reads; it is let on from another thread while this one waits.
        #expect(ThreadBody.detach { gate.signal() })
        let taken = ahead.take([0, 1])
        #expect(taken.map { (try? $0.get()) ?? [] } == [[.int(0)], [.int(1)]])
        #expect(ahead.take([0, 1]) == nil)
    }
}
