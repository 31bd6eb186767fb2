/// A lifetime tier of the container tree: app, session, feature or interaction.
///
/// Tiers are types, so the compiler checks how containers nest. A scope's initialisers
/// accept only the parents its tier allows; see ``Scope``.
///
/// ```swift
/// let scope = SessionScope(parent: appContainer)  // compiles: a session sits under the app
/// let wrong = SessionScope(parent: guideContainer) // does not: a feature is not an app
/// ```
public protocol Tier: Sendable {}

extension Tier {
    /// The tier's name as it appears in messages, trees and traces: its type's name without
    /// `Tier`, in lower case (`session`).
    static var name: String { String(describing: Self.self).dropLast("Tier".count).lowercased() }
}

/// A tier whose containers may be the parent of a feature container.
///
/// The app, the session and a feature conform; an interaction does not, because an
/// interaction is the shortest-lived tier and nothing but another interaction sits under it.
public protocol FeatureParentTier: Tier {}

/// A tier whose containers may be the parent of a request container: the app and the
/// session.
public protocol RequestParentTier: Tier {}

/// The app tier: from process start to exit.
///
/// The root of every container tree.
public enum AppTier: FeatureParentTier, RequestParentTier {}

/// The session tier: from sign-in to sign-out.
///
/// Its parent is an app container.
public enum SessionTier: FeatureParentTier, RequestParentTier {}

/// The feature tier: from entering a flow to leaving it.
///
/// Its parent is an app, session or feature container.
public enum FeatureTier: FeatureParentTier {}

/// The interaction tier: one form, dialog or gesture.
///
/// Its parent may be any container.
public enum InteractionTier: Tier {}

/// The request tier: one request a server handles, from its arrival to its response.
///
/// Its parent is an app or session container; an interaction may sit under it. A request may arrive
/// while its server shuts down, so a request scope is always made with a check: its initialiser
/// throws ``StrataError/childOfEnded(parent:childTier:location:)`` once the parent's end has begun,
/// where the other tiers' trap. ``Container/withRequest(_:fileID:filePath:line:isolation:_:)``
/// makes one for the length of a body.
///
/// A tier of its own, rather than tiers users declare: the compiler checks where a request
/// nests, and its errors name the fix, as they do for the other tiers.
public enum RequestTier: Tier {}
