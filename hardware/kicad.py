# KiCad's Python module (pcbnew) comes with Debian's kicad package, built for Debian's
# /usr/bin/python3; the project's .venv runs the same Python 3.11, so it can import it
# from there: only that directory is added, at the end of sys.path.
import os
import sys

DEBIAN_DIST = "/usr/lib/python3/dist-packages"


def pcbnew():
    """The pcbnew module, or ImportError saying how to install it."""
    try:
        import pcbnew as module
        return module
    except ImportError:
        pass
    if os.path.exists(os.path.join(DEBIAN_DIST, "pcbnew.py")) and DEBIAN_DIST not in sys.path:
        sys.path.append(DEBIAN_DIST)
    try:
        import pcbnew as module
    except ImportError as e:
        raise ImportError("KiCad's pcbnew module is missing: apt-get install -y --no-install-recommends "
                          "kicad (Debian bookworm: KiCad 6.0), or run `make pcb` (%s)" % e)
    return module
