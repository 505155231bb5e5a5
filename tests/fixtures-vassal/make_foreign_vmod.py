#!/usr/bin/env python3
"""Zips foreign/ into foreign.vmod: a hand-made module written by another tool (Python's
zipfile, its own timestamps and entry order), for the merge tests. Run from this folder."""
import os
import zipfile

ORDER = ["moduledata", "buildFile.xml", "images/board.png", "images/unit.png",
         "images/sub/marker.png", "help/readme.html"]
with zipfile.ZipFile("foreign.vmod", "w") as z:
    for i, name in enumerate(ORDER):
        info = zipfile.ZipInfo(name, date_time=(2023, 5, 1 + i, 12, 30, 2 * i))
        info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
        info.external_attr = 0o600 << 16
        with open(os.path.join("foreign", name), "rb") as f:
            z.writestr(info, f.read())
