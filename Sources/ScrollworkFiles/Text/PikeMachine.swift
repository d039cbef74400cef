/// Runs a ``LinearRegex`` over a text: every state the automaton can be in is carried along
/// together, one scalar at a time, so each scalar costs at most the program's size and nothing is
/// tried twice (Pike's construction, without captures: only whether a match exists is asked).
struct PikeMachine {
    private let regex: LinearRegex
    private var current: [Int] = []
    private var next: [Int] = []
    /// The list each instruction was last added to, so that none is added twice to one list.
    private var marks: [UInt32]
    private var generation: UInt32 = 1
    private var stack: [Int] = []
    private var steps = 0
    private let keepGoing: (@Sendable () -> Bool)?

    init(_ regex: LinearRegex, keepGoing: (@Sendable () -> Bool)? = nil) {
        self.regex = regex
        self.keepGoing = keepGoing
        marks = [UInt32](repeating: 0, count: regex.program.count)
    }

    /// What is around a position: the scalar before it (nil at the start), the one at it (nil
    /// at the end), and whether that one is the text's last.
    private struct Context {
        var previous: UInt32?
        var scalar: UInt32?
        var isLast: Bool
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> LinearRegex.Outcome {
        var position = 0
        // Safe: `decode` reads only at offsets below the bytes' count (it checks), and the machine
        // steps by the lengths it gives.
        var (scalar, length) = unsafe Self.decode(bytes, at: 0)
        var context = Context(previous: nil, scalar: scalar, isLast: length == bytes.count)
        while true {
            if !regex.anchored || position == 0 {
                switch add(0, toNext: false, context) {
                case .found: return .found
                case .unfinished: return .unfinished
                case .notFound: break
                }
            }
            guard let value = scalar, !(current.isEmpty && regex.anchored) else { return .notFound }
            let after = position + length
            let (following, followingLength) = unsafe Self.decode(bytes, at: after)
            let nextContext = Context(previous: value, scalar: following, isLast: after + followingLength == bytes.count)
            generation &+= 1
            if generation == 0 { resetMarks() }
            next.removeAll(keepingCapacity: true)
            for k in current.indices {
                let pc = current[k]
                let passes: Bool
                switch regex.program[pc] {
                case let .scalar(expected, folded): passes = expected == value || (folded && CaseFold.same(expected, value))
                case let .set(k): passes = regex.sets[k].contains(value)
                case let .any(newlines): passes = newlines || value != 0x0A
                default: passes = false
                }
                guard passes else { continue }
                switch add(pc + 1, toNext: true, nextContext) {
                case .found: return .found
                case .unfinished: return .unfinished
                case .notFound: break
                }
            }
            swap(&current, &next)
            position = after
            (scalar, length) = (following, followingLength)
            context = nextContext
        }
    }

    private mutating func resetMarks() {
        for k in marks.indices { marks[k] = 0 }
        generation = 1
    }

    /// Adds `pc` and what it leads to without reading a scalar to the next list (`toNext`) or
    /// the current one: `.found` when that reaches a match, `.unfinished` past the step budget.
    private mutating func add(_ pc: Int, toNext: Bool, _ context: Context) -> LinearRegex.Outcome {
        stack.removeAll(keepingCapacity: true)
        stack.append(pc)
        while let pc = stack.popLast() {
            guard pc < marks.count, marks[pc] != generation else { continue }
            marks[pc] = generation
            steps += 1
            if steps > LinearRegex.stepBudget { return .unfinished }
            if steps & 0xFFFF == 0, let keepGoing, !keepGoing() { return .unfinished }
            switch regex.program[pc] {
            case .match: return .found
            case let .jump(to): stack.append(to)
            case let .split(a, b):
                // Pushed in reverse so the first branch is followed first.
                stack.append(b)
                stack.append(a)
            case let .assert(assertion):
                if Self.holds(assertion, context) { stack.append(pc + 1) }
            case .scalar, .set, .any:
                if toNext { next.append(pc) } else { current.append(pc) }
            }
        }
        return .notFound
    }

    private static func holds(_ assertion: LinearRegex.Assertion, _ c: Context) -> Bool {
        switch assertion {
        case .textStart: return c.previous == nil
        case .textEnd: return c.scalar == nil
        case .textEndBeforeNewline: return c.scalar == nil || (c.scalar == 0x0A && c.isLast)
        case .lineStart: return c.previous == nil || c.previous == 0x0A
        case .lineEnd: return c.scalar == nil || c.scalar == 0x0A
        case .wordBoundary: return isWord(c.previous) != isWord(c.scalar)
        case .notWordBoundary: return isWord(c.previous) == isWord(c.scalar)
        }
    }

    private static func isWord(_ scalar: UInt32?) -> Bool {
        guard let scalar else { return false }
        return ScalarSet.test(.word, scalar)
    }

    /// The scalar that starts at `i` and its length in bytes; invalid UTF-8 is U+FFFD a byte
    /// long; nil at the end.
    @inline(__always)
    static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32?, Int) {
        guard i < b.count else { return (nil, 0) }
        // Safe: the decoder checks `i` and every byte after it against the count.
        let (value, length, _) = unsafe UTF8Decoding.scalar(in: b, at: i)
        return (value, length)
    }
}
