#!/usr/bin/env python3
"""Public declarations per module, held under ceilings: every module of Sources/ that has Swift files
exports at most the number of public declarations that `.ci/public-api.txt` records for it, so that API
grows only in a commit that raises its row and says why.

What counts (read from the source text, every `#if` branch included, one count per declaration):

- a declaration written `public` or `open` (`public private(set) var` too): `func`, `var`, `let`, `init`,
  `subscript`, a type (`struct`, `class`, `enum`, `protocol`, `actor`), `typealias`, `associatedtype`,
  `macro`, `precedencegroup`; one per `var` or `let` statement, whatever it binds;
- what is public without saying so: each case of a public enum (`case a, b(Int)` is two), each requirement
  of a public protocol, each member of a `public extension` that names no narrower access;
- not counted: an `extension` itself (its members are), an `import`, and anything `internal`,
  `fileprivate`, `private` or `package`. A `package` declaration is visible only to this package's targets
  (SwiftPM builds them with one package name), so it is not API; the same rules count the package
  declarations, shown beside the public ones and not held. `@usableFromInline` makes an internal or
  package declaration part of the binary interface, not something a user can name in source: not counted
  either, shown in its own column (the occurrences of the attribute).
- Comments and string literals are read as blanks, so a `public func` in a doc comment, or a `{` in a
  string, counts for nothing.

A module with no row fails (add one), as does a row for a module that no longer exists. A module below its
ceiling passes, with a note that the row could be lowered.

    python3 .ci/public-api.py               print the table; exit 1 when a module is over its ceiling
    python3 .ci/public-api.py --list NAME   print NAME's public declarations, one per line
    python3 .ci/public-api.py --self-test   show the rules on a planted tree, and that an extra public
                                            declaration fails
"""
import os
import re
import sys
import tempfile

SOURCES = "Sources"
CEILINGS = ".ci/public-api.txt"

KEYWORDS = ("func|var|let|init|subscript|class|struct|enum|protocol|actor|typealias|associatedtype|case|extension"
            "|macro|precedencegroup")
MODIFIERS = ("public|open|package|internal|fileprivate|private|static|class|final|override|convenience|required"
             "|mutating|nonmutating|nonisolated|lazy|weak|unowned|dynamic|indirect|optional|prefix|postfix"
             "|infix|consuming|borrowing|distributed")
ATTRIBUTE = r"@\w+(?:\((?:[^()]|\([^()]*\))*\))?"
HEAD = re.compile(rf"^\s*(?:{ATTRIBUTE}\s*)*((?:(?:{MODIFIERS})(?:\(\w+\))?\s+)*)({KEYWORDS})\b")
RAW_STRING = re.compile(r'#+"')
TYPES = {"class", "struct", "enum", "protocol", "actor", "extension"}


def blank_comments_and_strings(text):
    """`text` with every comment and string literal (interpolations included) replaced by spaces, newlines
    kept, so that lines and braces read from it are the code's."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def skip_string(i):
        """From the start of a string literal (its `#`s or quote), the index just past its end."""
        hashes = 0
        while text[i] == "#":
            hashes += 1
            i += 1
        quote = '"""' if text.startswith('"""', i) else '"'
        i += len(quote)
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if text.startswith(escape, i):
                i += len(escape)
                if i < n and text[i] == "(":  # an interpolation: code, up to its closing parenthesis
                    depth = 0
                    while i < n:
                        if text[i] == '"' or RAW_STRING.match(text, i):
                            i = skip_string(i)
                            continue
                        depth += {"(": 1, ")": -1}.get(text[i], 0)
                        i += 1
                        if depth == 0:
                            break
                else:
                    i += 1
                continue
            if text.startswith(close, i):
                return i + len(close)
            i += 1
        return n

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                    if depth == 0:
                        break
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == '"' or RAW_STRING.match(text, i):
            end = skip_string(i)
            blank(i, end)
            i = end
        else:
            i += 1
    return "".join(out)


def access_of(modifiers):
    """The access level `modifiers` write (`private(set)` and the like name a setter's, not the
    declaration's), or None."""
    for word in modifiers.split():
        if word in ("public", "open"):
            return "public"
        if word in ("package", "internal", "fileprivate", "private"):
            return word
    return None


def case_count(segment):
    """How many cases `case a, b(x: Int, y: Int) = ...` declares: its commas outside brackets, plus one."""
    depth, count = 0, 1
    for char in segment:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(char, 0)
        count += char == "," and depth == 0
    return count


def declarations(text):
    """(line, access, count) of each declaration of a Swift file whose access is public or package."""
    code = blank_comments_and_strings(text)
    found = []
    # Each scope on the stack is the access its members get without saying (an extension's), or that
    # its cases or requirements get (an enum's, a protocol's), with what it is.
    stack = []
    pending = None
    line = 1
    for piece in re.split(r"([{};\n])", code):
        if piece == "\n":
            line += 1
            continue
        if piece == "{":
            stack.append(pending or (None, None))
            pending = None
            continue
        if piece == "}":
            if stack:
                stack.pop()
            continue
        if piece == ";":
            continue
        match = HEAD.match(piece)
        if not match:
            continue
        modifiers, keyword = match.group(1), match.group(2)
        explicit = access_of(modifiers)
        scope_kind, scope_access = stack[-1] if stack else (None, None)
        if keyword == "case":
            access = scope_access if scope_kind == "enum" else None
        elif explicit:
            access = explicit
        elif scope_kind in ("extension", "protocol"):
            access = scope_access
        else:
            access = None
        if keyword in TYPES:
            pending = (keyword, access)
        if access in ("public", "package") and keyword != "extension":
            count = case_count(piece[match.end():]) if keyword == "case" else 1
            found.append((line, access, count, piece.strip()))
    return found


def modules(root):
    """{module: [(path, text)]} for each folder of Sources/ that holds Swift files."""
    result = {}
    base = os.path.join(root, SOURCES)
    for name in sorted(os.listdir(base)):
        files = []
        for directory, _, names in os.walk(os.path.join(base, name)):
            for file in sorted(names):
                if file.endswith(".swift"):
                    path = os.path.join(directory, file)
                    files.append((os.path.relpath(path, root), open(path, encoding="utf-8").read()))
        if files:
            result[name] = files
    return result


def measure(root):
    """{module: (public, package, usableFromInline, [public declarations as path:line: text])}."""
    table = {}
    for module, files in modules(root).items():
        public = package = usable = 0
        listed = []
        for path, text in files:
            for number, access, count, head in declarations(text):
                if access == "public":
                    public += count
                    listed.append(f"{path}:{number}: {head}" + (f"  ({count} cases)" if count > 1 else ""))
                else:
                    package += count
            usable += len(re.findall(r"@usableFromInline\b", blank_comments_and_strings(text)))
        table[module] = (public, package, usable, listed)
    return table


def read_ceilings(root):
    ceilings = {}
    with open(os.path.join(root, CEILINGS), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) != 2 or not words[1].isdigit():
                raise SystemExit(f"{CEILINGS}:{number}: expected `MODULE CEILING`, got {line.strip()!r}")
            ceilings[words[0]] = int(words[1])
    return ceilings


def check(root, quiet=False):
    """Prints the table and what is wrong; returns the number of problems."""
    say = (lambda *a: None) if quiet else print
    table, ceilings = measure(root), read_ceilings(root)
    problems = 0
    say(f"{'module':<20} {'public':>7} {'ceiling':>8} {'package':>8} {'@usableFromInline':>18}")
    for module, (public, package, usable, listed) in table.items():
        ceiling = ceilings.get(module)
        say(f"{module:<20} {public:>7} {'-' if ceiling is None else ceiling:>8} {package:>8} {usable:>18}")
        if ceiling is None:
            say(f"  no row for {module} in {CEILINGS}: add `{module} {public}` (and say why it is public)")
            problems += 1
        elif public > ceiling:
            say(f"  {module} exports {public} public declarations, {public - ceiling} over its ceiling: make what "
                f"only this package uses `package`, or raise the row in {CEILINGS} and say why. Its public "
                "declarations:")
            for item in listed:
                say("    " + item)
            problems += 1
        elif public < ceiling:
            say(f"  below its ceiling: lower the row in {CEILINGS} to {public}")
    for module in sorted(set(ceilings) - set(table)):
        say(f"  {CEILINGS} has a row for {module}, which is no module of {SOURCES}/ with Swift files: remove it")
        problems += 1
    return problems


# MARK: Self-test

PLANTED = {
    "Sources/Lib/Kind.swift": '''\
/// A kind. `public func notCounted()` in a comment counts for nothing.
public enum Kind: Sendable {
  case one, two(first: Int, second: Int)
  indirect case three(Kind)
  /* public var alsoNotCounted: Int { 0 } */
  var label: String {  // internal: not counted
    switch self {
    case .one: "one {"
    case .two, .three: #"two "{" \\#(1)"#
    }
  }
  public static let all: [Kind] = [.one]
}
''',
    "Sources/Lib/Reading.swift": '''\
public protocol Reading {
  associatedtype Value
  var value: Value { get }
  func read() -> Value
}
public extension Reading {
  func twice() -> [Value] { [read(), read()] }
  private func hidden() {}
  package func shared() {}
}
package struct Helper {
  package init() {}
  @usableFromInline
  internal var state = 0
  @usableFromInline package func step() {}
}
public struct Box {
  public private(set) var count = 0
  public init() {}
  let text = """
    public func inAString() {
    """
  open class var name: String { "box" }
}
package enum Mode {
  case fast, slow
}
''',
    "Sources/tool/main.swift": "import Lib\nprint(Kind.all)\n",
    "Sources/CModule/shim.c": "int shim(void) { return 0; }\n",
    ".ci/public-api.txt": "# module ceiling\nLib 14\ntool 0\n",
}
# Public: Kind, its 3 cases, all (5); Reading, its 3 requirements, the extension's twice (5); Box, count,
# init, name (`open`) (4). Package: shared, Helper, its init, step, Mode and its 2 cases.
PLANTED_COUNTS = {"Lib": (14, 7, 2), "tool": (0, 0, 0)}


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as root:
        write(root, PLANTED)
        table = measure(root)
        counts = {module: row[:3] for module, row in table.items()}
        if counts != PLANTED_COUNTS:
            listed = "\n  ".join(table["Lib"][3])
            failures.append(f"the planted tree counts {counts}, not {PLANTED_COUNTS}:\n  {listed}")
        if check(root, quiet=True) != 0:
            failures.append("the planted tree, at its ceilings, fails")

    def planted(path, old, new):
        return path, PLANTED[path].replace(old, new, 1)

    breaking = {
        "an extra public function": ("Sources/Lib/More.swift", "public func more() {}\n"),
        "a package declaration made public": planted("Sources/Lib/Reading.swift", "package func", "public func"),
        "an extra case of a public enum": planted("Sources/Lib/Kind.swift", "case one,", "case one, zero,"),
        "an extra requirement of a public protocol": planted(
            "Sources/Lib/Reading.swift", "  func read()", "  func peek()\n  func read()"),
        "a public extension's new member": planted(
            "Sources/Lib/Reading.swift", "  private func hidden", "  func thrice() {}\n  private func hidden"),
        "an executable's public declaration": ("Sources/tool/main.swift", "public let exported = 1\n"),
        "a module with no row": ("Sources/New/New.swift", "func internalOnly() {}\n"),
        "a row for no module": (".ci/public-api.txt", PLANTED[".ci/public-api.txt"] + "Gone 3\n"),
    }
    for name, (path, text) in breaking.items():
        with tempfile.TemporaryDirectory() as root:
            write(root, {**PLANTED, path: text})
            if check(root, quiet=True) != 1:
                failures.append(f"{name} is not caught")
    for failure in failures:
        print("public-api self-test: FAIL: " + failure)
    if not failures:
        print("public-api self-test: ok: the planted tree counts as the rules say, and each extra public "
              "declaration (or missing row) fails")
    return len(failures)


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)


if __name__ == "__main__":
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        sys.exit(1 if self_test() else 0)
    if len(arguments) == 2 and arguments[0] == "--list":
        rows = measure(here)
        if arguments[1] not in rows:
            sys.exit(f"public-api: no module {arguments[1]!r} with Swift files in {SOURCES}/")
        print("\n".join(rows[arguments[1]][3]))
        sys.exit(0)
    if arguments:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    problems = check(here)
    print("public-api: " + (f"FAIL: {problems} problem(s)" if problems else "ok"))
    sys.exit(1 if problems else 0)
