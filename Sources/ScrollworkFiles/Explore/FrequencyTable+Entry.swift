extension FrequencyTable {
    /// One value and its count.
    public struct Entry: Sendable, Hashable {
        /// The value as the file writes it (empty for an empty field; invalid UTF-8 as U+FFFD,
        /// so two entries may read alike while their ``bytes`` differ). Setting it leaves
        /// ``bytes`` as they are.
        public var value: String {
            get { shown ?? String(decoding: stored, as: UTF8.self) }
            set { shown = Self.reads(stored, as: newValue) ? nil : newValue }
        }
        /// The value's bytes, exactly as the file holds them. Setting them leaves ``value`` as
        /// it is.
        public var bytes: [UInt8] {
            get { Array(stored) }
            set {
                let value = self.value
                stored = ArraySlice(newValue)
                shown = Self.reads(stored, as: value) ? nil : value
            }
        }
        /// How many rows hold it.
        public var count: Int
        /// True for a missing value (empty, `NA`, a null, …).
        public var isMissing: Bool
        /// True for the nulls of a source that marks its own (a database's, Parquet's): no text
        /// of the table's, shown as `NULL`, apart from an empty text.
        public var isNull: Bool
        /// The bytes: for a table counted from a file, a slice of one buffer holding every
        /// value's, so that a million values cost no million strings.
        private var stored: ArraySlice<UInt8>
        /// The text shown where the bytes are not its UTF-8 (bytes that are not UTF-8, a null's,
        /// or a text set so): nil for nearly every value.
        private var shown: String?

        /// `value` (its bytes `bytes`, the value's UTF-8 when nil), counted `count` times; a
        /// null is missing whatever `isMissing` says.
        public init(value: String, bytes: [UInt8]? = nil, count: Int, isMissing: Bool, isNull: Bool = false) {
            self.stored = ArraySlice(bytes ?? Array(value.utf8))
            self.shown = nil
            self.count = count
            self.isMissing = isMissing || isNull
            self.isNull = isNull
            self.shown = Self.reads(stored, as: value) ? nil : value
        }

        /// The value whose bytes are `bytes`, counted `count` times, shown as they read.
        init(bytes: ArraySlice<UInt8>, count: Int, isMissing: Bool) {
            self.stored = bytes
            // Text kept apart only for bytes that are not UTF-8: ASCII needs no reading.
            let read = bytes.contains { $0 >= 0x80 } ? String(decoding: bytes, as: UTF8.self) : nil
            self.shown = read.flatMap { Self.reads(bytes, as: $0) ? nil : $0 }
            self.count = count
            self.isMissing = isMissing
            self.isNull = false
        }

        /// `body` of the bytes of ``value`` (the entry's own where they are UTF-8), lent for the
        /// call.
        func withShownBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            // Safe: the bytes, the entry's own or its text's, are lent for `body`'s call alone.
            guard var shown else { return unsafe stored.withUnsafeBufferPointer(body) }
            return shown.withUTF8(body)
        }

        /// Lends ``bytes`` to `body` without copying them out of the table's one buffer.
        func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            // Safe: the stored slice is lent for `body`'s call alone.
            unsafe stored.withUnsafeBufferPointer(body)
        }

        /// True when this entry's bytes come before `other`'s, byte by byte.
        func bytesPrecede(_ other: Entry) -> Bool { stored.lexicographicallyPrecedes(other.stored) }

        /// True when `bytes` are `text`'s UTF-8 exactly: then the bytes alone are kept, and lent
        /// as the text's (``withShownBytes(_:)``).
        private static func reads(_ bytes: ArraySlice<UInt8>, as text: String) -> Bool { text.utf8.elementsEqual(bytes) }
    }
}
