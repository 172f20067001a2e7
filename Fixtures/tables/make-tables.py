#!/usr/bin/env python3
"""Generate the fixture for the sfnt view's typed tables.

TypefitOptical-VF.ttf: a variable font with weight and optical-size axes,
named instances (two with their own PostScript names), an avar map, a STAT
table (formats 1, 2 and 3, an elided fallback name) and Apple's trak table
(tight, normal and loose tracks at three point sizes). expected.json is what
fontTools reads back from the file: the oracle the Swift tests compare the
sfnt view with (fontTools, not typefit, decodes it).

It lives outside Fixtures/fonts so that the listing goldens do not change.
Needs fontTools; run with the python3 that has it:
    /usr/bin/python3 Fixtures/tables/make-tables.py
"""
import importlib.util
import json
import os

from fontTools.fontBuilder import FontBuilder
from fontTools.otlLib.builder import buildStatTable
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._f_v_a_r import NamedInstance
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_fonts", os.path.join(HERE, "..", "make-fonts.py"))
make_fonts = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_fonts)


def optical_font():
    font = make_fonts.build("Typefit Optical", "Regular", "TypefitOptical-Regular", 400)
    f = FontBuilder(font=font)
    name = font["name"]
    f.setupFvar(axes=[("wght", 100, 400, 900, "Weight"), ("opsz", 8, 14, 144, "Optical Size")], instances=[])
    fvar = font["fvar"]
    instances = [
        ("Regular", None, 400, 14),
        ("Bold", "TypefitOptical-Bold", 700, 14),
        ("Display Black", "TypefitOptical-DisplayBlack", 900, 144),
        ("Caption Light", None, 300, 8),
    ]
    for subfamily, postscript, weight, size in instances:
        inst = NamedInstance()
        inst.subfamilyNameID = name.addName(subfamily, minNameID=256)
        inst.postscriptNameID = name.addName(postscript, minNameID=256) if postscript else 0xFFFF
        inst.coordinates = {"wght": weight, "opsz": size}
        fvar.instances.append(inst)
    # wght 700 (normalized 0.6) maps to where 600 was (0.4); opsz straight.
    avar = newTable("avar")
    avar.segments = {"wght": {-1.0: -1.0, 0.0: 0.0, 0.6: 0.4, 1.0: 1.0}, "opsz": {-1.0: -1.0, 0.0: 0.0, 1.0: 1.0}}
    font["avar"] = avar
    f.setupGvar({})
    buildStatTable(
        font,
        [
            dict(tag="wght", name="Weight", ordering=0, values=[
                dict(value=300, name="Light"),
                dict(value=400, name="Regular", flags=0x2, linkedValue=700),
                dict(value=700, name="Bold"),
            ]),
            dict(tag="opsz", name="Optical Size", ordering=1, values=[
                dict(nominalValue=12, rangeMinValue=8, rangeMaxValue=17, name="Text", flags=0x2),
                dict(nominalValue=72, rangeMinValue=17, rangeMaxValue=144, name="Display"),
            ]),
        ],
        elidedFallbackName="Regular",
    )
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    normal = name.addName("Normal", minNameID=256)
    tight = name.addName("Tight", minNameID=256)
    loose = name.addName("Loose", minNameID=256)
    trak.horizData = TrackData({
        -1.0: TrackTableEntry({9.0: -20, 17.0: -40, 28.0: -60}, nameIndex=tight),
        0.0: TrackTableEntry({9.0: 30, 17.0: 0, 28.0: -25}, nameIndex=normal),
        1.0: TrackTableEntry({9.0: 60, 17.0: 40, 28.0: 20}, nameIndex=loose),
    })
    trak.vertData = TrackData()
    font["trak"] = trak
    return font


def expected(path):
    """What fontTools reads back from the compiled file."""
    font = TTFont(path)
    fvar, stat, avar, trak, name = font["fvar"], font["STAT"].table, font["avar"], font["trak"], font["name"]
    values = []
    for v in stat.AxisValueArray.AxisValue:
        entry = {"format": v.Format, "flags": v.Flags, "nameID": v.ValueNameID}
        if v.Format in (1, 2, 3):
            entry["locations"] = [[v.AxisIndex, v.Value if v.Format != 2 else v.NominalValue]]
        if v.Format == 2:
            entry["range"] = [v.RangeMinValue, v.RangeMaxValue]
        if v.Format == 3:
            entry["linkedValue"] = v.LinkedValue
        values.append(entry)
    horizontal = trak.horizData
    sizes = sorted(horizontal.sizes())
    return {
        "names": {str(r.nameID): r.toUnicode() for r in name.names if r.platformID == 3},
        "fvar": {
            "axes": [{"tag": a.axisTag, "min": a.minValue, "default": a.defaultValue, "max": a.maxValue,
                      "nameID": a.axisNameID} for a in fvar.axes],
            "instances": [{"subfamilyNameID": i.subfamilyNameID,
                           "postScriptNameID": None if i.postscriptNameID == 0xFFFF else i.postscriptNameID,
                           "coordinates": [i.coordinates[a.axisTag] for a in fvar.axes]} for i in fvar.instances],
        },
        "avar": [[[round(k, 6), round(v, 6)] for k, v in sorted(avar.segments[a.axisTag].items())]
                 for a in fvar.axes],
        "stat": {
            "axes": [{"tag": a.AxisTag, "nameID": a.AxisNameID, "ordering": a.AxisOrdering}
                     for a in stat.DesignAxisRecord.Axis],
            "values": values,
            "elidedFallbackNameID": stat.ElidedFallbackNameID,
        },
        "trak": {
            "sizes": sizes,
            "tracks": [{"track": t, "nameID": horizontal[t].nameIndex, "values": [horizontal[t][s] for s in sizes]}
                       for t in sorted(horizontal.keys())],
        },
        "unitsPerEm": font["head"].unitsPerEm,
        "weightClass": font["OS/2"].usWeightClass,
    }


def main():
    path = make_fonts.save(optical_font(), "TypefitOptical-VF.ttf", directory=HERE)
    with open(os.path.join(HERE, "expected.json"), "w") as out:
        json.dump(expected(path), out, indent=1, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    main()
