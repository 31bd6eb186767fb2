extension ScopeCore {
    /// The instances the scope holds, in creation order, as `provider: Type`: what
    /// `ScopeTree` shows for this container.
    var instanceLines: [String] {
        read { state in
            state.entries.sorted { $0.entry.order < $1.entry.order }.compactMap { key, entry in
                guard let instance = entry.instance else { return nil }
                let name = key.providerSite.displayName
                return "\(name): \(instance.typeName)"
            }
        }
    }
}
