import Foundation
import GuideContactFeature
import GuideCore
import GuideKit
import GuideProfileFeature
import GuideStorage
import GuideTestSupport
import Strata
import StrataTesting
import Testing

/// The sample's tree from the app to the profile, with in-memory stores.
struct SignedInTree {
    let app: AppContainer
    let signedIn: SignedInContainer
    let profile: ProfileContainer<SignedInContainer>

    /// The app's outbox, read through the app so that the tree is all that holds it.
    var outbox: any OutboxRepository { app.outbox() }

    init(_ directory: TemporaryDirectory, session: UserSession = adaSession) {
        app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        app.outbox.override { InMemoryOutboxRepository() }
        app.sessionRepository.override { InMemoryUserSessionRepository(session: session) }
        app.notificationPreferences.override { InMemoryNotificationPreferenceRepository() }
        signedIn = app.makeSignedInContainer(for: session)
        profile = ProfileContainer(parent: signedIn)
    }

    /// The profile's edit-name form, made as its screen makes it.
    @MainActor func openEditName() throws -> EditNameFormContainer {
        try profile.editName.open(EditNameFormContainer.self, under: profile)
    }
}

extension Destination {
    /// Makes the destination's container under `host`, as a host screen does, as `type`.
    @MainActor func open<Child: Container>(
        _ type: Child.Type, under host: some Container,
        onClose: @escaping @MainActor @Sendable () -> Void = {}
    ) throws -> Child {
        try #require(makeContainer(under: host, onClose: onClose) as? Child)
    }
}

/// A session without the contact feature, as a preview of the profile on its own has: it
/// gives the profile what it needs and answers no route.
final class PreviewSession: ProfileParent {
    let scope: SessionScope<AppContainer>

    init(parent: AppContainer) { scope = SessionScope(parent: parent) }

    var user: Provider<Observed<UserSession>> { shared { Observed(adaSession) } }
}

/// The routes by which the contact feature and the profile reach each other, in the
/// sample's real tree of containers.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct FeatureRouteTests {
    let directory = TemporaryDirectory()

    @Test func currentProfileIsFoundFromAFormDeepUnderTheSession() throws {
        let tree = SignedInTree(directory)
        let editName = try tree.openEditName()
        #expect(try editName.perform(CurrentProfile()) == ProfileSummary(adaSession))
        let support = try tree.profile.perform(ContactSupport(about: "my account"))
        let form = try support.open(ContactUsFormContainer.self, under: tree.profile)
        #expect(form.sender == ProfileSummary(name: "Ada Lovelace", email: "ada@example.com"))
        #expect(form.contactUsViewModel().status == .asking(.message, problem: nil))
    }

    @Test func currentProfileAnswersTheNameAsItIsNow() async throws {
        let tree = SignedInTree(directory)
        let editName = try tree.openEditName()
        await editName.editNameViewModel().enter("Countess of Lovelace")
        #expect(try tree.profile.perform(CurrentProfile()).name == "Countess of Lovelace")
    }

    @Test func afterSignOutCurrentProfileIsGoneAndTheContactFormAsksForAnAddress() throws {
        let tree = SignedInTree(directory)
        #expect(try tree.signedIn.perform(CurrentProfile()) == ProfileSummary(adaSession))
        tree.signedIn.end()

        let error = #expect(throws: StrataError.self) {
            try tree.signedIn.perform(CurrentProfile())
        }
        guard case .routeNotFound(let route, let searched)? = error else {
            Issue.record("expected .routeNotFound, got \(String(describing: error))")
            return
        }
        #expect(route == "CurrentProfile")
        #expect(searched.map(\.typeName) == ["SignedInContainer", "AppContainer"])

        let guide = tree.app.makeGuideContainer()
        let form = try guide.contactUsForm.open(ContactUsFormContainer.self, under: guide)
        #expect(form.sender == nil)
        #expect(form.contactUsViewModel().status == .asking(.email, problem: nil))
    }

    @Test func contactSupportOpensTheContactFormUnderTheProfile() async throws {
        let tree = SignedInTree(directory)
        let profile = tree.profile.profileViewModel()
        profile.contactSupport(from: tree.profile)
        guard case .showing(let destination) = profile.status else {
            Issue.record("expected a destination, got \(profile.status)")
            return
        }
        #expect(destination.name == "contactSupport")
        // The profile's screen makes the form under the profile, and tells the profile when
        // it closes.
        let support = try destination.open(
            ContactUsFormContainer.self, under: tree.profile,
            onClose: { [weak profile] in profile?.finish() })
        let form = support.contactUsViewModel()
        let path = tree.app.tree.everyNode.map(\.container.typeName)
        #expect(
            path == [
                "AppContainer", "SignedInContainer", "ProfileContainer<SignedInContainer>",
                "ContactUsFormContainer",
            ])
        await form.enter("My token expired twice today.")
        #expect(form.status == .submitted)
        // The session's outbox writes in the background; wait for the write.
        await (tree.signedIn.outbox() as? SessionOutbox)?.flush()
        #expect(
            try tree.outbox.messages().map { [$0.replyTo, $0.text, $0.topic] } == [
                ["ada@example.com", "My token expired twice today.", "my account"]
            ])
        #expect(profile.status == .viewing)
        // The test holds both view models across the end, as a view on its way out would;
        // the suite's check judges them once the test is over.
        let report = tree.profile.end()
        #expect(
            report.ended.map(\.typeName) == [
                "ContactUsFormContainer", "ProfileContainer<SignedInContainer>",
            ])
        #expect(!support.isActive)
    }

    @Test func withoutAnAnswerToContactSupportTheProfileSaysSoAndStays() throws {
        let app = AppContainer(dataDirectory: directory.url, mailOutput: RecordingOutput())
        app.notificationPreferences.override { InMemoryNotificationPreferenceRepository() }
        let profile = ProfileContainer(parent: PreviewSession(parent: app))
        let viewModel = profile.profileViewModel()
        viewModel.contactSupport(from: profile)
        #expect(viewModel.status == .viewing)
        #expect(
            viewModel.supportProblem
                == """
                Contact support is not available here, so nothing was opened. (Strata: no \
                handler for route ContactSupport. Where: searched \
                ProfileContainer<PreviewSession> (feature tier) → PreviewSession (session tier) → AppContainer (app tier). To fix: \
                register one with handle(ContactSupport.self) { … } in one of these \
                containers, or perform the route from a container below the one that handles \
                it; handlers go away when their container ends.)
                """)
    }

    // The test keeps the profile's view model past the profile's end, to show what a late
    // tap does: held until the test returns, it is no leak.
    @Test func aProfileThatHasEndedOpensNothingAndDoesNotTrap() throws {
        let tree = SignedInTree(directory)
        let viewModel = tree.profile.profileViewModel()
        tree.profile.end()
        viewModel.contactSupport(from: tree.profile)
        #expect(viewModel.status == .viewing)
        #expect(viewModel.supportProblem == nil)
        #expect(tree.signedIn.tree.children.isEmpty)
    }
}

/// The routes performed from many tasks at once, off the main actor, in the sample's tree.
@Suite(.noLeaks, .timeLimit(.minutes(1))) struct FeatureRouteConcurrencyTests {
    let directory = TemporaryDirectory()

    @Test func currentProfileFromManyTasksWhileTheNameChanges() async throws {
        let tree = SignedInTree(directory)
        let user = tree.signedIn.user()
        let form = EditNameFormContainer(
            parent: tree.profile, user: tree.signedIn.user,
            sessionRepository: tree.signedIn.sessionRepository, onClose: {})
        let names: Set<String> = ["Ada Lovelace", "Countess of Lovelace"]
        let answers = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                for index in 0..<200 {
                    user.value.name =
                        index.isMultiple(of: 2) ? "Countess of Lovelace" : "Ada Lovelace"
                }
                user.value.name = "Countess of Lovelace"
                return []
            }
            for _ in 0..<400 {
                group.addTask { [try form.perform(CurrentProfile()).name] }
            }
            var answers: [String] = []
            for try await names in group { answers += names }
            return answers
        }
        #expect(answers.count == 400)
        #expect(Set(answers).isSubset(of: names))
        #expect(try form.perform(CurrentProfile()).name == "Countess of Lovelace")
    }

    @Test func contactSupportFromManyTasksOpensOneFormEach() async throws {
        let tree = SignedInTree(directory)
        let profile = tree.profile
        // Each task asks for a form off the main actor, opens it under the profile as the
        // screen would, and the form asks who writes, from under the profile. The forms are
        // kept: a container nobody holds ends itself.
        typealias Opened = (form: ContactUsFormContainer, sender: ProfileSummary?)
        let opened = try await withThrowingTaskGroup(of: Opened.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    let destination = try profile.perform(ContactSupport(about: "my account"))
                    let contact = try await destination.open(
                        ContactUsFormContainer.self, under: profile)
                    return (contact, contact.sender)
                }
            }
            var opened: [Opened] = []
            for try await form in group { opened.append(form) }
            return opened
        }
        #expect(Set(opened.map { ObjectIdentifier($0.form) }).count == 100)
        #expect(opened.allSatisfy { $0.sender == ProfileSummary(adaSession) })
        let children = profile.tree.children.map(\.container.typeName)
        #expect(children == Array(repeating: "ContactUsFormContainer", count: 100))
        let report = profile.end()
        #expect(report.ended.count == 101)
        #expect(await report.leaks().isEmpty)
    }
}

/// The routes as the console shows them, driven through its input.
@Suite(.noLeaks, .timeLimit(.minutes(1))) @MainActor struct FeatureRouteConsoleTests {
    let directory = TemporaryDirectory()

    @Test func supportIsAnsweredAtTheProfileAddressAndAfterSignOutTheFormAsksForOne() async throws {
        var app: AppContainer?
        var treeInSupport: ScopeTree?
        let run = await runConsole(
            [
                .line("1"), .line("demo@example.com"), .line("demo1234"), .line("allow"),
                .line("profile"), .line("contact support"),
                .inspect { treeInSupport = app?.tree }, .line("My token expired twice today."),
                .line("back home"), .line("sign out"), .line("contact us"),
                .line("ada@example.com"), .line("Is the demo account shared?"), .line(":quit"),
            ], in: directory, onStart: { app = $0 })
        expectInOrder(
            run.output,
            [
                "[home/profile] choice> contact support\n",
                "Contact support about your account. We answer at demo@example.com.\n",
                "[home/profile/contactSupport] message> My token expired twice today.\n",
                "Thank you. Your message is in the outbox, in \(directory.url.path).\n",
                "[home/profile] choice> back home\n", "[home] choice> sign out\n",
                "Signed out.\n", "[guide/welcome] choice> contact us\n",
                "[guide/contactUs] email> ada@example.com\n",
                "[guide/contactUs] message> Is the demo account shared?\n",
            ])
        #expect(!run.output.contains("[home/profile/contactSupport] email>"))

        let tree = try #require(treeInSupport)
        let support = try #require(
            tree.everyNode.first { $0.container.typeName == "ProfileContainer<SignedInContainer>" })
        #expect(support.children.map(\.container.typeName) == ["ContactUsFormContainer"])

        let messages = try FileOutboxRepository(directory: directory.url).messages()
        #expect(messages.map(\.replyTo) == ["demo@example.com", "ada@example.com"])
        #expect(messages.map(\.topic) == ["my account", nil])
        #expect(await run.leaks().isEmpty)
        #expect(!run.output.contains("warning:"))
    }

    @Test func withTheJournalOnBothContactFormsKeepTheirMessagesInIt() async throws {
        let run = await runConsole(
            [
                "1", "demo@example.com", "demo1234", "allow", "profile", "contact support",
                "My token expired twice today.", "back home", "sign out", "contact us",
                "ada@example.com", "Is the demo account shared?", ":quit",
            ], in: directory, toggles: toggles(journal: true))
        let thanks = "Thank you. Your message is in the outbox, in \(directory.url.path).\n"
        expectInOrder(
            run.output,
            [
                "[home/profile/contactSupport] message> My token expired twice today.\n", thanks,
                "[guide/contactUs] message> Is the demo account shared?\n", thanks,
            ])
        #expect(directory.fileNames == ["journal.log", "storage-engine.txt"])
        let messages = try JournalStorage(directory: directory.url).outbox.messages()
        #expect(messages.map(\.replyTo) == ["demo@example.com", "ada@example.com"])
        #expect(messages.map(\.topic) == ["my account", nil])
    }

    @Test func backFromTheSupportMessageLeavesTheFormAndKeepsNothing() async {
        let run = await runConsole(
            [
                "1", "demo@example.com", "demo1234", "allow", "profile", "3", ":back",
                ":quit",
            ], in: directory)
        expectInOrder(
            run.output,
            [
                "[home/profile] choice> 3\n", "[home/profile/contactSupport] message> :back\n",
                "Message discarded.\n", "Your profile:", "[home/profile] choice> :quit\n",
            ])
        #expect(!directory.fileNames.contains("outbox.json"))
    }
}
