/// Who does the work that a construction's waiters wait for: a thread running synchronous
/// factories, or one async construction.
///
/// The wait graph follows "this agent waits for that construction, whose builder is that
/// agent", so two agents must never compare equal unless they are the same. The kinds are
/// told apart by the case, not by a number's parity: a thread and an async construction are
/// different agents even when their identities happen to be the same number.
///
/// `package` so that the package's tests can build one of each kind from one number.
package enum Agent: Hashable, Sendable {
    /// A thread, named by its resolution stack, which lives as long as the thread.
    case thread(ObjectIdentifier)
    /// An async construction, numbered in the order the constructions started.
    case task(UInt)
}
