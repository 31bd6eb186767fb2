public import GuideCore

extension FormProblem {
    /// The problem to show when the authentication API refuses a request.
    ///
    /// - Parameter error: The API's refusal.
    public init(_ error: AuthenticationError) {
        switch error {
        case .wrongEmailOrPassword: self = .wrongEmailOrPassword
        case .emailTaken(let email): self = .emailTaken(email)
        }
    }
}
