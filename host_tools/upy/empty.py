# An empty module (the simulator package's __init__ in the wasm filesystem).
