import Scrollwork

/// `1234567` as `1,234,567`.
func grouped(_ n: Int) -> String {
    // Written from the last digit back into a small buffer: the status line asks every frame.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        var value = n.magnitude, start = buffer.count, digits = 0
        repeat {
            if digits > 0 && digits % 3 == 0 { start -= 1; buffer[start] = UInt8(ascii: ",") }
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
            digits += 1
        } while value > 0
        if n < 0 { start -= 1; buffer[start] = UInt8(ascii: "-") }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
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
