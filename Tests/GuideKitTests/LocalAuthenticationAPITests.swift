import GuideCore
import GuideKit
import StrataTesting
import Testing

@Suite(.noLeaks) struct LocalAuthenticationAPITests {
    let mail = InMemoryMailSender()
    var api: LocalAuthenticationAPI { LocalAuthenticationAPI(mailSender: mail) }

    @Test func theDocumentedDemoAccountSignsIn() async throws {
        let session = try await api.signIn(email: "demo@example.com", password: "demo1234")
        #expect(session.name == "Demo User")
        #expect(session.email == "demo@example.com")
    }

    @Test func eachSignInGetsItsOwnToken() async throws {
        let api = api
        let first = try await api.signIn(email: "demo@example.com", password: "demo1234")
        let second = try await api.signIn(email: "demo@example.com", password: "demo1234")
        #expect(first.token != second.token)
    }

    @Test func aWrongPasswordIsRefused() async {
        await #expect(throws: AuthenticationError.wrongEmailOrPassword) {
            try await api.signIn(email: "demo@example.com", password: "demo12345")
        }
    }

    @Test func signUpAccountsLiveAsLongAsTheStandIn() async throws {
        let api = api
        let account = NewAccount(name: "Ada", email: "ada@example.com", password: "analytical1")
        let made = try await api.signUp(account)
        let again = try await api.signIn(email: "ada@example.com", password: "analytical1")
        #expect(again.userID == made.userID)
        await #expect(throws: AuthenticationError.emailTaken("ada@example.com")) {
            try await api.signUp(account)
        }
        await #expect(throws: AuthenticationError.wrongEmailOrPassword) {
            try await LocalAuthenticationAPI(mailSender: mail)
                .signIn(email: "ada@example.com", password: "analytical1")
        }
    }

    @Test func resetMailGoesOnlyToAnAccount() async {
        await api.requestPasswordReset(email: "nobody@example.com")
        #expect(mail.mails.isEmpty)
        await api.requestPasswordReset(email: "demo@example.com")
        #expect(mail.mails.map(\.to) == ["demo@example.com"])
    }
}
