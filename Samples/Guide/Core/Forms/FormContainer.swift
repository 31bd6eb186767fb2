public import Strata

/// A form's container as one feature hands it to another: whoever shows the form resolves
/// ``form`` and ends the container when the form closes.
///
/// It lets whoever shows a form — a screen that opened a ``Destination`` — reach its view
/// model without knowing the form's types.
///
/// ```swift
/// func show(_ container: some FormContainer) {
///     let form = container.form          // the form's view model
///     // … render form.status, hand it what the user types, end container when it closes
/// }
/// ```
public protocol FormContainer: Container {
    /// The form's view model type.
    associatedtype Form: FormViewModel

    /// The form's view model, made on first use and then the same.
    @MainActor var form: Form { get }
}
