import GuideCore
import Strata

/// What a form screen says around its form.
struct FormWording {
    /// Shown when the form opens: its name and what it needs.
    let title: String
    /// Shown when the form was submitted.
    let submitted: String
    /// Shown when the user left the form.
    let cancelled: String
}

/// Shows any form: asks for the field its status names, shows the problem with the last
/// value, and says when the form was submitted or left.
@MainActor
final class FormScreen<ViewModel: FormViewModel>: Screen {
    let location: String
    private let wording: FormWording
    private let context: ScreenContext
    private let viewModel: ViewModel
    private var field: ViewModel.Field?

    init(
        location: String, wording: FormWording, viewModel: ViewModel,
        container: some Container, context: ScreenContext
    ) {
        self.location = location
        self.wording = wording
        self.viewModel = viewModel
        self.context = context
        if case .asking(let field, _) = viewModel.status { self.field = field }
        follow(viewModel, in: container) {
            $0.status
        } onChange: { screen, status in
            screen.show(status)
        }
    }

    var question: Question {
        Question(label: field?.label ?? "…", isSecret: field?.isSecret ?? false)
    }

    var child: (any Screen)? { nil }

    func introduction() -> [String] { [wording.title] }

    /// Hands `text` to the form, and says at once why it was refused, if it was.
    ///
    /// The problem is said here rather than when the status changes: a value refused for the
    /// same reason as the last one leaves the status as it was, which Observation reports as
    /// no change.
    func answer(_ text: String) async {
        await viewModel.enter(text)
        if case .asking(_, let problem?) = viewModel.status { context.say(problem.description) }
    }

    func goBack() { viewModel.back() }

    private func show(_ status: FormStatus<ViewModel.Field>) {
        switch status {
        case .asking(let field, _):
            self.field = field
        case .submitting:
            field = nil
        case .submitted:
            context.say(wording.submitted)
        case .cancelled:
            context.say(wording.cancelled)
        }
    }
}
