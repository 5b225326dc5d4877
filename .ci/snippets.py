#!/usr/bin/env python3
"""Checks the code in the documentation: every ```swift fence compiles, every ```marble fence is run by a test.

Where fences are read: README.md and CONTRIBUTING.md, the DocC articles (Sources/*/*.docc/**/*.md) and the
`///` doc comments of every Sources/**/*.swift. CONTRIBUTING.md ("Code in the documentation") is the user's
guide; in short:

- ```swift            compiled: Swift 6 mode, warnings as errors, against the package's built modules. Each
                      fence is its own `main.swift` (top-level code runs on the main actor; `await` and
                      `try` work), importing the module its documentation belongs to (and what that
                      module's users import with it); README/CONTRIBUTING import every library. A
                      module no product exports (SplashCheck: its users are this package's targets)
                      compiles its snippets as one of those targets, with the package name SwiftPM built it
                      with (from the build's manifest), so they may use its `package` declarations.
- <!-- setup ... -->   an HTML comment right above a swift fence holds hidden lines (DocC does not render
                      HTML comments): they are compiled before the fence's code, or around it when one of
                      them is `// snippet` (the fence's code goes there); a line `// previous snippet`
                      stands for the previous swift fence of the page (or file), its setup included.
- ```swift manifest   a whole Package.swift for a package that depends on this one: `swift package
                      dump-package` reads it as written, and `swift package show-dependencies` resolves it
                      with its commented `.package(path: …)` line in place of `.package(url: …)`, the path
                      leading to this repository (so every product it names must exist here).
- SwiftUI             a ```swift fence that imports SwiftUI (or sits in IntroUI's sources) is compiled as a
                      library file (`@main` allowed) against .ci/swiftui/SwiftUI.swift, a module of the
                      SwiftUI declarations our code uses, and against IntroUI built on it (IntroUI's own
                      sources are type-checked first, warnings as errors); its imports are its own when its
                      code writes any, else SwiftUI, Intro and IntroUI (and its setup's). Every declaration of
                      that module must be used by IntroUI or by a snippet.
- ```swift-uncompiled not compiled (UIKit, third-party SDKs); each such fence is listed, with a
                      fingerprint of its code, in .ci/uncompiled-snippets.txt, and the list must match.
- ```marble NAME      a diagram run by a test: NAME is unique, and a test file that reads diagrams
                      with `DocDiagram(` (which extracts the fence at test time and runs it) quotes
                      "NAME".
- any other fence     (sh, text, json, …) is left alone.

Usage:
  python3 .ci/snippets.py [--modules DIR] [--jobs N] [--keep DIR]   the check (exit status 1 on a failure)
  python3 .ci/snippets.py --list-uncompiled                         prints the list the fences call for
  python3 .ci/snippets.py --self-test [--modules DIR]               shows the check catches broken docs
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LIBRARIES = ["Signals", "SignalsTesting", "SignalsFoundation", "Intro", "IntroTesting"]
# What a snippet in a module's documentation imports: the module and what its users import with it.
IMPORTS = {
    "Signals": ["Signals"],
    "SignalsTesting": ["Signals", "SignalsTesting"],
    "SignalsFoundation": ["Foundation", "Signals", "SignalsFoundation"],
    "Intro": ["Signals", "Intro"],
    "IntroTesting": ["Signals", "SignalsTesting", "Intro", "IntroTesting"],
    "IntroUI": ["SwiftUI", "Intro", "IntroUI"],
    "SplashCheck": ["SplashCheck"],
}
# Modules that no product exports: their only users are this package's targets, so their snippets compile as
# one of those, with the package name SwiftPM built them with, and may use `package` declarations.
PACKAGE_ONLY = {"SplashCheck"}
# Swift Testing is imported too where a snippet uses it (importing it costs more than the rest).
USES_TESTING = re.compile(r"#expect\b|#require\b|@Test\b|@Suite\b")
UNCOMPILED_LIST = ".ci/uncompiled-snippets.txt"
SWIFTUI_INTERFACE = ".ci/swiftui/SwiftUI.swift"
SWIFTUI_IMPORTS = ["SwiftUI", "Intro", "IntroUI"]
IMPORT_LINE = re.compile(r"^\s*(@testable\s+)?import\s+\w+")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")
MARBLE_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SNIPPET_MARKER = "// snippet"
PREVIOUS_MARKER = "// previous snippet"


@dataclasses.dataclass
class Fence:
    """One fenced code block of the documentation."""

    path: str  # relative to the repository root
    line: int  # 1-based line of the opening fence in `path`
    language: str
    arguments: list[str]
    code: list[tuple[int, str]]  # (line in `path`, text)
    setup: list[tuple[int, str]] | None  # the hidden lines of a `<!-- setup` comment right above
    module: str | None  # the module whose documentation holds it; None: the repository's own pages
    previous: Fence | None = None  # the swift fence before it on the same page or in the same file

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def fingerprint(self) -> str:
        text = "\n".join(line for _, line in self.code)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


# MARK: Reading the documentation


def doc_comment_lines(text: str) -> list[list[tuple[int, str]]]:
    """The `///` comment runs of a Swift file, each as (line number, text after `///` and one space)."""
    runs: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        if stripped.startswith("///"):
            body = stripped[3:]
            current.append((number, body[1:] if body.startswith(" ") else body))
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def fences_in(lines: list[tuple[int, str]], path: str, module: str | None) -> tuple[list[Fence], list[str]]:
    """The fences of a run of Markdown lines, and the problems found reading them."""
    fences: list[Fence] = []
    problems: list[str] = []
    index = 0
    while index < len(lines):
        number, text = lines[index]
        match = FENCE.match(text)
        if not match:
            index += 1
            continue
        marker, info = match.group("fence"), match.group("info").split()
        body: list[tuple[int, str]] = []
        end = index + 1
        closed = False
        while end < len(lines):
            inner = FENCE.match(lines[end][1])
            if inner and not inner.group("info") and inner.group("fence").startswith(marker[0] * len(marker)):
                closed = True
                break
            body.append(lines[end])
            end += 1
        if not closed:
            problems.append(f"{path}:{number}: a code fence is never closed")
            break
        indent = len(match.group("indent"))
        body = [(n, line[indent:] if line[:indent].strip() == "" else line.lstrip()) for n, line in body]
        fences.append(
            Fence(
                path=path,
                line=number,
                language=info[0] if info else "",
                arguments=info[1:],
                code=body,
                setup=_setup_above(lines, index),
                module=module,
            )
        )
        index = end + 1
    return fences, problems


def _setup_above(lines: list[tuple[int, str]], index: int) -> list[tuple[int, str]] | None:
    """The hidden lines of a `<!-- setup` … `-->` comment that ends on the line right above `index`."""
    if index == 0 or lines[index - 1][1].strip() != "-->":
        return None
    start = index - 2
    while start >= 0 and lines[start][1].strip() != "<!-- setup":
        if "<!--" in lines[start][1] or "-->" in lines[start][1]:
            return None
        start -= 1
    if start < 0:
        return None
    return lines[start + 1 : index - 1]


def module_of(path: Path, root: Path) -> str | None:
    parts = path.relative_to(root).parts
    if len(parts) > 1 and parts[0] == "Sources":
        return parts[1] if parts[1] in IMPORTS else None
    return None


def collect(root: Path) -> tuple[list[Fence], list[str]]:
    """Every fence of the repository's documentation, and the problems found reading them."""
    fences: list[Fence] = []
    problems: list[str] = []
    pages = [root / name for name in ("README.md", "CONTRIBUTING.md") if (root / name).exists()]
    pages += sorted((root / "Sources").glob("*/*.docc/**/*.md"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        lines = list(enumerate(text.splitlines(), start=1))
        found, trouble = fences_in(lines, str(page.relative_to(root)), module_of(page, root))
        fences += found
        problems += trouble
    for source in sorted((root / "Sources").rglob("*.swift")):
        text = source.read_text(encoding="utf-8")
        for run in doc_comment_lines(text):
            found, trouble = fences_in(run, str(source.relative_to(root)), module_of(source, root))
            fences += found
            problems += trouble
    previous: dict[str, Fence] = {}
    for fence in fences:
        if is_compiled(fence):
            fence.previous = previous.get(fence.path)
            previous[fence.path] = fence
    return fences, problems


# MARK: Compiling the swift fences


def is_compiled(fence: Fence) -> bool:
    return fence.language == "swift" and fence.arguments != ["manifest"]


@dataclasses.dataclass
class Program:
    fence: Fence
    text: str
    origins: list[str]  # for each line of `text`, where it comes from
    in_package: bool = False  # compiled as a target of this package (a PACKAGE_ONLY module's snippet)


def is_swiftui(fence: Fence) -> bool:
    """A compiled fence in IntroUI's documentation, or one that imports SwiftUI (in its code or setup, or in
    the previous snippet its setup includes)."""
    if not is_compiled(fence):
        return False
    return fence.module == "IntroUI" or any(text.strip() == "import SwiftUI" for text, _ in expanded(fence))


def program(fence: Fence) -> Program:
    imports = IMPORTS[fence.module] if fence.module else LIBRARIES
    body = expanded(fence)
    if is_swiftui(fence):
        # A whole file writes its imports, and gets only those; a fragment gets SwiftUI, Intro and IntroUI.
        imports = [] if any(IMPORT_LINE.match(text) for _, text in fence.code) else SWIFTUI_IMPORTS
    if any(USES_TESTING.search(text) for text, _ in body):
        imports = imports + ["Testing"]
    lines: list[tuple[str, str]] = [(f"import {name}", "(implicit import)") for name in imports]
    lines += body
    text = "\n".join(text for text, _ in lines) + "\n"
    return Program(fence, text, [origin for _, origin in lines], in_package=fence.module in PACKAGE_ONLY)


def expanded(fence: Fence) -> list[tuple[str, str]]:
    """The fence's code with its setup lines, each with where it comes from."""
    code = [(text, f"{fence.path}:{number}") for number, text in fence.code]
    lines: list[tuple[str, str]] = []
    setup = fence.setup or []
    for number, text in setup:
        indent = text[: len(text) - len(text.lstrip())]
        if text.strip() == SNIPPET_MARKER:
            lines += [(indent + line if line else line, where) for line, where in code]
        elif text.strip() == PREVIOUS_MARKER and fence.previous:
            lines += [(indent + line if line else line, where) for line, where in expanded(fence.previous)]
        else:
            lines.append((text, f"{fence.path}:{number} (setup)"))
    if not any(text.strip() == SNIPPET_MARKER for _, text in setup):
        lines += code
    return lines


# Programs already typechecked (their text and modules), with their diagnostics: the self-test checks the
# same good snippets many times.
_compiled: dict[tuple[str, str], tuple[int, str]] = {}


def compile_program(item: Program, directory: Path, modules: Path, swiftui: Path | None = None) -> str | None:
    """Typechecks one program; returns its diagnostics, mapped to the documentation's lines, on failure."""
    library = is_swiftui(item.fence)
    if library and swiftui is None:
        return "the SwiftUI interface module did not build (see the problem reported for it)"
    flags: list[str] = []
    if item.in_package:
        name = package_name(modules, item.fence.module or "")
        if name is None:
            return f"no -package-name for {item.fence.module} in {build_manifest(modules)}: built by `swift build`?"
        flags = ["-package-name", name]
    key = (item.text, str(modules), str(swiftui) if library else "", " ".join(flags))
    if key not in _compiled:
        _compiled[key] = _typecheck(item.text, directory, modules, swiftui if library else None, flags)
    status, output = _compiled[key]
    if status == 0:
        return None
    source = directory / "main.swift"

    def origin(match: re.Match[str]) -> str:
        line = int(match.group(1))
        where = item.origins[line - 1] if 0 < line <= len(item.origins) else f"line {line}"
        return f"{where}:{match.group(2)}:"

    mapped = re.sub(r"\S*main\.swift:(\d+):(\d+):", origin, output)
    return mapped.strip() or f"swiftc exited with status {status}"


def build_manifest(modules: Path) -> Path:
    """The llbuild manifest `swift build` wrote for the build whose modules are in `modules`
    (`.build/<triple>/<configuration>/Modules` -> `.build/<configuration>.yaml`)."""
    return modules.parent.parent.parent / f"{modules.parent.name}.yaml"


def package_name(modules: Path, module: str) -> str | None:
    """The `-package-name` SwiftPM compiled `module` with (the package's identity: its folder's name, so a
    clone and a worktree differ), read from the build's manifest."""
    try:
        manifest = build_manifest(modules).read_text(encoding="utf-8")
    except OSError:
        return None
    for line in manifest.splitlines():
        if f'"-module-name","{module}"' in line and (match := re.search(r'"-package-name","([^"]+)"', line)):
            return match.group(1)
    return None


def _typecheck(
    text: str, directory: Path, modules: Path, swiftui: Path | None = None, flags: list[str] | None = None
) -> tuple[int, str]:
    directory.mkdir(parents=True, exist_ok=True)
    source = directory / "main.swift"
    source.write_text(text, encoding="utf-8")
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-diagnostic-style", "llvm"]
    command += flags or []
    if swiftui is not None:
        # A library file (declarations, `@main`), against the SwiftUI interface and IntroUI built on it first.
        command += ["-parse-as-library", "-I", str(swiftui)]
    command += ["-I", str(modules), str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def build_swiftui(root: Path, modules: Path, scratch: Path) -> tuple[Path | None, list[str]]:
    """Builds the SwiftUI interface module, then IntroUI against it (warnings as errors): the directory holding
    both modules, and the problems found (IntroUI's diagnostics name its own lines)."""
    out = scratch / "swiftui-modules"
    out.mkdir(parents=True, exist_ok=True)
    base = ["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-diagnostic-style", "llvm"]
    interface = root / SWIFTUI_INTERFACE
    result = subprocess.run(
        base + ["-module-name", "SwiftUI", str(interface), "-emit-module-path", str(out / "SwiftUI.swiftmodule")],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        return None, [f"{SWIFTUI_INTERFACE}: the SwiftUI interface module does not build:\n{(result.stdout + result.stderr).strip()}"]
    sources = sorted(str(path) for path in (root / "Sources/IntroUI").glob("*.swift"))
    if not sources:
        return out, []
    result = subprocess.run(
        base + ["-warnings-as-errors", "-module-name", "IntroUI", "-I", str(out), "-I", str(modules)] + sources
        + ["-emit-module-path", str(out / "IntroUI.swiftmodule")],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip().replace(str(root) + "/", "")
        return None, [f"Sources/IntroUI does not type-check against {SWIFTUI_INTERFACE}:\n{output}"]
    return out, []


DECLARATION = re.compile(
    r"^\s*(?:(?:@\w+(?:\([^)]*\))?|public|nonisolated|static|mutating)\s+)*(?:func|var|let|struct|enum|protocol|case)\s+(\w+)"
)
# Names the interface needs only to state what is used (return and parameter types, builder entry points,
# the protocols' own requirements): not themselves called by our code.
STRUCTURAL = {
    "View", "Body", "body", "Content", "value", "content", "modifier", "rawValue", "main", "buildBlock",
    "buildIf", "buildEither", "buildExpression", "TupleView", "EmptyView", "_ConditionalContent", "ViewBuilder",
    "SceneBuilder", "_ViewModifier_Content", "ModifiedContent", "AccessibilityAttachmentModifier",
    "DynamicProperty", "SafeAreaRegions", "Set", "all", "top", "leading", "bottom", "trailing", "Alignment",
    "Shape", "wrappedValue", "EnvironmentValues", "background", "inactive", "active", "Scene", "Edge",
    "HorizontalAlignment", "VerticalAlignment", "center", "AnyTransition", "Animation", "ScenePhase",
    # Default arguments and the types of constraints and properties, which calls name only as `.default`…
    "default", "EdgeInsets", "ResizingMode", "stretch", "UnitPoint", "NavigationPath", "ShapeStyle",
    "ButtonStyleConfiguration", "Configuration", "Label", "Font", "Weight", "KeyboardShortcut",
    "AccessibilityActionKind",
}


def check_swiftui_declarations(root: Path, fences: list[Fence]) -> list[str]:
    """Every declaration of the SwiftUI interface module is used by IntroUI or by a SwiftUI snippet."""
    interface = root / SWIFTUI_INTERFACE
    if not interface.exists():
        return []
    used = "\n".join(path.read_text(encoding="utf-8") for path in (root / "Sources/IntroUI").glob("*.swift"))
    used += "\n".join(program(fence).text for fence in fences if is_swiftui(fence))
    used = re.sub(r"//.*", "", used)  # code, not the words of its comments
    problems = []
    for number, line in enumerate(interface.read_text(encoding="utf-8").splitlines(), start=1):
        match = DECLARATION.match(line)
        if match and match[1] not in STRUCTURAL and not re.search(rf"\b{re.escape(match[1])}\b", used):
            problems.append(
                f"{SWIFTUI_INTERFACE}:{number}: '{match[1]}' is declared but neither IntroUI nor a SwiftUI snippet uses it"
            )
    return problems


def check_swift(fences: list[Fence], modules: Path, jobs: int, keep: Path | None, root: Path | None = None) -> list[str]:
    programs = [program(fence) for fence in fences if is_compiled(fence)]
    scratch = keep or Path(tempfile.mkdtemp(prefix="snippets-"))
    failures: list[str] = []
    swiftui: Path | None = None
    if root is not None and (root / SWIFTUI_INTERFACE).exists():
        swiftui, problems = build_swiftui(root, modules, scratch)
        failures += problems
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            results = pool.map(
                lambda pair: compile_program(pair[1], scratch / f"{pair[0]:03}", modules, swiftui), enumerate(programs)
            )
            for item, failure in zip(programs, results):
                if failure:
                    failures.append(f"{item.fence.where}: this swift snippet does not compile:\n{failure}")
    finally:
        if keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    return failures


# MARK: The other checks


PATH_DEPENDENCY = re.compile(r"^\s*//.*?(?P<call>\.package\(path:\s*\"(?P<path>[^\"]+)\"\s*\)),?")
URL_DEPENDENCY = re.compile(r"^\s*\.package\(url:")
TARGET = re.compile(r"\.(?P<kind>target|testTarget|executableTarget)\(\s*name:\s*\"(?P<name>[^\"]+)\"")


def check_manifests(fences: list[Fence], root: Path) -> list[str]:
    """Each `swift manifest` fence, read by SwiftPM as written and resolved against this repository."""
    problems = []
    for fence in (f for f in fences if f.language == "swift" and f.arguments == ["manifest"]):
        code = [text for _, text in fence.code]
        paths = [m for m in map(PATH_DEPENDENCY.match, code) if m]
        if len(paths) != 1 or not any(URL_DEPENDENCY.match(line) for line in code):
            problems.append(
                f"{fence.where}: a manifest fence needs one `.package(url: …)` line and one commented "
                "`.package(path: …)` line"
            )
            continue
        with tempfile.TemporaryDirectory(prefix="snippets-manifest-") as scratch:
            package = Path(scratch) / "App"
            for match in TARGET.finditer("\n".join(code)):
                folder = package / ("Tests" if match["kind"] == "testTarget" else "Sources") / match["name"]
                folder.mkdir(parents=True, exist_ok=True)
                (folder / "Placeholder.swift").write_text("let placeholder = 0\n", encoding="utf-8")
            package.mkdir(exist_ok=True)
            checkout = (package / paths[0]["path"]).resolve()
            if not checkout.is_relative_to(Path(scratch).resolve()) or checkout == package.resolve():
                problems.append(f"{fence.where}: the `.package(path:)` line must name a sibling folder, as ../Signals")
                continue
            checkout.parent.mkdir(parents=True, exist_ok=True)
            checkout.symlink_to(root, target_is_directory=True)
            local = [paths[0]["call"] + "," if URL_DEPENDENCY.match(line) else line for line in code]
            for form, lines, command in (
                ("as written", code, "dump-package"),
                (f"with {paths[0]['call']}", local, "show-dependencies"),
            ):
                (package / "Package.swift").write_text("\n".join(lines) + "\n", encoding="utf-8")
                result = subprocess.run(
                    ["swift", "package", "--scratch-path", str(Path(scratch) / "build"), command],
                    cwd=package, capture_output=True, text=True,
                )
                if result.returncode != 0:
                    output = (result.stderr or result.stdout).strip()
                    problems.append(f"{fence.where}: this manifest fails `swift package {command}` {form}:\n{output}")
    return problems


def uncompiled_entries(fences: list[Fence]) -> list[str]:
    return sorted(f"{f.path} {f.fingerprint}" for f in fences if f.language == "swift-uncompiled")


def check_uncompiled(fences: list[Fence], root: Path) -> list[str]:
    listed_file = root / UNCOMPILED_LIST
    listed = []
    if listed_file.exists():
        for line in listed_file.read_text(encoding="utf-8").splitlines():
            entry = line.split("#", 1)[0].split()
            if entry:
                listed.append(" ".join(entry[:2]))
    expected = uncompiled_entries(fences)
    problems = []
    for entry in sorted(set(expected) | set(listed)):
        have, want = listed.count(entry), expected.count(entry)
        if want > have:
            problems.append(f"{entry}: a swift-uncompiled fence not listed in {UNCOMPILED_LIST}")
        elif have > want:
            problems.append(f"{entry}: listed in {UNCOMPILED_LIST}, but no swift-uncompiled fence has this code")
    if problems:
        problems.append(f"(`python3 .ci/snippets.py --list-uncompiled` prints the list the fences call for)")
    return problems


def check_marbles(fences: list[Fence], root: Path) -> list[str]:
    # The test files that read diagrams, and the names they quote (a parameterized test passes its names as
    # arguments).
    tests = [path.read_text(encoding="utf-8") for path in sorted((root / "Tests").rglob("*.swift"))]
    diagram_tests = [text for text in tests if re.search(r"\bDocDiagram\(", text)]
    problems = []
    seen: dict[str, str] = {}
    for fence in (f for f in fences if f.language == "marble"):
        if len(fence.arguments) != 1 or not MARBLE_NAME.match(fence.arguments[0]):
            problems.append(f"{fence.where}: a marble fence needs one name on its line: ```marble some-name")
            continue
        name = fence.arguments[0]
        if name in seen:
            problems.append(f"{fence.where}: marble name {name!r} is also used at {seen[name]}")
        seen[name] = fence.where
        if not any(f'"{name}"' in text for text in diagram_tests):
            problems.append(f'{fence.where}: no test runs marble diagram {name!r} (DocDiagram("{name}", …))')
    return problems


def check(root: Path, modules: Path, jobs: int, keep: Path | None = None, quiet: bool = False) -> list[str]:
    fences, problems = collect(root)
    problems += check_uncompiled(fences, root)
    problems += check_marbles(fences, root)
    problems += check_manifests(fences, root)
    problems += check_swiftui_declarations(root, fences)
    problems += check_swift(fences, modules, jobs, keep, root)
    if not quiet:
        counts = {lang: sum(f.language == lang for f in fences) for lang in ("swift-uncompiled", "marble")}
        compiled = sum(map(is_compiled, fences))
        swiftui = sum(map(is_swiftui, fences))
        manifests = sum(f.language == "swift" and not is_compiled(f) for f in fences)
        print(
            f"snippets: {compiled} swift fences compiled ({swiftui} SwiftUI ones, with IntroUI, against "
            f"{SWIFTUI_INTERFACE}), {manifests} package manifest(s) resolved, "
            f"{counts['swift-uncompiled']} listed as uncompiled, {counts['marble']} marble fences checked for a test"
        )
    return problems


# MARK: Self-test


def self_test(modules: Path, jobs: int) -> list[str]:
    """Builds a small repository with good and broken documentation and checks that only the broken parts fail."""
    failures = []
    with tempfile.TemporaryDirectory(prefix="snippets-self-test-") as scratch:
        root = Path(scratch)
        (root / "Sources/Signals/Signals.docc").mkdir(parents=True)
        (root / "Tests/SignalsTests").mkdir(parents=True)
        (root / ".ci").mkdir()

        def write(relative: str, text: str) -> None:
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")

        good_article = "\n".join(
            [
                "# Good",
                "",
                "<!-- setup",
                "let subject = PassthroughSignal<Int, Never>()",
                "-->",
                "```swift",
                "let doubled = subject.map { $0 * 2 }",
                "```",
                "",
                "```swift-uncompiled",
                "import SwiftUI",
                "```",
                "",
                "```sh",
                "this is not swift",
                "```",
                "",
            ]
        )
        good_source = "\n".join(
            [
                "/// Wrapped in a function by its setup:",
                "///",
                "/// <!-- setup",
                "/// func example(scheduler: some SignalScheduler) {",
                "///   // snippet",
                "/// }",
                "/// -->",
                "/// ```swift",
                "/// let timer = TimerSignal(every: .seconds(1), on: scheduler)",
                "/// _ = timer",
                "/// ```",
                "///",
                "/// ```marble good-diagram",
                "/// upstream: -a|",
                "/// ```",
                "public let good = 1",
                "",
            ]
        )
        write(
            "Package.swift",
            "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
            '  name: "Signals", products: [.library(name: "Signals", targets: ["Signals"])],\n'
            '  targets: [.target(name: "Signals")]\n)\n',
        )
        write("Sources/Signals/Signals.docc/Good.md", good_article)
        write("Sources/Signals/Good.swift", good_source)
        # A module no product exports: its snippets see its `package` declarations (a library's do not, below).
        package_snippet = (
            "/// ```swift\n"
            '/// let report = SplashCheck.check(SplashCheckOptions(directory: "/", introBackground: "Bg"))\n'
            "/// print(report.exitCode)\n/// ```\n"
        )
        write("Sources/SplashCheck/Good.swift", package_snippet + "package enum Good {}\n")
        write("Tests/SignalsTests/GoodTests.swift", 'let d = try DocDiagram("good-diagram", in: "x")\n')
        write(UNCOMPILED_LIST, "Sources/Signals/Signals.docc/Good.md " + _fingerprint(["import SwiftUI"]) + "\n")
        if problems := check(root, modules, jobs, quiet=True):
            failures.append("good documentation was refused:\n" + "\n".join(problems))

        broken = {
            "an undeclared name": (
                "Sources/Signals/Broken.swift",
                "/// ```swift\n/// let x = mainScheduler.now\n/// ```\npublic let broken = 1\n",
                "Sources/Signals/Broken.swift:2:",
            ),
            "a captured var mutated in a @Sendable closure": (
                "Sources/Signals/Signals.docc/Broken.md",
                "```swift\nvar fired = false\nlet action = ImmediateSignalScheduler().schedule { fired = true }\n```\n",
                "Sources/Signals/Signals.docc/Broken.md:3:",
            ),
            "a package declaration in a library's snippet (its users cannot call it)": (
                "Sources/Signals/Broken.swift",
                package_snippet.replace("```swift\n", "```swift\n/// import SplashCheck\n") + "public let broken = 1\n",
                "cannot find 'SplashCheckOptions' in scope",
            ),
            "a warning (an unused value in a setup function)": (
                "Sources/Signals/Broken.swift",
                "/// <!-- setup\n/// func f() {\n/// // snippet\n/// }\n/// -->\n/// ```swift\n"
                "/// let unused = JustSignal(1)\n/// ```\npublic let broken = 1\n",
                "Sources/Signals/Broken.swift:7:",
            ),
            "an unlisted swift-uncompiled fence": (
                "Sources/Signals/Signals.docc/Broken.md",
                "```swift-uncompiled\nimport UIKit\n```\n",
                "not listed in",
            ),
            "a manifest naming a product this package does not have": (
                "Sources/Signals/Signals.docc/Broken.md",
                "```swift manifest\n// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
                '  name: "App",\n  dependencies: [\n'
                '    .package(url: "https://example.com/Signals.git", from: "0.1.0"),\n'
                '    // or: .package(path: "../Signals"),\n  ],\n'
                '  targets: [.target(name: "App", dependencies: [.product(name: "Missing", package: "Signals")])]\n'
                ")\n```\n",
                "fails `swift package show-dependencies` with .package(path:",
            ),
            "a marble fence without a name": (
                "Sources/Signals/Broken.swift",
                "/// ```marble\n/// upstream: -a|\n/// ```\npublic let broken = 1\n",
                "needs one name",
            ),
            "a marble fence that no test runs": (
                "Sources/Signals/Broken.swift",
                "/// ```marble lonely-diagram\n/// upstream: -a|\n/// ```\npublic let broken = 1\n",
                "no test runs marble diagram 'lonely-diagram'",
            ),
        }
        for what, (relative, text, expected) in broken.items():
            write(relative, text)
            problems = check(root, modules, jobs, quiet=True)
            (root / relative).unlink()
            if not any(expected in problem for problem in problems):
                failures.append(f"{what} was not caught (expected {expected!r}); got: {problems}")
            elif len(problems) > 1 and what != "an unlisted swift-uncompiled fence":
                failures.append(f"{what}: more than the one problem was reported: {problems}")
        failures += swiftui_self_test(root, modules, jobs, write)
        failures += three_intros_self_test(root, modules, jobs, write)
        (root / UNCOMPILED_LIST).unlink()
        if not any("not listed in" in p for p in check(root, modules, jobs, quiet=True)):
            failures.append("a missing uncompiled list was not caught")
        write(UNCOMPILED_LIST, "Sources/Signals/Signals.docc/Good.md 000000000000\n")
        if not any("no swift-uncompiled fence has this code" in p for p in check(root, modules, jobs, quiet=True)):
            failures.append("a stale entry of the uncompiled list was not caught")
    return failures


def swiftui_self_test(root: Path, modules: Path, jobs: int, write) -> list[str]:
    """A small SwiftUI interface, an IntroUI and a SwiftUI snippet that are fine; then a broken signature in
    each of them, and a declaration nobody uses: each must be caught, and only it."""
    failures = []
    interface = "\n".join(
        [
            "@MainActor @preconcurrency public protocol View {",
            "  associatedtype Body: View",
            "  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }",
            "}",
            "extension Never: View { public var body: Never { fatalError() } }",
            "@resultBuilder public struct ViewBuilder {",
            "  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }",
            "}",
            "public struct Color: View {",
            "  nonisolated public init(_ name: String) {}",
            "  public var body: Never { fatalError() }",
            "}",
            "extension View { nonisolated public func zIndex(_ value: Double) -> some View { self } }",
            "",
        ]
    )
    intro_ui = "#if canImport(SwiftUI)\n  import SwiftUI\n\n  extension View {\n    public func above() -> some View { zIndex(1) }\n  }\n#endif\n"
    (root / ".ci/swiftui").mkdir(parents=True, exist_ok=True)
    (root / "Sources/IntroUI").mkdir(parents=True, exist_ok=True)
    write(SWIFTUI_INTERFACE, interface)
    write("Sources/IntroUI/Above.swift", intro_ui)
    snippet = "```swift\nimport SwiftUI\n\nstruct Launch: View {\n  var body: some View { Color(\"Launch\").zIndex({}) }\n}\n```\n"
    write("Sources/Signals/Signals.docc/SwiftUI.md", snippet.replace("{}", "1"))
    if problems := check(root, modules, jobs, quiet=True):
        failures.append("good SwiftUI code was refused:\n" + "\n".join(problems))
    broken = {
        "a SwiftUI snippet calling a modifier with a signature SwiftUI does not have": (
            "Sources/Signals/Signals.docc/SwiftUI.md", snippet.replace("{}", '"front"'),
            "Sources/Signals/Signals.docc/SwiftUI.md:5:",
        ),
        "IntroUI calling a modifier with a signature SwiftUI does not have": (
            "Sources/IntroUI/Above.swift", intro_ui.replace("zIndex(1)", "zIndex(above: 1)"),
            "Sources/IntroUI does not type-check",
        ),
        "a declaration of the SwiftUI interface that nothing uses": (
            SWIFTUI_INTERFACE,
            interface + "extension View {\n  nonisolated public func blur(radius: Double) -> some View { self }\n}\n",
            "'blur' is declared but neither IntroUI nor a SwiftUI snippet uses it",
        ),
    }
    originals = {SWIFTUI_INTERFACE: interface, "Sources/IntroUI/Above.swift": intro_ui,
                 "Sources/Signals/Signals.docc/SwiftUI.md": snippet.replace("{}", "1")}
    for what, (relative, text, expected) in broken.items():
        write(relative, text)
        problems = check(root, modules, jobs, quiet=True)
        write(relative, originals[relative])
        if not any(expected in problem for problem in problems):
            failures.append(f"{what} was not caught (expected {expected!r}); got: {problems}")
    for relative in originals:
        (root / relative).unlink()
    return failures


RECIPES = "Sources/Intro/Intro.docc/Recipes.md"
# A call in each of the three intros' apps (Recipes.md), and the same call with a signature SwiftUI does not
# have: each broken one must fail against the real interface module and IntroUI.
THREE_INTROS = {
    "the animated intro": (".frame(width: 200, height: 200)", ".frame(side: 200)"),
    "the staged splash": (".fontWeight(.bold)", ".fontWeight(700)"),
    "the letter wave": (".intro(intro, transition: .move(edge: .leading), animation: .spring())",
                        ".intro(intro, transition: .move(.leading), animation: .spring())"),
}


def three_intros_self_test(root: Path, modules: Path, jobs: int, write) -> list[str]:
    """The repository's own three intros (Recipes.md), against its own SwiftUI interface and IntroUI: they
    type-check, and a signature broken in any one of them fails at its line."""
    real = Path(__file__).resolve().parent.parent
    originals = {relative: (real / relative).read_text(encoding="utf-8")
                 for relative in [RECIPES, SWIFTUI_INTERFACE] + [str(p.relative_to(real)) for p in (real / "Sources/IntroUI").glob("*.swift")]}
    for relative, text in originals.items():
        write(relative, text)
    failures = []
    if problems := [p for p in check(root, modules, jobs, quiet=True) if RECIPES in p]:
        failures.append("the three intros were refused:\n" + "\n".join(problems))
    for what, (call, broken) in THREE_INTROS.items():
        if originals[RECIPES].count(call) != 1:
            failures.append(f"{what}: {call!r} is not in {RECIPES} once: update THREE_INTROS")
            continue
        write(RECIPES, originals[RECIPES].replace(call, broken))
        problems = check(root, modules, jobs, quiet=True)
        if not any(p.startswith(f"{RECIPES}:") and "does not compile" in p for p in problems):
            failures.append(f"{what} with {broken!r} was not caught; got: {problems}")
    for relative in originals:
        (root / relative).unlink()
    return failures


def _fingerprint(code: list[str]) -> str:
    return hashlib.sha256("\n".join(code).encode()).hexdigest()[:12]


# MARK: Main


def default_modules(root: Path) -> Path:
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()
    return Path(bin_path) / "Modules"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modules", type=Path, help="the built modules (default: swift build --show-bin-path)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="compilers run at once")
    parser.add_argument("--keep", type=Path, help="keep the generated programs in this directory")
    parser.add_argument("--list-uncompiled", action="store_true", help="print the uncompiled list the fences need")
    parser.add_argument("--self-test", action="store_true", help="check that the check catches broken snippets")
    arguments = parser.parse_args()
    root = Path(__file__).resolve().parent.parent

    if arguments.list_uncompiled:
        fences, _ = collect(root)
        for fence in (f for f in fences if f.language == "swift-uncompiled"):
            first = next((text.strip() for _, text in fence.code if text.strip()), "")
            print(f"{fence.path} {fence.fingerprint}  # line {fence.line}: {first}")
        return 0

    modules = arguments.modules or default_modules(root)
    if not (modules / "Signals.swiftmodule").exists():
        print(f"snippets: no built modules in {modules}; run `swift build` first", file=sys.stderr)
        return 1
    if arguments.self_test:
        failures = self_test(modules, arguments.jobs)
        for failure in failures:
            print(f"snippets self-test: {failure}", file=sys.stderr)
        if not failures:
            print(
                "snippets self-test: broken snippets, diagrams and lists, and broken SwiftUI signatures (in a "
                "snippet, in IntroUI) are caught; good ones pass"
            )
        return 1 if failures else 0

    problems = check(root, modules, arguments.jobs, arguments.keep)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"snippets: {len(problems)} problem(s); CONTRIBUTING.md says how snippets are checked", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
