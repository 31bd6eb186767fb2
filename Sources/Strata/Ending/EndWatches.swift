extension EndSequence {
    /// An instance followed past its release, to watch if it outlives it: held strongly until
    /// the scope has let go of everything, then let go too.
    ///
    /// The name stays unformatted: only a watched instance needs it as text.
    struct Watch {
        let site: ProviderSite
        var instance: Instance?
    }

    /// An instance that something besides the scope still held when the scope let go of it,
    /// followed on weakly.
    struct Remaining {
        let site: ProviderSite
        let reference: WeakReference

        init(site: ProviderSite, object: AnyObject) {
            self.site = site
            reference = WeakReference(object)
        }

        /// The instance, while something still holds it.
        var object: AnyObject? { reference.object }
    }

    /// The instances followed past their release: the first inline, so that ending a
    /// container of one instance builds no array.
    package struct Watches {
        private var first: Watch?
        private var more: [Watch] = []

        package init() {}

        /// Room for `count` instances, so that following them grows no array: for the
        /// README's "request" lines, whose requests hold four.
        init(room count: Int) {
            if count > 1 { more.reserveCapacity(count - 1) }
        }

        /// Follows `instance`; whether it is an object that could survive is seen when it is
        /// let go.
        mutating func follow(_ instance: Instance, site: ProviderSite) {
            if first == nil {
                first = Watch(site: site, instance: instance)
            } else {
                more.append(Watch(site: site, instance: instance))
            }
        }

        /// Follows, after these, what `other` followed, in its order.
        mutating func append(_ other: consuming Watches) {
            guard let otherFirst = other.first.take() else { return }
            if first == nil { first = otherFirst } else { more.append(otherFirst) }
            more += other.more
        }

        /// Lets go of the followed instances, newest first, once the scope holds none of them.
        ///
        /// An instance nothing else holds dies here, and no weak reference to it is ever
        /// formed: a weak reference gives an object a side table for the rest of its life,
        /// which sends each of its releases down the runtime's slow path. One that something
        /// else holds — a leak, or an instance another instance holds, which dies when
        /// that one does — is followed on weakly. (An Objective-C object is never known to be
        /// uniquely referenced, so it is always followed weakly, as before.)
        ///
        /// - Returns: The ones followed on, to look at once every one has been let go.
        mutating func letGo() -> [Remaining] {
            var remaining: [Remaining] = []
            if var watch = first.take() { Self.letGo(&watch, into: &remaining) }
            for index in more.indices { Self.letGo(&more[index], into: &remaining) }
            more = []
            return remaining
        }

        /// Lets go of one instance, following it on if it is an object something else holds.
        ///
        /// A boxed value is let go with its box first, so that the object it reveals, if any,
        /// is looked at with only the followed reference left; a value cannot survive.
        private static func letGo(_ watch: inout Watch, into remaining: inout [Remaining]) {
            guard let instance = watch.instance.take() else { return }
            var object: AnyObject
            if let box = instance.object as? AnyBox {
                guard let revealed = box.revealedObject else { return }
                object = revealed
            } else {
                object = instance.object
            }
            _ = consume instance
            if !isKnownUniquelyReferenced(&object) {
                remaining.append(Remaining(site: watch.site, object: object))
            }
        }
    }
}
