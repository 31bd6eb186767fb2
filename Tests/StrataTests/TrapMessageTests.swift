import Strata
import Testing

/// A container with every kind of provider that can trap, for the trap tests.
private final class Trapping: Container {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    let scope = AppScope()

    var store: Provider<Service> { shared { Service() } }
    var broken: Provider<Service> { shared { throw DiskFull() } }
    var a: Provider<Service> {
        shared {
            _ = try self.b.resolve()
            return Service()
        }
    }
    var b: Provider<Service> {
        shared {
            _ = try self.a.resolve()
            return Service()
        }
    }
    var catalog: AsyncProvider<Service> { shared { Service() } }
    var brokenCatalog: AsyncProvider<Service> { shared { throw DiskFull() } }
    var model: MainActorProvider<Service> { shared { Service() } }
}

/// A session made where the test says, so that the place a trap names is known.
private final class LateSession: Container {
    let scope: SessionScope<Trapping>

    init(parent: Trapping) {
        scope = SessionScope(parent: parent, fileID: "App/LateSession.swift", line: 7)
    }
}

private struct NobodyHandles: Route {
    typealias Output = Int
}

/// Each way Strata traps, done in a fresh container.
enum TrapCase: String, CaseIterable, Codable, Sendable {
    case providerAfterEnd
    case childUnderEndedParent
    case cycle
    case failingFactory
    case unhandledRoute
    case asyncProviderAfterEnd
    case asyncFailingFactory
    case mainActorProviderAfterEnd

    /// Does the thing with the trapping call; it should not return.
    func trap() async {
        let container = Trapping()
        switch self {
        case .providerAfterEnd:
            container.end()
            _ = container.store()
        case .childUnderEndedParent:
            container.end()
            _ = LateSession(parent: container)
        case .cycle:
            _ = container.a()
        case .failingFactory:
            _ = container.broken()
        case .unhandledRoute:
            _ = try! container.perform(NobodyHandles())
        case .asyncProviderAfterEnd:
            container.end()
            _ = await container.catalog()
        case .asyncFailingFactory:
            _ = await container.brokenCatalog()
        case .mainActorProviderAfterEnd:
            container.end()
            _ = await MainActor.run { container.model() }
        }
    }

    /// Does the same thing with the throwing call, and returns the description of what it throws.
    func thrownDescription() async -> String? {
        let container = Trapping()
        do {
            switch self {
            case .providerAfterEnd:
                container.end()
                _ = try container.store.resolve()
            case .childUnderEndedParent:
                // The trapping form traps with the error the throwing one, init(checking:),
                // throws (DrainTests): this one.
                container.end()
                return StrataError.childOfEnded(
                    parent: ContainerDescription(typeName: "Trapping", tier: "app"),
                    childTier: "session", location: "App/LateSession.swift:7"
                ).description
            case .cycle:
                _ = try container.a.resolve()
            case .failingFactory:
                _ = try container.broken.resolve()
            case .unhandledRoute:
                _ = try container.perform(NobodyHandles())
            case .asyncProviderAfterEnd:
                container.end()
                _ = try await container.catalog.resolve()
            case .asyncFailingFactory:
                _ = try await container.brokenCatalog.resolve()
            case .mainActorProviderAfterEnd:
                container.end()
                let result = await MainActor.run {
                    Result { () throws(StrataError) in try container.model.resolve() }
                }
                _ = try result.get()
            }
        } catch {
            return error.description
        }
        return nil
    }
}

@Suite("Trap messages")
struct TrapMessageTests {
    @Test(
        "a trap prints the text the throwing call throws, and it says how to fix",
        arguments: TrapCase.allCases)
    func trapPrintsThrownText(_ trapCase: TrapCase) async throws {
        let thrown = try #require(await trapCase.thrownDescription())
        #expect(thrown.contains("To fix:"))
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) { [trapCase] in
            await trapCase.trap()
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains(thrown))
        #expect(printed.contains("To fix:"))
    }
}

@Suite("StrataError's texts")
struct StrataErrorTextTests {
    @Test("try! prints what the trapping call prints: the debug text is the description")
    func debugDescriptionIsTheDescription() {
        let error = StrataError.routeNotFound(route: "Unhandled", searched: [])
        #expect(String(reflecting: error) == error.description)
        #expect(error.description.hasPrefix("Strata: no handler for route Unhandled."))
    }
}

/// A route of two kinds: handled as an async route, performed as a synchronous one.
private struct TwoKindRoute: Route, AsyncRoute {
    typealias Output = Int
}

/// A key of two kinds: contributed to as an async key, gathered as a synchronous one.
private enum TwoKindKey: ContributionKey, AsyncContributionKey {
    typealias Element = Int
}

@Suite("Traps of a type that is two kinds of route or key")
struct TwoKindTrapTests {
    @Test("a route handled as one kind and performed as another traps, naming the fix")
    func routeOfTwoKinds() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let app = Trapping()
            app.handle(TwoKindRoute.self) { _, _ async in 1 }
            _ = try? app.perform(TwoKindRoute())
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("TwoKindRoute is handled as one kind of route and performed as"))
        #expect(printed.contains("To fix: conform"))
    }

    @Test("a key contributed to as one kind and gathered as another traps, naming the fix")
    func keyOfTwoKinds() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let app = Trapping()
            app.contribute(TwoKindKey.self) { _ async in 1 }
            _ = try? app.gather(TwoKindKey.self)
        }
        let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("TwoKindKey is contributed to as one kind of key and gathered"))
        #expect(printed.contains("To fix: conform"))
    }
}
