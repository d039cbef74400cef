import Foundation
import Testing

/// The promise of docs/reliability.md's "Unsafe code is said": every Swift module is compiled
/// with strict memory safety, its findings errors, and every file that uses unsafe code says why
/// it is safe there.
@Suite struct MemorySafetyTests {
    /// The package's folder, two above this file's.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every Swift target of the package is built with strict memory safety as an error")
    func everyTargetIsStrict() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"let memorySafe: [SwiftSetting] = [.strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error)]"#))
        // The settings every target takes hold those (and the package's other settings).
        #expect(manifest.contains("let settings = memorySafe + "))
        // Each target's declaration, from its kind to the next target's: C targets (their names
        // start with C and they hold no Swift) and tests aside.
        let pieces = manifest.components(separatedBy: "\n        .")
        var checked: [String] = []
        for piece in pieces where piece.hasPrefix("target(") || piece.hasPrefix("executableTarget(") {
            guard let nameRange = piece.range(of: #"name: "[^"]+""#, options: .regularExpression) else { continue }
            let name = String(piece[nameRange].dropFirst(7).dropLast())
            guard !name.hasPrefix("C"), !name.hasSuffix("TestSupport") else { continue }
            checked.append(name)
            #expect(piece.contains("swiftSettings: settings"), "\(name) is not built with `settings`, which hold `memorySafe`")
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix("C") }
        #expect(Set(checked) == Set(sources), "targets checked: \(checked.sorted())")
    }

    @Test("every source file that uses unsafe code says in a comment what keeps it safe")
    func unsafeCodeIsSaid() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var unsaid: [String] = []
        var using = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            guard text.range(of: #"\bunsafe\b"#, options: .regularExpression) != nil else { continue }
            using += 1
            let says = text.split(separator: "\n").contains { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("//") && trimmed.range(of: #"\b[Ss]afe\b"#, options: .regularExpression) != nil
            }
            if !says { unsaid.append(file) }
        }
        #expect(using > 50)
        #expect(unsaid.isEmpty, "files with unsafe code and no comment saying why it is safe: \(unsaid.sorted())")
    }
}
