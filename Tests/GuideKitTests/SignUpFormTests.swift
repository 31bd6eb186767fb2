import GuideCore
import GuideKit
import Testing

@Suite @MainActor struct SignUpFormTests {
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
        let log = StatusLog(form.status)
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
        #expect(form.status.value == .asking(.name, problem: problem))
    }

    @Test func acceptsANameOfFiftyCharacters() async {
        let form = makeForm()
        await form.enter(String(repeating: "a", count: 50))
        #expect(form.status.value == .asking(.email, problem: nil))
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
        #expect(form.status.value == .asking(.email, problem: problem))
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
        #expect(form.status.value == .asking(.password, problem: problem))
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func aTakenEmailIsAskedAgain() async {
        let form = makeForm()
        await form.enter("Someone")
        await form.enter("demo@example.com")
        await form.enter("another1")
        #expect(form.status.value == .asking(.email, problem: .emailTaken("demo@example.com")))
        #expect(navigation.signedIn.isEmpty)
    }

    @Test func backWalksTheFieldsThenCancels() async {
        let form = makeForm()
        await form.enter("Ada")
        await form.enter("ada@example.com")
        form.back()
        #expect(form.status.value == .asking(.email, problem: nil))
        form.back()
        #expect(form.status.value == .asking(.name, problem: nil))
        form.back()
        #expect(form.status.value == .cancelled)
        #expect(navigation.closed == 1)
    }

    @Test func everyProblemSaysWhatToDo() {
        let problems =
            Self.nameProblems.map(\.1) + Self.emailProblems.map(\.1)
            + Self.passwordProblems.map(\.1)
            + [
                .sameName, .messageTooShort(minimum: 10), .messageTooLong(limit: 1000),
                .wrongEmailOrPassword, .emailTaken("a@b.co"), .notSaved("disk full"),
            ]
        for problem in problems {
            #expect(problem.description.hasSuffix("."), "\(problem)")
            #expect(problem.description.count > 20, "\(problem)")
        }
    }
}
