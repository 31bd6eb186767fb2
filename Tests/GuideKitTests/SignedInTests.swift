import GuideCore
import GuideKit
import GuideProfileFeature
import GuideTestSupport
import Strata
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct HomeViewModelTests {
    let navigation = Navigation()

    func makeHome() -> HomeViewModel {
        let navigation = navigation
        return HomeViewModel(user: Observed(adaSession), onSignOut: { navigation.signedOut += 1 })
    }

    @Test func opensAnEntrysDestinationAndReturnsHome() {
        let home = makeHome()
        let log = StatusLog { home.status }
        home.open(StubForm.destination)
        home.returnHome()
        #expect(log.all == [.showing(StubForm.destination), .home])
    }

    @Test func opensNothingElseWhileADestinationIsOpen() {
        let home = makeHome()
        home.open(StubForm.destination)
        home.open(Destination("other") { _, _ in StubForm() })
        #expect(home.status == .showing(StubForm.destination))
    }

    @Test func returnHomeAtHomeChangesNothing() {
        let home = makeHome()
        let log = StatusLog { home.status }
        home.returnHome()
        #expect(log.all.isEmpty)
    }

    @Test func signOutCallsTheAppBack() {
        let home = makeHome()
        home.signOut()
        #expect(navigation.signedOut == 1)
    }
}

@Suite(.noLeaks) @MainActor struct ProfileViewModelTests {
    let navigation = Navigation()

    let preferences = InMemoryNotificationPreferenceRepository()

    func makeProfile(
        preferences: InMemoryNotificationPreferenceRepository = .init()
    ) -> ProfileViewModel {
        let navigation = navigation
        return ProfileViewModel(
            user: Observed(adaSession), notificationPreferences: preferences,
            editName: editName, onClose: { navigation.closed += 1 })
    }

    let editName = Destination("editName") { _, _ in StubForm() }

    @Test func opensAndClosesTheNameEditor() {
        let profile = makeProfile()
        let log = StatusLog { profile.status }
        profile.editName()
        profile.finish()
        #expect(log.all == [.showing(editName), .viewing])
    }

    @Test func finishWhileViewingChangesNothing() {
        let profile = makeProfile()
        let log = StatusLog { profile.status }
        profile.finish()
        #expect(log.all.isEmpty)
    }

    @Test func showsTheRememberedNotificationAnswer() {
        let preferences = InMemoryNotificationPreferenceRepository(choices: ["ada": .denied])
        #expect(makeProfile(preferences: preferences).notificationChoice == .denied)
        #expect(makeProfile().notificationChoice == nil)
    }

    @Test func closeCallsTheHomeBack() {
        makeProfile().close()
        #expect(navigation.closed == 1)
    }

    @Test func contactSupportShowsWhatTheRouteAnswersUntilItCloses() {
        let host = RouteHost()
        let asked = Recorded()
        host.handle(ContactSupport.self) { _, route in
            asked.append(route.topic ?? "nothing")
            return StubForm.destination
        }
        let profile = makeProfile()
        let log = StatusLog { profile.status }
        profile.contactSupport(from: host)
        profile.finish()
        #expect(log.all == [.showing(StubForm.destination), .viewing])
        #expect(asked.all == ["my account"])
    }

    @Test func contactSupportThatNobodyAnswersLeavesAMessageAndTheProfileAsItIs() {
        let host = RouteHost()
        let profile = makeProfile()
        profile.contactSupport(from: host)
        #expect(profile.status == .viewing)
        #expect(
            profile.supportProblem
                == "Contact support is not available here, so nothing was opened. (Strata: no "
                + "handler for route ContactSupport. Where: searched RouteHost (app tier). To "
                + "fix: register one with handle(ContactSupport.self) { … } in one of these "
                + "containers, or perform the route from a container below the one that "
                + "handles it; handlers go away when their container ends.)")
    }

    @Test func eachFailedContactSupportReportsItsProblemAnew() {
        let host = RouteHost()
        let profile = makeProfile()
        let log = StatusLog { profile.supportProblem }
        profile.contactSupport(from: host)
        profile.contactSupport(from: host)
        let problem = ProfileViewModel.supportUnavailable(
            .routeNotFound(
                route: "ContactSupport",
                searched: [ContainerDescription(typeName: "RouteHost", tier: "app")]))
        #expect(log.all == [problem, nil, problem])
    }
}

/// A container to perform routes from, answering what a test wires.
final class RouteHost: Container {
    let scope = AppScope()
}

/// A container that stands for whatever a destination would open.
final class StubForm: Container {
    let scope = AppScope()

    /// A destination that opens a stub form.
    static let destination = Destination("stub") { _, _ in StubForm() }
}

@Suite(.noLeaks) @MainActor struct EditNameFormTests {
    let navigation = Navigation()
    let user = Observed(adaSession)
    let repository = InMemoryUserSessionRepository(session: adaSession)

    func makeForm(repository: (any UserSessionRepository)? = nil) -> EditNameViewModel {
        let navigation = navigation
        return EditNameViewModel(
            user: user, sessionRepository: repository ?? self.repository,
            onClose: { navigation.closed += 1 })
    }

    @Test func storesTheNewNameAndCloses() async {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("  Countess of Lovelace ")
        #expect(log.all == [.submitting, .submitted])
        #expect(user.value.name == "Countess of Lovelace")
        #expect(repository.load()?.name == "Countess of Lovelace")
        #expect(navigation.closed == 1)
    }

    nonisolated static let problems: [(String, FormProblem)] = [
        ("", .empty("name")),
        (String(repeating: "n", count: 51), .nameTooLong(limit: 50)),
        ("Ada Lovelace", .sameName),
    ]

    @Test(arguments: problems)
    func refusesAName(_ name: String, problem: FormProblem) async {
        let form = makeForm()
        await form.enter(name)
        #expect(form.status == .asking(.name, problem: problem))
        #expect(user.value == adaSession)
    }

    @Test func aNameThatCannotBeStoredIsNotChanged() async {
        let form = makeForm(repository: ReadOnlyUserSessionRepository(session: adaSession))
        await form.enter("Countess")
        #expect(
            form.status
                == .asking(
                    .name,
                    problem: .notSaved(
                        "/read-only/session.json could not be written: read-only file system.")))
        #expect(user.value.name == "Ada Lovelace")
    }

    @Test func backCancelsAndKeepsTheName() {
        let form = makeForm()
        form.back()
        #expect(form.status == .cancelled)
        #expect(user.value == adaSession)
        #expect(navigation.closed == 1)
    }
}
