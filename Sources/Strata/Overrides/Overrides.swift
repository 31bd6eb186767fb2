/// A replacement factory installed by `override`.
@usableFromInline
package enum Override: Sendable {
    case sync(@Sendable () throws -> Any)
    case async(@Sendable () async throws -> Any)
}

/// A factory an override installs: one for every argument, or one that is given the
/// argument of the key it builds for.
enum OverrideFactory: Sendable {
    case fixed(Override)
    case receivingArgument(@Sendable (Argument) throws -> Any)

    /// The override to build the instance of `key` with.
    func bound(to key: ProviderKey) -> Override {
        switch self {
        case .fixed(let override):
            return override
        case .receivingArgument(let make):
            // `overrideEveryArgument(of:_:)` checks at installation that the provider takes an argument.
            guard let argument = key.argument else {
                preconditionFailure("Strata: an override that receives an argument has none")
            }
            return .sync { try make(argument) }
        }
    }
}

/// What an override applies to: every argument of a declaration, or one argument of it.
///
/// A provider without an argument has only its declaration, so both name the same thing.
enum OverrideTarget: Hashable {
    /// The declaration: the key with its argument dropped.
    case declaration(ProviderKey)
    /// One key of a `shared(by:)` provider, argument included.
    case argument(ProviderKey)

    /// Whether an instance stored under `key` was built from this target's overrides, or
    /// from the declaration's when `table` has no override of `key`'s own argument.
    func covers(_ key: ProviderKey, in table: OverrideTable) -> Bool {
        switch self {
        case .argument(let target): key == target
        case .declaration(let declaration):
            key.declaration == declaration && !table.hasOwnOverride(key)
        }
    }
}

/// The overrides a container holds: a stack of layers per target, the top one in force.
///
/// `override(_:)` puts an unscoped layer on top, replacing the unscoped layer there was, and
/// its subscription's `cancel()` removes exactly that layer, by its id; `withOverride(_:_:)`
/// pushes a scoped layer and removes exactly that layer when its body returns. An argument's
/// own stack wins over its declaration's.
///
/// It is a value: each transition returns what the caller must do outside the lock —
/// release the factories it dropped, and reset the instances built from an override that
/// is no longer in force.
struct OverrideTable {
    struct Layer {
        let id: UInt64
        let factory: OverrideFactory
        /// Whether `withOverride` put it there, to take it away again.
        let isScoped: Bool
    }

    /// What a transition leaves to do outside the lock.
    struct Change {
        /// The factories taken out of the table, to release outside the lock: their
        /// captures may call back into Strata.
        var dropped: [OverrideFactory] = []
        /// The targets whose override in force changed: their instances were built from
        /// what no longer applies.
        var changed: [OverrideTarget] = []
    }

    private var stacks: [OverrideTarget: [Layer]] = [:]
    private var lastLayer: UInt64 = 0

    /// Whether no target has an override: lets `unique` skip the lock.
    var isEmpty: Bool { stacks.isEmpty }

    /// The override in force for `key`: its argument's own, else its declaration's.
    func override(for key: ProviderKey) -> Override? {
        guard !stacks.isEmpty else { return nil }
        if key.argument != nil, let layer = stacks[.argument(key)]?.last {
            return layer.factory.bound(to: key)
        }
        return stacks[.declaration(key.declaration)]?.last?.factory.bound(to: key)
    }

    /// Whether `key`'s argument has an override of its own.
    func hasOwnOverride(_ key: ProviderKey) -> Bool {
        key.argument != nil && stacks[.argument(key)] != nil
    }

    /// Puts `factory` on top of `target`'s stack, unscoped, in place of the unscoped layer
    /// there was.
    ///
    /// - Returns: The layer's id, for ``removeLayer(_:from:)``, and what to do.
    mutating func set(
        _ factory: OverrideFactory, for target: OverrideTarget
    ) -> (id: UInt64, change: Change) {
        var change = Change()
        var layers = stacks[target] ?? []
        if let index = layers.firstIndex(where: { !$0.isScoped }) {
            change.dropped.append(layers.remove(at: index).factory)
        }
        let id = nextID()
        layers.append(Layer(id: id, factory: factory, isScoped: false))
        stacks[target] = layers
        change.changed.append(target)
        return (id, change)
    }

    /// Whether the layer `id` is still in `target`'s stack.
    func contains(_ id: UInt64, in target: OverrideTarget) -> Bool {
        stacks[target]?.contains { $0.id == id } ?? false
    }

    /// Pushes a scoped layer on `target`'s stack.
    ///
    /// - Returns: The layer's id, for ``removeLayer(_:from:)``, and what to do.
    mutating func push(
        _ factory: OverrideFactory, for target: OverrideTarget
    ) -> (id: UInt64, change: Change) {
        let id = nextID()
        stacks[target, default: []].append(Layer(id: id, factory: factory, isScoped: true))
        return (id, Change(changed: [target]))
    }

    /// Removes the layer `id` from `target`'s stack, wherever it is: a no-op when a later
    /// override replaced it already.
    mutating func removeLayer(_ id: UInt64, from target: OverrideTarget) -> Change {
        var change = Change()
        guard var layers = stacks[target], let index = layers.firstIndex(where: { $0.id == id })
        else { return change }
        let wasOnTop = index == layers.count - 1
        change.dropped.append(layers.remove(at: index).factory)
        stacks[target] = layers.isEmpty ? nil : layers
        if wasOnTop { change.changed.append(target) }
        return change
    }

    /// Empties the table and returns what it held, to release outside the lock.
    mutating func removeAll() -> OverrideTable {
        defer { stacks = [:] }
        return self
    }

    private mutating func nextID() -> UInt64 {
        lastLayer += 1
        return lastLayer
    }
}
