"""The nbconvert exporter "sltk_report": File → Download as → "sltk report (.html)" in the lab.

It writes the report of tools/report.py (one HTML file that reads offline) from the notebook's
saved outputs. A notebook with a failing cell is refused, with the cell named. Jupyter finds the
exporter through the entry point in ../sltk_report-1.0.dist-info, on the PYTHONPATH that
`make lab` and the Docker image set (tools/nbexport).
"""

import os
import sys

from nbconvert.exporters import Exporter

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
import report  # noqa: E402  (tools/report.py)


class ReportExporter(Exporter):
    """The sltk report of a notebook with its saved outputs."""

    export_from_notebook = "sltk report"
    output_mimetype = "text/html"

    def _file_extension_default(self):
        return ".html"

    def from_notebook_node(self, nb, resources=None, **kw):
        nb, resources = super().from_notebook_node(nb, resources, **kw)
        error = report.failure(nb)
        if error is not None:
            raise ValueError("sltk report: the notebook has a failing cell, no report:\n" + error)
        name = resources.get("metadata", {}).get("name") or "notebook"
        seconds = nb.metadata.get("sltk", {}).get("seconds")
        return report.export(nb, name + ".ipynb", seconds, executed=False), resources
