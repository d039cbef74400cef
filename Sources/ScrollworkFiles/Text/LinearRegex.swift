/// A regular expression that finds a match in time proportional to the text's length times the
/// pattern's size, whatever the pattern: a Thompson automaton simulated over the text's Unicode
/// scalars (a Pike machine), so a pattern such as `^(a+)+$` cannot backtrack without end on a
/// value a person did not write.
///
/// The syntax is the common one of Perl, ICU and Swift's `Regex` for what a filter needs:
/// literals and escapes (`\t`, `\n`, `\r`, `\f`, `\v`, `\e`, `\0`, `\xHH`, `\x{H…}`, `\u{H…}`,
/// `\uHHHH`, any other punctuation escaped), `.`, classes (`[a-z]`, `[^…]`, `\d`, `\w`, `\s` and
/// their negations, POSIX `[:alpha:]` and the like inside brackets), anchors (`^`, `$`, `\A`,
/// `\z`, `\Z`, `\b`, `\B`), groups (`(…)`, `(?:…)`, `(?<name>…)`, `(?i)`, `(?i:…)` with the flags
/// `i`, `m`, `s` and `x`), alternation, and the quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`
/// (lazy and possessive forms match the same rows). Backreferences, lookaround and atomic groups
/// need backtracking and are refused with an error that names them.
///
/// Matching is exact on Unicode scalars: `é` written as one scalar and as `e` with a combining
/// accent are different text, as they are to `=`, `*=`, frequency tables and summaries. Invalid
/// UTF-8 reads as U+FFFD.
struct LinearRegex: Sendable, Hashable {
    /// One step of the automaton.
    enum Instruction: Sendable, Hashable {
        /// One scalar, or either of its cases when `folded`.
        case scalar(UInt32, folded: Bool)
        /// One scalar of the set numbered so.
        case set(Int)
        /// Any scalar (`.`); a line feed too when `newlines`.
        case any(newlines: Bool)
        /// Go on at both places.
        case split(Int, Int)
        /// Go on there.
        case jump(Int)
        /// Go on only where the assertion holds.
        case assert(Assertion)
        /// A match.
        case match
    }

    /// What a zero-width test looks at.
    enum Assertion: Sendable, Hashable {
        case textStart, textEnd, textEndBeforeNewline, lineStart, lineEnd, wordBoundary, notWordBoundary
    }

    /// The most instructions a pattern compiles to: `(a{100}){100}` is ten thousand; past this a
    /// pattern is refused rather than made to cost a filter seconds a row.
    static let maximumInstructions = 20_000

    /// The most steps (a state visited at a position) one match may take before it gives up:
    /// about a tenth of a second. Only a long value and a large pattern reach it.
    static let stepBudget = 1 << 24

    let program: [Instruction]
    let sets: [ScalarSet]
    /// True when every match must begin at the text's start: no need to try later positions.
    let anchored: Bool

    /// Compiles `pattern`.
    ///
    /// - Throws: ``ExploreError`` naming what is wrong and where, or what is not supported.
    init(_ pattern: String) throws(ExploreError) {
        var parser = RegexParser(pattern)
        let tree = try parser.parse()
        var compiler = RegexCompiler()
        try compiler.emit(tree)
        try compiler.append(.match)
        program = compiler.program
        sets = compiler.sets
        anchored = tree.isAnchoredAtStart
    }

    /// What a search of one text found.
    enum Outcome: Sendable, Hashable {
        case found, notFound
        /// The search took more than ``stepBudget`` steps and stopped.
        case unfinished
    }

    /// Whether the text `bytes` (UTF-8) holds a match; `.unfinished` past ``stepBudget`` steps,
    /// or as soon as `keepGoing` (asked every 65,536 steps) says stop.
    func search(_ bytes: UnsafeBufferPointer<UInt8>, keepGoing: (@Sendable () -> Bool)? = nil) -> Outcome {
        var machine = PikeMachine(self, keepGoing: keepGoing)
        // Safe: the caller's bytes, lent for the call.
        return unsafe machine.run(bytes)
    }
}

/// A set of scalars: ranges, and the classes `\d`, `\w`, `\s` and POSIX names, perhaps negated.
struct ScalarSet: Sendable, Hashable {
    enum Class: Sendable, Hashable {
        case digit, word, space, alpha, alnum, upper, lower, punct, xdigit, cntrl, print, graph, blank
    }

    var ranges: [ClosedRange<UInt32>] = []
    var classNames: [Class] = []
    var classNegations: [Bool] = []
    var negated = false
    var folded = false

    mutating func add(_ c: Class, negated: Bool) {
        classNames.append(c)
        classNegations.append(negated)
    }

    func contains(_ scalar: UInt32) -> Bool {
        var hit = containsExactly(scalar)
        if !hit && folded {
            for other in CaseFold.variants(of: scalar) where other != scalar && containsExactly(other) {
                hit = true
                break
            }
        }
        return hit != negated
    }

    private func containsExactly(_ scalar: UInt32) -> Bool {
        for r in ranges where r.contains(scalar) { return true }
        for k in classNames.indices where Self.test(classNames[k], scalar) != classNegations[k] { return true }
        return false
    }

    static func test(_ c: Class, _ value: UInt32) -> Bool {
        if value < 0x80 {
            let b = UInt8(value)
            switch c {
            case .digit: return b >= 0x30 && b <= 0x39
            case .word: return (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x5F
            case .space: return b == 0x20 || (b >= 0x09 && b <= 0x0D)
            case .alpha: return b | 0x20 >= 0x61 && b | 0x20 <= 0x7A
            case .alnum: return (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
            case .upper: return b >= 0x41 && b <= 0x5A
            case .lower: return b >= 0x61 && b <= 0x7A
            case .punct: return (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
            case .xdigit: return (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
            case .cntrl: return b < 0x20 || b == 0x7F
            case .print: return b >= 0x20 && b < 0x7F
            case .graph: return b > 0x20 && b < 0x7F
            case .blank: return b == 0x20 || b == 0x09
            }
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        let p = scalar.properties
        switch c {
        case .digit: return p.numericType == .decimal
        case .word: return p.isAlphabetic || p.numericType == .decimal || p.generalCategory == .nonspacingMark
            || p.generalCategory == .spacingMark || p.generalCategory == .connectorPunctuation
        case .space: return p.isWhitespace
        case .alpha: return p.isAlphabetic
        case .alnum: return p.isAlphabetic || p.numericType == .decimal
        case .upper: return p.isUppercase
        case .lower: return p.isLowercase
        case .punct:
            switch p.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
            default: return false
            }
        case .xdigit: return false
        case .cntrl: return p.generalCategory == .control
        case .print, .graph: return p.generalCategory != .control && p.generalCategory != .unassigned && p.generalCategory != .surrogate
            && (c == .print || !p.isWhitespace)
        case .blank: return p.generalCategory == .spaceSeparator
        }
    }

}

/// Simple case folding for one scalar: the scalar and its one-scalar lower, upper and title
/// case forms (ASCII without a table).
enum CaseFold {
    static func variants(of value: UInt32) -> [UInt32] {
        if value < 0x80 {
            let b = value | 0x20
            return b >= 0x61 && b <= 0x7A ? [b, b & ~0x20] : [value]
        }
        guard let scalar = Unicode.Scalar(value) else { return [value] }
        var out = [value]
        for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping, scalar.properties.titlecaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let s = scalars.first, !out.contains(s.value) { out.append(s.value) }
        }
        return out
    }

    /// True when `a` and `b` are the same scalar or the same but for case.
    @inline(__always)
    static func same(_ a: UInt32, _ b: UInt32) -> Bool {
        if a == b { return true }
        if a < 0x80 && b < 0x80 {
            let x = a | 0x20
            return x == b | 0x20 && x >= 0x61 && x <= 0x7A
        }
        return variants(of: a).contains(b)
    }
}
