/// What a synchronous factory made, and whether its container keeps it.
@usableFromInline
enum Made {
    /// Stored in the container: later resolutions find it.
    case kept(Instance)
    /// Handed to the callers of this one construction — its builder and those waiting for
    /// it — and not stored: the next resolution runs the factory again. `sharedWhenPresent`
    /// passes `nil` on this way.
    case passedOn(Instance)
}

extension ScopeCore {
    /// Builds and stores the instance for `key` exactly once; see
    /// ``construct(_:weakly:making:)``, of which this is the form that always stores.
    @usableFromInline
    func construct(
        _ frame: Frame, weakly: Bool, make: (Override?) throws -> Instance
    ) throws(StrataError) -> Instance {
        try construct(frame, weakly: weakly, making: { override in .kept(try make(override)) })
    }
}
