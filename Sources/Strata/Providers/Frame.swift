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
