// A provided value as the container stores it, and the casts that read it back for free.
//
// Invariants its callers keep:
// - What ``Instance/init(holding:)`` stored is read back by ``Instance/value(as:)`` with the
//   same `Value`: the provider that stored it reads it, keyed by its own type (the type is
//   part of every ``ProviderKey``). Under that, `unsafeBitCast` reinterprets a class
//   reference as the class it is, and `unsafeDowncast` finds the ``Box`` it made.
// - `unsafeBitCast(_:to: AnyObject.self)` is applied only when `Value.self is AnyClass`: a
//   class type is one strong reference, with the layout of `AnyObject`.

@usableFromInline
/// What the container knows of a boxed value without knowing its type: the value as an
/// object, for end hooks and the survivors report, and its type's name.
// @unchecked: the reference is immutable and refers to an instance of a Sendable type
// (`shared`, the only maker of boxes, requires `Value: Sendable`).
class AnyBox: @unchecked Sendable {
    /// The value when it is a class instance; `nil` for a value type.
    @usableFromInline let revealedObject: AnyObject?

    @inlinable
    init(revealing object: AnyObject?) { revealedObject = object }

    var valueTypeName: String { preconditionFailure("Box overrides valueTypeName") }
}

@usableFromInline
/// Holds a provided value behind a class reference, so a container can keep values of any
/// type in one table and hand them back with a cast that costs nothing.
// @unchecked: `shared`, the only maker of boxes, requires `Value: Sendable`; `Provider` is
// generic over any value (a `unique` one need not be Sendable), so the constraint cannot be
// spelt here.
final class Box<Value>: AnyBox, @unchecked Sendable {
    @usableFromInline let value: Value

    /// Boxes `value`.
    ///
    /// Made in the caller's specialised code, where whether `Value` is a class is known at compile
    /// time; only an existential or an optional needs a look at the dynamic type.
    @inlinable
    init(_ value: Value) {
        self.value = value
        if let object = classInstance(value) {
            super.init(revealing: object)
        } else if let optional = value as? any OptionalValue {
            // An optional instance ends like the instance it wraps.
            super.init(revealing: optional.wrappedObject)
        } else {
            super.init(revealing: nil)
        }
    }

    override var valueTypeName: String { String(describing: type(of: value as Any)) }
}

/// `value` as an object when it is a class instance — of a class type, or behind a protocol
/// type — and `nil` when it is a value.
///
/// A class-typed value is one reference: reinterpreting it is free, where `as AnyObject` goes
/// through the runtime's dynamic cast whenever the optimiser shares one body between several
/// value types. Only a protocol type needs a look at the dynamic type. Serves the cached
/// `shared` and "child" lines of Benchmarks/README.md.
@inlinable
func classInstance<Value>(_ value: Value) -> AnyObject? {
    if Value.self is AnyClass { return unsafeBitCast(value, to: AnyObject.self) }
    let value = value as Any
    return type(of: value) is AnyClass ? value as AnyObject : nil
}

@usableFromInline
/// A provided instance as the container stores it: a class instance as itself, any other
/// value in a ``Box``.
///
/// An object needs no box: storing it as itself saves the box's allocation, and a retain and
/// a release on every cached resolution. ``init(holding:)`` and ``value(as:)`` make the one
/// decision, from `Value` alone, so that what one stores the other reads.
// @unchecked: only instances of Sendable types are stored (`shared` and `weakShared`
// require `Sendable`), and the reference itself is immutable.
package struct Instance: @unchecked Sendable {
    @usableFromInline package let object: AnyObject

    @inlinable
    package init(_ object: AnyObject) { self.object = object }

    /// Holds `value`: itself when `Value` is a class type, else in a box.
    ///
    /// In the caller's specialised code whether `Value` is a class is known at compile time.
    /// A protocol type is boxed even when the value is an object: only a class type is one
    /// reference that can be reinterpreted.
    @inlinable
    package init<Value>(holding value: Value) {
        if Value.self is AnyClass {
            self.init(unsafeBitCast(value, to: AnyObject.self))
        } else {
            self.init(Box(value))
        }
    }

    /// The value ``init(holding:)`` stored.
    @inlinable
    package func value<Value>(as _: Value.Type) -> Value {
        if Value.self is AnyClass { return unsafeBitCast(object, to: Value.self) }
        return unsafeDowncast(object, to: Box<Value>.self).value
    }

    /// The instance as an object a weak reference can follow: the boxed value when it is a
    /// class instance, the object itself when it is not boxed; `nil` for a value type.
    var revealedObject: AnyObject? {
        guard let box = object as? AnyBox else { return object }
        return box.revealedObject
    }

    /// What the instance is told at the end, by its type (see ``EndRole``): read in place,
    /// without counting a reference to the object; nothing for a value.
    var endRoles: EndRole {
        if let box = object as? AnyBox { return box.revealedObject.map(EndRole.of) ?? [] }
        return EndRole.of(object)
    }

    /// The instance's dynamic type, for trees, traces and reports.
    var typeName: String {
        guard let box = object as? AnyBox else { return String(describing: type(of: object)) }
        return box.valueTypeName
    }
}
