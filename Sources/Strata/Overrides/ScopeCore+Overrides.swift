extension ScopeCore {
    /// Where an override of `key` goes: its argument when `argumentOnly` and it has one,
    /// else its declaration.
    ///
    /// A key without an argument has only its declaration: providers declared in one method
    /// without `shared(by:)` cannot be told apart.
    static func overrideTarget(_ key: ProviderKey, argumentOnly: Bool) -> OverrideTarget {
        argumentOnly && key.argument != nil ? .argument(key) : .declaration(key.declaration)
    }

    /// What `override` and `removeOverride()` do: install `override` as the declaration's
    /// unscoped override, or remove every override of the declaration and of its arguments
    /// when it is `nil`.
    func setOverride(_ override: Override?, for key: ProviderKey) {
        let target = OverrideTarget.declaration(key.declaration)
        if let override {
            setOverride(.fixed(override), for: target)
        } else {
            removeOverrides(of: target)
        }
    }

    /// Installs `factory` as the unscoped override of `target`, in place of the unscoped one
    /// there was, and ends the instances built from what was in force.
    func setOverride(_ factory: OverrideFactory, for target: OverrideTarget) {
        _ = changeOverrides { table in ((), table.set(factory, for: target)) }
    }

    /// Removes every override of `target` — for a declaration, of each of its arguments
    /// too — and ends the instances built from them.
    func removeOverrides(of target: OverrideTarget) {
        _ = changeOverrides { table in ((), table.remove(target)) }
    }

    /// Runs `body` with `factory` as a scoped override of `target`, then removes exactly
    /// that layer, whatever other layers came and went meanwhile.
    func withOverride<Result, Failure: Error>(
        _ factory: OverrideFactory, for target: OverrideTarget,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let layer = pushOverride(factory, for: target)
        defer { removeOverride(layer, from: target) }
        return try body()
    }

    /// The async form of ``withOverride(_:for:_:)``.
    func withOverride<Result>(
        _ factory: OverrideFactory, for target: OverrideTarget,
        isolation: isolated (any Actor)?, _ body: () async throws -> Result
    ) async rethrows -> Result {
        let layer = pushOverride(factory, for: target)
        defer { removeOverride(layer, from: target) }
        return try await body()
    }

    /// Pushes a scoped layer; `nil` when the scope has ended, which takes no override.
    private func pushOverride(_ factory: OverrideFactory, for target: OverrideTarget) -> UInt64? {
        changeOverrides { table in table.push(factory, for: target) }.result
    }

    private func removeOverride(_ layer: UInt64?, from target: OverrideTarget) {
        guard let layer else { return }
        _ = changeOverrides { table in ((), table.removeLayer(layer, from: target)) }
    }
}
