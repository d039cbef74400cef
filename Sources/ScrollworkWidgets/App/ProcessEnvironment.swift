#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables (`environ`) as a dictionary, without Foundation: what
/// ``ColorMode/detect(environment:)``, a terminal session and an app's settings read. A name given
/// twice keeps its last value.
public func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    // Safe: `environ` is a list of C strings ended by a null pointer, read before anything here
    // could change it (nothing in this program calls setenv).
    var pointer = unsafe environ
    while let entry = unsafe pointer.pointee {
        let text = unsafe String(cString: entry)
        if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
        unsafe pointer += 1
    }
    return result
}
