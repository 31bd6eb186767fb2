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
        #expect(!app.tree.allNodes.contains { $0.container.tier == "session" })
        withExtendedLifetime((feature, interaction)) {}
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

    @Test("removing the trace hook stops events")
    func traceStops() {
        let count = Atomic<Int>(0)
        let app = TestApp()
        app.onTrace { _ in count.add(1, ordering: .relaxed) }
        let afterBegan = count.load(ordering: .relaxed)
        app.onTrace(nil)
        _ = app.config()
        app.end()
        #expect(afterBegan == 1)
        #expect(count.load(ordering: .relaxed) == 1)
    }

    @Test("every error description says what, where and how to fix")
    func errorDescriptions() {
        let container = ContainerDescription(typeName: "SignedInContainer", tier: "session")
        let provider = ProviderDescription(container: container, name: "profile")
        struct Underlying: Error {}
        let errors: [StrataError] = [
            .ended(provider: provider),
            .childOfEnded(parent: container, childTier: "feature", location: "App/Profile.swift:9"),
            .cycle(path: [provider, provider]),
            .factoryFailed(provider: provider, underlying: Underlying()),
        ]
        for error in errors {
            #expect(error.description.contains("SignedInContainer"))
            #expect(error.description.contains("Where:"))
            #expect(error.description.contains("To fix:"))
        }
    }
}

@MainActor
final class ProfileViewModel {
    let name: String
    init(name: String) { self.name = name }
}

final class MainActorApp: Container {
    let scope = AppScope()
    var userName: Provider<String> { shared { "Ada" } }
    @MainActor var profile: MainActorProvider<ProfileViewModel> {
        shared { ProfileViewModel(name: self.userName()) }
    }
    var draft: MainActorProvider<ProfileViewModel> { unique { ProfileViewModel(name: "draft") } }
}

@Suite("Main-actor providers")
@MainActor
struct MainActorProviderTests {
    @Test("a main-actor provider builds a main-actor view model once")
    func sharedOnMainActor() throws {
        let app = MainActorApp()
        let first = app.profile()
        #expect(first.name == "Ada")
        #expect(try app.profile.resolve() === first)
        #expect(app.draft() !== app.draft())
    }

    @Test("a main-actor provider can be overridden")
    func overrideOnMainActor() {
        let app = MainActorApp()
        app.profile.override { ProfileViewModel(name: "Grace") }
        #expect(app.profile().name == "Grace")
        app.profile.removeOverride()
        #expect(app.profile().name == "Ada")
    }
}
