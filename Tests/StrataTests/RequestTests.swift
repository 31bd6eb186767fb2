import Foundation
import Strata
import Synchronization
import Testing

/// The request tier and `withRequest`: a child per request, ended when its body returns,
/// throws or is cancelled; refused, not trapped on, while its parent ends; never ended under
/// its body (issue #38).
@Suite("Requests")
struct RequestTests {
    /// A connection lent by the pool: back in the pool once its request's end has run its
    /// async `scopeDidEnd()`.
    final class Lease: AsyncScopeBound {
        let pool: Pool
        let log: EventLog

        init(pool: Pool, log: EventLog) {
            self.pool = pool
            self.log = log
        }

        func scopeDidEnd() async {
            // Not cancelled, though the request was: its end runs in a task of its own.
            log.record(Task.isCancelled ? "lease returned cancelled" : "lease returned")
            await pool.giveBack()
        }
    }

    actor Pool {
        private(set) var leased = 0

        func lease() -> Int {
            leased += 1
            return leased
        }

        func giveBack() { leased -= 1 }
    }

    final class Logger: Sendable {
        let log: EventLog
        init(log: EventLog) { self.log = log }
    }

    final class Server: Container {
        let scope = AppScope()
        let log = EventLog()
        var pool: Provider<Pool> { shared { Pool() } }
        var logger: Provider<Logger> { shared { Logger(log: self.log) } }
    }

    final class Request: Container {
        let scope: RequestScope<Server>

        init(parent: Server) throws(StrataError) { scope = try RequestScope(checking: parent) }

        /// Written as the README writes factories: through the parent, with no `try`.
        var logger: Provider<Logger> { shared { Logger(log: self.parent.logger().log) } }
        var lease: AsyncProvider<Lease> {
            shared {
                _ = await self.parent.pool().lease()
                return Lease(pool: self.parent.pool(), log: self.parent.log)
            }
        }
    }

    @Test("the request ends when the body returns, and the body's value is returned")
    func endsOnReturn() async throws {
        let server = Server()
        let kept = Locked<Request?>(nil)
        let value = try await server.withRequest(Request.init) { request in
            kept.withLock { $0 = request }
            _ = try await request.lease.resolve()
            return 42
        }
        #expect(value == 42)
        let request = try #require(kept.withLock { $0 })
        #expect(!request.isActive)
        #expect(server.log.all == ["lease returned"])
        #expect(await server.pool().leased == 0)
        #expect(server.tree.children.isEmpty)
    }

    struct Refused: Error {}

    @Test("the request ends when the body throws, and the error is rethrown")
    func endsOnThrow() async throws {
        let server = Server()
        let kept = Locked<Request?>(nil)
        await #expect(throws: Refused.self) {
            try await server.withRequest(Request.init) { request in
                kept.withLock { $0 = request }
                _ = try await request.lease.resolve()
                throw Refused()
            }
        }
        #expect(kept.withLock { $0?.isActive } == false)
        #expect(await server.pool().leased == 0)
    }

    /// The body waits on a sleep the test never lets finish: only its cancellation ends it.
    @Test(
        "a cancelled body ends the request; its lease's async scopeDidEnd() runs to completion, uncancelled",
        .timeLimit(.minutes(1)))
    func cancelledBodyStillReturnsTheLease() async throws {
        let server = Server()
        let leased = AsyncGate()
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                _ = try await request.lease.resolve()
                leased.open()
                await untilCancelled()
                try Task.checkCancellation()
            }
        }
        await leased.wait()
        handling.cancel()
        await #expect(throws: CancellationError.self) { try await handling.value }
        #expect(server.log.all == ["lease returned"])
        #expect(await server.pool().leased == 0)
    }

    @Test("a request under a parent whose end has begun is refused with childOfEnded")
    func refusedWhileTheParentEnds() async throws {
        let server = Server()
        server.end()
        do {
            _ = try await server.withRequest(Request.init) { _ in 1 }
            Issue.record("a request was made under an ended server")
        } catch StrataError.childOfEnded(let parent, let childTier, _) {
            #expect(parent.description == "Server (app tier)")
            #expect(childTier == "request")
        }
    }

    /// The parent's end comes while the body waits on a gate that ignores cancellation: the
    /// request must still serve, through its own providers and factories that read the
    /// parent, until the body returns.
    @Test(
        "a parent's end cancels the body and waits for it: the request is never ended under the body",
        .timeLimit(.minutes(1)))
    func parentEndWaitsForTheBody() async throws {
        let server = Server()
        server.onEnd { _ in server.log.record("server hook") }
        let entered = AsyncGate()
        let proceed = AsyncGate()
        let handling = Task {
            try await server.withRequest(Request.init) { request in
                entered.open()
                await proceed.wait()
                let cancelled = Task.isCancelled
                _ = request.logger()
                _ = try await request.lease.resolve()
                return cancelled
            }
        }
        await entered.wait()
        let report = server.end()
        #expect(report.stillEnding.map(\.description) == ["Server (app tier)"])
        #expect(server.log.all.isEmpty, "the server ended before its request")
        proceed.open()
        #expect(try await handling.value, "the body's task was not cancelled")
        let ended = await server.endAndWait()
        #expect(!server.isActive)
        #expect(ended.stillEnding.isEmpty)
        #expect(server.log.all == ["lease returned", "server hook"])
    }

    @Test("a request scope nests under a session, and an interaction under a request")
    func nesting() async throws {
        final class Session: Container {
            let scope: SessionScope<Server>
            init(parent: Server) { scope = SessionScope(parent: parent) }
        }
        final class UserRequest: Container {
            let scope: RequestScope<Session>
            init(parent: Session) throws(StrataError) { scope = try RequestScope(checking: parent) }
        }
        final class Step: Container {
            let scope: InteractionScope<UserRequest>
            init(parent: UserRequest) { scope = InteractionScope(parent: parent) }
            var draft: Provider<Service> { shared { Service() } }
        }
        let server = Server()
        let session = Session(parent: server)
        let tiers = try await session.withRequest(UserRequest.init) { request in
            let step = Step(parent: request)
            _ = step.draft()
            return server.tree.everyNode.map(\.container.description)
        }
        #expect(
            tiers == [
                "Server (app tier)", "Session (session tier)", "UserRequest (request tier)",
                "Step (interaction tier)",
            ])
    }
}
