/// A weak reference to any object, to tell later whether it is gone: a survivor's, and a
/// `weakShared` instance's in its container's entry.
// @unchecked: `object` is a `weak let`, set once, and the runtime loads a weak reference
// atomically; a `weakShared` instance is of a Sendable type, and a survivor's is only
// compared with nil.
final class WeakReference: @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
