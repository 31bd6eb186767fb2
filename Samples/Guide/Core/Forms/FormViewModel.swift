public import Observation

/// A field of a form: what the form asks for, one at a time, in declaration order.
public protocol FormField: CaseIterable, Hashable, Sendable {
    /// What the field asks for, in a few words: `email`, `password`.
    var label: String { get }
    /// Whether the value should be hidden, like a password.
    var isSecret: Bool { get }
}

extension FormField {
    /// Not secret, unless the field says otherwise.
    public var isSecret: Bool { false }

    /// The field asked before this one, or `nil` for the first.
    public var previous: Self? {
        let fields = Array(Self.allCases)
        guard let index = fields.firstIndex(of: self), index > 0 else { return nil }
        return fields[index - 1]
    }
}

/// Where a form is: asking for a field, waiting for the service, or closed.
public enum FormStatus<Field: FormField>: Hashable, Sendable {
    /// Waiting for `field`; `problem` says why the last value was refused.
    case asking(Field, problem: FormProblem?)
    /// The values are with the service.
    case submitting
    /// The service accepted the values; the form closes.
    case submitted
    /// The user left the form; it closes.
    case cancelled
}

/// A form's view model: it takes one value at a time for the field its status asks for,
/// validates it, and submits when the last one is valid.
///
/// It never reads or prints: a view — the console, a screen — follows ``status`` through
/// Observation and hands in what the user typed. Each form is an `@Observable` class.
@MainActor
public protocol FormViewModel: AnyObject, Observable {
    /// The form's fields, in the order they are asked.
    associatedtype Field: FormField

    /// Where the form is.
    ///
    /// The form sets it, through ``ask(_:_:)`` and its own methods; a view reads it.
    var status: FormStatus<Field> { get set }

    /// Takes the value of the field being asked for. A valid value moves to the next field
    /// or, for the last one, submits; an invalid one asks for the field again with the
    /// problem.
    ///
    /// - Parameter text: What the user typed.
    func enter(_ text: String) async

    /// Leaves the form without submitting it.
    func cancel()

    /// Goes back one step, for the view's "back": to the previous field, or out of the form.
    ///
    /// The default asks for the previous field, and leaves the form from the first one. A
    /// form that skips a field overrides it.
    func back()
}

extension FormViewModel {
    /// Goes back to the previous field, or leaves the form from the first one.
    public func back() {
        guard case .asking(let field, _) = status else { return }
        if let previous = field.previous {
            ask(previous)
        } else {
            cancel()
        }
    }

    /// Asks for `field`, saying why if the last value was refused.
    public func ask(_ field: Field, _ problem: FormProblem? = nil) {
        status = .asking(field, problem: problem)
    }

    /// Checks `text` with `rule`: the value to keep, or `nil` after asking for `field` again
    /// with the problem.
    public func accept<Value>(
        _ text: String, for field: Field, _ rule: (String) throws(FormProblem) -> Value
    ) -> Value? {
        do throws(FormProblem) {
            return try rule(text)
        } catch {
            ask(field, error)
            return nil
        }
    }

    /// The field being asked for, or `nil` while the form submits or after it closed.
    public var fieldAsked: Field? {
        guard case .asking(let field, _) = status else { return nil }
        return field
    }
}
