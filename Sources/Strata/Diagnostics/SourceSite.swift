/// Where a task was started or a hook registered.
package struct SourceSite: Sendable {
    let fileID: StaticString
    let line: UInt

    package init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        self.line = line
    }
}
