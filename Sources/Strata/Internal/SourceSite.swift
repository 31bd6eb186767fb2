/// Where a task was started or a hook registered.
struct SourceSite: Sendable {
    let fileID: StaticString
    let line: UInt
}
