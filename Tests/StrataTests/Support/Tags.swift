import Testing

extension Tag {
    /// A race made likely by timing — busy spins, rounds counted until enough overlap —
    /// rather than forced by signals: slower under load, run alone by `.ci/run stress`.
    @Tag static var stress: Self
    /// A white-box test of a fast path's shape (a read without the lock, a reused
    /// construction, an index), which a change made for speed may break.
    @Tag static var speed: Self
}
