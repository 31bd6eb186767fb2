/// The dependencies both sides provide: small classes, so that a resolution costs what the
/// container costs and not what a constructor costs.

/// A cached app-wide dependency: the `shared` that every resolve case reads.
final class APIClient: Sendable {}

/// Read-only app settings, held by the hand-written app container in a stored `let`.
final class AppSettings: Sendable {}

/// The one instance an interaction container makes.
final class FormDraft: Sendable {}

/// A transient with three transient dependencies.
final class FormViewModel: Sendable {
    let validator: InputValidator
    let formatter: TextFormatter
    let autosaver: Autosaver

    init(validator: InputValidator, formatter: TextFormatter, autosaver: Autosaver) {
        self.validator = validator
        self.formatter = formatter
        self.autosaver = autosaver
    }
}

/// The first dependency of ``FormViewModel``.
final class InputValidator: Sendable {}

/// The second dependency of ``FormViewModel``.
final class TextFormatter: Sendable {}

/// The third dependency of ``FormViewModel``.
final class Autosaver: Sendable {}

/// A cached dependency that reads another: what most real `shared` factories look like.
final class Profile: Sendable {
    let api: APIClient

    init(api: APIClient) { self.api = api }
}

/// The instance an interaction container makes from its parent's dependency.
final class FormSummary: Sendable {
    let api: APIClient

    init(api: APIClient) { self.api = api }
}
