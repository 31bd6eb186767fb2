import GuideContactFeature
import GuideCore
import GuideKit
import GuideProfileFeature
import Strata
import StrataTesting
import Testing

@Suite(.noSurvivors) @MainActor struct HomeViewModelTests {
    let navigation = Navigation()

    func makeHome() -> HomeViewModel {
        let navigation = navigation
        return HomeViewModel(user: Observed(adaSession), onSignOut: { navigation.signedOut += 1 })
    }

    @Test func opensTheProfileAndReturnsHome() {
        let home = makeHome()
        let log = StatusLog { home.status }
        home.showProfile()
        home.returnHome()
        #expect(log.all == [.profile, .home])
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

@Suite(.noSurvivors) @MainActor struct ProfileViewModelTests {
    let navigation = Navigation()

    let preferences = InMemoryNotificationPreferenceRepository()

    func makeProfile(
        preferences: InMemoryNotificationPreferenceRepository = .init()
    ) -> ProfileViewModel {
        let navigation = navigation
        return ProfileViewModel(
            user: Observed(adaSession), notificationPreferences: preferences,
            onClose: { navigation.closed += 1 })
    }

    @Test func opensAndClosesTheNameEditor() {
        let profile = makeProfile()
        let log = StatusLog { profile.status }
        profile.editName()
        profile.finishEditing()
        #expect(log.all == [.editingName, .viewing])
    }

    @Test func finishEditingWhileViewingChangesNothing() {
        let profile = makeProfile()
        let log = StatusLog { profile.status }
        profile.finishEditing()
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

    @Test func contactSupportShowsTheFormItGetsUntilTheFormCloses() throws {
        let form = StubForm()
        var closeForm: (@MainActor @Sendable () -> Void)?
        let profile = ProfileViewModel(
            user: Observed(adaSession), notificationPreferences: preferences,
            contactSupport: { onClose in
                closeForm = onClose
                return form
            },
            onClose: {})
        let log = StatusLog { profile.status }
        profile.contactSupport()
        #expect(profile.supportForm === form)
        let close = try #require(closeForm)
        close()
        #expect(log.all == [.contactingSupport, .viewing])
        #expect(profile.supportForm == nil)
    }

    @Test func contactSupportThatNobodyAnswersLeavesAMessageAndTheProfileAsItIs() {
        let error = StrataError.routeNotFound(
            route: "ContactSupport",
            searched: [ContainerDescription(typeName: "ProfileContainer", tier: "feature")])
        let profile = ProfileViewModel(
            user: Observed(adaSession), notificationPreferences: preferences,
            contactSupport: { _ throws(StrataError) in throw error }, onClose: {})
        profile.contactSupport()
        #expect(profile.status == .viewing)
        #expect(
            profile.supportProblem
                == "Contact support is not available here, so nothing was opened. (Strata: no "
                + "handler for route ContactSupport. Where: searched ProfileContainer (feature "
                + "tier). To fix: register one with handle(ContactSupport.self) { … } in one of "
                + "these containers, or perform the route from a container below the one that "
                + "handles it; handlers go away when their container ends.)")
    }

    @Test func eachFailedContactSupportReportsItsProblemAnew() {
        let error = StrataError.routeNotFound(route: "ContactSupport", searched: [])
        let profile = ProfileViewModel(
            user: Observed(adaSession), notificationPreferences: preferences,
            contactSupport: { _ throws(StrataError) in throw error }, onClose: {})
        let log = StatusLog { profile.supportProblem }
        profile.contactSupport()
        profile.contactSupport()
        let problem = ProfileViewModel.supportUnavailable(error)
        #expect(log.all == [problem, nil, problem])
    }

    @Test func withoutTheContactFeatureContactSupportOpensNothing() {
        let profile = makeProfile()
        profile.contactSupport()
        #expect(profile.status == .viewing)
        #expect(profile.supportForm == nil)
        #expect(profile.supportProblem == nil)
    }
}

/// A form's container that stands for whatever a route would open.
final class StubForm: FormContainer {
    let scope = AppScope()
    @MainActor var form: ContactUsViewModel {
        ContactUsViewModel(outbox: InMemoryOutboxRepository(), onClose: {})
    }
}

@Suite(.noSurvivors) @MainActor struct EditNameFormTests {
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
