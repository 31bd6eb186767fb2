extension StaticString {
    /// Where the text starts: the literal's address, or the scalar of a one-scalar string.
    @inlinable
    var site: UInt {
        hasPointerRepresentation ? UInt(bitPattern: utf8Start) : UInt(unicodeScalar.value)
    }

    /// `StaticString`'s own flags: bit 0 set for a one-scalar string, bit 1 for an ASCII one.
    @inlinable
    var flags: UInt8 { (hasPointerRepresentation ? 0 : 1) | (isASCII ? 2 : 0) }

    /// Puts a static string back together from its ``site``, its length in UTF-8 code units
    /// (0 for a one-scalar string) and its ``flags``.
    init(site: UInt, length: UInt, flags: UInt8) {
        // `StaticString` is a frozen struct of these three fields, in this order: its layout
        // is part of the standard library's ABI.
        struct Parts {
            let start: UInt
            let length: UInt
            let flags: UInt8
        }
        let parts = Parts(start: site, length: length, flags: flags)
        self = unsafeBitCast(parts, to: StaticString.self)
    }
}
