import Scrollwork

/// A generated file for the table page: deterministic from its index, made only when shown.
struct FileRow: Sendable {
    static let kinds = ["Text", "Image", "Movie", "Folder", "Archive", "Swift Source", "PDF Document", "Markdown"]
    static let folders = ["Documents", "Projects/scrollwork/Sources", "Pictures/Holidays/2026", "Music", "Downloads", "Library/Application Support/Scrollwork"]
    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]
    static let extensions = ["txt", "png", "mov", "", "zip", "swift", "pdf", "md"]
    /// Every date a row can have, 2026-01-01 … 2026-12-28, made once.
    static let dates: [String] = (1...12).flatMap { month in
        (1...28).map { day in "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }
    }

    /// How many decimal digits `n` has (its magnitude's).
    static func digitCount(_ n: Int) -> Int {
        var count = 1, value = n.magnitude
        while value >= 10 { value /= 10; count += 1 }
        return count
    }

    /// Writes `text`'s bytes into `bytes` from `at`, moving `at` past them; nothing when they
    /// would not fit (the caller sizes `bytes` for every piece).
    static func put(_ text: String, into bytes: UnsafeMutableBufferPointer<UInt8>, at: inout Int) {
        guard let target = bytes.baseAddress else { return }
        let start = at
        // Short pieces byte by byte: a memory copy call costs more than the few bytes it moves.
        // Safe: the bytes are written only once they are known to fit from `start`.
        let copied: Int? = unsafe text.utf8.withContiguousStorageIfAvailable { source in
            guard start + source.count <= bytes.count else { return 0 }
            for i in source.indices { unsafe target[start &+ i] = unsafe source[i] }
            return source.count
        }
        if let copied { at += copied; return }
        // Safe: every byte lands inside `bytes`, checked whole first.
        guard start + text.utf8.count <= bytes.count else { return }
        for byte in text.utf8 { unsafe bytes[at] = byte; at += 1 }
    }

    var name: String
    var path: String
    var size: Int
    var kind: String
    var date: String
    /// A folder has no size of its own: Finder shows "--".
    var isFolder: Bool

    init(index i: Int) {
        let h = (i &* 2_654_435_761) & 0x7FFF_FFFF
        let k = h % FileRow.kinds.count
        let word = FileRow.words[(h / 7) % FileRow.words.count]
        let ext = FileRow.extensions[k]
        // Written byte by byte into strings of the right size: a table makes a screen of these
        // every frame it pages, and appending piece by piece grows each string several times.
        // Safe: each string's capacity is the sum of its pieces' lengths, counted above, and every
        // piece is put only where it fits.
        let folder = FileRow.folders[(h / 13) % FileRow.folders.count]
        let digits = FileRow.digitCount(i)
        let nameLength = word.utf8.count + 1 + digits + (ext.isEmpty ? 0 : 1 + ext.utf8.count)
        let name = unsafe String(unsafeUninitializedCapacity: nameLength) { bytes in
            var at = 0
            unsafe FileRow.put(word, into: bytes, at: &at)
            unsafe FileRow.put("-", into: bytes, at: &at)
            var value = i.magnitude
            for place in stride(from: at + digits - 1, through: at, by: -1) {
                unsafe bytes[place] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            at += digits
            if !ext.isEmpty {
                unsafe FileRow.put(".", into: bytes, at: &at)
                unsafe FileRow.put(ext, into: bytes, at: &at)
            }
            return at
        }
        self.name = name
        let home = "/Users/ada/"
        path = unsafe String(unsafeUninitializedCapacity: home.utf8.count + folder.utf8.count + 1 + nameLength) { bytes in
            var at = 0
            unsafe FileRow.put(home, into: bytes, at: &at)
            unsafe FileRow.put(folder, into: bytes, at: &at)
            unsafe FileRow.put("/", into: bytes, at: &at)
            unsafe FileRow.put(name, into: bytes, at: &at)
            return at
        }
        size = k == 3 ? 0 : (h / 3) % 5_000_000
        kind = FileRow.kinds[k]
        isFolder = k == 3
        let day = (h / 17) % 28 + 1, month = (h / 19) % 12 + 1
        date = FileRow.dates[(month - 1) * 28 + day - 1]
    }
}

/// A generated tree: 10 regions, each with 100 areas of 1,000 items (1,001,010 nodes).
struct GeneratedTree: OutlineSource, Sendable {
    static let branching = [10, 100, 1000]

    func childCount(of parent: OutlinePath?) -> Int {
        let depth = parent?.count ?? 0
        return depth < Self.branching.count ? Self.branching[depth] : 0
    }

    func child(of parent: OutlinePath?, at index: Int) -> OutlinePath { (parent ?? []) + [index] }

    func descendantCount(of node: OutlinePath) -> Int {
        var total = 0, level = 1
        for d in node.count..<Self.branching.count { level *= Self.branching[d]; total += level }
        return total
    }

    static func title(_ path: OutlinePath) -> String {
        switch path.count {
        case 1: return "Region \(path[0] + 1)"
        case 2: return "Area \(path[0] + 1).\(path[1] + 1)"
        default:
            // Written part by part: a map and a join made an array of strings for every row drawn.
            var title = "Item "
            for (i, index) in path.enumerated() {
                if i > 0 { title += "." }
                title += String(index.addingSaturating(1))
            }
            return title
        }
    }
}

/// Names for the contacts list.
enum GalleryNames {
    static let first = ["Ada", "Alan", "Barbara", "Bjarne", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace", "Guido",
                        "Hedy", "Ivan", "James", "John", "Ken", "Linus", "Margaret", "Niklaus", "Ole", "Radia", "Rob", "Sophie",
                        "Tim", "Ursula", "Vint", "Whitfield", "Xiao", "Yukihiro", "Zhores"]
    static let last = ["Lovelace", "Turing", "Liskov", "Stroustrup", "Shannon", "Ritchie", "Knuth", "Dijkstra", "Allen", "Hopper",
                       "van Rossum", "Lamarr", "Sutherland", "Gosling", "McCarthy", "Thompson", "Torvalds", "Hamilton", "Wirth",
                       "Dahl", "Perlman", "Pike", "Wilson", "Berners-Lee", "Martin", "Cerf", "Diffie", "Wang", "Matsumoto", "Alferov"]

    /// Contacts grouped by the first letter of the last name, A to Z.
    static func contacts() -> [(letter: String, names: [String])] {
        var people: [String] = []
        for (i, f) in first.enumerated() { for j in 0..<3 { people.append("\(f) \(last[(i * 7 + j * 11) % last.count])") } }
        let sorted = people.sorted { ($0.split(separator: " ").last ?? "") < ($1.split(separator: " ").last ?? "") }
        var groups: [String: [String]] = [:]
        for p in sorted { groups[String(p.split(separator: " ").last!.prefix(1)).uppercased(), default: []].append(p) }
        return groups.keys.sorted().map { ($0, groups[$0]!) }
    }
}
