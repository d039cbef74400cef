import Scrollwork

/// The first rows of a Parquet table read ahead on a thread of their own, while the screen that
/// shows them is made (its keys, its columns: about two million instructions a first frame
/// would otherwise wait for the pages after). The first read of those rows takes what the
/// thread read, waiting for it where it is under way, and reads them itself where it has not
/// begun; any other read, and any read after the first, reads as it would have.
final class ParquetRowsAhead: Sendable {
    private enum Reading {
        case idle
        /// Asked for, the thread not begun.
        case pending([Int])
        case underWay([Int])
        case done([Int], Result<[[TableValue]], TableSourceError>)
    }
    private let reading = Locked<Reading>(.idle)
    private let read = Signal()

    /// Starts reading rows `names` with `rows` on a thread `thread` starts; false (nothing
    /// started) when a read ahead was asked for already or no thread could be had.
    func start(_ names: [Int], thread: (@escaping @Sendable () -> Void) -> Bool,
               rows: @escaping @Sendable ([Int]) -> Result<[[TableValue]], TableSourceError>) -> Bool {
        let asked = reading.withLock { state in
            guard case .idle = state else { return false }
            state = .pending(names)
            return true
        }
        guard asked else { return false }
        if thread({ [self] in run(rows) }) { return true }
        reading.withLock { $0 = .idle }
        return false
    }

    /// Reads the rows asked for, unless the first read has come for them already.
    private func run(_ rows: ([Int]) -> Result<[[TableValue]], TableSourceError>) {
        let names: [Int]? = reading.withLock { state in
            guard case let .pending(names) = state else { return nil }
            state = .underWay(names)
            return names
        }
        guard let names else { return }
        let result = rows(names)
        reading.withLock { state in
            // A first read of other rows let go of these: they are dropped.
            guard case .underWay = state else { return }
            state = .done(names, result)
        }
        read.signal()
    }

    /// What was read ahead for rows `names`, once (later calls give nil): waiting for the
    /// thread while it reads them; nil where other rows were read ahead (those are let go),
    /// where none were, or where the thread has not begun (it then reads nothing).
    func take(_ names: [Int]) -> Result<[[TableValue]], TableSourceError>? {
        while true {
            let generation = read.generation
            enum Step { case none, wait, taken(Result<[[TableValue]], TableSourceError>) }
            let step: Step = reading.withLock { state in
                switch state {
                case .idle: return .none
                case .pending:
                    state = .idle
                    return .none
                case let .underWay(asked):
                    guard asked == names else {
                        state = .idle
                        return .none
                    }
                    return .wait
                case let .done(asked, result):
                    state = .idle
                    return asked == names ? .taken(result) : .none
                }
            }
            switch step {
            case .none: return nil
            case let .taken(result): return result
            case .wait: read.wait(past: generation)
            }
        }
    }
}
