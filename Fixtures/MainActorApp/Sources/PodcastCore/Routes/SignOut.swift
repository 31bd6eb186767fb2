public import Strata

/// Asks the app to sign out: an async route, whose handler awaits the session's end.
public struct SignOut: AsyncRoute {
    /// The containers the sign-out ended, by type, newest first.
    public typealias Output = [String]

    /// Makes the request; it carries nothing.
    public init() {}
}
