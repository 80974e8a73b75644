// Runs a MicroPython script under the real interpreter (the npm package
// @micropython/micropython-webassembly-pyscript, MicroPython 1.27 for wasm).
//
//   node host_tools/upy/run.mjs CONFIG_JSON
//
// CONFIG_JSON: {"heap": bytes, "copy": [[hostPath, fsPath], ...],
//               "script": hostPath, "args": any JSON, "loop": expression}
// If loop is given (a statement that sets the global MORE), it is run again and
// again, each time as a new top-level call, while MORE is true: the wasm port's GC collects only at the top level
// (it cannot scan the wasm stack), so a long job is cut into such calls to free memory
// between its steps and to measure the live heap.
// Every copy entry (a file or a whole directory) is written into the interpreter's
// in-memory filesystem; args is written to /upy_args.json for the script to read.
// The script's output goes to stdout line by line. Exit status: the script's
// EXIT_CODE global if it sets one, 1 if it raises, else 0.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, "..", "..", "node_modules", "@micropython",
                      "micropython-webassembly-pyscript", "micropython.mjs");

function mkdirs(FS, dir) {
  let sofar = "";
  for (const part of dir.split("/").filter((p) => p)) {
    sofar += "/" + part;
    try { FS.mkdir(sofar); } catch (e) { /* exists */ }
  }
}

function copyInto(FS, host, target) {
  const stat = fs.statSync(host);
  if (stat.isDirectory()) {
    mkdirs(FS, target);
    for (const name of fs.readdirSync(host).sort()) {
      if (name === "__pycache__") continue;
      copyInto(FS, path.join(host, name), target + "/" + name);
    }
  } else {
    mkdirs(FS, path.posix.dirname(target));
    FS.writeFile(target, fs.readFileSync(host));
  }
}

async function main() {
  if (process.argv.length !== 3) {
    console.error("usage: node run.mjs CONFIG_JSON");
    process.exit(2);
  }
  const config = JSON.parse(process.argv[2]);
  if (!fs.existsSync(pkg)) {
    console.error("MicroPython wasm package missing: " + pkg + " (run `npm ci`)");
    process.exit(2);
  }
  const { loadMicroPython } = await import(pkg);
  const mp = await loadMicroPython({
    heapsize: config.heap || 192 * 1024,
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  for (const [host, target] of config.copy || []) copyInto(mp.FS, host, target);
  mp.FS.writeFile("/upy_args.json", JSON.stringify(config.args === undefined ? null : config.args));
  const code = fs.readFileSync(config.script, "utf8");
  let status = 0;
  try {
    mp.runPython(code);
    if (config.loop) {
      do mp.runPython(config.loop); while (mp.globals.get("MORE"));
    }
    const exit = mp.globals.get("EXIT_CODE");
    if (typeof exit === "number") status = exit;
  } catch (error) {
    if (error.name !== "PythonError") throw error;
    process.stderr.write(error.message);
    status = 1;
  }
  process.exitCode = status;
}

main();
