# Reads markdown files and lists their swift blocks for the snippets gate (.ci/run).
#
# Each ```swift fence must be preceded, on the line right before it and at its indentation,
# by a marker that says in which isolation mode the block is written and how it compiles:
#
#     <!-- snippet: MODE KIND -->            MODE: mainactor | default
#     <!-- snippet: MODE KIND, fails -->     the block must not compile; see .ci/run
#
# KIND: main | file | body | body in TYPE | members of TYPE | manifest | excerpt of PATH
# (Tests/Snippets/README.md says what each means). A swift block without a marker, a marker
# not followed by a swift block, and a marker the grammar refuses are errors.
#
# Writes each block, unindented by its fence's indentation, to OUT/blocks/NNN.swift, and
# prints one line per block, tab-separated: number, markdown file, fence line, mode, kind,
# the kind's argument (or -), fails (0 or 1).

function fail(message) {
    printf "%s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
    failed = 1
}

function parse_marker(line,    body, rest) {
    body = line
    sub(/^[ \t]*<!-- snippet: /, "", body)
    sub(/ -->[ \t]*$/, "", body)
    marker_fails = 0
    if (body ~ /, fails$/) {
        marker_fails = 1
        sub(/, fails$/, "", body)
    }
    if (body !~ /^(mainactor|default) /) return 0
    marker_mode = body
    sub(/ .*/, "", marker_mode)
    rest = body
    sub(/^[a-z]+ /, "", rest)
    marker_argument = "-"
    if (rest ~ /^(main|file|body|manifest)$/) {
        marker_kind = rest
    } else if (rest ~ /^members of [A-Za-z_][A-Za-z0-9_.]*$/) {
        marker_kind = "members"
        marker_argument = rest
        sub(/^members of /, "", marker_argument)
    } else if (rest ~ /^body in [A-Za-z_][A-Za-z0-9_.]*$/) {
        marker_kind = "body"
        marker_argument = rest
        sub(/^body in /, "", marker_argument)
    } else if (rest ~ /^excerpt of [^ ]+$/) {
        marker_kind = "excerpt"
        marker_argument = rest
        sub(/^excerpt of /, "", marker_argument)
    } else {
        return 0
    }
    if (marker_fails && marker_kind ~ /^(main|manifest|excerpt)$/) return 0
    return 1
}

FNR == 1 {
    if (inside) fail("a code block is still open at the end of the previous file")
    inside = 0
    pending = 0
}

# Inside a fence: copy a swift block's lines until the closing fence at its indentation.
inside {
    if ($0 ~ "^" indent "```[ \t]*$") {
        inside = 0
        if (swift) close(block)
        next
    }
    if (swift) {
        line = $0
        if (substr(line, 1, length(indent)) == indent) line = substr(line, length(indent) + 1)
        print line > block
    }
    next
}

/^[ \t]*<!-- snippet:/ {
    if (pending) fail("a snippet marker is not followed by a swift block")
    if (!parse_marker($0)) {
        fail("a snippet marker the gate does not read: " $0)
        pending = 0
        next
    }
    pending = 1
    pending_line = FNR
    pending_indent = $0
    sub(/<.*/, "", pending_indent)
    next
}

/^[ \t]*```/ {
    indent = $0
    sub(/```.*/, "", indent)
    inside = 1
    swift = ($0 ~ /^[ \t]*```swift[ \t]*$/)
    if (swift) {
        if (!pending || pending_line != FNR - 1 || pending_indent != indent) {
            fail("a swift block with no snippet marker on the line before it, at its indentation")
            swift = 0
        } else {
            count++
            block = sprintf("%s/blocks/%03d.swift", out, count)
            printf "" > block
            printf "%03d\t%s\t%d\t%s\t%s\t%s\t%d\n", count, FILENAME, FNR, marker_mode,
                marker_kind, marker_argument, marker_fails
        }
    } else if (pending) {
        fail("a snippet marker is followed by a block that is not swift")
    }
    pending = 0
    next
}

pending && !/^[ \t]*$/ {
    fail("a snippet marker is not followed by a swift block")
    pending = 0
}

END {
    if (inside) fail("a code block is still open at the end")
    if (pending) fail("a snippet marker is not followed by a swift block")
    exit failed
}
