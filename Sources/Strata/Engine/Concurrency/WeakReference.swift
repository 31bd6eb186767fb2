/// A weak reference to any object, shared: the engine's one weak box.
///
/// It holds a `weakShared` instance in its container's entry, a watched instance, an observer or a
/// task among a container's hooks, and a registration of an ``Observed`` value (with its
/// identity kept beside it, ``WeakRegistration``). A class, so that an entry's slot stays one
/// word; whoever reads it casts to the type it put in.
// @unchecked: `object` is a `weak let`, set once, and the runtime loads a weak reference
// atomically; what it refers to is Sendable (an instance of a Sendable type, an observer, a
// task, a registration), or, for a watched instance, only compared with nil.
package final class WeakReference: @unchecked Sendable {
    weak let object: AnyObject?

    package init(_ object: AnyObject) { self.object = object }

    /// The object, if it is still alive and of type `type`.
    ///
    /// Loaded once into a strong reference, then cast: in optimised builds (Swift 6.3.1), a
    /// cast of the weak `let` itself reached `swift_dynamicCastClass` with a null object
    /// when the object had just gone, and crashed.
    func object<Object>(as type: Object.Type) -> Object? {
        guard let object = self.object else { return nil }
        return object as? Object
    }
}
