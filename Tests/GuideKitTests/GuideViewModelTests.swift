import GuideCore
import GuideKit
import GuideTestSupport
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct GuideViewModelTests {
    let preferences = InMemoryNotificationPreferenceRepository()
    let navigation = Navigation()

    func makeGuide() -> GuideViewModel {
        let navigation = navigation
        return GuideViewModel(
            notificationPreferences: preferences,
            onSignedIn: { navigation.signedIn.append($0) })
    }

    nonisolated static let opens: [(String, GuideViewStatus)] = [
        ("sign in", .signIn), ("sign up", .signUp), ("contact us", .contactUs),
        ("reset password", .resetPassword),
    ]

    static func open(_ name: String, on guide: GuideViewModel) {
        switch name {
        case "sign in": guide.showSignIn()
        case "sign up": guide.showSignUp()
        case "contact us": guide.showContactUs()
        default: guide.showResetPassword()
        }
    }

    @Test func startsAtWelcome() {
        #expect(makeGuide().status == .welcome)
    }

    @Test(arguments: opens)
    func welcomeOpensEachForm(name: String, form: GuideViewStatus) {
        let guide = makeGuide()
        Self.open(name, on: guide)
        #expect(guide.status == form)
    }

    @Test(arguments: opens)
    func eachFormReturnsToWelcome(name: String, form: GuideViewStatus) {
        let guide = makeGuide()
        Self.open(name, on: guide)
        guide.returnToWelcome()
        #expect(guide.status == .welcome)
    }

    @Test(arguments: opens)
    func aFormCannotOpenFromAnotherForm(name: String, form: GuideViewStatus) {
        let guide = makeGuide()
        guide.showContactUs()
        let log = StatusLog { guide.status }
        Self.open(name, on: guide)
        #expect(log.all.isEmpty)
        #expect(guide.status == .contactUs)
    }

    @Test func returnToWelcomeAtWelcomeChangesNothing() {
        let guide = makeGuide()
        let log = StatusLog { guide.status }
        guide.returnToWelcome()
        #expect(log.all.isEmpty)
    }

    @Test(arguments: [GuideViewStatus.signIn, .signUp])
    func aNewUserIsAskedAboutNotifications(form: GuideViewStatus) {
        let guide = makeGuide()
        form == .signIn ? guide.showSignIn() : guide.showSignUp()
        guide.authenticated(adaSession)
        #expect(guide.status == .requestNotification)
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func aUserWhoAnsweredBeforeIsSignedInAtOnce() {
        preferences.remember(.denied, forUser: adaSession.userID)
        let guide = makeGuide()
        guide.showSignIn()
        guide.authenticated(adaSession)
        #expect(navigation.signedIn == [adaSession])
        #expect(guide.status == .signIn)
    }

    @Test func authenticatedOutsideSignInOrSignUpIsIgnored() {
        let guide = makeGuide()
        guide.showContactUs()
        guide.authenticated(adaSession)
        #expect(guide.status == .contactUs)
        #expect(navigation.signedIn.isEmpty)
    }

    @Test(arguments: [NotificationChoice.allowed, .denied])
    func theAnswerIsRememberedAndSignsIn(choice: NotificationChoice) {
        let guide = makeGuide()
        guide.showSignUp()
        guide.authenticated(adaSession)
        choice == .allowed ? guide.allowNotifications() : guide.denyNotifications()
        #expect(preferences.choice(forUser: adaSession.userID) == choice)
        #expect(navigation.signedIn == [adaSession])
    }

    @Test func leavingTheQuestionReturnsToWelcomeWithoutSigningIn() {
        let guide = makeGuide()
        guide.showSignIn()
        guide.authenticated(adaSession)
        guide.returnToWelcome()
        guide.allowNotifications()
        #expect(guide.status == .welcome)
        #expect(navigation.signedIn.isEmpty)
        #expect(preferences.choice(forUser: adaSession.userID) == nil)
    }

    @Test func answeringWithoutTheQuestionDoesNothing() {
        let guide = makeGuide()
        guide.allowNotifications()
        #expect(navigation.signedIn.isEmpty)
        #expect(preferences.choice(forUser: adaSession.userID) == nil)
    }

    @Test func anAnswerThatCannotBeStoredIsReportedAndTheUserIsSignedIn() {
        let navigation = navigation
        let guide = GuideViewModel(
            notificationPreferences: FullNotificationPreferenceRepository(),
            onSignedIn: { navigation.signedIn.append($0) })
        guide.showSignIn()
        guide.authenticated(adaSession)
        guide.allowNotifications()
        #expect(
            guide.answerProblem
                == .unwritable(file: "/full/notifications.json", reason: "no space left on device"))
        #expect(navigation.signedIn == [adaSession])
    }
}

/// Notification answers whose writes fail, as on a full disk.
struct FullNotificationPreferenceRepository: NotificationPreferenceRepository {
    func choice(forUser userID: String) -> NotificationChoice? { nil }
    func remember(_ choice: NotificationChoice, forUser userID: String) throws(StorageError) {
        throw .unwritable(file: "/full/notifications.json", reason: "no space left on device")
    }
}
