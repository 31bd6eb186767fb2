/// A construction held as a token: what a thread holds while it runs user code that another
/// thread may have to wait out — a subscription's handler, which `cancel()` waits for; the
/// body of an `Observed.withValue`, which the next change waits for; a container's plans,
/// which whoever uses the container waits for.
///
/// The waiter blocks on the token's gate with the ``WaitGraph`` watching: a wait that would
/// never end — the holder waits, through other threads, for the waiter — is not waited, and
/// is reported as a cycle to a construction in it. These two methods are the only way to
/// hold one and to wait one out.
extension Construction {
    /// Runs `body` holding the token: whoever waits it out waits until `body` returns.
    func hold<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try gate.withLock { (_) throws(Failure) -> Result in
            // Finished before the gate opens: a waiter recorded on it is about to wake.
            defer { finish() }
            return try body()
        }
    }

    /// Blocks until the holder lets go of the token, unless that would never end.
    ///
    /// - Parameter stack: The waiting thread's resolution stack.
    /// - Returns: Whether it waited; `false` when waiting would have closed a cycle, which
    ///   the wait graph reports to the first construction wait in it.
    @discardableResult
    func waitOut(on stack: ResolutionStack = .current) -> Bool {
        WaitGraph.blockUnlessCycle(agent: stack.agent, frames: stack.frames, on: self)
    }
}
