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

/// The `#fileID` a scope was made at, in ten bytes where a `StaticString` takes seventeen:
/// every scope's core keeps one, and the seven bytes are what puts the core in a smaller
/// malloc size.
///
/// The length and the flags share sixteen bits, so a file ID of 16,384 bytes or more is cut
/// there; a module's name and a file's name are far shorter.
struct CompactFileID {
    private let site: UInt
    /// `length << 2 | flags`.
    private let shape: UInt16

    init(_ fileID: StaticString) {
        let length = fileID.hasPointerRepresentation ? min(fileID.utf8CodeUnitCount, 0x3FFF) : 0
        site = fileID.site
        shape = UInt16(length) << 2 | UInt16(fileID.flags)
    }

    var fileID: StaticString {
        StaticString(site: site, length: UInt(shape >> 2), flags: UInt8(shape & 0b11))
    }
}
