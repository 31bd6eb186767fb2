/// Where a call was made, as every Strata call that records its caller takes it: a scope's
/// creation, an end, a hook, a task.
///
/// One convention for each of those parameters: `fileID: StaticString = #fileID`,
/// `filePath: StaticString = #filePath`, `line: UInt = #line`. Static strings, so that
/// recording a caller allocates nothing; the path, so that a leak check's issue points at a
/// place Xcode can open.
@usableFromInline
package struct SourceSite: Sendable, Hashable {
    package let fileID: StaticString
    package let filePath: StaticString
    package let line: UInt

    @usableFromInline
    package init(fileID: StaticString, filePath: StaticString, line: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// A change no caller can name, described by what made it.
    ///
    /// A setter cannot take its caller's place: a leak report of what it ended says how it
    /// ended, at the test's place.
    ///
    /// - Parameter change: What made the change, as the end of a sentence: `its
    ///   ContainerStack's path was set`.
    package init(unnamed change: StaticString) {
        self.init(fileID: change, filePath: change, line: 0)
    }

    /// Whether a caller named the place: `false` for ``init(unnamed:)``.
    package var isNamed: Bool { line != 0 }

    /// `Module/File.swift:12`.
    package var location: String { "\(fileID):\(line)" }

    /// Two sites are equal when they name the same file and line, whichever literal holds the
    /// text.
    @usableFromInline
    package static func == (lhs: SourceSite, rhs: SourceSite) -> Bool {
        lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(fileID.description)
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
