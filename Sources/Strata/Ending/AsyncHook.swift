/// An async end hook and where it was registered.
package struct AsyncHook: Sendable {
    let body: @Sendable () async -> Void
    let site: SourceSite

    package init(body: @escaping @Sendable () async -> Void, site: SourceSite) {
        self.body = body
        self.site = site
    }
}
