/// What a container keeps for one provider.
///
/// A plain value: every field is a reference or a number, so the table moves and copies an
/// entry without calling into the runtime. (A `weak` field would make every move and copy
/// of an entry, and of the table whose first entry is inline, a runtime call: the weak
/// reference of a `weakShared` instance lives in a ``WeakReference`` of its own.)
package struct Entry {
    enum Slot {
        /// A `shared` instance, held strongly.
        case instance(Instance)
        /// A `weakShared` instance, held weakly.
        ///
        /// A `shared` instance is never held weakly: a weak reference gives an object a side
        /// table, which costs memory and sends every later retain and release of the object —
        /// in Strata and in the app — down the runtime's slow path; the end forms
        /// its weak references at the end instead.
        case weak(WeakReference)
        /// Being built, by a thread (others wait on its gate) or by a task (others await it).
        case building(Construction)
        /// Nothing: the inline entry of a table that has none, or a hole left in the slots by
        /// a removed entry.
        case vacant
    }

    /// The provider's name is not kept here: its key holds it (``ProviderKey/providerSite``).
    var slot: Slot
    /// When the instance was made, among the container's instances and hooks: end hooks
    /// run in the reverse of this order.
    package var order = 0

    init(_ slot: Slot) {
        self.slot = slot
    }

    /// An entry holding `instance` strongly, made `order`-th: for tests of the table.
    package static func stored(_ instance: Instance, order: Int) -> Entry {
        var entry = Entry(.instance(instance))
        entry.order = order
        return entry
    }

    /// The stored instance, if there is one and it is alive.
    package var instance: Instance? {
        switch slot {
        case .instance(let instance): instance
        case .weak(let reference): reference.object.map(Instance.init)
        case .building, .vacant: nil
        }
    }

    /// Whether the entry holds a made instance, not a construction in flight.
    var isStored: Bool {
        switch slot {
        case .instance, .weak: true
        case .building, .vacant: false
        }
    }
}
