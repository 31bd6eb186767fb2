/// The one call a `unique` resolution makes before its factory.
///
/// Invariants its callers keep:
/// - The stack's state is reached through its address (``ResolutionStack/currentStorage``)
///   on the calling thread, in synchronous code, and used before that call returns.
/// - The caller pops the frame through the returned ``ResolutionStack/Handle`` before it
///   returns, and holds the core and the key's argument until then: the entry pushed keeps
///   them unretained (see ``ResolutionStack``).
extension ScopeCore {
    /// Checks that a `unique` resolution of the provider `key` names here may run, and
    /// pushes its frame on this thread's stack: one call for what every `unique` resolution
    /// does before its factory.
    ///
    /// It takes the key rather than a ``Frame``: a frame holds the core, and building one
    /// here would count a reference to it on every resolution; the stack keeps its entries
    /// uncounted anyway. A frame is built only for an error.
    ///
    /// - Returns: The stack, to pop the frame from once the factory returns or throws, and
    ///   the override to build with, if any.
    /// - Throws: ``StrataError/ended(provider:)`` when the container has ended, and
    ///   ``StrataError/cycle(path:)`` when the frame is on the stack already.
    @usableFromInline
    func pushUnique(_ key: ProviderKey) throws(StrataError) -> (ResolutionStack.Handle, Override?) {
        let override = try prepareUnique(key)
        let storage = ResolutionStack.currentStorage
        try storage.pointee.push(ResolutionStack.Entry(core: self, key: key))
        return (ResolutionStack.Handle(storage), override)
    }
}
