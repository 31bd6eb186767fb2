/// Whether the one Observation registration of a ``PropertyObservation`` is live, and what
/// each event makes the observation do next.
///
/// A registration is made by reading the property inside `withObservationTracking`. It
/// fires once, at the next change, and is gone; until then nothing can take it back. So one
/// at most is kept per property, however many trackings follow it:
/// - a tracking *arms* the observation before it reads the value: it installs a registration
///   when none is live, or waits for the one another thread is installing, so that every
///   change after its read reaches it;
/// - the registration *fires* at the next change: the observation tells its followers, and
///   is unarmed until the next read.
///
/// Registrations are numbered, so that a late call of an older one — Observation may call a
/// registration once per thread that changes what it covers — is told apart from the live
/// one.
package struct PropertyObservationState {
    /// Nothing registered yet.
    package init() {}

    /// A registration being installed.
    package struct Installing {
        /// The registration's number.
        package let generation: Int
        /// Who installs it: a read by the same agent, nested in the install, goes on.
        package let agent: Agent
        /// Held while the registration is installed; a read by another agent waits it out.
        package let token: Construction
        /// Whether it fired before the install returned: then it is gone when it returns.
        package var fired = false
    }

    /// Observation's registration for the property.
    package enum Registration {
        /// None is live: the next read installs one.
        case none
        /// One is being installed.
        case installing(Installing)
        /// One is live, with its number.
        case live(generation: Int)
    }

    /// What a read does before it reads the value.
    package enum Arm {
        /// A registration is live, or this agent is installing one: read.
        case ready
        /// None is live: ask again with a token to hold while installing one.
        case claim
        /// Install the registration numbered `generation`, holding `token`.
        case install(generation: Int, token: Construction)
        /// Another agent installs one: wait out its token, then ask again.
        case wait(Construction)
    }

    package private(set) var registration = Registration.none
    /// How many registrations have been claimed: the number of the next.
    package private(set) var installs = 0

    /// A read by `agent` asks what to do before it reads the value.
    ///
    /// - Parameters:
    ///   - agent: Who reads.
    ///   - token: The token the read will hold while it installs a registration; `nil`
    ///     until ``Arm/claim`` asked for one.
    /// - Returns: What the read does next.
    package mutating func arm(as agent: Agent, holding token: Construction?) -> Arm {
        switch registration {
        case .live:
            return .ready
        case .installing(let installing):
            return installing.agent == agent ? .ready : .wait(installing.token)
        case .none:
            guard let token else { return .claim }
            defer { installs += 1 }
            registration = .installing(Installing(generation: installs, agent: agent, token: token))
            return .install(generation: installs, token: token)
        }
    }

    /// The install of registration `generation` returned: it is live, unless it fired
    /// meanwhile.
    package mutating func installed(_ generation: Int) {
        guard case .installing(let installing) = registration,
            installing.generation == generation
        else { return }
        registration = installing.fired ? .none : .live(generation: generation)
    }

    /// Registration `generation` fired.
    ///
    /// - Returns: Whether to tell the followers: `false` for a registration that is no
    ///   longer the current one, or a second call of it.
    package mutating func fired(_ generation: Int) -> Bool {
        switch registration {
        case .live(generation):
            registration = .none
            return true
        case .installing(var installing) where installing.generation == generation:
            guard !installing.fired else { return false }
            installing.fired = true
            registration = .installing(installing)
            return true
        default:
            return false
        }
    }
}
