# The board's hardware drivers (see DRIVERS.md). Import the modules themselves
# (drivers.keys, drivers.pixels_setup, ...) so only what is used is loaded.
