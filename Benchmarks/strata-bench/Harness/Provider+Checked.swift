import Strata

extension Provider {
    /// Resolves with `try resolve()`, turning a Strata error into a failure of the case, so
    /// that a broken case is reported instead of trapping the whole run.
    func checked() throws(BenchFailure) -> Value {
        do {
            return try resolve()
        } catch {
            throw BenchFailure("resolving failed: \(error)")
        }
    }
}
