/// Where a task was started or a hook registered.
package struct SourceSite: Sendable {
    let fileID: StaticString
    let line: UInt

    package init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        self.line = line
    }
}

/// Where a container's end was called: the place a leak check points at when something the
/// end released outlives it.
@usableFromInline
package struct EndSite: Sendable, Hashable {
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int

    @usableFromInline
    init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// The parts of a provider's name that its key keeps: where the text starts, and the flags
/// that say how to read it back (``LiteralName``).
///
/// A key keeps the name as these parts, not as a `StaticString`, so that a ``Provider`` stays
/// at seven words and is kept in registers: keeping the whole name made the README's "cached
/// shared, 1st of 30" read nearly twice as slow.
extension StaticString {
    /// Where the text starts: the literal's address, or the scalar of a one-scalar string.
    @inlinable
    var site: UInt {
        hasPointerRepresentation ? UInt(bitPattern: utf8Start) : UInt(unicodeScalar.value)
    }

    /// Bit 0 set for a one-scalar string, bit 1 for an ASCII one.
    @inlinable
    var flags: UInt8 { (hasPointerRepresentation ? 0 : 1) | (isASCII ? 2 : 0) }
}
