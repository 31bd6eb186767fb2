/// Identifies one provider inside one container: the call site that declares it (the
/// `#function` literal's address and the line), the value type, and for `shared(by:)` the
/// argument.
///
/// A provider is a computed property evaluated afresh at every access, so the key must be
/// cheap to build and to hash: the `#function` literal is a constant in the binary, and
/// its address names the declaration without hashing the string.
///
/// The key also holds the rest of the name (its length and flags, beside the line), so that
/// a frame and a provider need no copy of the name: see ``Provider`` for why its size
/// matters.
@usableFromInline
package struct ProviderKey: Hashable, Sendable {
    /// Where the name starts: the literal's address, or the scalar of a one-scalar name.
    @usableFromInline let site: UInt
    /// The line, the name's length in UTF-8 code units and its flags:
    /// `line << 32 | length << 8 | flags`.
    @usableFromInline let place: UInt
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let argument: Argument?

    @inlinable
    package init(name: StaticString, line: UInt, type: Any.Type, argument: Argument? = nil) {
        self.init(
            site: name.site, place: Self.place(of: name, line: line),
            type: ObjectIdentifier(type), argument: argument)
    }

    @inlinable
    init(site: UInt, place: UInt, type: ObjectIdentifier, argument: Argument?) {
        self.site = site
        self.place = place
        self.type = type
        self.argument = argument
    }

    /// The ``place`` of a provider named `name` and declared at `line`.
    ///
    /// The flags are `StaticString`'s own (``Swift/StaticString/flags``). A line past 2³² or a
    /// name of 2²⁴ bytes or more would not fit; no source file has either.
    @inlinable
    static func place(of name: StaticString, line: UInt) -> UInt {
        let length = name.hasPointerRepresentation ? UInt(name.utf8CodeUnitCount) : 0
        return line << 32 | (length & 0xFF_FFFF) << 8 | UInt(name.flags)
    }

    /// The provider's name, as it was written.
    var name: LiteralName {
        LiteralName(site: site, length: place >> 8 & 0xFF_FFFF, isScalar: place & 1 != 0)
    }

    /// The provider's name and argument, as trees, traces and reports show them.
    var providerSite: ProviderSite { ProviderSite(name: name, argument: argument) }

    /// The same provider with its argument dropped: what an override of every argument of
    /// a `shared(by:)` provider is kept under.
    var declaration: ProviderKey {
        argument == nil ? self : ProviderKey(site: site, place: place, type: type, argument: nil)
    }

    /// A key no provider has: the address of no `#function` literal is zero.
    ///
    /// Computed, not stored: a stored one is initialised lazily, and every scope made and
    /// ended paid a call to check that it was.
    static var unused: ProviderKey {
        ProviderKey(site: 0, place: 0, type: ObjectIdentifier(Never.self), argument: nil)
    }
}

/// A provider's name, kept unformatted until a message, a tree or a trace needs it.
@usableFromInline
package struct ProviderSite: Sendable {
    let name: LiteralName
    let argument: Argument?

    init(name: LiteralName, argument: Argument?) {
        self.name = name
        self.argument = argument
    }

    var displayName: String {
        guard let argument else { return "\(name)" }
        return "\(name)[\(argument.value.base)]"
    }
}

@usableFromInline
/// The argument of a `shared(by:)` provider, type-erased so keys of any argument type share
/// one table, and kept behind a reference so that a key stays small.
// @unchecked: made only from values that are `Hashable & Sendable` (see `shared(by:)`);
// AnyHashable itself is not declared Sendable. The reference is immutable.
package final class Argument: Hashable, @unchecked Sendable {
    @usableFromInline let value: AnyHashable

    @inlinable
    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }

    @usableFromInline
    package static func == (lhs: Argument, rhs: Argument) -> Bool { lhs.value == rhs.value }

    @usableFromInline
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension ProviderSite {
    /// Whether the provider is declared in a method or subscript that takes arguments, such
    /// as `item(_:)` or `editor(for:)`, rather than in a property (`profile`), a method
    /// without arguments (`make()`) or an initialiser.
    ///
    /// `#function` names a declaration with arguments by its labels in parentheses, each
    /// followed by a colon; one without arguments has `()` or no parentheses.
    var isDeclaredWithArguments: Bool {
        name.withUTF8 { bytes in
            // A property's name has no parentheses, and a method's ends with one: most names
            // are answered by their last byte, with no scan, on every first resolution.
            guard bytes.last == UInt8(ascii: ")"),
                let open = bytes.firstIndex(of: UInt8(ascii: "(")), open + 1 < bytes.count
            else { return false }
            // An initialiser runs once per container, so one instance per container is what
            // its arguments ask for.
            if bytes[..<open].elementsEqual("init".utf8) { return false }
            return bytes[open + 1] != UInt8(ascii: ")")
        }
    }
}
