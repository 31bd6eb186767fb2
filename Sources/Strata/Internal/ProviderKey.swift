/// Identifies one provider inside one container: the call site that declares it (the
/// `#function` literal's address and the line), the value type, and for `shared(by:)` the
/// argument.
///
/// A provider is a computed property evaluated afresh at every access, so the key must be
/// cheap to build and to hash: the `#function` literal is a constant in the binary, and
/// its address names the declaration without hashing the string.
@usableFromInline
package struct ProviderKey: Hashable, Sendable {
    @usableFromInline let site: UInt
    @usableFromInline let line: UInt
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let argument: Argument?

    @inlinable
    package init(name: StaticString, line: UInt, type: Any.Type, argument: Argument? = nil) {
        self.site =
            name.hasPointerRepresentation
            ? UInt(bitPattern: name.utf8Start) : UInt(name.unicodeScalar.value)
        self.line = line
        self.type = ObjectIdentifier(type)
        self.argument = argument
    }

    /// The same provider with its argument dropped: what an override of every argument of
    /// a `shared(by:)` provider is kept under.
    var declaration: ProviderKey {
        argument == nil ? self : ProviderKey(site: site, line: line, type: type)
    }

    /// A key no provider has: the address of no `#function` literal is zero.
    static let unused = ProviderKey(site: 0, line: 0, type: ObjectIdentifier(Never.self))

    private init(site: UInt, line: UInt, type: ObjectIdentifier, argument: Argument? = nil) {
        self.site = site
        self.line = line
        self.type = type
        self.argument = argument
    }
}

/// A provider's name, kept unformatted until a message, a tree or a trace needs it.
@usableFromInline
package struct ProviderSite: Sendable {
    @usableFromInline let name: StaticString
    @usableFromInline let argument: Argument?

    @inlinable
    package init(name: StaticString, argument: Argument?) {
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
        guard name.hasPointerRepresentation else { return false }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), open + 1 < bytes.count
        else { return false }
        // An initialiser runs once per container, so one instance per container is what its
        // arguments ask for.
        if bytes[..<open].elementsEqual("init".utf8) { return false }
        return bytes[open + 1] != UInt8(ascii: ")")
    }
}
