import Scrollwork

/// Key names as macOS writes them in menus and help: modifiers and named keys as symbols, in the
/// order a Mac lists them (⌃ Control, ⌥ Option, ⇧ Shift), the letter after them: "Ctrl+Shift+Tab"
/// is "⌃⇧⇥", "Alt+C" is "⌥C", "Shift+F10" is "⇧F10".
///
/// The key pressed stays the same (a Linux keyboard's Control is ⌃, not ⌘); only its name
/// changes, so that an app drawn in the macOS idiom names keys as a Mac app does.
public enum KeyLabel {
    /// True where keys are named in symbols: a window (a desktop app's keys) in the macOS idiom
    /// on a Mac. Elsewhere keys are written as the desktop writes them ("Ctrl+C", as GNOME's
    /// menus and shortcuts window do), whatever the idiom: the macOS idiom in a Linux window is
    /// a desktop's metrics, not a Mac's keyboard.
    public static func isSymbolic(_ convention: KeyConvention, in idiom: ScrollIdiom) -> Bool {
        #if os(macOS)
        return convention == .desktop && idiom == .macOS
        #else
        return false
        #endif
    }

    /// `label` as an app following `convention` in `idiom` names it: ``symbolic(_:)`` where
    /// ``isSymbolic(_:in:)``, else as written.
    public static func named(_ label: String, for convention: KeyConvention, in idiom: ScrollIdiom) -> String {
        isSymbolic(convention, in: idiom) ? symbolic(label) : label
    }

    /// `label` ("Ctrl+Tab Ctrl+PgDn", "Shift+F10 Menu", "F1") with each chord that names keys in
    /// symbols; words that are not key names ("1–7", "click") stay as they are.
    public static func symbolic(_ label: String) -> String {
        label.split(separator: " ", omittingEmptySubsequences: false).map { symbolicChord(String($0)) }.joined(separator: " ")
    }

    /// One chord ("Ctrl+Shift+Tab") in symbols, or as it is when a part of it names no key.
    static func symbolicChord(_ chord: String) -> String {
        // "+" alone, or a chord ending in "+" ("Ctrl++"), names the plus key.
        var parts = chord.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if chord.hasSuffix("+"), parts.count >= 2 { parts.removeLast(2); parts.append("+") }
        guard parts.count > 1 || symbols[chord] != nil else { return chord }
        let key = parts.last ?? ""
        var order: [Int] = []
        for name in parts.dropLast() {
            guard let index = modifiers.firstIndex(where: { $0.name == name }) else { return chord }
            order.append(index)
        }
        return order.sorted().map { modifiers[$0].symbol }.joined() + (symbols[key] ?? key)
    }

    /// In the order a Mac lists them.
    private static let modifiers: [(name: String, symbol: String)] = [("Ctrl", "⌃"), ("Alt", "⌥"), ("Shift", "⇧")]
    private static let symbols = ["Tab": "⇥", "Enter": "↩", "Esc": "⎋", "Del": "⌦", "PgUp": "⇞", "PgDn": "⇟",
                                  "Home": "↖", "End": "↘", "Space": "Space", "Menu": "Menu"]
}

extension KeyHelp {
    /// The same help with its keys named as macOS names them (``KeyLabel/symbolic(_:)``).
    public var symbolic: KeyHelp {
        KeyHelp(title: title, entries: entries.map { (KeyLabel.symbolic($0.keys), $0.does) }, inputs: inputs)
    }

    /// The same help with its keys named as an app following `convention` in `idiom` names them
    /// (``KeyLabel/named(_:for:in:)``).
    public func named(for convention: KeyConvention, in idiom: ScrollIdiom) -> KeyHelp {
        KeyLabel.isSymbolic(convention, in: idiom) ? symbolic : self
    }
}
