// The 0.9 spelling of an error's debug text. Unavailable, so that a 0.9 read names what to
// write; not in the public surface.

extension StrataError {
    /// Removed in 1.0: ``description``, the same text.
    @available(*, unavailable, renamed: "description", message: "the description is the text")
    public var debugDescription: String { fatalError() }
}
