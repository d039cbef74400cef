/// Title-style capitalisation for headings (LT-07).
public enum HeadingStyle {
    /// Short words that stay lowercase in the middle of a title.
    public static let minorWords: Set<String> = ["a", "an", "the", "and", "but", "or", "nor", "for", "of", "in", "on", "at", "to", "by", "with", "as", "from", "per", "via"]

    /// Every word capitalised except short minor words in the middle.
    public static func titleCased(_ title: String) -> String {
        let words = title.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        return words.enumerated().map { i, word in
            guard let first = word.first else { return word }
            let minor = i > 0 && i < words.count - 1 && minorWords.contains(word.lowercased())
            return minor ? word.lowercased() : first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// True when `title` is already in title case.
    public static func isTitleCase(_ title: String) -> Bool { titleCased(title) == title }
}
