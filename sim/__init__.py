# The desktop simulator: the firmware's App with simulator drivers.
