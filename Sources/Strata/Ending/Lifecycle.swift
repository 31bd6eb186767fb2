/// An instance that wants to know when the container that made it ends.
///
/// A container calls ``scopeDidEnd()`` on each of its `shared` and `weakShared` instances
/// that conforms, in reverse order of creation, after its children have ended and before it
/// releases them.
///
/// A container released without ``Container/end(fileID:filePath:line:)`` ends itself and calls it
/// too — at once, if nothing kept the container past the expression that resolved the instance:
/// `list.makeEditor(for: note).viewModel()` returns an instance that has already been told.
///
/// ```swift
/// final class Uploader: ScopeBound {
///     func scopeDidEnd() { cancelAll() }
/// }
/// ```
public protocol ScopeBound: AnyObject, Sendable {
    /// Called once, when the container that made the instance ends.
    func scopeDidEnd()
}

/// An instance with async work to finish when the container that made it ends: the async
/// counterpart of ``ScopeBound``.
///
/// ``Container/endAndWait(within:draining:fileID:filePath:line:isolation:)`` awaits ``scopeDidEnd()`` in its
/// place among the container's hooks — reverse order of creation — up to its deadline, before it
/// releases the instance. ``Container/end(fileID:filePath:line:)`` and the release of a container
/// never ended cannot await: they start it in a task of their own and list it in
/// ``EndReport/overran``.
///
/// ```swift
/// final class Journal: AsyncScopeBound {
///     func scopeDidEnd() async { await flushPendingWrites() }
/// }
/// ```
public protocol AsyncScopeBound: AnyObject, Sendable {
    /// Called once, when the container that made the instance ends.
    func scopeDidEnd() async
}
