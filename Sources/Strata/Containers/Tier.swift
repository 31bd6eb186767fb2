/// A lifetime tier of the container tree: app, session, feature or interaction.
///
/// Tiers are types, so the compiler checks how containers nest. A scope's initialisers
/// accept only the parents its tier allows; see ``Scope``.
///
/// ```swift
/// let scope = SessionScope(parent: appContainer)  // compiles: a session sits under the app
/// let wrong = SessionScope(parent: guideContainer) // does not: a feature is not an app
/// ```
public protocol Tier: Sendable {
    /// The tier's name as it appears in messages, trees and traces, for example `session`.
    static var name: String { get }
}

/// A tier whose containers may be the parent of a feature container.
///
/// The app, the session and a feature conform; an interaction does not, because an
/// interaction is the shortest-lived tier and nothing but another interaction sits under it.
public protocol FeatureParentTier: Tier {}

/// The app tier: from process start to exit.
///
/// The root of every container tree.
public enum AppTier: FeatureParentTier {
    /// `app`.
    public static var name: String { "app" }
}

/// The session tier: from sign-in to sign-out.
///
/// Its parent is an app container.
public enum SessionTier: FeatureParentTier {
    /// `session`.
    public static var name: String { "session" }
}

/// The feature tier: from entering a flow to leaving it.
///
/// Its parent is an app, session or feature container.
public enum FeatureTier: FeatureParentTier {
    /// `feature`.
    public static var name: String { "feature" }
}

/// The interaction tier: one form, dialog or gesture.
///
/// Its parent may be any container.
public enum InteractionTier: Tier {
    /// `interaction`.
    public static var name: String { "interaction" }
}
