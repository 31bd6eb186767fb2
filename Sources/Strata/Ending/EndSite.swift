/// Where a container's end was called: the place a leak check points at when something the
/// end released outlives it.
@usableFromInline
package struct EndSite: Sendable, Hashable {
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int

    @usableFromInline
    init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
