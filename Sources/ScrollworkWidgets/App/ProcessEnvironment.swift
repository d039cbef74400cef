#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables (`environ`) as a dictionary, without Foundation: what
/// ``ColorMode/detect(environment:)``, a terminal session and an app's settings read. A name given
/// twice keeps its last value.
public func processEnvironment() -> [String: String] {
    // Safe: `environ` is a list of C strings ended by a null pointer, read before anything here
    // could change it (nothing in this program calls setenv).
    var count = 0
    while unsafe environ[count] != nil { count += 1 }
    var result = [String: String](minimumCapacity: count)
    for k in 0..<count {
        guard let entry = unsafe environ[k] else { break }
        let text = unsafe String(cString: entry)
        // The first "=" found among the bytes, not the characters: a search by character breaks
        // text into graphemes, some thousands of instructions a variable before the first frame.
        guard let eq = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
        result[String(text[..<eq])] = String(text[text.utf8.index(after: eq)...])
    }
    return result
}
