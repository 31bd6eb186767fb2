/// The text of a provider's `#function` literal, read back from what a ``ProviderKey`` keeps
/// of it: its address and its length.
///
/// Invariants its callers keep:
/// - `site`, `length` and `isScalar` come from one `StaticString`, through its public API
///   (``Swift/StaticString/site``, `utf8CodeUnitCount`, `hasPointerRepresentation`): for a
///   literal kept as text, the address of its first UTF-8 byte and its length; for a
///   one-scalar literal, the scalar's value, length 0 and `isScalar` set.
/// - A `StaticString` is a constant of the binary, so its text lives, unchanged, as long as
///   the process: the address stays valid with no reference held. Nothing else may be passed
///   as a site.
///
/// It rebuilds no `StaticString`: the text is read through a buffer of its bytes, so nothing
/// here depends on how the standard library lays one out.
struct LiteralName: CustomStringConvertible, Sendable {
    private let site: UInt
    private let length: Int
    private let isScalar: Bool

    init(site: UInt, length: UInt, isScalar: Bool) {
        self.site = site
        self.length = Int(length)
        self.isScalar = isScalar
    }

    /// Calls `body` with the name's UTF-8 bytes, valid only during the call.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard !isScalar else {
            let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: site)) ?? "\u{FFFD}"
            var text = String(scalar)
            return text.withUTF8(body)
        }
        return body(UnsafeBufferPointer(start: UnsafePointer(bitPattern: site), count: length))
    }

    var description: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }
}
