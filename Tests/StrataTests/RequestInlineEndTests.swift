import Strata
import Testing

/// `withRequest`'s structured end: once the body returns uncancelled, the request's end runs
/// in the body's task, its async steps awaited in place; a cancelled body's end runs as
/// `endAndWait`'s does (issue 49).
///
/// Where a step runs is told by the task executor the caller prefers: work in the caller's
/// task runs on it; a task of its own does not.
@Suite("A request's end, in its body's task")
struct RequestInlineEndTests {
    final class Server: Container {
        let scope = AppScope()
        let log = EventLog()
    }

    final class Request: Container {
        let scope: RequestScope<Server>

        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }
    }

    /// Records `name`, and whether it ran in the caller's task, and saw a cancellation.
    private static func record(_ name: String, in log: EventLog) {
        let place = RecognisedExecutor.isCurrent ? "in the body's task" : "elsewhere"
        log.record("\(name) \(place)\(Task.isCancelled ? ", cancelled" : "")")
    }

    @Test("its hooks run after the body, newest first, in the body's task", .timeLimit(.minutes(1)))
    func hooksInTheBodysTask() async throws {
        let server = Server()
        let log = server.log
        try await withTaskExecutorPreference(RecognisedExecutor()) {
            try await server.withRequest(Request.init) { request in
                request.onEnd { _ in
                    await Task.yield()
                    Self.record("first async", in: log)
                }
                request.onEnd { _ in Self.record("sync", in: log) }
                request.onEnd { _ in
                    await Task.yield()
                    Self.record("second async", in: log)
                }
                Self.record("body", in: log)
            }
        }
        #expect(
            log.all == [
                "body in the body's task", "second async in the body's task",
                "sync in the body's task", "first async in the body's task",
            ])
    }

    @Test(
        "a cancelled body's hooks run elsewhere and never see the cancellation",
        .timeLimit(.minutes(1)))
    func cancelledBody() async throws {
        let server = Server()
        let log = server.log
        let started = AsyncGate()
        let request = Task {
            try await withTaskExecutorPreference(RecognisedExecutor()) {
                try await server.withRequest(Request.init) { request in
                    request.onEnd { _ in
                        await Task.yield()
                        Self.record("async", in: log)
                    }
                    started.open()
                    await untilCancelled()
                    try Task.checkCancellation()
                }
            }
        }
        await started.wait()
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(log.all == ["async elsewhere"])
    }

    @Test(
        "a cancellation during an inline hook reaches that hook, and no later one",
        .timeLimit(.minutes(1)))
    func cancelledDuringAHook() async throws {
        let server = Server()
        let log = server.log
        let hookStarted = AsyncGate()
        let request = Task {
            try await withTaskExecutorPreference(RecognisedExecutor()) {
                try await server.withRequest(Request.init) { request in
                    request.onEnd { _ in
                        await Task.yield()
                        Self.record("older", in: log)
                    }
                    request.onEnd { _ in Self.record("older sync", in: log) }
                    request.onEnd { _ in
                        hookStarted.open()
                        // Until cancelled: a hook that breaks the rule for hooks run inline.
                        await untilCancelled()
                        Self.record("newest", in: log)
                    }
                }
            }
        }
        await hookStarted.wait()
        request.cancel()
        try await request.value
        #expect(
            log.all == [
                "newest in the body's task, cancelled", "older sync elsewhere", "older elsewhere",
            ])
    }

    @Test(
        "an ancestor's end left to an inline end runs outside the request's task",
        .timeLimit(.minutes(1)))
    func ancestorsRestElsewhere() async throws {
        let server = Server()
        let log = server.log
        server.onEnd { _ in Self.record("server's hook", in: log) }
        let serverEnded = AsyncGate()
        server.onEnd { _ in serverEnded.open() }
        let hookStarted = AsyncGate()
        let hookMayReturn = AsyncGate()
        let request = Task {
            try await withTaskExecutorPreference(RecognisedExecutor()) {
                try await server.withRequest(Request.init) { request in
                    request.onEnd { _ in
                        hookStarted.open()
                        await hookMayReturn.wait()
                        Self.record("request's hook", in: log)
                    }
                }
            }
        }
        await hookStarted.wait()
        // The request ends inline: the server's end waits for it, and is left to it.
        let report = server.end()
        #expect(report.stillEnding.map(\.typeName) == ["Server"])
        hookMayReturn.open()
        try await request.value
        await serverEnded.wait()
        #expect(log.all == ["request's hook in the body's task", "server's hook elsewhere"])
    }

    @Test(
        "a hanging hook holds its request, not the app's drain past its deadline",
        .timeLimit(.minutes(1)))
    func hangingHook() async throws {
        let server = Server()
        let hookStarted = AsyncGate()
        let hookMayReturn = AsyncGate()
        let request = Task {
            try await server.withRequest(Request.init) { request in
                request.onEnd { _ in
                    hookStarted.open()
                    await hookMayReturn.wait()
                }
            }
        }
        await hookStarted.wait()
        let report = await server.endAndWait(within: .milliseconds(200), draining: true)
        #expect(report.stillEnding.map(\.typeName) == ["Server"])
        #expect(report.overran.map(\.containerDescription.typeName) == ["Request"])
        hookMayReturn.open()
        try await request.value
        let after = await server.endAndWait()
        #expect(!server.isActive)
        #expect(after.stillEnding.isEmpty)
    }
}
