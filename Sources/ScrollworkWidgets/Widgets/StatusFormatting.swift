import Scrollwork

/// `n` things, grouped, the noun as many as there are: "1 row", "0 rows", "1,234 rows"
/// (`plural` for a noun that is not `singular` and "s").
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    grouped(n) + " " + (n == 1 ? singular : plural ?? singular + "s")
}

/// `1234567` as `1,234,567`.
public func grouped(_ n: Int) -> String {
    // Written from the last digit back into a small buffer: the status line asks every frame.
    // Safe: the longest, Int.min, is 26 bytes (19 digits, 6 commas and a sign) of the 32.
    unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        var value = n.magnitude, start = buffer.count, digits = 0
        repeat {
            if digits > 0 && digits % 3 == 0 { start -= 1; unsafe buffer[start] = UInt8(ascii: ",") }
            start -= 1
            unsafe buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
            digits += 1
        } while value > 0
        if n < 0 { start -= 1; unsafe buffer[start] = UInt8(ascii: "-") }
        return unsafe String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
}

/// What a type-ahead search did, for the status line: the text typed and how the row was looked
/// for (a binary search on the sorted column, or a bounded scan).
public func typeAheadNote(_ outcome: (row: IndexPath?, method: TypeAheadMethod), typed: TypeAheadState) -> String {
    typeAheadNote(found: outcome.row != nil, method: outcome.method, typed: typed)
}

/// What a type-ahead search did, for the status line, whether it `found` a row or not (an
/// outline's, which names its rows by path).
public func typeAheadNote(found: Bool, method: TypeAheadMethod, typed: TypeAheadState) -> String {
    let how: String
    switch method {
    case .binarySearch: how = "found by binary search"
    case let .scan(limit): how = "scanned the first \(grouped(limit)) rows"
    }
    return found ? "typed “\(typed.text)”: \(how)" : "no row starts with “\(typed.text)” (\(how))"
}

/// Rows of fields as tab-separated text, a line a row, as spreadsheets read a paste: a field
/// holding a tab, a line break or a quote is put in quotes, its quotes doubled.
public func tabSeparated(_ lines: [[String]]) -> String {
    func quoted(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" }) else { return field }
        return "\"" + field.replacingScalar("\"", with: "\"\"") + "\""
    }
    return lines.map { $0.map(quoted).joined(separator: "\t") }.joined(separator: "\n")
}

/// The status line's answer to Alt+C: how many of the `selected` rows were `copied`, through
/// the terminal (OSC 52, which a terminal may refuse or cap), or, `toClipboard`, straight onto
/// a desktop's clipboard.
public func copiedNote(_ copied: Int, of selected: Int, toClipboard: Bool = false) -> String {
    let cut = toClipboard ? "a copy holds at most \(grouped(copied)) rows" : "terminals take a few megabytes at most"
    let count = copied < selected ? "the first \(grouped(copied)) of \(grouped(selected)) selected rows (\(cut))"
        : counted(copied, "row")
    return "copied \(count) with the heading" + (toClipboard ? " to the clipboard" : " (OSC 52: on the clipboard where the terminal allows it)")
}

/// What a status line says of the errors a widget met (a ``Reply``'s `errors`): the last, and how many
/// came before it; nil for none.
public func errorNote(_ errors: [any Error]) -> String? {
    guard let last = errors.last else { return nil }
    return "\(last)" + (errors.count > 1 ? " (and \(errors.count - 1) more)" : "")
}
