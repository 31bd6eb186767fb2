/// A programmer error Strata traps on that has no throwing form: code that can never work,
/// found when it first runs.
///
/// Each trap a user's code or its process can cause prints a text from here or from
/// ``StrataError``, so every message is written in one place and in one shape: what
/// happened, where, how to fix it. Nothing here is thrown: a caller cannot recover from a
/// declaration that is wrong, so the fix is in the code. (The few preconditions elsewhere
/// guard Strata's own invariants, which no call of its API can break.)
enum Misuse: CustomStringConvertible {
    /// A `weakShared` factory made a value that is not a class instance.
    case weakValueNotAnObject(provider: ProviderDescription, type: String)

    /// A provider that keeps one instance per container (or per resolution) is declared in a
    /// method that takes arguments, so every call would get the first call's instance.
    case argumentsIgnored(
        provider: ProviderDescription, maker: String, keeps: String, isAsync: Bool)

    /// ``Provider/overrideEveryArgument(of:_:)`` on a provider that has no argument.
    case overrideWithoutArgument(provider: String)

    /// ``Provider/overrideEveryArgument(of:_:)`` with a type that is not the argument's.
    case overrideArgumentType(provider: String, argumentType: String, given: String)

    /// The body of ``Observed/withValue(_:)`` changed the value it is changing.
    case nestedObservedChange(valueType: String)

    /// A route type that conforms to two route protocols was handled through one and
    /// performed through the other.
    case routeOfTwoKinds(route: String)

    /// A contribution key type that conforms to two key protocols was contributed to through
    /// one and gathered through the other.
    case keyOfTwoKinds(key: String)

    /// A pthread call that sets up a thread's resolution stack failed: the process has run
    /// out of thread-specific keys, or of memory.
    case threadKeyFailed(call: String, status: Int32)

    var description: String {
        switch self {
        case .weakValueNotAnObject(let provider, let type):
            return """
                Strata: \(provider) is weakShared, but its factory made a \(type), which is \
                not a class instance, so the container cannot hold it weakly. \
                Where: provider '\(provider.providerName)' of \(provider.containerDescription). \
                To fix: declare it with shared { … } to keep one value until the container \
                ends, or make \(type) a class.
                """
        case .argumentsIgnored(let provider, let maker, let keeps, let isAsync):
            let fix =
                isAsync
                ? """
                declare the async provider as a property of a container made for each value \
                (a feature or interaction container that holds it), or build the instance \
                synchronously with shared(by: value) { … }, one instance per value.
                """
                : """
                write shared(by: value) { … } with the value that tells instances apart (one \
                instance per value, kept until the container ends), or unique { … } for a new \
                instance at every resolution.
                """
            return """
                Strata: \(provider) is declared with \(maker) in a method that takes \
                arguments, but \(maker) keeps \(keeps), so every call would \
                get the instance made for the first call's arguments. Where: provider \
                '\(provider.providerName)' of \(provider.containerDescription). To fix: \(fix)
                """
        case .overrideWithoutArgument(let provider):
            return """
                Strata: \(provider) has no argument, so overrideEveryArgument(of:) cannot give \
                it one. To fix: make it with shared(by:), or use override(_:).
                """
        case .overrideArgumentType(let provider, let argumentType, let given):
            return """
                Strata: the argument of \(provider) is a \(argumentType), not a \(given). \
                To fix: write overrideEveryArgument(of: \(argumentType).self) { … }.
                """
        case .nestedObservedChange(let valueType):
            return """
                Strata: the body of withValue changed the Observed<\(valueType)> it is \
                changing. To fix: change the value through the body's argument.
                """
        case .routeOfTwoKinds(let route):
            return """
                Strata: \(route) is handled as one kind of route and performed as another. \
                To fix: conform \(route) to one of Route, MainActorRoute and AsyncRoute.
                """
        case .keyOfTwoKinds(let key):
            return """
                Strata: \(key) is contributed to as one kind of key and gathered as another. \
                To fix: conform \(key) to one of ContributionKey, MainActorContributionKey and \
                AsyncContributionKey.
                """
        case .threadKeyFailed(let call, let status):
            return """
                Strata: this thread's resolution stack could not be set up: \(call) returned \
                \(status). Every thread that resolves a provider needs one thread-specific key \
                (shared by all of Strata) and a slot for it. To fix: the process has used up \
                its thread-specific keys (PTHREAD_KEYS_MAX) or its memory; free keys that \
                other code creates and never deletes.
                """
        }
    }
}

/// Stops the program with a misuse's text.
///
/// `fatalError`, not `preconditionFailure`: an optimised build prints the message of the
/// first and drops the second's.
func trap(_ misuse: Misuse) -> Never {
    fatalError(misuse.description)
}

extension StrataError {
    /// Stops the program with this error's text: the trapping form of a throwing call.
    @usableFromInline
    func trap() -> Never {
        fatalError(description)
    }
}
