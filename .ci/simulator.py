#!/usr/bin/env python3
"""The iOS simulator the hosted iOS job tests on: an iPhone of the oldest iOS runtime the runner image has.

    xcrun simctl list devices available --json | python3 .ci/simulator.py    prints its UDID (its name and
                                                                              runtime on standard error)
    python3 .ci/simulator.py --self-test                                      checks the choice on a sample

The package's floor is iOS 17: the oldest runtime on the image is the closest to it (.github/workflows/ci.yml
says which runtimes the image has). Exits 1, with a message, when the list has no available iPhone.
"""

from __future__ import annotations

import json
import re
import sys

RUNTIME = re.compile(r"SimRuntime\.iOS-(\d+(?:-\d+)*)$")


def oldest_iphone(listing: dict):
    """(udid, name, iOS version) of an iPhone on the oldest iOS runtime of `simctl list devices --json`, or None."""
    found = []
    for runtime, devices in listing.get("devices", {}).items():
        match = RUNTIME.search(runtime)
        if not match:
            continue
        version = tuple(int(part) for part in match.group(1).split("-"))
        for device in devices:
            if device.get("isAvailable", True) and device.get("name", "").startswith("iPhone"):
                found.append((version, device["name"], device["udid"]))
    if not found:
        return None
    version, name, udid = min(found)
    return udid, name, ".".join(str(part) for part in version)


SAMPLE = {
    "devices": {
        "com.apple.CoreSimulator.SimRuntime.iOS-26-0": [
            {"udid": "A-26", "name": "iPhone 17", "isAvailable": True, "state": "Shutdown"}],
        "com.apple.CoreSimulator.SimRuntime.iOS-18-6": [
            {"udid": "B-186", "name": "iPhone 16", "isAvailable": True, "state": "Shutdown"}],
        "com.apple.CoreSimulator.SimRuntime.iOS-18-5": [
            {"udid": "C-185-iPad", "name": "iPad (A16)", "isAvailable": True, "state": "Shutdown"},
            {"udid": "D-185-gone", "name": "iPhone 15", "isAvailable": False, "state": "Shutdown"},
            {"udid": "E-185", "name": "iPhone 16", "isAvailable": True, "state": "Shutdown"}],
        "com.apple.CoreSimulator.SimRuntime.watchOS-11-5": [
            {"udid": "F-watch", "name": "Apple Watch Series 10 (42mm)", "isAvailable": True, "state": "Shutdown"}],
        "com.apple.CoreSimulator.SimRuntime.iOS-18-10": [
            {"udid": "G-1810", "name": "iPhone 16", "isAvailable": True, "state": "Shutdown"}],
    }
}


def main(arguments: list[str]) -> int:
    if arguments == ["--self-test"]:
        chosen = oldest_iphone(SAMPLE)
        empty = oldest_iphone({"devices": {"com.apple.CoreSimulator.SimRuntime.tvOS-26-0": []}})
        if chosen != ("E-185", "iPhone 16", "18.5") or empty is not None:
            print(f"simulator self-test: chose {chosen} and {empty}, expected the iPhone 16 on iOS 18.5 and none",
                  file=sys.stderr)
            return 1
        print("simulator self-test: an available iPhone on the oldest iOS runtime (18.5 before 18.6, 18.10, 26.0)")
        return 0
    chosen = oldest_iphone(json.load(sys.stdin))
    if chosen is None:
        print("simulator: the image lists no available iPhone simulator", file=sys.stderr)
        return 1
    udid, name, version = chosen
    print(f"simulator: {name}, iOS {version} ({udid})", file=sys.stderr)
    print(udid)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
