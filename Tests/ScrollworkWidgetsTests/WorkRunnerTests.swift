import Glibc
import Scrollwork
import Testing
@testable import ScrollworkWidgets

@Suite struct WorkRunnerTests {
    /// The updates of `runner` until `count` have come, waiting on its wake pipe (at most ten
    /// seconds, which only a broken runner needs).
    static func updates(_ runner: WorkRunner, count: Int) -> [WorkUpdate] {
        var got: [WorkUpdate] = []
        var waited = 0
        while got.count < count, waited < 100 {
            var poller = pollfd(fd: runner.wakePipe[0], events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) == 0 { waited += 1 }
            got += runner.takeUpdates().filter { if case .progress = $0 { return false } else { return true } }
        }
        return got
    }

    @Test("work asked for while the runner is held begins only on release, in the order asked; work cancelled meanwhile only says so")
    func heldWorkBeginsOnRelease() throws {
        let runner = try #require(WorkRunner())
        // In a class: ThreadSanitizer reads a local Mutex captured by closures on other threads
        // as the closures' raced access to the variable, not as the Mutex's.
        let began = Began()
        runner.hold()
        let first = WorkKey<Int>("first"), second = WorkKey<Int>("second"), dropped = WorkKey<Int>("dropped")
        runner.perform(.start(Work(first) { _ in began.names.withLock { $0.append("first") }; return 1 }))
        runner.perform(.start(Work(dropped) { progress in began.names.withLock { $0.append("dropped") }; return progress.isCancelled ? nil : 3 }))
        runner.perform(.start(Work(second) { _ in began.names.withLock { $0.append("second") }; return 2 }))
        runner.perform(.cancel(dropped.id))
        #expect(began.names.withLock { $0 }.isEmpty, "nothing begins while held")
        #expect(runner.takeUpdates().map(\.id) == [dropped.id], "the cancel is answered at once")
        runner.release()
        let updates = Self.updates(runner, count: 2)
        #expect(updates.compactMap { $0.result(of: first) } == [1] && updates.compactMap { $0.result(of: second) } == [2])
        #expect(!updates.contains { $0.result(of: dropped) != nil }, "cancelled work gives no result")
        // Released, work begins at once again.
        runner.perform(.start(Work(first) { _ in 4 }))
        #expect(Self.updates(runner, count: 1).compactMap { $0.result(of: first) } == [4])
    }

    @Test("work off the loop runs below the loop's priority (nice 10), and so do the threads that help the loops it starts")
    func workRunsBelowTheLoop() throws {
        let runner = try #require(WorkRunner())
        let nices = WorkKey<[Int32]>("nices")
        // Enough iterations, each long enough, that the loop's helpers take some of them.
        let slow: @Sendable (Int) -> Int32 = { _ in
            var x = 0
            for k in 0..<200_000 { x &+= k &* k }
            return x == 1 ? -1 : ThreadPriority.current()
        }
        runner.perform(.start(Work(nices) { _ in [ThreadPriority.current()] + (ConcurrentLoop.processors.map(32, slow) ?? []) }))
        let found = try #require(Self.updates(runner, count: 1).compactMap { $0.result(of: nices) }.first)
        #expect(found.count == 33 && found.allSatisfy { $0 >= ThreadPriority.background }, "\(found)")
    }
}

/// Names of work as it begins, from the runner's threads.
private final class Began: Sendable {
    let names = Locked<[String]>([])
}
