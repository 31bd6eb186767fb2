import Foundation
import Strata
import StrataTesting
import Synchronization
import TestPauses
import Testing

// The shapes every app and server has, in which an instance is still alive when its end
// reports and gone a moment later: none is a leak through any channel — the report's
// `leaks()`, the root's `onLeak` receivers, the test trait. The same shape with a deliberate
// leak is reported in every round, through every channel, at the end that released it.

final class Shop: Container {
    let scope = AppScope()
}

final class Page: Container {
    let scope: FeatureScope<Shop>
    init(parent: Shop) { scope = FeatureScope(parent: parent) }
    var viewModel: Provider<PageViewModel> { shared { PageViewModel() } }
}

final class PageViewModel: Sendable {
    let sheet = Locked<SheetViewModel?>(nil)
}

final class Sheet: Container {
    let scope: InteractionScope<Page>
    init(parent: Page) { scope = InteractionScope(parent: parent) }
    var viewModel: Provider<SheetViewModel> { shared { SheetViewModel() } }
}

final class SheetViewModel: Sendable {}

/// A form whose view model ends the form's container from its own methods.
final class Form: Container {
    let scope: InteractionScope<Shop>
    init(parent: Shop) { scope = InteractionScope(parent: parent) }
    var viewModel: Provider<FormViewModel> {
        // Unowned, as a view model's way back to its container is: never a cycle.
        shared { [unowned self] in
            FormViewModel(
                end: { [unowned self] in end() },
                endAndWait: { [unowned self] in await endAndWait(within: .seconds(30)) })
        }
    }

    /// The lines of the two ends above.
    static let endLines = (sync: #line - 6, async: #line - 5)
}

final class FormViewModel: Sendable {
    private let end: @Sendable () -> EndReport
    private let endAndWait: @Sendable () async -> EndReport

    init(
        end: @escaping @Sendable () -> EndReport,
        endAndWait: @escaping @Sendable () async -> EndReport
    ) {
        self.end = end
        self.endAndWait = endAndWait
    }

    func submit() -> EndReport { end() }
    func signOut() async -> EndReport { await endAndWait() }
}

/// A server's request container.
final class Request: Container {
    let scope: InteractionScope<Shop>
    init(parent: Shop) throws(StrataError) { scope = try InteractionScope(checking: parent) }
    var service: Provider<RequestService> { shared { RequestService() } }
}

final class RequestService: Sendable {}

/// Where a deliberate leak is kept: a global, as far as Strata can tell.
final class LeakKeeper: Sendable {
    private let kept = Locked<[any AnyObject & Sendable]>([])
    func keep(_ object: any AnyObject & Sendable) { kept.withLock { $0.append(object) } }
}

/// A gate tasks wait at until it opens.
final class Gate: Sendable {
    private let state = Locked<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>(
        (false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// One round of a shape: what it ended, and the line of the end that released the instance.
struct ShapeRound {
    var reports: [EndReport] = []
    var endLine = 0
}

enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case parentHoldsChild
    case syncMethodEndsItsContainer
    case asyncMethodEndsItsContainer
    case callerHoldsALet
    case deferredRequestEnd
    case drainingShutdown

    var testDescription: String { rawValue }

    /// Runs one round on `shop`; with `keeper`, the instance the shape leaves alive a
    /// moment is kept for good.
    func round(_ shop: Shop, leakingInto keeper: LeakKeeper?) async -> ShapeRound {
        var round = ShapeRound()
        switch self {
        case .parentHoldsChild:
            // The SwiftUI `.sheet(item:)` shape: the sheet's container ends first, while the
            // page's view model, released by the same end a moment later, still holds the
            // sheet's.
            let page = Page(parent: shop)
            let sheet = Sheet(parent: page)
            let sheetViewModel = sheet.viewModel()
            page.viewModel().sheet.withLock { $0 = sheetViewModel }
            keeper?.keep(sheetViewModel)
            round.endLine = #line + 1
            round.reports.append(page.end())
        case .syncMethodEndsItsContainer:
            let form = Form(parent: shop)
            let viewModel = form.viewModel()
            keeper?.keep(viewModel)
            round.endLine = Form.endLines.sync
            round.reports.append(viewModel.submit())
        case .asyncMethodEndsItsContainer:
            let form = Form(parent: shop)
            let viewModel = form.viewModel()
            keeper?.keep(viewModel)
            round.endLine = Form.endLines.async
            round.reports.append(await viewModel.signOut())
        case .callerHoldsALet:
            let form = Form(parent: shop)
            let viewModel = form.viewModel()
            keeper?.keep(viewModel)
            round.endLine = #line + 1
            round.reports.append(form.end())
            withExtendedLifetime(viewModel) {}
        case .deferredRequestEnd:
            round.endLine = Self.handle(shop, keeper, into: &round.reports)
        case .drainingShutdown:
            // Requests in flight when the shutdown begins: each finishes, then the app ends.
            let (started, startedOne) = AsyncStream.makeStream(of: Void.self)
            let finish = Gate()
            let handlers = (0..<4).map { _ in
                Task { () -> EndReport in
                    guard let request = try? Request(parent: shop) else { return EndReport() }
                    let service = request.service()
                    keeper?.keep(service)
                    startedOne.yield()
                    await finish.wait()
                    defer { withExtendedLifetime(service) {} }
                    return request.end()
                }
            }
            var count = 0
            for await _ in started {
                count += 1
                if count == handlers.count { break }
            }
            async let shutdown = shop.endAndWait(within: .seconds(30), draining: true)
            finish.open()
            for handler in handlers { round.reports.append(await handler.value) }
            round.reports.append(await shutdown)
            round.endLine = -1  // each request's own end
        }
        return round
    }

    /// A request handler that ends its container in a `defer`, its locals still alive.
    ///
    /// - Returns: The line of the end.
    private static func handle(
        _ shop: Shop, _ keeper: LeakKeeper?, into reports: inout [EndReport]
    ) -> Int {
        guard let request = try? Request(parent: shop) else { return 0 }
        let service = request.service()
        defer {
            reports.append(request.end())
            // A local of the handler, alive until the handler returns.
            withExtendedLifetime(service) {}
        }
        keeper?.keep(service)
        return #line - 5
    }

    /// How many instances a leaking round leaks.
    var leaksPerRound: Int { self == .drainingShutdown ? 4 : 1 }

    /// Whether every round needs a shop of its own: a shutdown ends it.
    var endsTheShop: Bool { self == .drainingShutdown }
}

/// What every channel said over a run of rounds.
struct ShapeRun {
    var reportLeaks: [WatchedInstance] = []
    var received: [WatchedInstance] = []
    var findings: NoLeaksTrait.Findings?
    var endLines: Set<Int> = []
}

/// Runs `rounds` rounds of `shape` under the check, each round's end judged while the
/// next runs.
func run(_ shape: Shape, rounds: Int, leaking: Bool) async -> ShapeRun {
    let keeper = leaking ? LeakKeeper() : nil
    let received = Locked<[WatchedInstance]>([])
    var run = ShapeRun()
    var reports: [EndReport] = []
    // Half a second: a caller's frame that resumes late on a loaded machine (the thread
    // sanitizer's gate) still lets go within it. Rounds overlap, so the run waits it once.
    let findings = await NoLeaksTrait.check(grace: .milliseconds(500)) {
        var shop = Shop()
        shop.onLeak { leak in received.withLock { $0.append(leak) } }
        for _ in 0..<rounds {
            if shape.endsTheShop {
                shop = Shop()
                shop.onLeak { leak in received.withLock { $0.append(leak) } }
            }
            let round = await shape.round(shop, leakingInto: keeper)
            reports += round.reports
            run.endLines.insert(round.endLine)
        }
        for report in reports { run.reportLeaks += await report.leaks() }
    }
    run.received = received.withLock { $0 }
    run.findings = findings
    return run
}

@Suite("A leak is judged once the dust settles", .tags(.stress))
struct LeakShapeTests {
    /// Rounds overlap: one watcher judges every end of a tree in batches.
    static let rounds = 1_000

    @Test(
        "shapes that hold an instance a moment give no leak through any channel",
        .timeLimit(.minutes(1)), arguments: Shape.allCases)
    func noLeak(_ shape: Shape) async throws {
        let run = await run(shape, rounds: Self.rounds, leaking: false)
        #expect(run.reportLeaks.isEmpty)
        #expect(run.received.isEmpty)
        let findings = try #require(run.findings)
        #expect(findings.isEmpty, "\(findings.leaks) \(findings.neverEnded.map(\.container))")
    }

    @Test(
        "the same shapes with a deliberate leak report it in every round, through every channel, at its end",
        .timeLimit(.minutes(1)), arguments: Shape.allCases)
    func deliberateLeak(_ shape: Shape) async throws {
        let run = await run(shape, rounds: Self.rounds, leaking: true)
        let expected = Self.rounds * shape.leaksPerRound
        #expect(run.reportLeaks.count == expected)
        #expect(run.received.count == expected)
        let findings = try #require(run.findings)
        #expect(findings.leaks.count == expected)
        #expect(findings.neverEnded.isEmpty)
        if let line = run.endLines.first, line > 0 {
            #expect(Set(findings.leaks.compactMap { $0.endSite.map { Int($0.line) } }) == [line])
            #expect(
                Set(findings.leaks.compactMap { $0.endSite?.fileID.description }) == [
                    "StrataTestingTests/LeakShapeTests.swift"
                ])
        }
    }
}

@Suite("What a judgement waits for")
struct JudgementTimingTests {
    /// The page's end awaits a hook for four grace periods before it releases its view model,
    /// which holds the sheet's: judged at the sheet's own release, the sheet's view model
    /// would be a leak.
    @Test(
        "a child ended within its parent's end is judged only after the parent's release",
        .timeLimit(.minutes(1)))
    func childWaitsForTheParentsRelease() async {
        let grace = Duration.milliseconds(50)
        let released = Gate()
        let findings = await NoLeaksTrait.check(grace: grace) {
            let shop = Shop()
            let page = Page(parent: shop)
            let sheet = Sheet(parent: page)
            page.viewModel().sheet.withLock { $0 = sheet.viewModel() }
            page.onEnd { _ in await released.wait() }
            Task {
                await outlast(grace * 4)
                released.open()
            }
            let report = await page.endAndWait(within: .seconds(30))
            #expect(report.watched.map(\.typeName) == ["SheetViewModel"])
            #expect(await report.leaks().isEmpty)
        }
        #expect(findings.isEmpty)
    }

    @Test(
        "an instance an async hook holds is judged once the hook has finished",
        .timeLimit(.minutes(1)))
    func workIsWaitedFor() async {
        let grace = Duration.milliseconds(50)
        let finish = Gate()
        let findings = await NoLeaksTrait.check(grace: grace) {
            let shop = Shop()
            let page = Page(parent: shop)
            page.onEnd { [viewModel = page.viewModel()] _ in
                await finish.wait()
                withExtendedLifetime(viewModel) {}
            }
            let report = page.end()
            Task {
                await outlast(grace * 4)
                finish.open()
            }
            #expect(await report.leaks().isEmpty)
        }
        #expect(findings.isEmpty)
    }

    /// The main-actor job that ended the form holds its view model for four grace periods
    /// after the end: judged without waiting for that job, the view model would be a leak.
    @Test(
        "an end on the main actor is judged after the main actor's current job",
        .timeLimit(.minutes(1)))
    func mainActorJobIsWaitedFor() async {
        let grace = Duration.milliseconds(50)
        let findings = await NoLeaksTrait.check(grace: grace) {
            let shop = Shop()
            let report = await MainActor.run {
                let form = Form(parent: shop)
                let viewModel = form.viewModel()
                let report = form.end()
                // Still the same job: the main actor is busy until this returns.
                let busyUntil = ContinuousClock.now.advanced(by: grace * 4)
                while ContinuousClock.now < busyUntil {}
                withExtendedLifetime(viewModel) {}
                return report
            }
            #expect(report.watched.map(\.typeName) == ["FormViewModel"])
            #expect(await report.leaks().isEmpty)
        }
        #expect(findings.isEmpty)
    }
}
