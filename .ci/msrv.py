#!/usr/bin/env python3
"""Fail when a locked dependency needs a newer Rust than Cargo.toml claims.

Reads `cargo metadata --format-version 1 --locked` on stdin: the root
package's `rust_version` is the claim; every other package's `rust_version`
(or, lacking one, the minimum of its edition: 2021 -> 1.56, 2024 -> 1.85) must
not exceed it. Prints each offender and exits 1, else prints the claim and the
highest requirement found.
"""
import json
import sys

EDITION_MINIMUM = {"2015": "1.0", "2018": "1.31", "2021": "1.56", "2024": "1.85"}


def version(text):
    parts = [int(x) for x in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    meta = json.load(sys.stdin)
    root_id = (meta.get("resolve") or {}).get("root")
    root = next((p for p in meta["packages"] if p["id"] == root_id), None)
    if root is None or not root.get("rust_version"):
        print("msrv: the root package states no rust-version", file=sys.stderr)
        return 1
    claim = version(root["rust_version"])
    highest, offenders = ("", ""), []
    for p in meta["packages"]:
        if p["id"] == root_id:
            continue
        need = p.get("rust_version") or EDITION_MINIMUM.get(p.get("edition", ""), "1.0")
        if version(need) > version(highest[0] or "0"):
            highest = (need, p["name"])
        if version(need) > claim:
            offenders.append(f"{p['name']} {p['version']} needs Rust {need}")
    for o in sorted(offenders):
        print(f"msrv: {o}, Cargo.toml claims {root['rust_version']}", file=sys.stderr)
    if offenders:
        return 1
    print(f"msrv: rust-version {root['rust_version']} covers every locked package "
          f"(highest need: {highest[1]} {highest[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
