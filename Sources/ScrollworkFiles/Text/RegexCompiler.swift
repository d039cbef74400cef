/// Turns a ``RegexNode`` into a ``LinearRegex``'s program: Thompson's construction, one
/// instruction per scalar, set, anchor and branch.
struct RegexCompiler {
    private(set) var program: [LinearRegex.Instruction] = []
    private(set) var sets: [ScalarSet] = []

    /// Appends `instruction` and returns where it stands.
    ///
    /// - Throws: ``ExploreError`` past ``LinearRegex/maximumInstructions``.
    @discardableResult
    mutating func append(_ instruction: LinearRegex.Instruction) throws(ExploreError) -> Int {
        guard program.count < LinearRegex.maximumInstructions else {
            throw ExploreError("the regular expression is too large: it makes more than \(LinearRegex.maximumInstructions) steps (large counts such as {1000} inside other counts multiply); write a shorter one")
        }
        program.append(instruction)
        return program.count - 1
    }

    mutating func emit(_ node: RegexNode) throws(ExploreError) {
        switch node {
        case .empty:
            break
        case let .scalar(value, folded):
            try append(.scalar(value, folded: folded && CaseFold.variants(of: value).count > 1))
        case let .set(set):
            sets.append(set)
            try append(.set(sets.count - 1))
        case let .any(newlines):
            try append(.any(newlines: newlines))
        case let .assert(assertion):
            try append(.assert(assertion))
        case let .concat(nodes):
            for node in nodes { try emit(node) }
        case let .alternation(branches):
            var exits: [Int] = []
            for branch in branches.dropLast() {
                let split = try append(.split(0, 0))
                try emit(branch)
                exits.append(try append(.jump(0)))
                program[split] = .split(split + 1, program.count)
            }
            if let last = branches.last { try emit(last) }
            for exit in exits { program[exit] = .jump(program.count) }
        case let .repeated(body, min, max):
            for _ in 0..<min { try emit(body) }
            if let max {
                var splits: [Int] = []
                for _ in min..<Swift.max(min, max) {
                    splits.append(try append(.split(0, 0)))
                    try emit(body)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = try append(.split(0, 0))
                try emit(body)
                try append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
