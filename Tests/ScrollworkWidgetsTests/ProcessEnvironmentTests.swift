import Glibc
import ScrollworkWidgets
import Testing

/// The process's environment as a dictionary: what C's `getenv` reads, name for name.
@Suite struct ProcessEnvironmentTests {
    @Test("every variable is read with the value getenv gives it, split at its first =")
    func matchesGetenv() throws {
        let environment = processEnvironment()
        #expect(!environment.isEmpty)
        for (name, value) in environment {
            #expect(!name.utf8.contains(UInt8(ascii: "=")))
            let expected = try #require(getenv(name).map { String(cString: $0) }, "\(name) is not in the environment")
            #expect(value == expected, "\(name)")
        }
        // Every entry of `environ` with a name is there (a name given twice once).
        var names = Set<String>()
        var k = 0
        while let entry = environ[k] {
            let text = String(cString: entry)
            if let eq = text.utf8.firstIndex(of: UInt8(ascii: "=")) { names.insert(String(text[..<eq])) }
            k += 1
        }
        #expect(Set(environment.keys) == names)
    }
}
