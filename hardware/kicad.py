# KiCad's Python module (pcbnew) comes with Debian's kicad package, built for Debian's
# /usr/bin/python3; the project's .venv runs the same Python 3.11, so it imports it from
# there: Debian's directory is on sys.path only while pcbnew loads (nothing else of
# Debian's can then shadow or stand in for the venv's pinned packages).
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
    added = os.path.exists(os.path.join(DEBIAN_DIST, "pcbnew.py")) and DEBIAN_DIST not in sys.path
    if added:
        sys.path.append(DEBIAN_DIST)
    try:
        import pcbnew as module
    except ImportError as e:
        raise ImportError("KiCad's pcbnew module is missing: apt-get install -y --no-install-recommends "
                          "kicad (Debian bookworm: KiCad 6.0), or run `make pcb` (%s)" % e)
    finally:
        if added:
            sys.path.remove(DEBIAN_DIST)
    return module
