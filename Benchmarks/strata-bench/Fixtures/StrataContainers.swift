import Strata

/// The Strata app container of the resolve, lifecycle and memory cases.
final class BenchAppContainer: Container {
    let scope = AppScope()

    var apiClient: Provider<APIClient> { shared { APIClient() } }

    /// A `shared` whose factory reads the container, so forming the provider forms a capture.
    var profile: Provider<Profile> { shared { Profile(api: self.apiClient()) } }

    var inputValidator: Provider<InputValidator> { unique { InputValidator() } }
    var textFormatter: Provider<TextFormatter> { unique { TextFormatter() } }
    var autosaver: Provider<Autosaver> { unique { Autosaver() } }

    /// A `unique` with three `unique` dependencies.
    var formViewModel: Provider<FormViewModel> {
        unique {
            FormViewModel(
                validator: self.inputValidator(), formatter: self.textFormatter(),
                autosaver: self.autosaver())
        }
    }

    func makeFormContainer() -> FormContainer { FormContainer(parent: self) }
}

/// An interaction container under the app: one form and its draft.
final class FormContainer: Container {
    let scope: InteractionScope<BenchAppContainer>

    init(parent: BenchAppContainer) { self.scope = InteractionScope(parent: parent) }

    var draft: Provider<FormDraft> { shared { FormDraft() } }

    /// A `shared` whose factory reads the parent, as an interaction's view model does.
    var summary: Provider<FormSummary> { shared { FormSummary(api: self.parent.apiClient()) } }

    /// One draft per index, so a container can hold many instances for the end() case.
    func draft(at index: Int) -> Provider<FormDraft> { shared(by: index) { FormDraft() } }
}
