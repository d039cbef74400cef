/// The number of terminal cells a grapheme cluster occupies: 0, 1 or 2.
///
/// - 2 for East Asian Wide and Fullwidth characters and for emoji shown as emoji: an emoji with
///   U+FE0F, a flag (a pair of regional indicators), a skin-tone or ZWJ sequence.
/// - 0 for a cluster made only of combining marks, format characters or control characters.
/// - 1 for everything else. A cluster that a terminal draws as more than one glyph, such as an
///   Indic conjunct, counts each glyph, as terminals do.
///
/// ```swift
/// displayWidth("滚" as Character)   // 2
/// displayWidth("👍🏽" as Character)   // 2, not the 4 that summing code points would give
/// ```
public func displayWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let only = scalars.first, only.value < 0x80 {
        return asciiWidth(UInt8(only.value))
    }
    // Sum the code points, except those that merge into the emoji before them: the rest of an
    // emoji ZWJ sequence, a skin tone, the second half of a flag. An Indic conjunct or a letter
    // followed by a stray skin tone really does take more cells.
    var total = 0
    var base: Unicode.Scalar? = nil  // the last code point that took cells
    var baseWidth = 0
    var afterJoiner = false
    var pendingFlagHalf = false
    for scalar in scalars {
        let value = scalar.value
        if value == 0xFE0F {
            // Emoji presentation widens a narrow emoji such as ☺ or ❤.
            if let b = base, b.properties.isEmoji, baseWidth == 1 { total += 1; baseWidth = 2 }
            continue
        }
        if value == 0x200D { afterJoiner = true; continue }
        defer { afterJoiner = false }
        // Digits, # and * are "emoji" only as keycap bases; a skin tone after them stands alone.
        let emojiBase = base.map { $0.value >= 0x80 && $0.properties.isEmoji } ?? false
        if afterJoiner, emojiBase, scalar.properties.isEmoji { continue }
        if emojiBase, scalar.properties.isEmojiModifier { continue }
        if isRegionalIndicator(value) {
            if pendingFlagHalf { pendingFlagHalf = false; continue }
            pendingFlagHalf = true
        }
        let width = scalarWidth(value)
        if width > 0 { base = scalar; baseWidth = width }
        total += width
    }
    return total
}

/// The number of terminal cells a string occupies: the sum of ``displayWidth(_:)-(Character)``
/// over its grapheme clusters, with a fast path for ASCII.
///
/// ```swift
/// displayWidth("ページ")   // 6
/// displayWidth("e\u{301}") // 1
/// ```
public func displayWidth(_ string: some StringProtocol) -> Int {
    stringWidth(string)
}

/// The width of `string` as the generic `displayWidth(_:)` gives it, compiled for `String`
/// here so that a caller in another module does not run the generic version, many times slower.
public func displayWidth(_ string: String) -> Int {
    stringWidth(string)
}

@inline(__always)
private func stringWidth(_ string: some StringProtocol) -> Int {
    var ascii = 0
    var isASCII = true
    for byte in string.utf8 {
        if byte >= 0x80 { isASCII = false; break }
        ascii &+= asciiWidth(byte)
    }
    if isASCII { return ascii }
    // Text whose code points each stand alone (accents, "…", box drawing, CJK) needs no
    // grapheme breaking: its clusters are its code points.
    var standalone = 0
    for scalar in string.unicodeScalars {
        guard let width = scalar.standaloneDisplayWidth else { return clusterWidth(of: string) }
        standalone &+= width
    }
    return standalone
}

private func clusterWidth(of string: some StringProtocol) -> Int {
    var total = 0
    for character in string { total += displayWidth(character) }
    return total
}

extension Unicode.Scalar {
    /// The cells this code point takes when it is certain to be a grapheme cluster of its own,
    /// whatever comes before or after it; nil for code points that can join a neighbour or take
    /// no cells (controls, combining marks, joiners, variation selectors, emoji and their
    /// modifiers, regional indicators, Hangul jamo, format characters), and for blocks not
    /// checked for such code points.
    ///
    /// A text made only of code points with a width here is one cluster per code point, so a
    /// host can measure and draw it without grapheme breaking. It covers printable ASCII, Latin,
    /// Greek and Cyrillic letters, general punctuation such as "…", box drawing and block
    /// elements, kana, CJK ideographs, Hangul syllables and fullwidth forms.
    @inlinable
    public var standaloneDisplayWidth: Int? {
        let v = value
        // None of these is a combining mark, a joiner or an emoji that takes a modifier; the soft
        // hyphen is a cluster of its own that terminals draw in one cell. A precomposed Hangul
        // syllable joins only a jamo, and no jamo is listed. The widths of the blocks answered
        // here without the width table are checked against it code point by code point in the
        // tests.
        switch v {
        case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x2010...0x2027, 0x2030...0x205E, 0x2500...0x259F:
            return 1
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
            return 2
        case 0x25A0...0x25FF:
            // Geometric shapes: a few are emoji shown wide.
            let width = scalarWidth(v)
            return width > 0 ? width : nil
        default:
            return nil
        }
    }
}

/// Printable ASCII is one cell; control characters draw nothing.
@inline(__always)
func asciiWidth(_ byte: UInt8) -> Int {
    byte >= 0x20 && byte < 0x7F ? 1 : 0
}

@inline(__always)
func isRegionalIndicator(_ value: UInt32) -> Bool {
    value >= 0x1F1E6 && value <= 0x1F1FF
}

/// The width of one code point on its own, from the generated table.
@usableFromInline
func scalarWidth(_ value: UInt32) -> Int {
    if value < 0x80 { return asciiWidth(UInt8(value)) }
    // C1 controls draw nothing; the rest of Latin-1 and Latin Extended (including the soft
    // hyphen, which terminals draw) is one cell and has no combining marks.
    if value < 0x300 { return value < 0xA0 ? 0 : 1 }
    // Regional indicators are "neutral" in East Asian Width, but terminals draw them, alone or as
    // a flag, as emoji: two cells.
    if isRegionalIndicator(value) { return 2 }
    if contains(WidthTable.zero, value) { return 0 }
    if value >= 0x1100, contains(WidthTable.wide, value) { return 2 }
    return 1
}

/// Binary search over sorted, disjoint ranges.
func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0, high = table.count - 1
    while low <= high {
        let mid = (low + high) >> 1
        let range = table[mid]
        if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
    }
    return false
}
