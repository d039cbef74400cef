extension Unicode.Scalar {
    /// True for C0 and C1 control characters and DEL: a terminal acts on them instead of showing
    /// them, so text from outside (rows, pastes, files) must never reach it with them in.
    public var isControlCharacter: Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// What a host draws for this scalar when it is a control character: its Unicode control
    /// picture (␀…␟, ␡), or U+FFFD for the C1 controls, which have none. Any other scalar is
    /// itself.
    public var visibleSubstitute: Unicode.Scalar {
        switch value {
        case 0..<0x20: return Unicode.Scalar(0x2400 + value)!
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return "\u{FFFD}"
        default: return self
        }
    }
}

/// The cells a grapheme cluster takes when a host draws it as data: its ``displayWidth(_:)-(Character)``,
/// plus one cell for each control character in it, which a host shows as a one-cell picture
/// (`Unicode.Scalar.visibleSubstitute`) instead of obeying it. Truncation and wrapping measure
/// with it, so that text holding controls is cut where it is drawn. (A host that expands a tab to
/// the next tab stop draws it wider; the clip of the area it draws in keeps it inside.)
public func drawnWidth(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // A single ASCII scalar is one cell, printable or shown as a picture.
    if scalars.count == 1, let only = scalars.first, only.value < 0x80 { return 1 }
    guard scalars.contains(where: \.isControlCharacter) else { return displayWidth(character) }
    let controls = scalars.filter(\.isControlCharacter).count
    var rest = String.UnicodeScalarView()
    rest.append(contentsOf: scalars.filter { !$0.isControlCharacter })
    return controls + displayWidth(String(rest))
}

/// The cells a string takes when a host draws it as data: the sum of
/// ``drawnWidth(_:)-(Character)`` over its grapheme clusters.
public func drawnWidth(_ string: some StringProtocol) -> Int {
    stringDrawnWidth(string)
}

/// The width of `string` as the generic `drawnWidth(_:)` gives it, compiled for `String` here
/// so that callers in other modules do not run the generic version.
public func drawnWidth(_ string: String) -> Int {
    stringDrawnWidth(string)
}

@inline(__always)
private func stringDrawnWidth(_ string: some StringProtocol) -> Int {
    var ascii = 0
    for byte in string.utf8 {
        guard byte < 0x80 else {
            var total = 0
            for character in string { total += drawnWidth(character) }
            return total
        }
        ascii &+= 1
    }
    return ascii
}
