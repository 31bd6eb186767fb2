import Strata
import Synchronization
import Testing

@Suite("Scope tree and trace")
struct DiagnosticsTests {
    /// app → session → feature → interaction, with one instance in each.
    private func fourTiers() -> (TestApp, TestSession, TestFeature, TestInteraction) {
        let app = TestApp()
        _ = app.config()
        let session = app.makeSession()
        _ = session.user()
        let feature = session.makeFeature()
        _ = feature.screen()
        let interaction = feature.makeInteraction()
        _ = interaction.form()
        return (app, session, feature, interaction)
    }

    @Test("the tree as indented text lists tiers, types and instances")
    func treeText() {
        let (app, session, feature, interaction) = fourTiers()
        #expect(
            String(describing: app.tree) == """
                TestApp (app)
                  config: Tracked
                  TestSession (session)
                    user: Tracked
                    TestFeature (feature)
                      screen: Tracked
                      TestInteraction (interaction)
                        form: Tracked
                """)
        withExtendedLifetime((session, feature, interaction)) {}
    }

    @Test("an ended subtree leaves the tree")
    func endedSubtreeLeavesTree() {
        let (app, session, feature, interaction) = fourTiers()
        session.end()
        #expect(String(describing: app.tree) == "TestApp (app)\n  config: Tracked")
        #expect(!app.tree.everyNode.contains { $0.container.tier == "session" })
        withExtendedLifetime((feature, interaction)) {}
    }

    @Test("a name written by hand, one character or not ASCII, is kept as written")
    func handWrittenNames() throws {
        final class Named: Container {
            let scope = AppScope()
            var accented: Provider<Service> { shared("café") { Service(id: 1) } }
            var short: Provider<Service> { unique("x") { Service(id: 2) } }
        }
        let named = Named()
        _ = named.accented()
        #expect(String(describing: named.tree) == "Named (app)\n  café: Service")
        named.end()
        var ended: ProviderDescription?
        do { _ = try named.short.resolve() } catch { if case .ended(let p) = error { ended = p } }
        #expect(ended?.providerName == "x")
    }

    @Test("the tree as Graphviz DOT")
    func treeDOT() {
        let (app, session, feature, interaction) = fourTiers()
        let dot = session.tree.dot
        #expect(dot.hasPrefix("digraph Strata {"))
        #expect(dot.contains(#"n0 [label="TestSession\n(session)\nuser: Tracked"];"#))
        #expect(dot.contains("n0 -> n1;"))
        #expect(dot.contains("n1 -> n2;"))
        #expect(dot.hasSuffix("}"))
        withExtendedLifetime((app, feature, interaction)) {}
    }

    @Test("the tree as a Mermaid flowchart")
    func treeMermaid() {
        let (app, session, feature, interaction) = fourTiers()
        let mermaid = app.tree.mermaid.split(separator: "\n").map(String.init)
        #expect(mermaid.first == "flowchart TD")
        #expect(mermaid.contains(#"  n0["TestApp (app)<br/>config: Tracked"]"#))
        #expect(mermaid.contains("  n2 --> n3"))
        #expect(mermaid.count == 1 + 4 + 3)
        withExtendedLifetime((session, feature, interaction)) {}
    }

    @Test("the trace hook on the root receives began, made, ended and instance-ended events")
    func traceEvents() {
        let events = Locked<[String]>([])
        let app = TestApp()
        app.onTrace { event in events.withLock { $0.append(event.description) } }
        let session = app.makeSession()
        _ = session.user()
        session.end()
        #expect(
            events.withLock { $0 } == [
                "began TestApp (app tier)",
                "began TestSession (session tier)",
                "made TestSession.user: Tracked",
                "ended TestSession.user: Tracked",
                "ended TestSession (session tier)",
            ])
    }

    @Test("the trace shows the root beginning, and value instances ending too")
    func traceRootAndValues() {
        final class Values: Container {
            let scope = AppScope()
            var limit: Provider<Int> { shared { 3 } }
        }
        let events = Locked<[String]>([])
        let values = Values()
        values.onTrace { event in events.withLock { $0.append(event.description) } }
        _ = values.limit()
        values.end()
        #expect(
            events.withLock { $0 } == [
                "began Values (app tier)",
                "made Values.limit: Int",
                "ended Values.limit: Int",
                "ended Values (app tier)",
            ])
    }

    @Test("each onTrace adds a receiver, and cancelling one leaves the others")
    func traceReceiversAdd() {
        let first = Atomic<Int>(0)
        let second = Atomic<Int>(0)
        let app = TestApp()
        let firstTracing = app.onTrace { _ in first.add(1, ordering: .relaxed) }
        app.onTrace { _ in second.add(1, ordering: .relaxed) }
        _ = app.config()
        #expect(first.load(ordering: .relaxed) == 2)  // began, made
        #expect(second.load(ordering: .relaxed) == 1)  // made
        firstTracing.cancel()
        #expect(!firstTracing.isInEffect)
        app.end()
        #expect(first.load(ordering: .relaxed) == 2)
        #expect(second.load(ordering: .relaxed) > 1)
    }

    @Test("cancelling the trace subscription stops events")
    func traceStops() {
        let count = Atomic<Int>(0)
        let app = TestApp()
        let tracing = app.onTrace { _ in count.add(1, ordering: .relaxed) }
        let afterBegan = count.load(ordering: .relaxed)
        tracing.cancel()
        _ = app.config()
        app.end()
        #expect(afterBegan == 1)
        #expect(count.load(ordering: .relaxed) == 1)
    }

    @Test("an async provider's construction sends a made event")
    func traceAsyncMade() async throws {
        final class Remote: Container {
            let scope = AppScope()
            var catalog: AsyncProvider<Service> { shared { Service(id: 1) } }
        }
        let events = Locked<[String]>([])
        let remote = Remote()
        remote.onTrace { event in events.withLock { $0.append(event.description) } }
        _ = try await remote.catalog.resolve()
        _ = try await remote.catalog.resolve()
        #expect(
            events.withLock { $0 } == ["began Remote (app tier)", "made Remote.catalog: Service"])
    }
}

@Suite("Error descriptions")
struct ErrorDescriptionTests {
    let session = ContainerDescription(typeName: "SignedInContainer", tier: "session")
    var profile: ProviderDescription { ProviderDescription(container: session, name: "profile") }

    @Test("ended names the provider, its container and tier, and how to fix")
    func ended() {
        #expect(
            StrataError.ended(provider: profile).description == """
                Strata: SignedInContainer.profile was resolved after its container ended. \
                Where: provider 'profile' of SignedInContainer (session tier). \
                To fix: resolve it before end() is called on SignedInContainer or a container \
                above it; code that may run after the end (a callback after sign-out, a late \
                task) should check isActive or call 'try resolve()' and handle StrataError.ended.
                """)
    }

    @Test("childOfEnded names the parent, the child's tier and place, and how to fix")
    func childOfEnded() {
        let error = StrataError.childOfEnded(
            parent: session, childTier: "feature", location: "App/Profile.swift:9")
        #expect(
            error.description == """
                Strata: cannot create a feature scope under SignedInContainer (session tier): \
                SignedInContainer's end has begun, and it takes no new child (while it \
                drains, it still serves the children it has). Where: the child scope's \
                initialiser at App/Profile.swift:9, with SignedInContainer as its parent. To \
                fix: make the child from a container whose end has not begun, or from the one \
                that replaced it; a server answers a request refused during its shutdown with \
                503 Service Unavailable.
                """)
    }

    @Test("cycle names the whole path and how to fix")
    func cycle() {
        let store = ProviderDescription(container: session, name: "store")
        #expect(
            StrataError.cycle(path: [profile, store, profile]).description == """
                Strata: dependency cycle: SignedInContainer.profile → SignedInContainer.store \
                → SignedInContainer.profile. Each provider needs the next one to be built, so \
                none of them can be. Where: SignedInContainer (session tier). To fix: break \
                the cycle — build one side first and give the other a back-reference to it, \
                container.backReference(to: \\.provider), which resolves later and does not \
                keep the container alive; or move what both need into a third provider.
                """)
    }

    @Test("factoryFailed names the provider and the underlying error, and how to fix")
    func factoryFailed() {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "disk full" }
        }
        #expect(
            StrataError.factoryFailed(provider: profile, underlying: DiskFull()).description == """
                Strata: SignedInContainer.profile could not be built: its factory threw disk \
                full. Where: provider 'profile' of SignedInContainer (session tier). To fix: \
                handle the error inside the factory, or resolve with 'try resolve()' and handle \
                StrataError.factoryFailed.
                """)
    }

    @Test("routeNotFound names the route and every container searched, and how to fix")
    func routeNotFound() {
        let error = StrataError.routeNotFound(
            route: "ShowProfile",
            searched: [
                ContainerDescription(typeName: "ContactContainer", tier: "feature"), session,
                ContainerDescription(typeName: "AppContainer", tier: "app"),
            ])
        #expect(
            error.description == """
                Strata: no handler for route ShowProfile. Where: searched ContactContainer \
                (feature tier) → SignedInContainer (session tier) → AppContainer (app tier). \
                To fix: register one with handle(ShowProfile.self) { … } in one of these \
                containers, or perform the route from a container below the one that handles \
                it; handlers go away when their container ends.
                """)
    }
}
