import Foundation

/// A value behind a lock the thread sanitizer understands (`Synchronization.Mutex` is built
/// on futex calls it cannot see on Linux).
// @unchecked: every access to `value` holds `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
