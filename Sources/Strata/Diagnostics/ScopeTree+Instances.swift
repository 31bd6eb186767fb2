extension ScopeTree {
    /// The instances `core` holds, in creation order, as `provider: Type`: what the tree
    /// shows for its container.
    ///
    /// A `weakShared` instance is loaded only after the lock is let go: held strongly under
    /// it, it could be the last reference when its owner lets go at that moment, and its
    /// deinit — which may read a provider or end a container — would run under the lock.
    static func instanceLines(of core: ScopeCore) -> [String] {
        let held: [(name: String, instance: HeldInstance)] = core.read { state in
            state.entries.sorted { $0.entry.order < $1.entry.order }.compactMap { key, entry in
                let instance: HeldInstance
                switch entry.slot {
                // The table holds it strongly, so naming it here frees nothing.
                case .instance(let strong): instance = .named(strong.typeName)
                case .weak(let reference): instance = .weak(reference)
                case .building, .vacant: return nil
                }
                return (key.providerSite.displayName, instance)
            }
        }
        return held.compactMap { name, instance in
            instance.typeName.map { "\(name): \($0)" }
        }
    }
}

/// An instance as the tree copies it out of the lock: a strong one already named, a weak one
/// still to be loaded.
private enum HeldInstance {
    case named(String)
    case weak(WeakReference)

    /// The type's name, or `nil` for a weak instance that is gone.
    ///
    /// A weak instance loaded here is let go here too: if that is its last reference, its
    /// deinit runs on this thread, with no lock of Strata's held.
    var typeName: String? {
        switch self {
        case .named(let name): name
        case .weak(let reference): reference.object.map { Instance($0).typeName }
        }
    }
}
