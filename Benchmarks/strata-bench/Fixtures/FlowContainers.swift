import Strata

// The containers of the flow case: an app, a signed-in session under it, and interactions
// under the session, each resolving three `shared` providers whose factories read their
// parents. Strata's, and the hand-written ones that keep the same guarantees.

/// The signed-in user, made by the session from the app's client.
final class UserAccount: Sendable {
    let api: APIClient

    init(api: APIClient) { self.api = api }
}

/// What an interaction makes from its session's user.
final class Editor: Sendable {
    let user: UserAccount

    init(user: UserAccount) { self.user = user }
}

/// A signed-in session under ``BenchAppContainer``.
final class FlowSession: Container {
    let scope: SessionScope<BenchAppContainer>

    init(parent: BenchAppContainer) { self.scope = SessionScope(parent: parent) }

    var user: Provider<UserAccount> { shared { UserAccount(api: self.parent.apiClient()) } }
}

/// An interaction under the session: three `shared` providers reading its parents.
///
/// The grandparent's `apiClient` is read through `parent.parent`, the fast path, rather than
/// by name (`self.apiClient()`): a name looked up through two tiers builds a key path at run
/// time, and would measure that instead of the engine.
final class FlowInteraction: Container {
    let scope: InteractionScope<FlowSession>

    init(parent: FlowSession) { self.scope = InteractionScope(parent: parent) }

    var editor: Provider<Editor> { shared { Editor(user: self.parent.user()) } }
    var summary: Provider<FormSummary> {
        shared { FormSummary(api: self.parent.parent.apiClient()) }
    }
    var profile: Provider<Profile> { shared { Profile(api: self.parent.parent.apiClient()) } }
}

/// The hand-written app of the flow: its client made once, under its lock.
final class GuardedFlowApp: GuardedContainer, @unchecked Sendable {
    init() { super.init(parent: nil) }

    var apiClient: APIClient { shared { APIClient() }! }
}

/// The hand-written session, with the guarantees of ``GuardedContainer``.
final class GuardedFlowSession: GuardedContainer, @unchecked Sendable {
    let app: GuardedFlowApp

    init(parent: GuardedFlowApp) {
        self.app = parent
        super.init(parent: parent)
    }

    var user: UserAccount {
        guard let user = shared({ UserAccount(api: app.apiClient) }) else {
            preconditionFailure("the guarded session has ended")
        }
        return user
    }
}

/// The hand-written interaction: three instances, each made once from its parents.
final class GuardedFlowInteraction: GuardedContainer, @unchecked Sendable {
    let session: GuardedFlowSession

    init(parent: GuardedFlowSession) {
        self.session = parent
        super.init(parent: parent)
    }

    var editor: Editor { shared { Editor(user: session.user) }! }
    var summary: FormSummary { shared(slot: 0) { FormSummary(api: session.app.apiClient) }! }
    var profile: Profile { shared(slot: 1) { Profile(api: session.app.apiClient) }! }
}
