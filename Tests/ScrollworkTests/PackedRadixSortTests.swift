import ScrollworkTestSupport
import Testing
@testable import Scrollwork

/// The packed radix sort against the standard library's stable sort on the same keys.
@Suite struct PackedRadixSortTests {
    /// Positions in the order a comparison sort gives: stable, by `keys` in turn.
    func reference(_ keys: [(SortKeys, Bool)], count: Int) -> [Int] {
        (0..<count).sorted { a, b in
            for (key, ascending) in keys {
                let c = key.compare(a, b)
                if c != 0 { return ascending ? c < 0 : c > 0 }
            }
            return false
        }
    }

    func check(_ keys: [(SortKeys, Bool)], count: Int, _ comment: Comment) {
        #expect(keys.allSatisfy { $0.0.packs }, comment)
        let packed = SortKeys.sorted(count: count, as: UInt32.self, keys: keys) { _ in true }?.map { Int($0) }
        #expect(packed == reference(keys, count: count), comment)
        let wide = SortKeys.sorted(count: count, as: Int.self, keys: keys) { _ in true }
        #expect(wide == reference(keys, count: count), comment)
    }

    @Test("LT-12: keys of at most 16 bits are counted into place and wider ones radix sorted, alike: stably, both ways, missing values last in the order they came, from any order")
    func LT_12_countedKeys() {
        var rng = SeededRandom(seed: 16)
        for span in [0, 1, 4_000, (1 << 16) - 1, 1 << 16, 1 << 20] {
            let count = 20_000
            let keys = (0..<count).map { _ in UInt64(Int.random(in: 0...span, using: &rng)) + 1_000 }
            var missing = RowBits(count: count)
            for i in 0..<count where i % 7 == 3 { missing.insert(i) }
            let order = (0..<count).map { UInt32($0) }.shuffled(using: &rng)
            for ascending in [true, false] {
                let sorted = PackedRadixSort.sorted(order, count: count, ascending: ascending, missing: missing, progress: { _ in true }) { keys[$0] }
                let present = order.filter { !missing[Int($0)] }.enumerated().sorted { a, b in
                    let (x, y) = (keys[Int(a.element)], keys[Int(b.element)])
                    return x != y ? (ascending ? x < y : x > y) : a.offset < b.offset
                }.map(\.element)
                #expect(sorted == present + order.filter { missing[Int($0)] }, "keys spanning \(span), ascending \(ascending)")
            }
        }
        // Stopped between its two passes.
        #expect(PackedRadixSort.sorted(nil as [UInt32]?, count: 10, ascending: true, progress: { $0 < 0.5 }) { UInt64($0 % 3) } == nil)
    }

    @Test("LT-12: integers of every range sort as compared, stably, both ways")
    func LT_12_integers() {
        var rng = SeededRandom(seed: 1)
        for (count, range) in [(0, 0...0), (1, 0...5), (40, 0...3), (5000, -9...9), (70_000, 0...1_000_000)] {
            let k = (0..<count).map { _ in Int.random(in: range, using: &rng) }
            for ascending in [true, false] {
                check([(.ints(k), ascending)], count: count, "\(count) in \(range)")
                // Kept in 32 bits, they sort the same, alone and beside another key.
                let narrow = SortKeys.ints(k).narrowed()
                guard case .narrowInts = narrow.storage else { Issue.record("\(range) not narrowed"); continue }
                check([(narrow, ascending)], count: count, "\(count) in \(range), narrowed")
                check([(narrow, ascending), (.ints(k.map { $0 % 3 }), !ascending)], count: count, "\(count) in \(range), narrowed, two keys")
            }
        }
        if case .narrowInts = SortKeys.ints([0, Int(Int32.max) + 1]).narrowed().storage { Issue.record("2^31 narrowed") }
        if case .narrowInts = SortKeys.ints([Int(Int32.min) - 1]).narrowed().storage { Issue.record("-2^31 - 1 narrowed") }
        // Keys spanning the whole 64 bits need the wide word.
        let extremes = (0..<3000).map { i in [Int.min, Int.max, 0, -1, 1][i % 5] &+ (i % 7 == 0 ? Int.random(in: -3...3, using: &rng) : 0) }
        for ascending in [true, false] { check([(.ints(extremes), ascending)], count: extremes.count, "extremes") }
    }

    @Test("LT-12: reals that are all whole numbers in 32 bits (517.0) are kept as narrow integers and sort as the reals do; any fraction, NaN or larger value keeps them reals")
    func LT_12_wholeReals() {
        var rng = SeededRandom(seed: 3)
        let k = (0..<20_000).map { _ in Double(Int.random(in: -40...1300, using: &rng)) } + [-0.0, 0, Double(Int32.max), Double(Int32.min)]
        for ascending in [true, false] {
            let narrow = SortKeys.doubles(k).narrowed()
            guard case .narrowInts = narrow.storage else { Issue.record("whole reals kept wide"); continue }
            let reals = SortKeys.sorted(count: k.count, as: UInt32.self, keys: [(.doubles(k), ascending)]) { _ in true }
            let narrowed = SortKeys.sorted(count: k.count, as: UInt32.self, keys: [(narrow, ascending)]) { _ in true }
            // Both zeros are equal either way, so both orders keep them as they came.
            #expect(reals == narrowed)
            check([(narrow, ascending), (.doubles(k.map { $0.truncatingRemainder(dividingBy: 3) }), !ascending)], count: k.count, "whole reals, narrowed, two keys")
        }
        for wide in [k + [0.5], k + [.nan], k + [Double(Int32.max) + 1], k + [.infinity]] {
            if case .narrowInts = SortKeys.doubles(wide).narrowed().storage { Issue.record("\(wide.last!) narrowed") }
        }
    }

    @Test("LT-12: reals sort as compared: negative below positive, both zeros equal, NaN last")
    func LT_12_reals() {
        var rng = SeededRandom(seed: 2)
        let specials: [Double] = [.nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.greatestFiniteMagnitude, 1.5]
        let k = (0..<6000).map { i in i % 3 == 0 ? specials[i % specials.count] : Double.random(in: -1e6...1e6, using: &rng) }
        for ascending in [true, false] { check([(.doubles(k), ascending)], count: k.count, "reals") }
    }

    @Test("LT-12: ASCII text sorts as Swift compares it: shared prefixes, NUL bytes, lengths past a chunk")
    func LT_12_text() {
        var rng = SeededRandom(seed: 3)
        let alphabet: [Character] = ["a", "b", "\0", "~", "Z", " "]
        func word(_ n: Int) -> String { String((0..<n).map { _ in alphabet.randomElement(using: &rng)! }) }
        let prefixes = ["", "file-", "a-very-long-shared-prefix-that-spans-chunks/", "a-very-long-shared-prefix-that-spans-chunks/x"]
        let k = (0..<8000).map { _ in prefixes.randomElement(using: &rng)! + word(Int.random(in: 0...20, using: &rng)) }
        for ascending in [true, false] { check([(.strings(k), ascending)], count: k.count, "text") }
        let bytes = ByteKeys(k.map { Array($0.utf8) })
        for ascending in [true, false] { check([(.textKeys(bytes), ascending)], count: k.count, "byte keys") }
        // Large enough that the first pass sorts by digits rather than by insertion.
        let names = (0..<100_000).map { _ in "file-\(Int.random(in: 0..<30_000, using: &rng))" }
        check([(.strings(names), true)], count: names.count, "names")
    }

    @Test("LT-12: short ASCII text packs into words that sort as Swift compares the text: NUL bytes, prefixes, every length to 8")
    func LT_12_shortText() {
        var rng = SeededRandom(seed: 5)
        let alphabet: [Character] = ["a", "b", "\0", "~", "Z", " ", "\u{7F}", "9"]
        let k = (0..<20_000).map { _ in String((0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }) }
        let words = k.compactMap(ShortText.pack)
        #expect(words.count == k.count)
        #expect(words.map(ShortText.unpack) == k)
        for ascending in [true, false] {
            let packed = SortKeys.sorted(count: k.count, as: UInt32.self, keys: [(SortKeys(.shortText(words)), ascending)]) { _ in true }?.map { Int($0) }
            #expect(packed == reference([(.strings(k), ascending)], count: k.count))
        }
        // Codes that differ in few bits are kept as those bits, in 32 bits, and sort the same.
        let tails = (0..<20_000).map { _ in "N\(Int.random(in: 100...999, using: &rng))\(["UA", "AA", "JB", "DL"].randomElement(using: &rng)!)" }
        let tailKeys = SortKeys(.shortText(tails.compactMap(ShortText.pack))).narrowed()
        guard case .narrowInts = tailKeys.storage else { Issue.record("tail numbers kept as whole words"); return }
        for ascending in [true, false] {
            let packed = SortKeys.sorted(count: tails.count, as: UInt32.self, keys: [(tailKeys, ascending)]) { _ in true }?.map { Int($0) }
            #expect(packed == reference([(.strings(tails), ascending)], count: tails.count))
        }
        if case .narrowInts = SortKeys(.shortText(words)).narrowed().storage { Issue.record("words differing in more than 31 bits narrowed") }
        #expect(ShortText.pack("ninechars") == nil && ShortText.pack("é") == nil && ShortText.pack("") == 0)
    }

    @Test("LT-12: a text column is read as short words until a longer or non-ASCII value comes, then as strings, in one piece or many")
    func LT_12_shortTextReader() {
        let values: [TableValue] = [.string("UA"), .missing("NA"), .string("B6"), .string("a longer name"), .string("AA"), .empty]
        var short = KeyReader(count: 3, textOrder: .lexical)
        for (i, v) in values.prefix(3).enumerated() { _ = short.read(v, at: i) }
        guard case let .shortText(words) = short.keys.storage else { Issue.record("not packed: \(short.keys.storage)"); return }
        #expect(words.map(ShortText.unpack) == ["UA", "", "B6"] && short.keys.isMissing(1))
        var long = KeyReader(count: values.count, textOrder: .lexical)
        for (i, v) in values.enumerated() { _ = long.read(v, at: i) }
        guard case let .strings(strings) = long.keys.storage else { Issue.record("not strings: \(long.keys.storage)"); return }
        #expect(strings == ["UA", "", "B6", "a longer name", "AA", ""])
        // Pieces read apart join as one reader would have read them.
        var first = KeyReader(count: 3, textOrder: .lexical), second = KeyReader(count: 3, textOrder: .lexical)
        for i in 0..<3 { _ = first.read(values[i], at: i); _ = second.read(values[3 + i], at: i) }
        var pieces = [SortKeys.Piece(keys: first.keys, count: 3, allMissing: false), SortKeys.Piece(keys: second.keys, count: 3, allMissing: false)]
        let joined = SortKeys.joined(&pieces)
        guard case let .strings(all)? = joined?.storage else { Issue.record("not joined as strings"); return }
        #expect(all == strings && joined?.isMissing(1) == true && joined?.isMissing(5) == true)
        var short2 = [SortKeys.Piece(keys: short.keys, count: 3, allMissing: false), SortKeys.Piece(keys: short.keys, count: 3, allMissing: false)]
        let shortPieces = SortKeys.joined(&short2)
        guard case let .shortText(both)? = shortPieces?.storage else { Issue.record("short pieces not joined as words"); return }
        #expect(both.count == 6 && shortPieces?.isMissing(4) == true)
    }

    @Test("LT-12: integer pieces that fit 32 bits are held narrow and join narrow; with a wider piece they join as integers, with reals as reals, with text as values, every key kept")
    func LT_12_narrowPiecesJoin() {
        func piece(_ values: [TableValue]) -> SortKeys.Piece {
            var reader = KeyReader(count: values.count, textOrder: .lexical)
            for (i, v) in values.enumerated() { _ = reader.read(v, at: i) }
            return SortKeys.Piece(keys: reader.keys, count: values.count, allMissing: reader.isAllMissing).narrowingInts()
        }
        let small = piece([.int(3), .missing("NA"), .int(-7)])
        guard case let .narrowInts(narrow) = small.keys.storage else { Issue.record("not narrow: \(small.keys.storage)"); return }
        #expect(narrow == [3, 0, -7] && small.keys.isMissing(1))
        var twoNarrow = [small, piece([.int(1 << 30)])]
        guard case let .narrowInts(both)? = SortKeys.joined(&twoNarrow)?.storage else { Issue.record("narrow pieces not joined narrow"); return }
        #expect(both == [3, 0, -7, 1 << 30])
        var wide = [small, piece([.int(1 << 40)])]
        let joinedWide = SortKeys.joined(&wide)
        guard case let .ints(ints)? = joinedWide?.storage else { Issue.record("not joined as integers"); return }
        #expect(ints == [3, 0, -7, 1 << 40] && joinedWide?.isMissing(1) == true)
        guard case .doubles = piece([.double(517), .double(-2)]).keys.storage else { Issue.record("reals are kept reals until joined"); return }
        var reals = [small, piece([.double(0.5)])]
        guard case let .doubles(doubles)? = SortKeys.joined(&reals)?.storage else { Issue.record("not joined as reals"); return }
        #expect(doubles == [3, 0, -7, 0.5])
        var mixed = [small, piece([.string("a")])]
        guard case let .values(values)? = SortKeys.joined(&mixed)?.storage else { Issue.record("not joined as values"); return }
        #expect(values == [.int(3), .empty, .int(-7), .string("a")])
    }

    @Test("LT-12: text keys become numbers only when every present value is one: integers, reals once one is, text otherwise")
    func LT_12_numbersFromText() {
        func storage(_ values: [TableValue]) -> SortKeys.Storage {
            var reader = KeyReader(count: values.count, textOrder: .lexical)
            for (i, v) in values.enumerated() { _ = reader.read(v, at: i) }
            return reader.keys.numbersWhenAllAre().storage
        }
        guard case let .ints(ints) = storage([.string("10"), .missing("NA"), .string("-9")]) else { Issue.record("not integers"); return }
        #expect(ints == [10, 0, -9])
        guard case let .doubles(reals) = storage([.string("10"), .string("2.5"), .empty, .string("3")]) else { Issue.record("not reals"); return }
        #expect(reals == [10, 2.5, 0, 3])
        for text in [["10", "x"], ["inf", "1"], ["1", "nan"], ["9007199254740993", "0.5"], [" 1"]] {
            if case .ints = storage(text.map { .string($0) }) { Issue.record("\(text) became integers") }
            if case .doubles = storage(text.map { .string($0) }) { Issue.record("\(text) became reals") }
        }
    }

    @Test("LT-12: several keys sort one after another, the first most significant")
    func LT_12_severalKeys() {
        var rng = SeededRandom(seed: 4)
        let count = 20_000
        let kinds = (0..<count).map { _ in ["Text", "Image", "Movie"].randomElement(using: &rng)! }
        let sizes = (0..<count).map { _ in Int.random(in: 0..<50, using: &rng) }
        let reals = (0..<count).map { _ in Double(Int.random(in: 0..<4, using: &rng)) }
        check([(.strings(kinds), true), (.ints(sizes), false), (.doubles(reals), true)], count: count, "three keys")
    }

    @Test("LT-12: text beyond ASCII and mixed values are compared, not packed, and still sort right")
    func LT_12_unpackedKeys() {
        let text = SortKeys.strings(["e\u{301}", "é", "f", "e", "Å", "A\u{30A}"])
        #expect(!text.packs)
        let values = SortKeys.values([.int(3), .string("a"), .empty, .double(1)])
        #expect(!values.packs)
        for (keys, count) in [(text, 6), (values, 4)] {
            let sorted = SortKeys.sorted(count: count, as: UInt32.self, keys: [(keys, true)]) { _ in true }?.map { Int($0) }
            #expect(sorted == reference([(keys, true)], count: count))
        }
    }

    @Test("LT-12: a packed sort stops when progress says so, and its progress only grows")
    func LT_12_packedProgress() {
        var rng = SeededRandom(seed: 5)
        let k = (0..<400_000).map { _ in "row-\(Int.random(in: 0..<1_000_000, using: &rng))" }
        var fractions: [Double] = []
        let all = SortKeys.sorted(count: k.count, as: UInt32.self, keys: [(.strings(k), true)]) { fractions.append($0); return true }
        #expect(all != nil && fractions == fractions.sorted() && fractions.count >= 4 && fractions.allSatisfy { $0 <= 1 })
        var calls = 0
        #expect(SortKeys.sorted(count: k.count, as: UInt32.self, keys: [(.strings(k), true)]) { _ in calls += 1; return calls < 2 } == nil)
    }
}
