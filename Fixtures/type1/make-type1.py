#!/usr/bin/env python3
"""Two small Type 1 fonts (PFA and PFB) for the /FontName reader
(Sources/TypefitCore/FontFiles/Type1Header.swift), and oracle.tsv: the
PostScript name FreeType gives each, through fc-scan.

The clear text holds the traps the reader must step over: a /FontName in a
comment and one inside the notice string, and an encoding vector long
enough to put eexec past the first 4 KB. The private part is a real,
eexec-encrypted Type 1 program (one .notdef glyph) so that FreeType opens
the files. Needs fontTools (python3-fonttools) and fc-scan.
"""
import os
import struct
import subprocess

from fontTools.misc import eexec
from fontTools.misc.psCharStrings import T1CharString

HERE = os.path.dirname(os.path.abspath(__file__))


def charstring(program):
    compiled = T1CharString(program=program)
    compiled.compile()
    encrypted, _ = eexec.encrypt(b"\0\0\0\0" + compiled.bytecode, 4330)
    return encrypted


def main():
    notdef = charstring([0, 500, "hsbw", "endchar"])
    private = (
        b"dup /Private 8 dict dup begin\n/RD{string currentfile exch readstring pop}executeonly def\n"
        b"/ND{noaccess def}executeonly def\n/NP{noaccess put}executeonly def\n/lenIV 4 def\n"
        b"/password 5839 def\n/MinFeature{16 16}def\n/BlueValues [] def\n/Subrs 0 array\nND\n"
        b"2 index /CharStrings 1 dict dup begin\n/.notdef " + str(len(notdef)).encode() + b" RD " + notdef
        + b" ND\nend\nend\nreadonly put\nnoaccess put\ndup/FontName get exch definefont pop\n"
        b"mark currentfile closefile\n")
    encrypted, _ = eexec.encrypt(b"\0\0\0\0" + private, 55665)
    # An encoding vector of its own, as URW's fonts have: it puts eexec
    # past the first 4 KB, where the reader must still find it.
    encoding = (b"/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n"
                + b"".join(b"dup %d /glyph%d put\n" % (code, code) for code in range(32, 256))
                + b"readonly def\n")
    clear = (
        b"%!PS-AdobeFont-1.0: TypefitTypeOne 1.0\n% A /FontName /NotThis def in a comment\n11 dict begin\n"
        b"/FontInfo 3 dict dup begin\n/Notice (Not the name: /FontName /Wrong def \\) \\( \\\\) readonly def\n"
        b"/FullName (TypefitTypeOne) readonly def\n/FamilyName (TypefitTypeOne) readonly def\n"
        b"end readonly def\n/FontName /TypefitTypeOne def\n" + encoding + b"/PaintType 0 def\n"
        b"/FontType 1 def\n/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n"
        b"/FontBBox {0 0 500 700} readonly def\ncurrentdict end\ncurrentfile eexec\n")
    trailer = (b"0" * 64 + b"\n") * 8 + b"cleartomark\n"
    with open(os.path.join(HERE, "TypefitTypeOne.pfa"), "wb") as out:
        out.write(clear + encrypted.hex().encode() + b"\n" + trailer)
    with open(os.path.join(HERE, "TypefitTypeOne.pfb"), "wb") as out:
        for kind, data in ((1, clear), (2, encrypted), (1, trailer)):
            out.write(bytes([0x80, kind]) + struct.pack("<I", len(data)) + data)
        out.write(b"\x80\x03")
    rows = []
    for name in ("TypefitTypeOne.pfa", "TypefitTypeOne.pfb"):
        scanned = subprocess.run(["fc-scan", "--format", "%{postscriptname}", os.path.join(HERE, name)],
                                 capture_output=True, text=True, check=True).stdout
        rows.append(f"{name}\t{scanned}")
    with open(os.path.join(HERE, "oracle.tsv"), "w") as out:
        out.write("# file\tFreeType's PostScript name (fc-scan --format %{postscriptname})\n")
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
