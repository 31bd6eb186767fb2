#if compiler(>=6.1)
    public import Strata
    public import Testing

    extension NoLeaksTrait {
        /// What the check found once a test settled: the leaks of its containers, and the
        /// containers it made that are still alive and were never ended.
        public struct Findings: Sendable {
            /// The instances confirmed leaked, with where their end was called.
            public let leaks: [WatchedInstance]
            /// Instances still alive whose judgement had not come when the check stopped
            /// waiting, because work their end started was still running.
            public let unjudged: [WatchedInstance]
            /// The containers still alive and never ended, each with the open containers
            /// above it that it keeps alive.
            public let neverEnded: [NeverEnded]

            /// Whether the check found nothing: no leak, nothing unjudged, nothing never ended.
            package var isEmpty: Bool { leaks.isEmpty && unjudged.isEmpty && neverEnded.isEmpty }

            init(_ settled: TestLedger.Settled) {
                leaks = settled.leaks
                unjudged = settled.unjudged
                neverEnded = settled.open.map(NeverEnded.init)
            }

            /// Records an issue in `test` for each finding.
            func record(in test: Test) {
                for leak in leaks {
                    Self.record(
                        leak, in: test,
                        cause: ": held by a retain cycle, a strong capture or a global")
                }
                for instance in unjudged {
                    Self.record(
                        instance, in: test,
                        cause: ", and work its end started is still running: an async hook or a "
                            + "task that does not finish, or a longer grace period")
                }
                for container in neverEnded {
                    Issue.record(
                        Comment(rawValue: container.message(in: test.name)),
                        sourceLocation: container.sourceLocation)
                }
            }

            /// Records the issue of `survivor`, at the end that released it: the provider, the
            /// end, the test, then `cause`.
            private static func record(_ survivor: WatchedInstance, in test: Test, cause: String) {
                let container = survivor.provider.containerDescription.typeName
                let site = survivor.endSite.map {
                    $0.isNamed ? " at \($0.fileID):\($0.line)" : " when \($0.fileID)"
                }
                let after =
                    survivor.takenOutBy.map { "\($0) took it out of \(container)\(site ?? "")" }
                    ?? "\(container) ended\(site ?? " (released)")"
                let message =
                    "Strata: \(survivor.provider): \(survivor.typeName) is still alive after "
                    + "\(after), in \(test.name)\(cause)"
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: survivor.endSite.flatMap {
                        $0.isNamed ? SourceLocation($0) : nil
                    }
                        ?? test.sourceLocation
                )
            }
        }

        /// A container still alive and never ended once its test settled.
        public struct NeverEnded: Sendable {
            /// The container's type and tier.
            public let container: ContainerDescription
            /// Where its scope was made.
            public let sourceLocation: SourceLocation
            /// The containers from the root down to it, for its issue:
            /// `AppContainer › SignedInContainer`.
            let path: [String]
            /// The open containers above it that it keeps alive, nearest first: named in its
            /// issue rather than reported on their own.
            let keepsOpen: [ContainerDescription]

            init(_ open: TestLedger.Open) {
                container = open.container
                sourceLocation = SourceLocation(
                    fileID: open.fileID, filePath: open.filePath, line: open.line, column: 1)
                path = open.path
                keepsOpen = open.keepsOpen
            }

            /// What its issue says: the container, where it was made, its path, the likely
            /// cause and the fix.
            func message(in test: String) -> String {
                let kept =
                    keepsOpen.isEmpty
                    ? ""
                    : " It keeps alive the containers above it: "
                        + keepsOpen.map(\.typeName).joined(separator: ", ") + "."
                return "Strata: \(container) made at \(sourceLocation.fileID):"
                    + "\(sourceLocation.line) (\(path.joined(separator: " › "))) is still alive "
                    + "after \(test) and was never ended.\(kept) Something it made almost always "
                    + "holds it: an instance that keeps a child container (whose parent is this "
                    + "one), or a handler or closure that captured the container. End it with "
                    + "end(); hold a container whose instances keep child containers "
                    + "(ContainerStack, ContainerTabs) through Owned, whose release ends it; answer a "
                    + "route for an object with handle(_:by:_:), and run work that comes back to the "
                    + "container with task(every:), both of which hold it only while they run."
            }
        }
    }

    extension SourceLocation {
        /// The place an end was called.
        init(_ site: SourceSite) {
            self.init(
                fileID: site.fileID.description, filePath: site.filePath.description,
                line: Int(site.line), column: 1)
        }
    }
#endif
