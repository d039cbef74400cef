/// A parsed regular expression, before it is compiled.
indirect enum RegexNode: Sendable, Hashable {
    case empty
    case scalar(UInt32, folded: Bool)
    case set(ScalarSet)
    case any(newlines: Bool)
    case assert(LinearRegex.Assertion)
    case concat([RegexNode])
    case alternation([RegexNode])
    /// `node` at least `min` times and at most `max` (nil: no limit).
    case repeated(RegexNode, min: Int, max: Int?)

    /// True when every match of the node starts at the text's start (`^` without `m`, `\A`).
    var isAnchoredAtStart: Bool {
        switch self {
        case .assert(.textStart): return true
        case let .concat(nodes): return nodes.first?.isAnchoredAtStart ?? false
        case let .alternation(nodes): return !nodes.isEmpty && nodes.allSatisfy(\.isAnchoredAtStart)
        case let .repeated(node, min, _): return min > 0 && node.isAnchoredAtStart
        default: return false
        }
    }
}

/// Reads a pattern (``LinearRegex``'s syntax) into a ``RegexNode``.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private let pattern: String
    private var i = 0
    private var flags = Flags()
    /// Groups open around the place read, for the nesting limit.
    private var depth = 0

    struct Flags: Hashable {
        var caseInsensitive = false, multiline = false, dotAll = false, extended = false
    }

    /// The deepest nesting of groups read: deeper patterns would take the parser's stack.
    static let maximumDepth = 200
    /// The highest count a `{n,m}` may give.
    static let maximumCount = 1_000

    init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(ExploreError) -> RegexNode {
        let node = try alternation()
        if i < scalars.count {
            // Only an unmatched `)` stops the top level early.
            throw problem("a ')' closes no group")
        }
        return node
    }

    private func problem(_ what: String) -> ExploreError {
        ExploreError("'\(pattern)' is not a regular expression filters read: \(what) (at character \(Swift.min(i, scalars.count) + 1))")
    }

    private var atEnd: Bool { i >= scalars.count }
    private var current: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

    private mutating func skipExtendedSpace() {
        guard flags.extended else { return }
        while let c = current {
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if c == "#" {
                while let d = current, d != "\n" { i += 1 }
                continue
            }
            break
        }
    }

    private mutating func alternation() throws(ExploreError) -> RegexNode {
        var branches = [try concatenation()]
        while current == "|" {
            i += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(ExploreError) -> RegexNode {
        var nodes: [RegexNode] = []
        let saved = flags
        while true {
            skipExtendedSpace()
            guard let c = current, c != "|", c != ")" else { break }
            guard var atom = try atom() else { continue }
            atom = try quantified(atom)
            nodes.append(atom)
        }
        // An inline `(?i)` lasts to the end of its group, and of its branch.
        flags = saved
        if nodes.isEmpty { return .empty }
        return nodes.count == 1 ? nodes[0] : .concat(nodes)
    }

    private mutating func quantified(_ atom: RegexNode) throws(ExploreError) -> RegexNode {
        var node = atom
        while true {
            skipExtendedSpace()
            guard let c = current else { return node }
            var bounds: (Int, Int?)
            switch c {
            case "*": bounds = (0, nil); i += 1
            case "+": bounds = (1, nil); i += 1
            case "?": bounds = (0, 1); i += 1
            case "{":
                guard let counted = try counted() else { return node }
                bounds = counted
            default: return node
            }
            if case .assert = atom { throw problem("an anchor cannot be repeated") }
            // Lazy (`*?`) and possessive (`*+`) forms keep the same rows: only whether a match
            // exists is asked.
            if current == "?" || current == "+" { i += 1 }
            node = .repeated(node, min: bounds.0, max: bounds.1)
        }
    }

    /// `{n}`, `{n,}`, `{,m}` or `{n,m}` at `i`; nil (and nothing read) when the brace is a literal.
    private mutating func counted() throws(ExploreError) -> (Int, Int?)? {
        var j = i + 1
        func number() -> Int? {
            var n: Int? = nil
            while j < scalars.count, scalars[j].value >= 0x30, scalars[j].value <= 0x39 {
                n = Swift.min((n ?? 0) * 10 + Int(scalars[j].value - 0x30), Int(Int32.max))
                j += 1
            }
            return n
        }
        let low = number()
        var high: Int?? = .some(low)
        if j < scalars.count, scalars[j] == "," {
            j += 1
            high = .some(number())
        }
        guard j < scalars.count, scalars[j] == "}", low != nil || (high ?? nil) != nil else { return nil }
        j += 1
        let lower = low ?? 0
        let upper = high ?? nil
        if let upper, upper < lower { throw problem("{\(lower),\(upper)} counts down") }
        if lower > Self.maximumCount || (upper ?? 0) > Self.maximumCount {
            throw problem("a count above \(Self.maximumCount)")
        }
        i = j
        return (lower, upper)
    }

    private mutating func atom() throws(ExploreError) -> RegexNode? {
        guard let c = current else { return nil }
        switch c {
        case "(": return try group()
        case "[":
            i += 1
            return .set(try bracket())
        case ".": i += 1; return .any(newlines: flags.dotAll)
        case "^": i += 1; return .assert(flags.multiline ? .lineStart : .textStart)
        case "$": i += 1; return .assert(flags.multiline ? .lineEnd : .textEnd)
        case "\\": return try escape(inBracket: false).node(folded: flags.caseInsensitive)
        case "*", "+", "?": throw problem("'\(c)' repeats nothing")
        default:
            i += 1
            return .scalar(c.value, folded: flags.caseInsensitive)
        }
    }

    private mutating func group() throws(ExploreError) -> RegexNode? {
        i += 1
        guard depth < Self.maximumDepth else { throw problem("groups nested deeper than \(Self.maximumDepth)") }
        if current == "?" {
            i += 1
            guard let c = current else { throw problem("'(?' ends the pattern") }
            switch c {
            case ":": i += 1
            case "<" where i + 1 < scalars.count && scalars[i + 1] != "=" && scalars[i + 1] != "!":
                try skipName(after: 1, closing: ">")
            case "P" where i + 1 < scalars.count && scalars[i + 1] == "<":
                try skipName(after: 2, closing: ">")
            case "'":
                try skipName(after: 1, closing: "'")
            case "=", "!": throw problem("lookahead ('(?\(c)') needs backtracking, which filters do not do; write the test without it")
            case "<": throw problem("lookbehind needs backtracking, which filters do not do; write the test without it")
            case ">": throw problem("an atomic group ('(?>') needs backtracking, which filters do not do; a plain group keeps the same rows")
            default:
                // Flags: `(?i)` to the group's end, or `(?i:…)` for its own group.
                var on = true, read = flags
                while let d = current, d != ")" && d != ":" {
                    switch d {
                    case "-": on = false
                    case "i": read.caseInsensitive = on
                    case "m": read.multiline = on
                    case "s": read.dotAll = on
                    case "x": read.extended = on
                    default: throw problem("unknown flag '\(d)'; the flags are i, m, s and x")
                    }
                    i += 1
                }
                guard let end = current else { throw problem("a '(?' group is not closed") }
                i += 1
                if end == ")" {
                    flags = read
                    return nil
                }
                let outer = flags
                flags = read
                let node = try inner()
                flags = outer
                return node
            }
        }
        let outer = flags
        let node = try inner()
        flags = outer
        return node
    }

    /// Steps over a group's name (only a name here): `skip` characters, then to `closing`.
    private mutating func skipName(after skip: Int, closing: Unicode.Scalar) throws(ExploreError) {
        i += skip
        while let d = current, d != closing { i += 1 }
        guard current != nil else { throw problem("a group's name is not closed") }
        i += 1
    }

    /// A group's body and its `)`.
    private mutating func inner() throws(ExploreError) -> RegexNode {
        depth += 1
        let node = try alternation()
        depth -= 1
        guard current == ")" else { throw problem("a '(' is not closed") }
        i += 1
        return node
    }

    /// What an escape stands for.
    enum Escaped {
        case scalar(UInt32)
        case set(ScalarSet.Class, negated: Bool)
        case assertion(LinearRegex.Assertion)

        func node(folded: Bool) -> RegexNode {
            switch self {
            case let .scalar(v): return .scalar(v, folded: folded)
            case let .set(c, negated):
                var set = ScalarSet()
                set.add(c, negated: negated)
                return .set(set)
            case let .assertion(a): return .assert(a)
            }
        }
    }

    private mutating func escape(inBracket: Bool) throws(ExploreError) -> Escaped {
        i += 1
        guard let c = current else { throw problem("'\\' ends the pattern") }
        i += 1
        switch c {
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "f": return .scalar(0x0C)
        case "v": return .scalar(0x0B)
        case "e": return .scalar(0x1B)
        case "a": return .scalar(0x07)
        case "0": return .scalar(0)
        case "d": return .set(.digit, negated: false)
        case "D": return .set(.digit, negated: true)
        case "w": return .set(.word, negated: false)
        case "W": return .set(.word, negated: true)
        case "s": return .set(.space, negated: false)
        case "S": return .set(.space, negated: true)
        case "h": return .set(.blank, negated: false)
        case "H": return .set(.blank, negated: true)
        case "x": return .scalar(try hexadecimal(fixed: 2))
        case "u": return .scalar(try hexadecimal(fixed: 4))
        case "b" where inBracket: return .scalar(0x08)
        case "b": return .assertion(.wordBoundary)
        case "B" where !inBracket: return .assertion(.notWordBoundary)
        case "A" where !inBracket: return .assertion(.textStart)
        case "z" where !inBracket: return .assertion(.textEnd)
        case "Z" where !inBracket: return .assertion(.textEndBeforeNewline)
        case "1"..."9", "k", "g":
            throw problem("a backreference ('\\\(c)') needs backtracking, which filters do not do")
        default:
            if c.properties.isAlphabetic || c.properties.numericType != nil {
                throw problem("'\\\(c)' is not an escape filters know")
            }
            return .scalar(c.value)
        }
    }

    /// `{H…}` or `fixed` hexadecimal digits after `\x` or `\u`.
    private mutating func hexadecimal(fixed: Int) throws(ExploreError) -> UInt32 {
        var value: UInt32 = 0
        if current == "{" {
            i += 1
            var digits = 0
            while let c = current, c != "}" {
                guard let d = c.hexDigitValue, digits < 8 else { throw problem("'\(c)' in a \\x{…} or \\u{…} escape") }
                value = value << 4 | d
                digits += 1
                i += 1
            }
            guard current == "}", digits > 0 else { throw problem("a \\x{…} or \\u{…} escape is not closed") }
            i += 1
        } else {
            for _ in 0..<fixed {
                guard let d = current?.hexDigitValue else { throw problem("an escape needs \(fixed) hexadecimal digits") }
                value = value << 4 | d
                i += 1
            }
        }
        guard Unicode.Scalar(value) != nil else { throw problem("U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar") }
        return value
    }

    /// A bracketed class, read from after its `[` to after its `]`.
    private mutating func bracket() throws(ExploreError) -> ScalarSet {
        var set = ScalarSet()
        set.folded = flags.caseInsensitive
        if current == "^" {
            set.negated = true
            i += 1
        }
        var first = true
        while true {
            guard let c = current else { throw problem("a '[' is not closed") }
            if c == "]" && !first {
                i += 1
                return set
            }
            first = false
            if c == "[", i + 1 < scalars.count, scalars[i + 1] == ":" {
                try posixClass(into: &set)
                continue
            }
            if c == "[" { throw problem("a nested class ('[' inside '[…]') is not read by filters; escape it as '\\['") }
            let low: UInt32
            if c == "\\" {
                switch try escape(inBracket: true) {
                case let .scalar(v): low = v
                case let .set(cls, negated):
                    set.add(cls, negated: negated)
                    continue
                case .assertion: throw problem("an anchor inside '[…]'")
                }
            } else {
                low = c.value
                i += 1
            }
            // A range `a-z`, unless the `-` is the last thing before `]`.
            if current == "-", i + 1 < scalars.count, scalars[i + 1] != "]" {
                i += 1
                let high: UInt32
                if current == "\\" {
                    guard case let .scalar(v) = try escape(inBracket: true) else { throw problem("a class cannot end a range") }
                    high = v
                } else {
                    guard let h = current else { throw problem("a '[' is not closed") }
                    high = h.value
                    i += 1
                }
                guard low <= high else { throw problem("the range ends before it starts") }
                set.ranges.append(low...high)
            } else {
                set.ranges.append(low...low)
            }
        }
    }

    /// `[:name:]` inside brackets.
    private mutating func posixClass(into set: inout ScalarSet) throws(ExploreError) {
        i += 2
        var negated = false
        if current == "^" { negated = true; i += 1 }
        var name = ""
        while let c = current, c != ":" { name.unicodeScalars.append(c); i += 1 }
        guard current == ":", i + 1 < scalars.count, scalars[i + 1] == "]" else { throw problem("a '[:' class is not closed with ':]'") }
        i += 2
        let classes: [String: ScalarSet.Class] = [
            "digit": .digit, "word": .word, "space": .space, "alpha": .alpha, "alnum": .alnum, "upper": .upper, "lower": .lower,
            "punct": .punct, "xdigit": .xdigit, "cntrl": .cntrl, "print": .print, "graph": .graph, "blank": .blank,
        ]
        guard let c = classes[name] else { throw problem("no class is called '[:\(name):]'") }
        set.add(c, negated: negated)
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII hexadecimal digit; nil for anything else.
    var hexDigitValue: UInt32? {
        switch value {
        case 0x30...0x39: return value - 0x30
        case 0x41...0x46: return value - 0x41 + 10
        case 0x61...0x66: return value - 0x61 + 10
        default: return nil
        }
    }
}
