import Scrollwork

/// `1234567` as `1,234,567`.
func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0 && i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}

/// What a type-ahead search did, for the status line: the text typed and how the row was looked
/// for (a binary search on the sorted column, or a bounded scan).
func typeAheadNote(_ outcome: (row: IndexPath?, method: TypeAheadMethod), typed: TypeAheadState) -> String {
    let how: String
    switch outcome.method {
    case .binarySearch: how = "found by binary search"
    case let .scan(limit): how = "scanned the first \(grouped(limit)) rows"
    }
    return outcome.row == nil ? "no row starts with “\(typed.text)” (\(how))" : "typed “\(typed.text)”: \(how)"
}
