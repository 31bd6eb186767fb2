import GuideContactFeature
import GuideCore
import Strata

extension ContactUsFormContainer: ShownInConsole {
    /// The contact form, wherever its ``Destination`` opened it — the guide's "contact us",
    /// the home's or the profile's "contact support" — in one wording, with what the form
    /// already knows: its topic, and the sender it asked up the tree, whose address it
    /// answers; with no sender, it asks for an address.
    func screen(at location: String, context: ScreenContext) -> any Screen {
        let form = contactUsViewModel()
        let about = form.topic.map { " about \(Self.addressedToTheUser($0))" } ?? ""
        let answer =
            form.sender.map { "We answer at \($0.email)." }
            ?? "Leave an address and a message; we answer by mail."
        return FormScreen(
            location: location,
            wording: FormWording(
                title: "Contact support\(about). \(answer)",
                submitted: "Thank you. Your message is in the outbox, "
                    + "in \(context.dataDirectory.path).",
                cancelled: "Message discarded."),
            viewModel: form, container: self, context: context)
    }

    /// The topic is in the user's words, `my account`; the title speaks to them:
    /// `your account`.
    private static func addressedToTheUser(_ topic: String) -> String {
        topic.hasPrefix("my ") ? "your " + topic.dropFirst("my ".count) : topic
    }
}
