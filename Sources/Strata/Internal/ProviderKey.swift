/// Identifies one provider inside one container: the call site that declares it (the
/// `#function` literal's address and the line), the value type, and for `shared(by:)` the
/// argument.
///
/// A provider is a computed property evaluated afresh at every access, so the key must be
/// cheap to build and to hash: the `#function` literal is a constant in the binary, and
/// its address names the declaration without hashing the string.
@usableFromInline
struct ProviderKey: Hashable, Sendable {
    @usableFromInline let site: UInt
    @usableFromInline let line: UInt
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let argument: Argument?

    @inlinable
    init(name: StaticString, line: UInt, type: Any.Type, argument: Argument? = nil) {
        self.site =
            name.hasPointerRepresentation
            ? UInt(bitPattern: name.utf8Start) : UInt(name.unicodeScalar.value)
        self.line = line
        self.type = ObjectIdentifier(type)
        self.argument = argument
    }

    /// The same provider with its argument dropped: overrides of an argument-taking provider
    /// apply to every argument.
    @usableFromInline
    var declaration: ProviderKey {
        argument == nil ? self : ProviderKey(site: site, line: line, type: type)
    }

    private init(site: UInt, line: UInt, type: ObjectIdentifier) {
        self.site = site
        self.line = line
        self.type = type
        self.argument = nil
    }
}

/// Where a provider is declared, kept unformatted until a message or a tree needs it.
@usableFromInline
struct ProviderSite: Sendable {
    @usableFromInline let name: StaticString
    @usableFromInline let argument: Argument?

    @inlinable
    init(name: StaticString, argument: Argument?) {
        self.name = name
        self.argument = argument
    }

    var displayName: String {
        guard let argument else { return "\(name)" }
        return "\(name)[\(argument.value.base)]"
    }
}

/// The argument of a `shared(by:)` provider, type-erased so keys of any argument type share
/// one table.
// @unchecked: made only from values that are `Hashable & Sendable` (see `shared(by:)`);
// AnyHashable itself is not declared Sendable.
@usableFromInline
struct Argument: Hashable, @unchecked Sendable {
    @usableFromInline let value: AnyHashable

    @inlinable
    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }
}

/// Holds a provided value behind a class reference, so a container can keep values of any
/// type in one table and hand them back with a cast that costs nothing.
// @unchecked: `shared` and `weakShared`, the only makers of boxes, require `Value: Sendable`;
// `Provider` is generic over any value (a `unique` one need not be Sendable), so the
// constraint cannot be spelt here.
@usableFromInline
final class Box<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}

/// The value inside a box, seen as the object a survivors report can follow — or `nil` when
/// the value is not a class instance.
protocol ObjectRevealing: AnyObject, Sendable {
    var revealedObject: AnyObject? { get }
    var valueTypeName: String { get }
}

extension Box: ObjectRevealing {
    var revealedObject: AnyObject? {
        let dynamicType: Any.Type = type(of: value as Any)
        return dynamicType is AnyClass ? (value as AnyObject) : nil
    }

    var valueTypeName: String { String(describing: type(of: value as Any)) }
}
