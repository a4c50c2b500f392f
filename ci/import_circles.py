#!/usr/bin/env python3
"""Import circles between the files of each crate (the layout rule "no import circles between
files", issue #26).

Reads every `.rs` file under a crate's `src/`, maps `crate::a::b::item` and `super::item` paths
(in `use` trees and inline in code) to the file that defines the module they name, and prints
every strongly connected component of more than one file. A module's own `mod.rs` naming its
children (`pub use child::X`, `mod child;`) is the parent's business and is not an edge from a
child's point of view; a child reaching back into its parent (`super::x` where `x` is defined in
`mod.rs`) is, so a parent re-exporting a child that uses the parent is a circle.

Usage: ci/import_circles.py [--allow PATH_PREFIX ...]  (from anywhere in the repository)
Exits 1 when a circle is found outside the allowed path prefixes, 0 otherwise.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def crate_roots():
    """(crate source dir, root file) for every crate of the workspace with a src/ folder."""
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in ("target", ".git", "node_modules")]
        if "Cargo.toml" in filenames and os.path.isdir(os.path.join(dirpath, "src")):
            src = os.path.join(dirpath, "src")
            for root_name in ("lib.rs", "main.rs"):
                if os.path.exists(os.path.join(src, root_name)):
                    yield src, root_name
                    break


def strip_comments_and_strings(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text


def expand_use_tree(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"] (aliases and globs dropped)."""
    tree = re.sub(r"\s+as\s+" + IDENT, "", tree)
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, s):
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:i])
                start = i + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0 and part.endswith("}"):
                head = part[:brace].rstrip(":")
                walk(prefix + ([head] if head else []), part[brace + 1 : -1])
            else:
                out.append("::".join(prefix + [part]).rstrip(":*").rstrip(":"))

    walk([], tree)
    return out


def module_files(src, root_name):
    """Module path (tuple) -> file, following the file layout (`a/b.rs` or `a/b/mod.rs`)."""
    mods = {(): os.path.join(src, root_name)}
    for dirpath, _, filenames in os.walk(src):
        rel = os.path.relpath(dirpath, src)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        for name in filenames:
            if not name.endswith(".rs"):
                continue
            if name == "mod.rs":
                mods[parts] = os.path.join(dirpath, name)
            elif parts == () and name in ("lib.rs", "main.rs"):
                continue
            else:
                mods[parts + (name[:-3],)] = os.path.join(dirpath, name)
    return mods


def file_module(mods, path):
    for mod, f in mods.items():
        if f == path:
            return mod
    return None


def resolve(mods, path):
    """The file of the longest module prefix of `path`."""
    for n in range(len(path), -1, -1):
        if tuple(path[:n]) in mods:
            return mods[tuple(path[:n])]
    return None


PATH_RE = re.compile(r"\b((?:crate|super|self)(?:\s*::\s*(?:super|" + IDENT + r"))+)")
USE_RE = re.compile(r"\buse\s+([^;]+);")


def edges_of(mods, path):
    module = file_module(mods, path)
    is_mod_file = os.path.basename(path) in ("mod.rs", "lib.rs", "main.rs")
    # `super` of a file `a/b.rs` is `a`; of `a/b/mod.rs` also `a` (its module is `a::b`).
    text = strip_comments_and_strings(open(path, encoding="utf-8").read())
    paths = []
    for m in USE_RE.finditer(text):
        paths.extend(expand_use_tree(m.group(1)))
    rest = USE_RE.sub(" ", text)
    paths.extend(re.sub(r"\s+", "", m.group(1)) for m in PATH_RE.finditer(rest))
    targets = set()
    for p in paths:
        segs = [s for s in p.split("::") if s]
        if not segs:
            continue
        if segs[0] == "crate":
            base, segs = [], segs[1:]
        elif segs[0] in ("super", "self"):
            base = list(module)
            while segs and segs[0] in ("super", "self"):
                if segs[0] == "super" and base:
                    base.pop()
                segs = segs[1:]
        else:
            # A path relative to the current module (`child::x` in a mod.rs): a parent naming
            # its children is not an edge (see the module doc).
            continue
        target = resolve(mods, base + segs)
        if target and target != path:
            # A parent's own `self::child` reference is the parent naming its child.
            if is_mod_file and os.path.dirname(target).startswith(os.path.dirname(path)) \
                    and p.startswith("self"):
                continue
            targets.add(target)
    return targets


def strongly_connected(graph):
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(100000)
    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def main(argv):
    allow = []
    i = 0
    while i < len(argv):
        if argv[i] == "--allow" and i + 1 < len(argv):
            allow.append(argv[i + 1])
            i += 2
        else:
            sys.exit(__doc__)
    failed = False
    for src, root_name in sorted(crate_roots()):
        mods = module_files(src, root_name)
        graph = {f: edges_of(mods, f) for f in mods.values()}
        for comp in strongly_connected(graph):
            if len(comp) < 2:
                continue
            rel = sorted(os.path.relpath(f, ROOT) for f in comp)
            allowed = all(any(r.startswith(a) for a in allow) for r in rel)
            tag = "allowed" if allowed else "circle"
            failed |= not allowed
            print(f"{tag}: " + " <-> ".join(rel))
            for f in sorted(comp):
                inside = sorted(os.path.relpath(t, ROOT) for t in graph[f] if t in comp)
                print(f"    {os.path.relpath(f, ROOT)} -> {', '.join(inside)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
