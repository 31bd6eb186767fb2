import GuideCore
import GuideKit
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct SignInFormTests {
    let navigation = Navigation()

    func makeForm() -> SignInViewModel {
        let navigation = navigation
        return SignInViewModel(
            authentication: LocalAuthenticationAPI(mailSender: InMemoryMailSender()),
            onSignedIn: { navigation.signedIn.append($0) },
            onClose: { navigation.closed += 1 })
    }

    @Test func asksForTheEmailThenThePassword() async {
        let form = makeForm()
        #expect(form.status == .asking(.email, problem: nil))
        await form.enter("demo@example.com")
        #expect(form.status == .asking(.password, problem: nil))
    }

    @Test func theDemoAccountSignsIn() async {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("  Demo@Example.com ")
        await form.enter("demo1234")
        #expect(log.all == [.asking(.password, problem: nil), .submitting, .submitted])
        #expect(navigation.signedIn.map(\.email) == ["demo@example.com"])
        #expect(navigation.signedIn.first?.name == "Demo User")
    }

    @Test func aWrongPasswordAsksAgainFromTheEmail() async {
        let form = makeForm()
        await form.enter("demo@example.com")
        await form.enter("demo12345")
        #expect(form.status == .asking(.email, problem: .wrongEmailOrPassword))
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func anUnknownEmailIsRefusedLikeAWrongPassword() async {
        let form = makeForm()
        await form.enter("nobody@example.com")
        await form.enter("demo1234")
        #expect(form.status == .asking(.email, problem: .wrongEmailOrPassword))
    }

    @Test func anInvalidEmailIsAskedAgain() async {
        let form = makeForm()
        await form.enter("demo")
        #expect(form.status == .asking(.email, problem: .invalidEmail("demo")))
    }

    @Test func anEmptyPasswordIsAskedAgain() async {
        let form = makeForm()
        await form.enter("demo@example.com")
        await form.enter("")
        #expect(form.status == .asking(.password, problem: .empty("password")))
    }

    @Test func backFromThePasswordReturnsToTheEmail() async {
        let form = makeForm()
        await form.enter("demo@example.com")
        form.back()
        #expect(form.status == .asking(.email, problem: nil))
        #expect(navigation.closed == 0)
    }

    @Test func backFromTheEmailCancels() {
        let form = makeForm()
        form.back()
        #expect(form.status == .cancelled)
        #expect(navigation.closed == 1)
    }

    @Test func thePasswordIsSecretAndTheEmailIsNot() {
        #expect(SignInViewModel.Field.password.isSecret)
        #expect(!SignInViewModel.Field.email.isSecret)
    }
}
