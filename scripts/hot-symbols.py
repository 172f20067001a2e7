#!/usr/bin/env python3
"""Writes scripts/hot-symbols.txt: the functions of the release binary that
run in a cold `list-fonts` (and a warm one, and `scale`), for the linker's
--symbol-ordering-file (Makefile, RELEASE_FLAGS).

Why: the kernel maps a binary's code 64 KiB around each page a process
touches. Scattered through 9 MiB of code (the static Swift runtime and
typefit), the few hundred KiB a listing runs kept 5.9 MiB of code resident,
a third of its peak memory; laid out together they take a fraction of that,
and every other command keeps its code where it was.

The list is a profile, like any ordering file: names the code no longer has
are skipped by the linker, new functions simply stay where they fall. Run
after large changes:

    make release && python3 scripts/hot-symbols.py .build/release/typefit
    rm .build/release/typefit && make release   # SwiftPM does not see the list change

Needs valgrind (callgrind counts which functions run, whatever the
machine's speed). The names stay mangled (the linker matches them as the
object files spell them).
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = [
    ["list-fonts", "--format", "json", "--no-cache"],
    ["list-fonts", "--format", "json"],
    ["scale", "--format", "json"],
]


def functions(binary, arguments):
    """The binary's own functions that ran, in the order callgrind first
    names them."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
                        binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        objects, names, found = {}, {}, []
        current = None
        target = os.path.realpath(binary)
        with open(out, errors="replace") as profile:
            for line in profile:
                line = line.rstrip("\n")
                match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
                if match:
                    if match.group(3):
                        objects[match.group(2)] = os.path.realpath(match.group(3))
                    if match.group(1) == "ob":
                        current = objects.get(match.group(2))
                    continue
                match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
                if match:
                    if match.group(3):
                        names[match.group(2)] = match.group(3)
                    name = names.get(match.group(2))
                    if match.group(1) == "fn" and current == target and name and not name.startswith("0x"):
                        # callgrind marks recursion depth with 'N.
                        found.append(re.sub(r"'\d+$", "", name))
        return found


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "typefit")
    ordered, seen = [], set()
    for arguments in RUNS:
        for name in functions(binary, arguments):
            if name not in seen:
                seen.add(name)
                ordered.append(name)
    path = os.path.join(ROOT, "scripts", "hot-symbols.txt")
    with open(path, "w") as out:
        out.write("\n".join(ordered) + "\n")
    print(f"{path}: {len(ordered)} functions")


if __name__ == "__main__":
    main()
