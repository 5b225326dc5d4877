#!/usr/bin/env python3
"""The Apple check: what would not build, or not build for every Apple platform, found here without a Mac.

    python3 .ci/apple-check.py               check Sources/, Tests/ and Playgrounds/ (after `swift build --build-tests`)
    python3 .ci/apple-check.py --self-test   feed it a file with one violation of each kind; fail if one is missed
    python3 .ci/apple-check.py --names FILE  check FILE by names only (no index; for a quick look)

It reports, one line each (`path:line: rule: message`), and exits 1 when there is any:

  availability   a use of a declaration whose Apple availability is above the package's platforms (read from
                 Package.swift: macOS 14, iOS 17, ...) or that is unavailable on one of them, outside an
                 `@available`/`#available` context that covers it. The declarations are the toolchain's (its
                 `.swiftinterface` files carry the Apple availability of everything in Swift, _Concurrency,
                 Observation, Synchronization, Testing, ...), those of the files in EXTRA_INTERFACES, and this
                 package's own `@available` declarations.
  platform-module  `import Glibc` (Musl, Bionic, Darwin, FoundationXML, FoundationNetworking, ...) or a use such
                 as `Glibc.close`, on a line that is compiled for a platform without that module: outside its
                 `#if canImport(...)` (the `#else` of `#if canImport(Darwin)` is fine: Linux).
  exit-test      `#expect(processExitsWith:)` / `#require(processExitsWith:)` compiled for iOS, tvOS, watchOS
                 or visionOS, where exit tests do not exist: put them inside `#if os(macOS) || os(Linux) ||
                 os(Windows)`.
  language       a language feature, or a Swift Testing feature, newer than the manifest's `swift-tools-version`
                 (LANGUAGE_FEATURES and TESTING_FEATURES below; an exit test's capture list, Swift Testing's
                 ST-0012, by its tokens), outside a `#if compiler(>=X)` block whose X is at least the feature's
                 version. Xcode 26.0's Swift 6.2 would not build such a line.
  test-link      an executable target that links, directly or through other targets, a library target that
                 imports Testing or XCTest (read from `swift package dump-package` and the targets' sources): on a
                 Mac an executable's run path is only `@loader_path`, so it would not launch ("Library not
                 loaded: @rpath/Testing.framework"). Test targets may.
  module-name    a target named like a framework module of Apple's SDKs (APPLE_SDK_MODULES below): on a Mac
                 the two would clash.
  underscored    a use of an underscored declaration of the toolchain (`Duration._high`, the `_high:` label of
                 `Duration.init(_high:low:)`): public only for the toolchain's own inlined code, not API. By
                 name (the index leaves such references out).

Which platforms a line is compiled for comes from the `#if` blocks around it: `os(...)`, `canImport(...)`
and `targetEnvironment(...)` are evaluated for macOS, iOS, tvOS, watchOS, visionOS and Linux (anything else
counts as "either way").

How a use is told apart from a name (the availability rule):
  - Code compiled here (every line that Linux compiles) is read through the compiler's index, which
    `swift build` writes to .build/debug/index: each reference there names the declaration the compiler
    chose (its USR), so `AsyncSequence.signal` and `Sequence.signal`, or `Duration.attoseconds` and the
    `attoseconds` label of `Duration.components`, are told apart exactly. This package's declarations are
    found by their definitions in the index; the toolchain's by the demangled USR (type, name with argument
    labels, and the kinds of the parameters' types, which tell overloads apart). A file whose index is
    missing or older than the file is an error: build first. One thing the Linux compiler cannot say: where
    a declaration above the floor shares its name and labels with one available at the floor, Apple's
    compiler prefers the available one below its deployment target (swiftlang/swift#29921), and Linux's,
    which has none, may choose the other. Such a use is reported unless OVERLOAD_ALLOWLIST says on which
    lines the available one takes the arguments.
  - Code not compiled here (the Apple branches of `#if`, `#if canImport(SwiftUI)`) is matched by name:
    a member `.name` (with its argument labels when it is called), a member called on an implicit `self`
    inside its type or an extension of it (`keyboardShortcut(…)` in `extension View`), a type name,
    `Type(labels:)` for an initializer, a free function, a `#macro`. Each for the platforms its `#if` branch is
    compiled for (`#if os(tvOS) || os(watchOS)` … `#else`: what is unavailable on tvOS and watchOS is fine in
    the `#else`). A member of a type that is itself above the floor is only
    reported through its type's name. A name that also belongs to a declaration available at the floor is
    ambiguous: it is reported unless NAME_ALLOWLIST below names it (each entry says why). Only the
    declarations of the modules the file imports count. String literals are skipped (their interpolations
    too): only the index sees into them.

Not read: Foundation and Dispatch, which have no interface files in the Linux toolchain.

Adding an interface (for example the SwiftUI interface module kept beside this check): append its path to
EXTRA_INTERFACES, relative to the repository. A `.swiftinterface`, or a `.swift` file of declarations: its
`@available` declarations (and the availability of the types and extensions around them) are read like
the toolchain's. Its module's name is the file's name without extension unless the path is given as
`("path", "Module")`.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ["Sources", "Tests", "Playgrounds"]

# Interface files read besides the toolchain's: the SwiftUI declarations IntroUI and the docs use.
EXTRA_INTERFACES: list = [".ci/swiftui/SwiftUI.swift"]

APPLE = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
IMPLICIT_MODULES = {"Swift", "_Concurrency", "_StringProcessing", "SwiftOnoneSupport"}
PLATFORMS = APPLE + ("Linux",)

# Names the name matching cannot tell apart in code not compiled here, and why each is not reported there.
# (Code compiled here goes through the index and needs none.)
NAME_ALLOWLIST: dict[str, str] = {
    # `.signal`: `Sequence.signal`, `AsyncStream.signal` and `AsyncThrowingStream.signal` are available at the
    # floor; only `AsyncSequence.signal` (macOS 15) is not, and names alone cannot say which a line uses.
    "signal": "Sequence/AsyncStream .signal are available at the floor; AsyncSequence.signal is told by the index",
    # `.count`: every collection's; above the floor only where a newer conformance adds one
    # (`EnumeratedSequence`'s, macOS 26), which names alone cannot tell from the others.
    "count": "every collection's count is available at the floor; EnumeratedSequence.count (macOS 26) is not",
}

# Underscored toolchain declarations the package uses knowingly, and why (the underscored rule).
UNDERSCORED_ALLOWLIST: dict[str, str] = {
    # Unmanaged's guaranteed reference: the public takeUnretainedValue() may retain and release the object
    # per call, on the delivery hot paths of subjects and subscriptions. Inlinable since Swift 4, so it is in
    # every Apple SDK; it could only break at build time, and this list says where to look.
    "_withUnsafeGuaranteedRef": "Unmanaged: a reference without a retain on the delivery hot path",
}

# Declarations above the floor that share their name and labels with one available at the floor, which
# Apple's compiler prefers where its deployment target lacks the newer one: the Linux compiler may pick the
# newer one where the Mac picks the other. Each entry: the lines where the other one takes the arguments.
OVERLOAD_ALLOWLIST: dict[str, str] = {
    # AsyncSequenceSignal's typed initializer (macOS 15) and those of AsyncStream and AsyncThrowingStream
    # (available at the floor): for a stream, the Linux compiler picks the typed one, Apple's the stream's.
    "AsyncSequenceSignal.init(_:priority:)": r"AsyncSequenceSignal\((self|stream|throwing\w*)\)",
}

# Language features newer than Swift 6.0, with the version that introduced them. A use in a package whose
# tools version is older is reported, unless it sits inside `#if compiler(>=X)` with X at least that version.
# The 6.2.3 and 6.3 rows are every proposal of swift-evolution whose status is "Implemented (Swift 6.2.3)" or
# "Implemented (Swift 6.3)" that code can spell (SE-0489 changes only how coding errors print); add a row when a
# release adds another (and list it in CONTRIBUTING's "Apple platforms"). Standard-library API newer than 6.2
# that carries an Apple availability above the floor is the availability rule's; API without one
# (`@_alwaysEmitIntoClient`, such as SE-0473's `systemEpoch`, marked macOS 13) needs a row here.
LANGUAGE_FEATURES = [
    (r"\bweak\s+let\b", "6.3", "`weak let` (SE-0481)"),
    (r"@specialized\s*\(", "6.3", "`@specialized` (SE-0460)"),
    (r"\.\s*systemEpoch\b", "6.3", "a clock's `systemEpoch` (SE-0473)"),
    (r"\b[A-Za-z_][A-Za-z0-9_]*\s*::\s*[A-Za-z_`]", "6.3", "a module selector, `Module::name` (SE-0491)"),
    (r"@section\s*\(|@used\b", "6.3", "`@section` / `@used` (SE-0492)"),
    (r"@c\b(?!\s*\.)", "6.3", "`@c` (SE-0495)"),
    (r"@inline\s*\(\s*always\s*\)", "6.3", "`@inline(always)` (SE-0496)"),
    (r"@export\s*\(\s*(?:interface|implementation)\s*\)", "6.3", "`@export(interface)` / `@export(implementation)` (SE-0497)"),
    (r"@nonexhaustive\b", "6.2.3", "`@nonexhaustive` (SE-0487)"),
    (r"\bnonisolated\s*\(\s*nonsending\s*\)", "6.2", "`nonisolated(nonsending)` (SE-0461)"),
    (r"@concurrent\b", "6.2", "`@concurrent` (SE-0461)"),
    (r"\bisolated\s+deinit\b", "6.2", "`isolated deinit` (SE-0371)"),
    (r"\bfunc\s+`[^`]*[^A-Za-z0-9_`][^`]*`", "6.2", "raw identifiers (SE-0451)"),
    (r"\[\s*\d+\s+of\s+[A-Z]", "6.2", "`InlineArray` type sugar (SE-0483)"),
    (r"\bprocessExitsWith\s*:", "6.2", "exit tests (Swift Testing ST-0008)"),
]

# Swift Testing's API newer than Swift 6.2, in files that import Testing: the declarations whose documentation
# in swift-testing's release/6.3 branch says `@Available(Swift, introduced: 6.3)` (the library ships with the
# toolchain, so its version is the compiler's, not the OS's), by proposal. An exit test's capture list
# (ST-0012) is found by its tokens (EXIT_TEST_CAPTURES).
TESTING_FEATURES = [
    (r"\bIssue\s*\.\s*record\s*\((?:[^()]|\([^()]*\))*?\bseverity\s*:|\bIssue\s*\.\s*Severity\b|\.\s*isFailure\b",
     "6.3", "an issue's severity, `Issue.record(_:severity:)` (Swift Testing ST-0013)"),
    (r"\bTest\s*(?:\.\s*Case\s*)?\.\s*cancel\s*\(", "6.3", "`Test.cancel(_:)` (Swift Testing ST-0016)"),
    (r"\b(?:AttachableAsImage|AttachableImageFormat)\b", "6.3", "image attachments (Swift Testing ST-0014, ST-0017)"),
    (r"(?:\bsourceLocation|#_sourceLocation|\bSourceLocation\s*\([^()]*\))\s*\.\s*filePath\b", "6.3",
     "`SourceLocation.filePath` (Swift Testing ST-0020)"),
]
EXIT_TEST_CAPTURES = ("6.3", "a capture list in an exit test's body (Swift Testing ST-0012)")

# Framework modules of current Apple SDKs that a target name could plausibly take: a target of the same
# name shadows the framework in an app that imports both (`Playgrounds` is Xcode 26's `#Playground` module).
APPLE_SDK_MODULES = {
    "Accessibility", "Charts", "Combine", "Foundation", "Intents", "Metal", "Network", "Observation",
    "Playgrounds", "Spatial", "Symbols", "Synchronization", "SwiftData", "SwiftUI", "Testing", "TipKit",
    "Translation", "UIKit", "AppKit", "WidgetKit", "ActivityKit", "AppIntents", "RealityKit",
}

# Where each platform module exists (the platforms of PLATFORMS; a module absent from this table is not
# checked).
PLATFORM_MODULES = {
    "Glibc": {"Linux"},
    "Musl": set(),
    "Bionic": set(),
    "Android": set(),
    "WinSDK": set(),
    "ucrt": set(),
    "WASILibc": set(),
    "Darwin": set(APPLE),
    "FoundationXML": {"Linux"},
    "FoundationNetworking": {"Linux"},
}

# `canImport(...)` on each platform, for the modules whose answer differs (others: unknown, either way).
CAN_IMPORT = dict(PLATFORM_MODULES)
CAN_IMPORT.update({
    "SwiftUI": set(APPLE), "Combine": set(APPLE), "ObjectiveC": set(APPLE), "os": set(APPLE),
    "CoreFoundation": set(APPLE), "UIKit": {"iOS", "tvOS", "visionOS"}, "AppKit": {"macOS"},
    "WatchKit": {"watchOS"}, "Foundation": set(PLATFORMS), "Dispatch": set(PLATFORMS),
    "Testing": set(PLATFORMS), "XCTest": set(PLATFORMS), "Observation": set(PLATFORMS),
    "Synchronization": set(PLATFORMS),
})

EXIT_TEST_PLATFORMS = {"macOS", "Linux"}  # (and Windows, not modelled)

DECL_KEYWORDS = {"func", "init", "var", "let", "subscript", "case", "struct", "class", "enum", "protocol",
                 "actor", "typealias", "macro", "associatedtype", "extension", "deinit", "operator",
                 "precedencegroup", "import"}
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor", "extension"}
MEMBER_KINDS = {"func", "var", "let", "case", "subscript"}


def version(text: str) -> tuple:
    """`15.0` as (15, 0, 0): three parts, so that versions compare as tuples."""
    parts = [int(part) for part in text.split(".") if part] + [0, 0, 0]
    return tuple(parts[:3])


def show(v: tuple | None) -> str:
    """(15, 0, 0) as `15.0`, (15, 4, 1) as `15.4.1`."""
    if v is None:
        return "unavailable"
    return ".".join(str(part) for part in (v if v[2] else v[:2]))


# --- Tokens -----------------------------------------------------------------------------------------------


@dataclass
class Token:
    kind: str  # "id" (identifier or keyword), "at" (@attribute), "pound" (#word), "p" (punctuation), "str", "num"
    text: str
    line: int
    col: int  # 1-based, in UTF-8 bytes, as the index counts


TOKEN = re.compile(
    r'(?P<nl>\n)|(?P<ws>[ \t\r\f\v]+)|(?P<lc>//[^\n]*)|(?P<bc>/\*(?:[^*]|\*(?!/))*\*/)'
    r'|(?P<mstr>#*"{3}[\s\S]*?"{3}#*)|(?P<str>#*"(?:\\.|[^"\\\n])*"#*)'
    r'|(?P<at>@[A-Za-z_][A-Za-z0-9_]*)|(?P<pound>#[A-Za-z_][A-Za-z0-9_]*)'
    r'|(?P<id>`[^`\n]+`|[A-Za-z_$][A-Za-z0-9_$]*)|(?P<num>[0-9][A-Za-z0-9_.]*)'
    r'|(?P<p>->|\.\.\.|\.\.<|\S)')


def tokenize(text: str) -> list[Token]:
    """Swift tokens with their lines and byte columns; comments and string literals' contents are dropped
    (a string is one "str" token)."""
    tokens: list[Token] = []
    line, line_start = 1, 0
    ascii_only = text.isascii()
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "nl":
            line, line_start = line + 1, m.end()
            continue
        if kind == "ws" or kind == "lc":
            continue
        start = m.start()
        column = start - line_start + 1 if ascii_only else len(text[line_start:start].encode()) + 1
        if kind == "bc" or kind == "mstr":
            if kind == "mstr":
                tokens.append(Token("str", "", line, column))
            value = m.group()
            breaks = value.count("\n")
            if breaks:
                line, line_start = line + breaks, start + value.rfind("\n") + 1
            continue
        tokens.append(Token(kind, "" if kind == "str" else m.group(), line, column))
    return tokens


# --- #if: the platforms each line is compiled for -----------------------------------------------------------


def evaluate(condition: str, platform: str):
    """A `#if` condition on `platform`: True, False, or None (either way)."""
    names = re.findall(r"\|\||&&|!|\(|\)|[A-Za-z_$][A-Za-z0-9_$]*\s*\([^()]*\)|[A-Za-z_$][A-Za-z0-9_$]*", condition)
    position = 0

    def atom():
        nonlocal position
        token = names[position] if position < len(names) else ""
        position += 1
        if token == "!":
            value = atom()
            return None if value is None else not value
        if token == "(":
            value = disjunction()
            position += 1
            return value
        call = re.match(r"(\w+)\s*\(\s*([^,()]*)", token)
        if call:
            function, argument = call.group(1), call.group(2).strip()
            if function == "os":
                argument = {"OSX": "macOS", "xrOS": "visionOS"}.get(argument, argument)
                return argument == platform
            if function == "canImport":
                modules = CAN_IMPORT.get(argument)
                return None if modules is None else platform in modules
            if function == "targetEnvironment":
                return False if platform == "Linux" else None
            return None
        return {"true": True, "false": False}.get(token)

    def chain(operator: str, operand, absorbing: bool):
        """Operands joined by `operator`, in three-valued logic: one `absorbing` operand decides (False for
        `&&`, True for `||`); otherwise an unknown one leaves the result unknown."""
        nonlocal position
        value = operand()
        while position < len(names) and names[position] == operator:
            position += 1
            other = operand()
            value = absorbing if absorbing in (value, other) else None if None in (value, other) else not absorbing
        return value

    def conjunction():
        return chain("&&", atom, False)

    def disjunction():
        return chain("||", conjunction, True)

    return disjunction()


def line_platforms(text: str) -> list[set]:
    """For each line (index 0 is line 1): the platforms it is compiled for. Directive lines get none."""
    result = []
    frames = []  # (parent platforms, platforms where an earlier branch may have been taken, current)
    current = set(PLATFORMS)
    for raw in text.split("\n"):
        stripped = raw.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            word, condition = directive.group(1), directive.group(2).split("//")[0]
            if word == "if":
                parent = current
                values = {p: evaluate(condition, p) for p in parent}
                current = {p for p in parent if values[p] is not False}
                frames.append((parent, {p for p in parent if values[p] is True}, values))
            elif word in ("elseif", "else") and frames:
                parent, taken, values = frames[-1]
                branch = {p: (True if word == "else" else evaluate(condition, p)) for p in parent}
                current = {p for p in parent if p not in taken and branch[p] is not False}
                frames[-1] = (parent, taken | {p for p in parent if branch[p] is True}, values)
            elif word == "endif" and frames:
                current = frames.pop()[0]
            result.append(set())
        else:
            result.append(current)
    return result


def line_compilers(text: str) -> list[tuple]:
    """For each line (index 0 is line 1): the oldest compiler that compiles it, from the `#if compiler(>=X)`
    blocks around it ((0, 0, 0) outside them). Only a branch whose condition requires `compiler(>=X)` (alone
    or in a conjunction) raises it; an `#else` or `#elseif` after it does not."""
    result = []
    frames = []  # (the parent's floor, the current branch's floor)
    current = (0, 0, 0)
    for raw in text.split("\n"):
        stripped = raw.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            word, condition = directive.group(1), directive.group(2).split("//")[0]
            required = re.search(r"\bcompiler\s*\(\s*>=\s*([0-9.]+)\s*\)", condition)
            raises = bool(required) and "||" not in condition and not re.search(r"!\s*compiler", condition)
            if word == "if":
                parent = current
                current = max(parent, version(required.group(1))) if raises else parent
                frames.append((parent, current))
            elif word in ("elseif", "else") and frames:
                parent = frames[-1][0]
                current = max(parent, version(required.group(1))) if word == "elseif" and raises else parent
            elif word == "endif" and frames:
                current = frames.pop()[0]
            result.append(current)
        else:
            result.append(current)
    return result


def exit_test_captures(tokens: list) -> list:
    """The tokens that open a capture list in an exit test's body (`#expect(processExitsWith: …) { [x] in`)."""
    found = []
    for i, token in enumerate(tokens):
        if token.kind != "pound" or token.text not in ("#expect", "#require"):
            continue
        if not (i + 3 < len(tokens) and tokens[i + 1].text == "(" and tokens[i + 2].text == "processExitsWith"
                and tokens[i + 3].text == ":"):
            continue
        end = balanced(tokens, i + 1, "(", ")")
        bodies = [j + 2 for j in range(i + 2, end - 2) if tokens[j].text == "performing" and tokens[j + 1].text == ":"]
        bodies.append(end)  # a trailing closure
        for start in bodies:
            if start + 1 < len(tokens) and tokens[start].text == "{" and tokens[start + 1].text == "[":
                close = balanced(tokens, start + 1, "[", "]")
                if close < len(tokens) and tokens[close].text == "in":
                    found.append(tokens[start + 1])
    return found


# --- Availability ------------------------------------------------------------------------------------------


def parse_available(arguments: str) -> dict:
    """An `@available(...)`'s Apple requirements: platform -> version tuple, or None for unavailable."""
    requirements = {}
    items = [item.strip() for item in re.split(r",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", arguments)]
    aliases = {"OSX": "macOS", "xrOS": "visionOS"}
    if items and re.fullmatch(r"[A-Za-z]+", items[0]) and len(items) > 1:  # long form: `macOS, introduced: 15`
        platform = aliases.get(items[0], items[0])
        platforms = APPLE if platform == "anyAppleOS" else (platform,)
        for item in items[1:]:
            if item == "unavailable":
                for p in platforms:
                    if p in APPLE:
                        requirements[p] = None
            found = re.match(r"introduced\s*:\s*([0-9.]+)", item)
            if found:
                for p in platforms:
                    if p in APPLE:
                        requirements[p] = version(found.group(1))
        return requirements
    for item in items:
        found = re.fullmatch(r"([A-Za-z]+)\s+([0-9.]+)", item)
        if found:
            platform = aliases.get(found.group(1), found.group(1))
            for p in APPLE if platform == "anyAppleOS" else (platform,):
                if p in APPLE:
                    requirements[p] = version(found.group(2))
    if "iOS" in requirements and "visionOS" not in requirements and requirements["iOS"] is not None:
        ios = requirements["iOS"]  # visionOS inherits iOS's availability: iOS 18 is visionOS 2
        requirements["visionOS"] = ios if ios[0] >= 26 else ((2,) + ios[1:] if ios[0] == 18 else (1, 0, 0))
    return requirements


def merge(outer: dict, inner: dict) -> dict:
    """The availability of a declaration (or a context) inside another: per platform, the later requirement;
    unavailable (None) wins."""
    merged = dict(outer)
    for platform, required in inner.items():
        if platform not in merged:
            merged[platform] = required
        elif merged[platform] is None or required is None:
            merged[platform] = None
        else:
            merged[platform] = max(merged[platform], required)
    return merged


def above(requirements: dict, floor: dict, context: dict, platforms) -> list:
    """The platforms of `platforms` where `requirements` are not met at `floor` within `context` (a context
    unavailable on a platform accepts anything there: it is never compiled into running code)."""
    missing = []
    for platform in APPLE:
        if platform not in platforms or platform not in requirements:
            continue
        if platform in context and context[platform] is None:
            continue
        required = requirements[platform]
        have = max(floor.get(platform, (0, 0, 0)), context.get(platform) or (0, 0, 0))
        if required is None or required > have:
            missing.append(platform)
    return missing


# --- Declarations and scopes --------------------------------------------------------------------------------


@dataclass
class Param:
    label: str
    defaulted: bool
    closure: bool
    kind: str = ""  # "fn" for a function type, "gen" for a generic parameter, else the type's last name


@dataclass
class Decl:
    kind: str
    name: str
    context: str  # the enclosing type, dotted ("" at top level)
    params: list | None  # None: not callable (a property, a type)
    availability: dict
    flagged_parent: bool  # an enclosing type is above the floor already
    path: str
    line: int
    module: str
    is_async: bool = False

    @property
    def symbol(self) -> str:
        """The name as the index spells it: `name`, or `name(label:_:)`."""
        if self.params is None or self.kind == "case" and not self.params:
            return self.name
        return f"{self.name}({''.join(p.label + ':' for p in self.params)})"

    def where(self) -> str:
        return f"{self.context}.{self.symbol}" if self.context else self.symbol


def balanced(tokens: list[Token], start: int, open_: str, close: str) -> int:
    """The index after the `close` that balances the `open_` at `start`."""
    depth, i = 0, start
    while i < len(tokens):
        if tokens[i].text == open_:
            depth += 1
        elif tokens[i].text == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def split_top(tokens: list[Token]) -> list[list[Token]]:
    """`tokens` split at their top-level commas."""
    parts, depth, part = [], 0, []
    for token in tokens:
        if token.text in "([{<" and token.kind == "p":
            depth += 1
        elif token.text in ")]}>" and token.kind == "p":
            depth -= 1
        if token.text == "," and depth == 0:
            parts.append(part)
            part = []
        else:
            part.append(token)
    if part:
        parts.append(part)
    return parts


GENERIC_NAMES = {"Self", "Element", "Base", "Value", "Success", "Failure", "Wrapped", "Output", "Input"}
ATTRIBUTE_WORDS = re.compile(r"(@\w+(\([^)]*\))?|\b(inout|borrowing|consuming|isolated|sending|__owned|__shared|"
                             r"some|any)\b)\s*")


def type_kind(text: str, generics: set) -> str:
    """How a parameter's type is compared with the compiler's: "fn", "gen" (a generic parameter), or the
    type's last name (`Swift.Double?` is `Double`)."""
    if "->" in text:
        return "fn"
    text = ATTRIBUTE_WORDS.sub("", text).strip()
    base = re.sub(r"<.*>", "", text).rstrip("?!").strip()
    if base.startswith("["):
        return "Array" if ":" not in base else "Dictionary"
    last = base.split(".")[-1]
    if last in generics or last in GENERIC_NAMES or re.fullmatch(r"[A-Z][0-9]*", last) or \
            re.match(r"[A-Z][0-9]*\.", base) or text.startswith("some"):
        return "gen"
    return last


def parse_params(tokens: list[Token], generics: set = frozenset()) -> list[Param]:
    params = []
    for part in split_top(tokens):
        names = []
        for token in part:
            if token.text == ":":
                break
            if token.kind == "id" and token.text not in ("inout", "borrowing", "consuming", "isolated", "sending"):
                names.append(token.text.strip("`"))
        label = names[0] if names else "_"
        texts = [t.text for t in part]
        colon = texts.index(":") if ":" in texts else len(texts)
        type_part = texts[colon + 1:]
        defaulted = "=" in type_part
        written = type_part[: type_part.index("=")] if defaulted else type_part
        closure = "->" in written
        kind = type_kind(" ".join(written).replace(" . ", ".").replace(" .", ".").replace(". ", "."), generics)
        params.append(Param(label, defaulted, closure, kind))
    return params


@dataclass
class Scope:
    availability: dict  # the @available/#available context inside
    type_name: str | None = None  # when the scope is a type's or an extension's body
    type_availability: dict = field(default_factory=dict)
    type_flagged: bool = False


class SourceFile:
    """One Swift file: its tokens, the platforms of its lines, its declarations, and the availability
    context at each token."""

    def __init__(self, path: str, text: str, module: str, floor: dict, modules: set, interface: bool = False):
        self.path, self.text, self.module = path, text, module
        self.lines = text.split("\n")
        self.tokens = tokenize(text)
        self.platforms = line_platforms(text)
        self.decls: list[Decl] = []
        self.context: list[dict] = []  # per token
        self.enclosing: list[str | None] = []  # per token: the innermost type or extension around it
        self.declaring: set[int] = set()  # indices of tokens that name a declaration or a label
        self._walk(floor, modules, interface)

    def platforms_of(self, line: int) -> set:
        return self.platforms[line - 1] if 0 < line <= len(self.platforms) else set(PLATFORMS)

    def _walk(self, floor: dict, modules: set, interface: bool):
        tokens = self.tokens
        scopes = [Scope({})]
        pending_attributes: dict = {}  # @available attributes waiting for their declaration
        declaration: dict | None = None  # the availability of the declaration whose signature is being read
        declared_type = None  # (name, availability, flagged) of a type whose `{` is coming
        condition: dict | None = None  # #available conditions of the statement before its `{`
        guard_condition: dict | None = None
        guard_depth = None
        i = 0
        record = not interface  # the context of each token: needed for the uses only
        here = {}
        while i < len(tokens):
            token = tokens[i]
            text = token.text
            if record or text == "{":
                here = scopes[-1].availability
                if declaration:
                    here = merge(here, declaration)
                if condition:
                    here = merge(here, condition)
                if record:
                    self.context.append(here)
                    self.enclosing.append(next((s.type_name for s in reversed(scopes) if s.type_name), None))
            if token.kind == "at" and text == "@available" and i + 1 < len(tokens) and tokens[i + 1].text == "(":
                end = balanced(tokens, i + 1, "(", ")")
                arguments = self.text_between(tokens[i + 2], tokens[end - 2])  # inside the parentheses
                pending_attributes = merge(pending_attributes, parse_available(arguments))
                if record:
                    self.context.extend([here] * (end - i - 1))
                    self.enclosing.extend([self.enclosing[-1]] * (end - i - 1))
                i = end
                continue
            if token.kind == "pound" and text in ("#available", "#unavailable") and i + 1 < len(tokens):
                end = balanced(tokens, i + 1, "(", ")")
                if text == "#available":
                    arguments = self.text_between(tokens[i + 2], tokens[end - 2])  # inside the parentheses
                    condition = merge(condition or {}, parse_available(arguments))
                    if guard_depth == len(scopes):
                        guard_condition = merge(guard_condition or {}, parse_available(arguments))
                if record:
                    self.context.extend([here] * (end - i - 1))
                    self.enclosing.extend([self.enclosing[-1]] * (end - i - 1))
                i = end
                continue
            if token.kind == "id" and text == "guard":
                guard_depth, guard_condition = len(scopes), None
            if token.kind == "id" and text in DECL_KEYWORDS and not (i > 0 and tokens[i - 1].text == "."):
                self._declaration(i, scopes, pending_attributes)
                declaration = merge(scopes[-1].availability, pending_attributes)
                if text in TYPE_KEYWORDS:
                    outer = scopes[-1]
                    name = self._type_name(i, modules)
                    full = f"{outer.type_name}.{name}" if outer.type_name and text != "extension" else name
                    availability = merge(outer.type_availability, pending_attributes)
                    flagged = outer.type_flagged or (
                        text != "extension" and bool(above(availability, floor, {}, APPLE)))
                    declared_type = (full, availability, flagged)
                pending_attributes = {}
                i += 1
                continue
            if text == "{":
                outer = scopes[-1]
                scope = Scope(here, outer.type_name, outer.type_availability, outer.type_flagged)
                if declared_type is not None:  # a type's or an extension's body: its members follow
                    scope.type_name, scope.type_availability, scope.type_flagged = declared_type
                elif declaration is not None:  # a function's or an accessor's body: its locals follow
                    scope.type_name = None
                scopes.append(scope)
                declaration, declared_type, condition = None, None, None
            elif text == "}":
                if len(scopes) > 1:
                    scopes.pop()
                if guard_depth is not None and len(scopes) == guard_depth and guard_condition:
                    scopes[-1].availability = merge(scopes[-1].availability, guard_condition)
                if guard_depth is not None and len(scopes) <= guard_depth:
                    guard_depth, guard_condition = None, None
                declaration, condition = None, None
            elif text == ";":
                declaration, condition = None, None
            i += 1

    def text_between(self, first: Token, last: Token) -> str:
        lines = self.lines
        if first.line == last.line:
            line = lines[first.line - 1].encode()
            return line[first.col - 1:last.col - 1 + len(last.text.encode())].decode()
        return " ".join(lines[first.line - 1:last.line])  # (rare: attributes over several lines)

    def _type_name(self, i: int, modules: set):
        tokens = self.tokens
        parts = []
        j = i + 1
        while j < len(tokens) and tokens[j].kind == "id":
            parts.append(tokens[j].text.strip("`"))
            if j + 1 < len(tokens) and tokens[j + 1].text == ".":
                j += 2
            else:
                break
        while len(parts) > 1 and (parts[0] in modules or parts[0].startswith("_")):
            parts = parts[1:]
        return ".".join(parts)

    def _declaration(self, i: int, scopes, attributes: dict):
        """Records the declaration whose keyword is at `i` (a type's, a member's, a free one's; not a local)."""
        tokens = self.tokens
        kind = tokens[i].text
        outer = scopes[-1]
        if kind in ("import", "operator", "precedencegroup", "deinit", "extension"):
            return
        j = i + 1
        if kind == "init":
            name = "init"
            if j < len(tokens) and tokens[j].text in ("?", "!"):
                j += 1
        elif kind == "subscript":
            name = "subscript"
        else:
            if j >= len(tokens) or tokens[j].kind != "id":
                return
            name = tokens[j].text.strip("`")
            self.declaring.add(j)
            j += 1
        generics = set()
        if j < len(tokens) and tokens[j].text == "<":
            close = balanced(tokens, j, "<", ">")
            generics = {part[0].text for part in split_top(tokens[j + 1:close - 1]) if part and part[0].kind == "id"}
            j = close
        params = None
        is_async = False
        if kind in ("func", "init", "subscript", "macro", "case") and j < len(tokens) and tokens[j].text == "(":
            end = balanced(tokens, j, "(", ")")
            k = end
            while k < len(tokens) and tokens[k].kind == "id" and tokens[k].text in ("async", "throws", "rethrows"):
                is_async = is_async or tokens[k].text == "async"
                k += 1
            inner = tokens[j + 1:end - 1]
            depth = 0
            for k in range(j + 1, end - 1):  # parameter names and labels are declarations, not uses
                text = tokens[k].text
                depth += text in "([{<" and tokens[k].kind == "p"
                depth -= text in ")]}>" and tokens[k].kind == "p"
                if depth == 0 and tokens[k].kind == "id" and k + 1 < end and tokens[k + 1].text in (":", ",") or \
                        depth == 0 and k + 2 < end and tokens[k + 2].text == ":" and tokens[k].kind == "id":
                    self.declaring.add(k)
            params = parse_params(inner, generics)
        elif kind in ("func", "init", "subscript", "macro"):
            params = []
        availability = merge(outer.type_availability, attributes)
        if outer.type_name is None and len(scopes) > 1 or kind == "case" and outer.type_name is None:
            return  # a local (in a function's body), or a `case` of a `switch`
        self.decls.append(Decl(kind, name, outer.type_name or "", params, availability, outer.type_flagged,
                               self.path, tokens[i].line, self.module, is_async))


# --- The index ----------------------------------------------------------------------------------------------


class Index:
    """The references in `swift build`'s index store: per source file, (line, column, USR, name, roles)."""

    REFERENCE, IMPLICIT, DEFINITION = 1 << 2, 1 << 8, 1 << 1

    def __init__(self, store: Path):
        lib_path = Path(shutil.which("swiftc") or "swiftc").resolve().parent.parent / "lib" / "libIndexStore.so"
        self.lib = lib = ctypes.CDLL(str(lib_path))

        class Ref(ctypes.Structure):
            _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

        self.Ref = Ref
        P = ctypes.c_void_p
        self.unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, P, Ref)
        self.item_callback = ctypes.CFUNCTYPE(ctypes.c_bool, P, P)
        signatures = {
            "indexstore_store_create": (P, [ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_store_units_apply_f": (ctypes.c_bool, [P, ctypes.c_uint, P, self.unit_callback]),
            "indexstore_unit_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_unit_reader_get_main_file": (Ref, [P]),
            "indexstore_unit_reader_get_modification_time": (
                ctypes.c_bool, [P, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
            "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [P, P, self.item_callback]),
            "indexstore_unit_reader_dispose": (None, [P]),
            "indexstore_unit_dependency_get_kind": (ctypes.c_int, [P]),
            "indexstore_unit_dependency_get_name": (Ref, [P]),
            "indexstore_unit_dependency_get_filepath": (Ref, [P]),
            "indexstore_record_reader_create": (P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
            "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [P, P, self.item_callback]),
            "indexstore_record_reader_dispose": (None, [P]),
            "indexstore_occurrence_get_symbol": (P, [P]),
            "indexstore_occurrence_get_roles": (ctypes.c_uint64, [P]),
            "indexstore_occurrence_get_line_col": (None, [P, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            "indexstore_symbol_get_usr": (Ref, [P]),
            "indexstore_symbol_get_name": (Ref, [P]),
        }
        for name, (result, arguments) in signatures.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = result, arguments
        error = P()
        self.store = lib.indexstore_store_create(str(store).encode(), ctypes.byref(error))
        if not self.store:
            raise SystemExit(f"apple-check: cannot open the index at {store}: build first (swift build --build-tests)")
        self.units = {}  # main file -> (modification time, [record names])
        names = []
        lib.indexstore_store_units_apply_f(self.store, 0, None, self.unit_callback(lambda _, n: names.append(self.s(n)) or True))
        for unit in names:
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            main = self.s(lib.indexstore_unit_reader_get_main_file(reader))
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            lib.indexstore_unit_reader_get_modification_time(reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            records = []

            def dependency(_, item, main=main, records=records):
                if lib.indexstore_unit_dependency_get_kind(item) == 2 and \
                        self.s(lib.indexstore_unit_dependency_get_filepath(item)) == main:
                    records.append(self.s(lib.indexstore_unit_dependency_get_name(item)))
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.item_callback(dependency))
            lib.indexstore_unit_reader_dispose(reader)
            stamp = seconds.value + nanoseconds.value / 1e9
            if main and records and stamp >= self.units.get(main, (0, []))[0]:
                self.units[main] = (stamp, records)

    def s(self, ref) -> str:
        return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

    def occurrences(self, path: str) -> list | None:
        """The file's occurrences, or None if the index has no unit for it or an older one than the file."""
        unit = self.units.get(path)
        if unit is None or unit[0] + 1 < os.path.getmtime(path):
            return None
        found = []
        lib, error = self.lib, ctypes.c_void_p()
        for record in unit[1]:
            reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
            if not reader:
                return None

            def occurrence(_, item):
                symbol = lib.indexstore_occurrence_get_symbol(item)
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
                found.append((line.value, column.value, self.s(lib.indexstore_symbol_get_usr(symbol)),
                              self.s(lib.indexstore_symbol_get_name(symbol)), lib.indexstore_occurrence_get_roles(item)))
                return True

            lib.indexstore_record_reader_occurrences_apply_f(reader, None, self.item_callback(occurrence))
            lib.indexstore_record_reader_dispose(reader)
        return found


def demangle(usrs: list[str]) -> dict:
    """USR -> (context, parameter kinds or None, async): what the compiler's choice is, for comparing it with
    the declarations read from the interfaces (`Task`, ["gen"], False for `Task.init(_:)`...)."""
    if not usrs:
        return {}
    names = "\n".join("$s" + usr[2:] for usr in usrs)
    simple = subprocess.run(["swift", "demangle", "--simplified"], input=names, capture_output=True, text=True,
                            check=True).stdout.split("\n")
    full = subprocess.run(["swift", "demangle"], input=names, capture_output=True, text=True,
                          check=True).stdout.split("\n")
    found = {}
    for usr, short, long in zip(usrs, simple, full):
        short = re.sub(r"^(static |class )", "", short.strip())
        while re.search(r"<[^<>]*>", short):
            short = re.sub(r"<[^<>]*>", "", short)
        head = short.split("(")[0].split(" : ")[0]
        context = head.rsplit(".", 1)[0] if "." in head else ""
        found[usr] = (context,) + demangled_shape(long.strip())
    return found


def demangled_shape(text: str):
    """The parameter kinds (see `type_kind`) and `async` of a demangled function, or (None, False)."""
    depth, start = 0, None
    for index, character in enumerate(text):  # the first `(` outside generic clauses opens the parameters
        if character == "<":
            depth += 1
        elif character == ">" and index and text[index - 1] != "-":
            depth -= 1
        elif character == "(" and depth == 0:
            start = index
            break
    if start is None:
        return None, False
    depth = 0
    for end in range(start, len(text)):
        depth += text[end] in "(<[" and not (text[end] == "<" and False)
        depth -= text[end] in ")]" or (text[end] == ">" and text[end - 1] != "-")
        if depth == 0:
            break
    inner, rest = text[start + 1:end], text[end + 1:]
    parts, depth, part = [], 0, ""
    for index, character in enumerate(inner):
        if character in "(<[":
            depth += 1
        elif character in ")]" or character == ">" and inner[index - 1] != "-":
            depth -= 1
        if character == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += character
    if part.strip():
        parts.append(part)
    kinds = [type_kind(re.sub(r"^\s*\w+: ", "", p), set()) for p in parts]
    return kinds, bool(re.match(r"\s*async\b", rest))


# --- The check ----------------------------------------------------------------------------------------------


@dataclass
class Report:
    path: str
    line: int
    rule: str
    message: str

    def __str__(self):
        return f"{self.path}:{self.line}: {self.rule}: {self.message}"


def package_floor(manifest: str) -> dict:
    """The package's Apple platforms, from `platforms: [...]` (SwiftPM's defaults for those it leaves out)."""
    floor = {"macOS": (10, 13), "iOS": (12, 0), "tvOS": (12, 0), "watchOS": (4, 0), "visionOS": (1, 0)}
    for platform, text in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*\.?v?\"?([0-9_.]+)\"?\s*\)", manifest):
        floor[platform] = version(text.replace("_", "."))
    return floor


def tools_version(manifest: str) -> tuple:
    found = re.match(r"//\s*swift-tools-version\s*:\s*([0-9.]+)", manifest)
    return version(found.group(1)) if found else (5, 0)


def toolchain_interfaces() -> list[tuple[Path, str]]:
    swiftc = Path(shutil.which("swiftc") or "swiftc").resolve()
    directory = swiftc.parent.parent / "lib" / "swift" / ("macosx" if sys.platform == "darwin" else "linux")
    found = []
    for module in sorted(directory.glob("*.swiftmodule")):
        for interface in sorted(module.glob("*.swiftinterface")):
            if not interface.name.endswith(".private.swiftinterface"):
                found.append((interface, module.stem))
    return found


class Checker:
    def __init__(self, root: Path, files: list[Path], use_index: bool, interfaces=None, manifest_text=None):
        self.root = root
        manifest = manifest_text if manifest_text is not None else (root / "Package.swift").read_text()
        self.manifest = manifest
        self.floor = package_floor(manifest)
        self.tools = tools_version(manifest)
        self.files = files
        self.use_index = use_index
        interfaces = toolchain_interfaces() if interfaces is None else interfaces
        for extra in EXTRA_INTERFACES:
            path, module = (extra if isinstance(extra, tuple) else (extra, Path(extra).stem))
            interfaces.append((ROOT / path, module))  # the repository's, also when checking another root
        self.modules = {module for _, module in interfaces} | {"Swift"}
        self.external: list[Decl] = []
        for path, module in interfaces:
            self.external += SourceFile(str(path), path.read_text(), module, self.floor, self.modules, True).decls
        self.sources = {}
        for path in files:
            module = self.module_of(path)
            self.sources[path] = SourceFile(str(path), path.read_text(), module, self.floor, self.modules)
        self.internal = [decl for source in self.sources.values() for decl in source.decls]
        flagged_types = {(d.context + "." + d.name).lstrip(".") for d in self.external + self.internal
                         if d.kind in TYPE_KEYWORDS and self.flagged(d)}
        for decl in self.external + self.internal:  # members of extensions of a type above the floor
            parts = decl.context.split(".")
            if any(".".join(parts[:n]) in flagged_types for n in range(1, len(parts) + 1)):
                decl.flagged_parent = True
        self.source_paths = {str(path) for path in self.sources}
        # The toolchain's underscored names (members and argument labels) that this package does not declare.
        declared_here = {d.name for d in self.internal} | {p.label for d in self.internal for p in d.params or []}
        self.underscored = {n for d in self.external for n in [d.name] + [p.label for p in d.params or []]
                            if n.startswith("_") and n != "_" and n not in declared_here | UNDERSCORED_ALLOWLIST.keys()}
        self.package_defined: set[str] = set()  # the USRs this package defines (from the index)
        self.external_overloads: dict[str, list[Decl]] = {}
        for decl in self.external:
            self.external_overloads.setdefault(decl.symbol, []).append(decl)
        self.internal_overloads: dict[str, list[Decl]] = {}
        for decl in self.internal:
            self.internal_overloads.setdefault(decl.symbol, []).append(decl)
        self.reports: list[Report] = []

    def external_flagged_by_symbol(self) -> dict:
        """The toolchain's declarations above the floor, by the name the index gives them."""
        found: dict[str, list[Decl]] = {}
        for decl in self.external:
            if self.flagged(decl):
                found.setdefault(decl.symbol, []).append(decl)
        return found

    def module_of(self, path: Path) -> str:
        parts = path.relative_to(self.root).parts if path.is_relative_to(self.root) else path.parts
        return parts[1] if len(parts) > 2 else "main"

    def flagged(self, decl: Decl) -> bool:
        return bool(above(decl.availability, self.floor, {}, APPLE))

    def relative(self, path: str) -> str:
        try:
            return str(Path(path).relative_to(self.root))
        except ValueError:
            return path

    def report(self, path: str, line: int, rule: str, message: str):
        self.reports.append(Report(self.relative(path), line, rule, message))

    def run(self) -> list[Report]:
        index = None
        if self.use_index:
            index = Index(self.root / ".build" / "debug" / "index" / "store")
        all_decls = self.external + self.internal
        flagged = [d for d in all_decls if self.flagged(d)]
        by_name: dict[str, list[Decl]] = {}
        for decl in all_decls:
            by_name.setdefault(decl.name, []).append(decl)
        flagged_usrs = self.package_usrs(index, flagged) if index else {}
        external_by_symbol = self.external_flagged_by_symbol()
        occurrences = {path: index.occurrences(str(path)) for path in self.sources} if index else {}
        self.package_defined = {usr for found in occurrences.values() for _, _, usr, _, roles in found or []
                                if roles & Index.DEFINITION}
        for path, source in self.sources.items():
            self.check_text_rules(source)
            if index and occurrences[path] is None:
                self.report(str(path), 1, "index", "not in the index, or older than the file: "
                            "run `swift build --build-tests` first")
            if index:
                self.check_indexed(source, occurrences[path] or [], flagged_usrs, external_by_symbol)
            self.check_names(source, by_name, compiled_here=index is not None)
        self.check_module_names()
        self.check_test_links()
        unique = {(r.path, r.line, r.rule, r.message): r for r in self.reports}  # one line per use and line
        return sorted(unique.values(), key=lambda r: (r.path, r.line, r.rule))

    # Availability, through the index.

    def package_usrs(self, index: Index, flagged: list[Decl]) -> dict:
        """The USRs of this package's flagged declarations: their definitions in the index."""
        usrs = {}
        wanted = {}
        for decl in flagged:
            if decl.path in self.source_paths:
                wanted.setdefault(decl.path, []).append(decl)
        for path, decls in wanted.items():
            for line, _, usr, name, roles in index.occurrences(path) or []:
                if roles & (Index.DEFINITION | 1):
                    for decl in decls:
                        if line == decl.line and name == decl.symbol:
                            usrs[usr] = decl
        return usrs

    def check_indexed(self, source: SourceFile, occurrences, flagged_usrs: dict, external_by_symbol: dict):
        """The availability rule on the references the compiler recorded in `source`."""
        defined_here = self.package_defined | {usr for _, _, usr, _, roles in occurrences if roles & Index.DEFINITION}
        candidates = {}
        for line, column, usr, name, roles in occurrences:
            if not roles & Index.REFERENCE or roles & Index.IMPLICIT or name.startswith(("getter:", "setter:")):
                continue
            if usr in flagged_usrs or usr not in defined_here and name in external_by_symbol:
                candidates[(line, column)] = usr
        choices = demangle(sorted({usr for usr in candidates.values() if usr not in flagged_usrs}))
        for (line, column), usr in sorted(candidates.items()):
            if usr in flagged_usrs:
                decl = flagged_usrs[usr]
            else:
                decl = self.external_choice(external_by_symbol[self.symbol_of(occurrences, line, column, usr)],
                                            choices[usr])
                if decl is None:
                    continue
            platforms = source.platforms_of(line) - {"Linux"}
            if self.ranked_below_an_available_overload(decl, source, line):
                continue
            self.check_use(source, line, column, decl, platforms)

    @staticmethod
    def symbol_of(occurrences, line, column, usr) -> str:
        return next(name for l, c, u, name, _ in occurrences if (l, c, u) == (line, column, usr))

    def external_choice(self, named: list[Decl], choice) -> Decl | None:
        """The declaration of the toolchain the compiler chose, among those with its name; None when it is
        one available at the floor."""
        context, kinds, is_async = choice
        same = [d for d in self.external_overloads[named[0].symbol] if d.context == context]
        if kinds is not None:
            shaped = [d for d in same if d.params is not None and d.is_async == is_async and
                      len(d.params) == len(kinds) and all(self.same_kind(p.kind, k) for p, k in zip(d.params, kinds))]
            same = shaped or same
        if not same or any(not self.flagged(d) for d in same):
            return None
        return same[0]

    @staticmethod
    def same_kind(written: str, compiled: str) -> bool:
        return written == compiled or "gen" in (written, compiled) and "fn" not in (written, compiled)

    def ranked_below_an_available_overload(self, decl: Decl, source: SourceFile, line: int) -> bool:
        """Whether Apple's compiler would choose another declaration here: one with the same name and labels,
        available at the floor, which it ranks above those its deployment target lacks (swiftlang/swift#29921:
        the Linux compiler, which has no deployment target, may choose differently). Only OVERLOAD_ALLOWLIST
        can say that the other one takes these arguments; otherwise the use is reported."""
        siblings = [d for d in self.external_overloads.get(decl.symbol, []) + self.internal_overloads.get(decl.symbol, [])
                    if d.context == decl.context and not self.flagged(d)]
        if not siblings:
            return False
        pattern = OVERLOAD_ALLOWLIST.get(decl.where())
        return bool(pattern and re.search(pattern, source.lines[line - 1]))

    def check_use(self, source: SourceFile, line: int, column: int, decl: Decl, platforms: set):
        token = self.token_at(source, line, column)
        context = source.context[token] if token is not None else {}
        missing = above(decl.availability, self.floor, context, platforms)
        if missing:
            needs = ", ".join(f"{p} {show(decl.availability[p])}" for p in missing)
            self.report(source.path, line, "availability",
                        f"`{decl.where()}` needs {needs}, above the package's platforms, outside an "
                        f"@available/#available context that covers it")

    @staticmethod
    def token_at(source: SourceFile, line: int, column: int):
        for index, token in enumerate(source.tokens):
            if token.line == line and token.col == column:
                return index
            if token.line > line:
                break
        return None

    # Availability, by name (code not compiled here).

    def check_names(self, source: SourceFile, by_name: dict, compiled_here: bool):
        tokens = source.tokens
        # The modules whose declarations the file can name: its imports, the implicit ones, this package's.
        visible = {tokens[i + 1].text for i in range(len(tokens) - 1) if tokens[i].text == "import"}
        visible |= IMPLICIT_MODULES | {decl.module for decl in self.internal}
        for i, token in enumerate(tokens):
            platforms = source.platforms_of(token.line)
            if compiled_here and "Linux" in platforms:
                continue  # the index saw this line
            platforms = platforms & set(APPLE)
            if not platforms or token.kind not in ("id", "pound") or i in source.declaring:
                continue
            name = token.text.lstrip("#").strip("`")
            decls = by_name.get(name)
            if not decls:
                continue
            after = tokens[i + 1].text if i + 1 < len(tokens) else ""
            before = tokens[i - 1].text if i > 0 else ""
            if after == ":" and before in ("(", ","):
                continue  # an argument label
            arguments = self.call_arguments(tokens, i + 1)
            if token.kind == "pound":
                shape = [d for d in decls if d.kind == "macro"]
            elif before == ".":
                shape = [d for d in decls if d.kind in MEMBER_KINDS and d.context]
            else:
                shape = [d for d in decls if d.kind in TYPE_KEYWORDS | {"typealias"} or
                         (d.kind in ("func", "var", "let") and not d.context)]
                if arguments is not None:
                    shape += [d for d in by_name.get("init", []) if d.context.split(".")[-1] == name]
                    # A call of a member on an implicit `self` (`keyboardShortcut(…)` in `extension View`).
                    if enclosing := source.enclosing[i]:
                        shape += [d for d in decls if d.kind in MEMBER_KINDS and d.context and
                                  d.context.split(".")[-1] == enclosing.split(".")[-1]]
            matching = [d for d in shape if self.matches(d, arguments) and d.module in visible]
            above_floor = [d for d in matching if self.flagged(d) and not d.flagged_parent]
            if not above_floor:
                continue
            at_floor = [d for d in matching if not self.flagged(d)]
            if at_floor and name in NAME_ALLOWLIST:
                continue
            decl = above_floor[0]
            context = source.context[i]
            missing = above(decl.availability, self.floor, context, platforms)
            if not missing:
                continue
            needs = ", ".join(f"{p} {show(decl.availability[p])}" for p in missing)
            also = (f" (by name: `{at_floor[0].where()}` is available; say in NAME_ALLOWLIST how to tell them "
                    f"apart)") if at_floor else ""
            self.report(source.path, token.line, "availability",
                        f"`{decl.where()}` needs {needs}, above the package's platforms, outside an "
                        f"@available/#available context that covers it{also}")

    @staticmethod
    def call_arguments(tokens: list[Token], start: int):
        """The labels of the call whose `(` is at `start` (`_` for unlabeled), plus one `{` per trailing
        closure; None if no call follows."""
        labels = []
        j = start
        if j < len(tokens) and tokens[j].text == "(":
            end = balanced(tokens, j, "(", ")")
            for part in split_top(tokens[j + 1:end - 1]):
                labels.append(part[0].text if len(part) > 1 and part[1].text == ":" else "_")
            j = end
        elif not (j < len(tokens) and tokens[j].text == "{"):
            return None
        while j < len(tokens) and tokens[j].text == "{":
            labels.append("{")
            j = balanced(tokens, j, "{", "}")
            if j < len(tokens) and tokens[j].kind == "id" and j + 1 < len(tokens) and tokens[j + 1].text == ":":
                j += 2  # a labelled trailing closure
        return labels

    @staticmethod
    def matches(decl: Decl, arguments) -> bool:
        if decl.params is None or decl.kind == "case" and not decl.params:
            return True
        if arguments is None:
            return decl.kind not in ("init",)  # a reference to a function, or `.case`
        closures = arguments.count("{")
        labels = [a for a in arguments if a != "{"]
        position = 0
        for param in decl.params:
            if position < len(labels) and labels[position] == param.label:
                position += 1
            elif param.closure and closures:
                closures -= 1
            elif not param.defaulted:
                return False
        return position == len(labels) and closures == 0

    # The textual rules.

    def check_text_rules(self, source: SourceFile):
        for i, token in enumerate(source.tokens):
            if token.kind == "id" and token.text in self.underscored and i not in source.declaring:
                self.report(source.path, token.line, "underscored",
                            f"`{token.text}` is an underscored declaration of the toolchain, not public API")
            platforms = source.platforms_of(token.line)
            if token.kind != "id":
                continue
            module = token.text
            if module in PLATFORM_MODULES and platforms - PLATFORM_MODULES[module] - {"Linux"} | (
                    platforms & {"Linux"} if "Linux" not in PLATFORM_MODULES[module] else set()):
                before = source.tokens[i - 1].text if i > 0 else ""
                after = source.tokens[i + 1].text if i + 1 < len(source.tokens) else ""
                if before == "import" or after == ".":
                    without = sorted(platforms - PLATFORM_MODULES[module])
                    how = "imported" if before == "import" else "used"
                    self.report(source.path, token.line, "platform-module",
                                f"`{module}` {how} on a line compiled for {', '.join(without)}, which have no "
                                f"`{module}`: put it inside `#if canImport({module})`")
            if module == "processExitsWith" and i > 1 and source.tokens[i - 2].text in ("#expect", "#require"):
                without = sorted(platforms - EXIT_TEST_PLATFORMS)
                if without:
                    self.report(source.path, token.line, "exit-test",
                                f"an exit test compiled for {', '.join(without)}, where exit tests do not exist: "
                                "put it inside `#if os(macOS) || os(Linux) || os(Windows)`")
        code = "\n".join(self.blank_comments(source.text).split("\n"))
        compilers = line_compilers(source.text)
        imports_testing = re.search(r"\bimport\s+Testing\b", code) is not None
        uses = []  # (line, version, name)
        for pattern, introduced_in, name in LANGUAGE_FEATURES + (TESTING_FEATURES if imports_testing else []):
            for found in re.finditer(pattern, code):
                uses.append((code.count("\n", 0, found.start()) + 1, introduced_in, name))
        uses += [(token.line,) + EXIT_TEST_CAPTURES for token in exit_test_captures(source.tokens)]
        for line, introduced_in, name in uses:
            introduced = version(introduced_in)
            if introduced <= self.tools or introduced <= compilers[line - 1] or not source.platforms_of(line):
                continue
            self.report(source.path, line, "language",
                        f"{name} needs Swift {show(introduced)}; the manifest's tools version is "
                        f"{show(self.tools)}: put it inside `#if compiler(>={show(introduced)})`, with a form "
                        f"for older compilers beside it, or do without")

    @staticmethod
    def blank_comments(text: str) -> str:
        """`text` with comments and string literals blanked (line breaks kept)."""
        return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"',
                      lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.S)

    def check_module_names(self):
        for found in re.finditer(r"\.(?:target|executableTarget|testTarget|macro|systemLibrary|binaryTarget)\(\s*"
                                 r"name:\s*\"([^\"]+)\"", self.manifest):
            if found.group(1) in APPLE_SDK_MODULES:
                line = self.manifest.count("\n", 0, found.start()) + 1
                self.report(str(self.root / "Package.swift"), line, "module-name",
                            f"the target `{found.group(1)}` has the name of a framework module of Apple's SDKs: "
                            "rename it (an executable's product can keep a lower-case name)")


    def check_test_links(self):
        """The test-link rule: executables that link a library target importing Testing or XCTest."""
        dumped = subprocess.run(["swift", "package", "dump-package", "--package-path", str(self.root)],
                                capture_output=True, text=True)
        if dumped.returncode != 0:
            self.report(str(self.root / "Package.swift"), 1, "test-link",
                        f"`swift package dump-package` failed: {dumped.stderr.strip()[:300]}")
            return
        targets = {target["name"]: target for target in json.loads(dumped.stdout)["targets"]}

        def dependencies(target) -> list[str]:
            names = []
            for dependency in target.get("dependencies", []):
                for kind in ("byName", "target"):
                    if kind in dependency and dependency[kind][0] in targets:
                        names.append(dependency[kind][0])
            return names

        def testing_import(target):
            """The module (Testing or XCTest) that a target's sources import, if any."""
            default = ("Tests" if target["type"] == "test" else "Sources") + "/" + target["name"]
            for path in sorted((self.root / (target.get("path") or default)).rglob("*.swift")):
                found = re.search(r"\bimport\s+(Testing|XCTest)\b", self.blank_comments(path.read_text()))
                if found:
                    return found.group(1), path
            return None

        imports = {name: testing_import(target) for name, target in targets.items() if target["type"] != "test"}
        for name, target in targets.items():
            if target["type"] != "executable":
                continue
            chains, seen, stack = [], set(), [(name, [name])]
            while stack:
                current, chain = stack.pop()
                if current in seen:
                    continue
                seen.add(current)
                if imports.get(current):
                    chains.append((chain, imports[current]))
                stack += [(dependency, chain + [dependency]) for dependency in dependencies(targets[current])]
            found = re.search(r'name:\s*"' + re.escape(name) + '"', self.manifest)
            line = self.manifest.count("\n", 0, found.start()) + 1 if found else 1
            for chain, (module, path) in sorted(chains, key=lambda c: c[0]):
                links = " → ".join(f"`{step}`" for step in chain)
                self.report(str(self.root / "Package.swift"), line, "test-link",
                            f"{links}: the executable links a target that imports {module} "
                            f"({self.relative(str(path))}); on a Mac an executable's run path is only "
                            f"@loader_path, so it would not launch (Library not loaded: @rpath/{module}"
                            f".framework): drop the dependency or move what it needs out of that target")


def swift_files(root: Path) -> list[Path]:
    files = []
    for directory in SCANNED:
        files += sorted(p for p in (root / directory).rglob("*.swift") if ".build" not in p.parts)
    return files


# --- Self-test ------------------------------------------------------------------------------------------------

SELF_TEST_MANIFEST = """// swift-tools-version: 6.2
import PackageDescription
let package = Package(
  name: "SelfTest",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  targets: [
    .target(name: "Library"),
    .executableTarget(name: "Playgrounds"),
    .target(name: "Harness"),
    .target(name: "Glue", dependencies: ["Harness"]),
    .executableTarget(name: "tool", dependencies: ["Library", .target(name: "Glue")]),
    .executableTarget(name: "clean-tool", dependencies: ["Library"]),
    .testTarget(name: "LibraryTests", dependencies: ["Library", "Harness"]),
  ]
)
"""

# A library that imports Swift Testing where it can (as a test helper library does), and one that links it.
SELF_TEST_HARNESS = """#if canImport(Testing)
  import Testing
#endif
public func check(_ condition: Bool) {}
"""
SELF_TEST_GLUE = """import Harness
public func glue() { check(true) }
"""

SELF_TEST_LIBRARY = """
public struct Loader {
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public func startTask(_ operation: @escaping () -> Void) {}
  public func start(_ operation: @escaping () -> Void) {}
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  public func pressEscape() {}
}
"""

# Each line marked `// expect: RULE` must be reported, and no other line.
SELF_TEST_FILE = """
import Foundation
import Glibc  // expect: platform-module
import Synchronization
import Testing
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
#if canImport(Darwin)
#else
  import FoundationXML
#endif

func closeIt(_ descriptor: Int32) {
  _ = Glibc.close(descriptor)  // expect: platform-module
  #if canImport(Glibc)
    _ = Glibc.close(descriptor)
  #endif
}

func words(_ duration: Duration) -> Int64 {
  let seconds = duration.components.seconds
  _ = Duration(_high: duration._high, low: 0)  // expect: underscored
  #if canImport(Darwin)
    let exact = duration.attoseconds  // expect: availability
  #endif
  if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
    _ = duration.attoseconds
  }
  return seconds
}

#if os(iOS)
  func lock() -> Mutex<Int> { Mutex(0) }  // expect: availability
  @available(iOS 18.0, *)
  func guardedLock() -> Mutex<Int> { Mutex(0) }
#endif

// An API unavailable on some platforms: a use compiled for them is reported; one in a branch they do not
// compile (`#if os(...)`, by name) is not.
#if canImport(Darwin)
  func escape(_ loader: Loader) {
    loader.pressEscape()  // expect: availability
    #if os(tvOS) || os(watchOS)
      loader.start {}
    #else
      loader.pressEscape()
    #endif
    #if !os(tvOS)
      loader.pressEscape()  // expect: availability
    #endif
  }

  extension Loader {
    func escapeHere() {
      pressEscape()  // expect: availability
      #if !os(tvOS) && !os(watchOS)
        pressEscape()
      #endif
    }
  }
#endif

#if canImport(Darwin)
  func load(_ loader: Loader) {
    loader.startTask {}  // expect: availability
    loader.start {}
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
    loader.startTask {}
  }
#endif

final class Owner {
  func observe(_ run: (@escaping () -> Void) -> Void) {
    weak let owner = self  // expect: language
    run { _ = owner }
  }
}

@Test func exits() async {
  await #expect(processExitsWith: .failure) { fatalError() }  // expect: exit-test
  #if os(macOS) || os(Linux) || os(Windows)
    await #expect(processExitsWith: .failure) { fatalError() }
  #endif
}

// Swift 6.3's features (the language's and Swift Testing's): each reported, none inside `#if compiler(>=6.3)`.
@specialized(where T == Int)  // expect: language
func specialized<T>(_ value: T) -> T { value }
@inline(always) func always() {}  // expect: language
@export(interface) func exported() {}  // expect: language
@c func cFunction() {}  // expect: language
@section("__DATA,__mine") let placed = 1  // expect: language
@nonexhaustive public enum Open { case one }  // expect: language
func selectors() -> Int { Swift::max(1, 2) }  // expect: language
func epoch() -> ContinuousClock.Instant { ContinuousClock().systemEpoch }  // expect: language
func path(_ sourceLocation: SourceLocation) -> String { sourceLocation.filePath }  // expect: language
func convention(_ body: @convention(c) () -> Void) {}

@Test func newerTesting() throws {
  Issue.record("soft", severity: .warning)  // expect: language
  try Test.cancel("not today")  // expect: language
  Issue.record("hard")
}

@Test(arguments: [1, 2]) func captures(_ value: Int) async {
  #if os(macOS) || os(Linux) || os(Windows)
    await #expect(processExitsWith: .failure) { [value] in  // expect: language
      precondition(value > 2)
    }
    await #expect(
      processExitsWith: .failure,
      performing: {
        [value = value as Int] in  // expect: language
        precondition(value > 2)
      })
    await #expect(processExitsWith: .success) { [1, 2].forEach { precondition($0 > 0) } }
    #if compiler(>=6.3)
      await #expect(processExitsWith: .failure) { [value] in precondition(value > 2) }
      Issue.record("soft", severity: .warning)
      weak let owner = Owner()
    #else
      await #expect(processExitsWith: .failure) { precondition(false) }
    #endif
  #endif
}
"""


def self_test() -> int:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        (root / "Sources" / "Library").mkdir(parents=True)
        (root / "Tests" / "LibraryTests").mkdir(parents=True)
        (root / "Package.swift").write_text(SELF_TEST_MANIFEST)
        (root / "Sources" / "Library" / "Loader.swift").write_text(SELF_TEST_LIBRARY)
        for name, text in (("Harness", SELF_TEST_HARNESS), ("Glue", SELF_TEST_GLUE)):
            (root / "Sources" / name).mkdir(parents=True)
            (root / "Sources" / name / f"{name}.swift").write_text(text)
        test_file = root / "Tests" / "LibraryTests" / "Violations.swift"
        test_file.write_text(SELF_TEST_FILE)
        checker = Checker(root, swift_files(root), use_index=False)
        reports = checker.run()
        manifest_lines = SELF_TEST_MANIFEST.split("\n")
        expected = {("Package.swift", manifest_lines.index('    .executableTarget(name: "Playgrounds"),') + 1,
                     "module-name"),
                    ("Package.swift", next(n for n, line in enumerate(manifest_lines, start=1) if '"tool"' in line),
                     "test-link")}
        for number, text in enumerate(SELF_TEST_FILE.split("\n"), start=1):
            found = re.search(r"// expect: ([\w-]+)", text)
            if found:
                expected.add(("Tests/LibraryTests/Violations.swift", number, found.group(1)))
        got = {(r.path, r.line, r.rule) for r in reports}
        missed, extra = expected - got, got - expected
        for path, line, rule in sorted(missed):
            print(f"apple-check self-test: MISSED {path}:{line}: {rule}", file=sys.stderr)
        for report in reports:
            if (report.path, report.line, report.rule) in extra:
                print(f"apple-check self-test: FALSE ALARM {report}", file=sys.stderr)
        # The index path: a file compiled here, where only the compiler can tell `attoseconds` the property
        # (macOS 15) from `attoseconds` the label of `Duration.components`'s tuple.
        indexed = root / "Indexed.swift"
        indexed.write_text("public func f(_ d: Duration) -> Int64 {\n"
                           "  let label = d.components.attoseconds\n"
                           "  let property = d.attoseconds\n"
                           "  return label + Int64(property)\n}\n")
        store = root / "store"
        subprocess.run(["swiftc", "-parse-as-library", "-c", "-o", os.devnull, "-module-name", "Indexed",
                        "-index-store-path", str(store), str(indexed)], check=True)
        index_checker = Checker(root, [indexed], use_index=False)
        index = Index(store)
        source = index_checker.sources[indexed]
        index_checker.check_indexed(source, index.occurrences(str(indexed)) or [], {},
                                    index_checker.external_flagged_by_symbol())
        lines = sorted(r.line for r in index_checker.reports if r.rule == "availability")
        index_ok = lines == [3]
        if not index_ok:
            print(f"apple-check self-test: the index path reported lines {lines}, expected [3]", file=sys.stderr)
        if missed or extra or not index_ok:
            return 1
        kinds = len({rule for _, _, rule in expected})
        print(f"apple-check self-test: {len(expected)} violations of {kinds} kinds found, no false alarm; "
              "the index tells a property from a tuple label")
        return 0


def main(arguments: list[str]) -> int:
    if arguments[:1] == ["--self-test"]:
        return self_test()
    if arguments[:1] == ["--names"]:
        files = [Path(a).resolve() for a in arguments[1:]]
        checker = Checker(ROOT, files, use_index=False)
    else:
        checker = Checker(ROOT, swift_files(ROOT), use_index=True)
    reports = checker.run()
    for report in reports:
        print(report)
    if reports:
        print(f"apple-check: {len(reports)} problem(s) for Apple platforms (see the header of .ci/apple-check.py)",
              file=sys.stderr)
        return 1
    print(f"apple-check: {len(checker.files)} files, no problem for Apple platforms "
          f"(floor: {', '.join(f'{p} {show(v)}' for p, v in checker.floor.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
