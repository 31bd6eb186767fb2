import GuideCore
import GuideKit
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct SignUpFormTests {
    let navigation = Navigation()
    let authentication = LocalAuthenticationAPI(mailSender: InMemoryMailSender())

    func makeForm() -> SignUpViewModel {
        let navigation = navigation
        return SignUpViewModel(
            authentication: authentication,
            onSignedUp: { navigation.signedIn.append($0) },
            onClose: { navigation.closed += 1 })
    }

    @Test func asksForNameEmailAndPasswordInTurn() async {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("Ada Lovelace")
        await form.enter("ada@example.com")
        await form.enter("analytical1")
        #expect(
            log.all == [
                .asking(.email, problem: nil), .asking(.password, problem: nil), .submitting,
                .submitted,
            ])
    }

    @Test func makesAnAccountThatCanSignIn() async throws {
        let form = makeForm()
        await form.enter("  Ada Lovelace ")
        await form.enter("ADA@example.com")
        await form.enter("analytical1")
        let session = try #require(navigation.signedIn.first)
        #expect(session.name == "Ada Lovelace")
        #expect(session.email == "ada@example.com")
        let again = try await authentication.signIn(
            email: "ada@example.com", password: "analytical1")
        #expect(again.userID == session.userID)
    }

    nonisolated static let nameProblems: [(String, FormProblem)] = [
        ("", .empty("name")),
        ("   ", .empty("name")),
        (String(repeating: "a", count: 51), .nameTooLong(limit: 50)),
    ]

    @Test(arguments: nameProblems)
    func refusesAName(_ name: String, problem: FormProblem) async {
        let form = makeForm()
        await form.enter(name)
        #expect(form.status == .asking(.name, problem: problem))
    }

    @Test func acceptsANameOfFiftyCharacters() async {
        let form = makeForm()
        await form.enter(String(repeating: "a", count: 50))
        #expect(form.status == .asking(.email, problem: nil))
    }

    nonisolated static let emailProblems: [(String, FormProblem)] = [
        ("", .empty("email address")),
        ("ada", .invalidEmail("ada")),
        ("ada@", .invalidEmail("ada@")),
        ("@example.com", .invalidEmail("@example.com")),
        ("ada@example", .invalidEmail("ada@example")),
        ("ada@.com", .invalidEmail("ada@.com")),
        ("ada@example.", .invalidEmail("ada@example.")),
        ("ada lovelace@example.com", .invalidEmail("ada lovelace@example.com")),
        ("ada@home@example.com", .invalidEmail("ada@home@example.com")),
    ]

    @Test(arguments: emailProblems)
    func refusesAnEmail(_ email: String, problem: FormProblem) async {
        let form = makeForm()
        await form.enter("Ada")
        await form.enter(email)
        #expect(form.status == .asking(.email, problem: problem))
    }

    nonisolated static let passwordProblems: [(String, FormProblem)] = [
        ("", .empty("password")),
        ("abc1234", .passwordTooShort(minimum: 8)),
        ("abcdefgh", .passwordNeedsLetterAndDigit),
        ("12345678", .passwordNeedsLetterAndDigit),
    ]

    @Test(arguments: passwordProblems)
    func refusesAPassword(_ password: String, problem: FormProblem) async {
        let form = makeForm()
        await form.enter("Ada")
        await form.enter("ada@example.com")
        await form.enter(password)
        #expect(form.status == .asking(.password, problem: problem))
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func aTakenEmailIsAskedAgain() async {
        let form = makeForm()
        await form.enter("Someone")
        await form.enter("demo@example.com")
        await form.enter("another1")
        #expect(form.status == .asking(.email, problem: .emailTaken("demo@example.com")))
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func backWalksTheFieldsThenCancels() async {
        let form = makeForm()
        await form.enter("Ada")
        await form.enter("ada@example.com")
        form.back()
        #expect(form.status == .asking(.email, problem: nil))
        form.back()
        #expect(form.status == .asking(.name, problem: nil))
        form.back()
        #expect(form.status == .cancelled)
        #expect(navigation.closed == 1)
    }

    nonisolated static let messages: [(FormProblem, String)] = [
        (.empty("name"), "Please enter your name."),
        (.empty("email address"), "Please enter your email address."),
        (.empty("password"), "Please enter your password."),
        (.nameTooLong(limit: 50), "That name is too long: use at most 50 characters."),
        (.sameName, "That is already your name. Type a different one, or :back to keep it."),
        (.invalidEmail("ada@"), "'ada@' is not an email address. Type one like ada@example.com."),
        (.passwordTooShort(minimum: 8), "That password is too short: use at least 8 characters."),
        (.passwordNeedsLetterAndDigit, "A password needs at least one letter and one digit."),
        (.messageTooShort(minimum: 10), "Please write a little more: at least 10 characters."),
        (.messageTooLong(limit: 1000), "That message is too long: keep it under 1000 characters."),
        (
            .wrongEmailOrPassword,
            "That email and password do not match an account. Try again, or :back and choose "
                + "'reset password'."
        ),
        (
            .emailTaken("a@b.co"),
            "An account with a@b.co exists already. Sign in instead, or use another address."
        ),
        (.notSaved("disk full"), "That could not be saved: disk full. Try again, or type :back."),
        (
            .notSaved("disk full."),
            "That could not be saved: disk full. Try again, or type :back."
        ),
    ]

    @Test("Every problem says what is wrong and what to do, word for word", arguments: messages)
    func everyProblemSaysWhatToDo(_ problem: FormProblem, message: String) {
        #expect(problem.description == message)
    }
}
