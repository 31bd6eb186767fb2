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
