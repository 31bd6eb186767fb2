/// One provider being resolved: which container, which provider.
///
/// The key holds the provider's name, so a frame is five words and a ``Provider`` seven.
@usableFromInline
package struct Frame: Sendable {
    @usableFromInline let core: ScopeCore
    @usableFromInline let key: ProviderKey

    @inlinable
    package init(core: ScopeCore, key: ProviderKey) {
        self.core = core
        self.key = key
    }

    var site: ProviderSite { key.providerSite }

    var provider: ProviderDescription {
        ProviderDescription(container: core.containerDescription, name: site.displayName)
    }

    @inlinable
    func isSameProvider(as other: Frame) -> Bool {
        core === other.core && key == other.key
    }
}

extension StrataError {
    /// The cycle a resolution closes: the one place a cycle's path is built, for a thread's
    /// stack, an async resolution's frames and a wait across threads alike.
    ///
    /// - Parameters:
    ///   - frames: The frames from the first resolution of the provider the cycle closes on.
    ///   - closing: The frames that lead back to it, the last one the provider itself.
    /// - Returns: ``StrataError/cycle(path:)`` with the whole path.
    static func cycle(
        through frames: some Sequence<Frame>, closingWith closing: some Sequence<Frame>
    ) -> StrataError {
        .cycle(path: frames.map(\.provider) + closing.map(\.provider))
    }
}
