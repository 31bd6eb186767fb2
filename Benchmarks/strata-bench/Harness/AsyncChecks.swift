import Synchronization

/// Runs `body`, turning any error it throws into a failure of the case that says what
/// failed.
func checking<Value>(
    _ what: @autoclosure () -> String, _ body: () async throws -> Value
) async throws(BenchFailure) -> Value {
    do {
        return try await body()
    } catch {
        throw BenchFailure("\(what()) failed: \(error)")
    }
}

/// Whether `task` returns within `timeout`.
///
/// When it does not, `unblock` is awaited, which must make it return, and then the task is
/// awaited: a task that returns only when something else happens first fails a check
/// instead of hanging the run.
func returns<Value: Sendable>(
    _ task: Task<Value, Never>, within timeout: Duration,
    otherwise unblock: @escaping @Sendable () async -> Void
) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            _ = await task.value
            return true
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return false
        }
        let first = await group.next() ?? false
        if !first { await unblock() }
        group.cancelAll()
        return first
    }
}

/// Runs `body` `total` times, `width` at a time: a new run starts whenever one returns,
/// as a server keeps serving while requests are in flight.
func inFlight(
    _ width: Int, total: Int, _ body: @escaping @Sendable () async throws -> Int
) async throws {
    try await withThrowingTaskGroup(of: Int.self) { group in
        var started = 0
        while started < min(width, total) {
            group.addTask(operation: body)
            started += 1
        }
        var sum = 0
        while let value = try await group.next() {
            sum &+= value
            if started < total {
                group.addTask(operation: body)
                started += 1
            }
        }
        NumberSink.consume(sum)
    }
}

/// Where async loops put the numbers their requests made, so the optimiser cannot drop the
/// work that made them.
enum NumberSink {
    private static let total = Atomic<Int>(0)

    @inline(never)
    static func consume(_ value: Int) { total.wrappingAdd(value, ordering: .relaxed) }
}
