#!/usr/bin/env python3
"""The core's shape, held as checked thresholds (the simplification issue's bars), over the Swift files of
Sources/Signals and Sources/SignalsTesting:

- no public (or open) declaration whose name starts with an underscore, and no underscored requirement in
  a public protocol (`@_spi` declarations aside);
- the unsafe constructs (`unowned(unsafe)`, `unsafelyUnwrapped`, `unsafeDowncast` and `unsafeCast`,
  `unsafeBitCast`, `Unmanaged`) in at most one file, and that file in Sources/Signals/Engines;
- fewer than 40 comment lines about mechanics (retains, thunks, witness tables, allocations, instruction
  counts or callgrind, unmanaged/unretained/unowned references, specialization, metadata, exclusivity
  checks): the rules live in the Engines article;
- no file over 300 lines.

    python3 .ci/core-bars.py               check the tree, print the counts; exit 1 on a broken bar
    python3 .ci/core-bars.py --self-test   show that each bar fails on a tree made to break it
"""
import os
import re
import sys
import tempfile

ROOTS = ("Sources/Signals", "Sources/SignalsTesting")
UNSAFE_HOME = "Sources/Signals/Engines"
MAX_MECHANICS_LINES = 39
MAX_FILE_LINES = 300

UNSAFE = re.compile(r"unowned\(unsafe\)|unsafelyUnwrapped|unsafeDowncast|unsafeCast|unsafeBitCast|\bUnmanaged\b")
MECHANICS = re.compile(
    r"retain|thunk|witness|allocat|instruction|callgrind|unmanaged|unretained|unowned|speciali|metadata"
    r"|exclusivity",
    re.IGNORECASE,
)
COMMENT = re.compile(r"^\s*//")
DECLARATION = r"(?:func|var|let|class|struct|enum|protocol|typealias|associatedtype|subscript|actor|case)"
PUBLIC_UNDERSCORED = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:[a-z]+\s+)*?(?:public|open)\s+(?:[a-z]+\s+)*"
                                + DECLARATION + r"\s+`?_\w")
PUBLIC_PROTOCOL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+protocol\s+(\w+)")
REQUIREMENT_UNDERSCORED = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:[a-z]+\s+)*" + DECLARATION + r"\s+`?_\w")


def swift_files(root):
    for folder in ROOTS:
        for directory, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    yield os.path.relpath(path, root), open(path, encoding="utf-8").read().splitlines()


def code_part(line):
    """The line without its trailing `//` comment (string literals are not parsed: good enough here)."""
    return line.split("//", 1)[0]


def underscored_requirements(lines):
    """(line number, text) of each underscored requirement inside a public protocol's braces."""
    found = []
    depth = None
    for number, line in enumerate(lines, 1):
        code = code_part(line)
        if depth is None:
            if PUBLIC_PROTOCOL.match(code) and "{" in code:
                depth = code.count("{") - code.count("}")
            continue
        if depth == 1 and "@_spi" not in code and REQUIREMENT_UNDERSCORED.match(code):
            found.append((number, line.strip()))
        depth += code.count("{") - code.count("}")
        if depth <= 0:
            depth = None
    return found


def measure(root):
    public_underscored, unsafe_files, mechanics, long_files = [], {}, [], []
    for path, lines in swift_files(root):
        if len(lines) > MAX_FILE_LINES:
            long_files.append(f"{path}: {len(lines)} lines")
        for number, line in enumerate(lines, 1):
            if COMMENT.match(line):
                if MECHANICS.search(line):
                    mechanics.append(f"{path}:{number}: {line.strip()}")
                continue
            code = code_part(line)
            if "@_spi" not in code and PUBLIC_UNDERSCORED.match(code):
                public_underscored.append(f"{path}:{number}: {line.strip()}")
            if UNSAFE.search(code):
                unsafe_files.setdefault(path, []).append(number)
        public_underscored += [f"{path}:{n}: {text} (a requirement of a public protocol)"
                               for n, text in underscored_requirements(lines)]
    return public_underscored, unsafe_files, mechanics, long_files


def check(root, quiet=False):
    """Prints the counts and what breaks a bar; returns the number of broken bars."""
    public_underscored, unsafe_files, mechanics, long_files = measure(root)
    say = (lambda *a: None) if quiet else print
    broken = 0
    say(f"public underscored declarations and requirements: {len(public_underscored)} (bar: 0)")
    for item in public_underscored:
        say("  " + item)
    broken += bool(public_underscored)
    misplaced = [path for path in unsafe_files if not path.startswith(UNSAFE_HOME + "/")]
    say(f"files with unsafe constructs: {len(unsafe_files)} (bar: at most 1, in {UNSAFE_HOME})")
    for path, numbers in sorted(unsafe_files.items()):
        say(f"  {path}: lines {', '.join(map(str, numbers))}")
    broken += len(unsafe_files) > 1 or bool(misplaced)
    say(f"mechanics comment lines: {len(mechanics)} (bar: at most {MAX_MECHANICS_LINES})")
    if len(mechanics) > MAX_MECHANICS_LINES:
        for item in mechanics:
            say("  " + item)
        broken += 1
    say(f"files over {MAX_FILE_LINES} lines: {len(long_files)} (bar: 0)")
    for item in long_files:
        say("  " + item)
    broken += bool(long_files)
    return broken


def self_test():
    clean = {
        "Sources/Signals/Core/Signal.swift": "public protocol Signal {\n  func subscribe()\n}\n",
        "Sources/Signals/Engines/Unsafe.swift": "let x = Unmanaged<AnyObject>.self\n",
        "Sources/SignalsTesting/Ok.swift": "// a retain\npublic func ok() {}\nfunc _internal() {}\n",
    }
    breaking = {
        "a public underscored function": {"Sources/Signals/A.swift": "public func _hidden() {}\n"},
        "a public underscored static var": {
            "Sources/Signals/A.swift": "extension X {\n  @inlinable\n  public static var _hidden: Int { 0 }\n}\n"},
        "an underscored requirement": {
            "Sources/Signals/Core/Signal.swift": "public protocol Signal {\n  func subscribe()\n  var _hook: Int { get }\n}\n"},
        "unsafe code in a second file": {"Sources/Signals/Engines/Other.swift": "unowned(unsafe) let x: AnyObject\n"},
        "unsafe code outside the engines": {
            "Sources/Signals/Engines/Unsafe.swift": "",
            "Sources/SignalsTesting/B.swift": "let y = z.unsafelyUnwrapped\n"},
        "too many mechanics comments": {
            "Sources/Signals/C.swift": "".join(f"// no retain here {n}\n" for n in range(MAX_MECHANICS_LINES + 1))},
        "a long file": {"Sources/SignalsTesting/Long.swift": "\n" * (MAX_FILE_LINES + 1)},
    }
    failures = 0
    with tempfile.TemporaryDirectory() as root:
        write(root, clean)
        if check(root, quiet=True) != 0:
            print("core-bars self-test: FAIL: a clean tree breaks a bar")
            failures += 1
    for name, files in breaking.items():
        with tempfile.TemporaryDirectory() as root:
            write(root, {**clean, **files})
            if check(root, quiet=True) != 1:
                print(f"core-bars self-test: FAIL: {name} is not caught")
                failures += 1
    print("core-bars self-test: " + ("FAIL" if failures else "ok: a clean tree passes, and each bar catches its break"))
    return failures


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(1 if self_test() else 0)
    if sys.argv[1:]:
        sys.exit(__doc__)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    broken = check(root)
    print("core-bars: " + (f"FAIL: {broken} bar(s) broken" if broken else "ok"))
    sys.exit(1 if broken else 0)
