import Foundation
import GuideContactFeature
import GuideCore
import GuideKit
import GuideTestSupport
import StrataTesting
import Testing

@Suite(.noLeaks) @MainActor struct ContactUsFormTests {
    let navigation = Navigation()
    let outbox = InMemoryOutboxRepository()
    nonisolated static let sentAt = Date(timeIntervalSince1970: 1_700_000_000)

    func makeForm(outbox: (any OutboxRepository)? = nil) -> ContactUsViewModel {
        let navigation = navigation
        return ContactUsViewModel(
            outbox: outbox ?? self.outbox, now: { Self.sentAt },
            onClose: { navigation.closed += 1 })
    }

    func makeSupportForm() -> ContactUsViewModel {
        let navigation = navigation
        return ContactUsViewModel(
            outbox: outbox, sender: ProfileSummary(adaSession), topic: "my account",
            now: { Self.sentAt }, onClose: { navigation.closed += 1 })
    }

    @Test func aKnownSenderIsAnsweredAtTheirAddressAndAskedOnlyForTheMessage() async {
        let form = makeSupportForm()
        #expect(form.status == .asking(.message, problem: nil))
        await form.enter("My token expired twice today.")
        #expect(form.status == .submitted)
        #expect(
            outbox.messages() == [
                ContactMessage(
                    replyTo: "ada@example.com", text: "My token expired twice today.",
                    sentAt: Self.sentAt, topic: "my account")
            ])
        #expect(navigation.closed == 1)
    }

    @Test func backFromTheMessageLeavesWhenTheAddressIsTheSenders() {
        let form = makeSupportForm()
        form.back()
        #expect(form.status == .cancelled)
        #expect(navigation.closed == 1)
    }

    @Test func backFromTheMessageAsksForATypedAddressAgain() async {
        let form = makeForm()
        await form.enter("ada@example.com")
        form.back()
        #expect(form.status == .asking(.email, problem: nil))
        #expect(navigation.closed == 0)
    }

    @Test func keepsTheMessageInTheOutboxAndCloses() async {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("Ada@Example.com")
        await form.enter("  Where do the containers end?  ")
        #expect(log.all == [.asking(.message, problem: nil), .submitting, .submitted])
        #expect(
            outbox.messages() == [
                ContactMessage(
                    replyTo: "ada@example.com", text: "Where do the containers end?",
                    sentAt: Self.sentAt)
            ])
        #expect(navigation.closed == 1)
    }

    nonisolated static let messageProblems: [(String, FormProblem)] = [
        ("", .empty("message")),
        ("Hello", .messageTooShort(minimum: 10)),
        (String(repeating: "x", count: 1001), .messageTooLong(limit: 1000)),
    ]

    @Test(arguments: messageProblems)
    func refusesAMessage(_ message: String, problem: FormProblem) async {
        let form = makeForm()
        await form.enter("ada@example.com")
        await form.enter(message)
        #expect(form.status == .asking(.message, problem: problem))
        #expect(outbox.messages().isEmpty)
    }

    @Test func refusesAnInvalidAddress() async {
        let form = makeForm()
        await form.enter("ada at example")
        #expect(form.status == .asking(.email, problem: .invalidEmail("ada at example")))
    }

    @Test func anOutboxThatCannotBeWrittenAsksForTheMessageAgain() async {
        let form = makeForm(outbox: FullOutboxRepository())
        await form.enter("ada@example.com")
        await form.enter("Where do the containers end?")
        #expect(
            form.status
                == .asking(
                    .message,
                    problem: .notSaved(
                        "/full/outbox.json could not be written: no space left on device.")))
        #expect(navigation.closed == 0)
    }

    @Test func cancellingKeepsNothing() async {
        let form = makeForm()
        await form.enter("ada@example.com")
        form.cancel()
        #expect(form.status == .cancelled)
        #expect(outbox.messages().isEmpty)
        #expect(navigation.closed == 1)
    }
}

@Suite(.noLeaks) @MainActor struct ResetPasswordFormTests {
    let navigation = Navigation()
    let mail = InMemoryMailSender()

    func makeForm() -> ResetPasswordViewModel {
        let navigation = navigation
        return ResetPasswordViewModel(
            authentication: LocalAuthenticationAPI(mailSender: mail),
            onClose: { navigation.closed += 1 })
    }

    @Test func mailsAResetLinkToAKnownAddressAndCloses() async throws {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("DEMO@example.com")
        #expect(log.all == [.submitting, .submitted])
        let sent = try #require(mail.mails.first)
        #expect(sent.to == "demo@example.com")
        #expect(sent.body.contains("https://guide.example.com/reset?token="))
        #expect(navigation.closed == 1)
    }

    @Test func anUnknownAddressEndsTheSameWayWithoutMail() async {
        let form = makeForm()
        let log = StatusLog { form.status }
        await form.enter("nobody@example.com")
        #expect(log.all == [.submitting, .submitted])
        #expect(mail.mails.isEmpty)
        #expect(navigation.closed == 1)
    }

    @Test func refusesAnInvalidAddress() async {
        let form = makeForm()
        await form.enter("demo@")
        #expect(form.status == .asking(.email, problem: .invalidEmail("demo@")))
        #expect(mail.mails.isEmpty)
    }

    @Test func backCancels() {
        let form = makeForm()
        form.back()
        #expect(form.status == .cancelled)
        #expect(navigation.closed == 1)
    }
}
