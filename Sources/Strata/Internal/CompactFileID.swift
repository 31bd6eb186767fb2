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
