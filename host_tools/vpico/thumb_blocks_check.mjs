// Checks thumb_blocks.mjs against rp2040js's own core, from random states:
//  1. every 16-bit opcode it translates (and BL with random second halves), alone, and
//     the 32-bit ones it translates (barriers, PRIMASK);
//  2. random runs of 2 to 12 translated instructions (branches among them), which
//     rp2040js then runs one by one: flags set by one and read by a later one,
//     registers kept in local variables across them, exits on the way;
//  3. code rewritten in SRAM or in flash: the new instruction runs.
// Both must leave the same registers, flags, stack pointers, PRIMASK, memory and cycles.
// Prints `checked N: ...: D differ` and each difference; exit 1 if any.
//   node host_tools/vpico/thumb_blocks_check.mjs [trials per opcode, 2] [runs, 20000] [seed, 1]
import { RP2040, ConsoleLogger, LogLevel } from 'rp2040js';
import { blockRunner } from './thumb_blocks.mjs';

const TRIALS = parseInt(process.argv[2] || '2', 10);
const RUNS = parseInt(process.argv[3] || '20000', 10);
let seed = parseInt(process.argv[4] || '1', 10) >>> 0;

function random32() {
  // xorshift32: the same states on every run
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed;
}

const SRAM = 0x20000000;
const WINDOW = SRAM + 0x1000; // most loads and stores land in 0x20001000 - 0x20003fff
const CODE = SRAM + 0x8000; // where the code under test sits

const print = (line) => process.stdout.write(line + '\n');
console.log = () => {}; // rp2040js's SIO reports each bad address it is given: here, many

// two Picos, one run by rp2040js, one by blocks: the same writes to the same peripherals
// (random addresses reach some) leave both in the same state for the next trial
function pico() {
  const mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error + 1); // bad addresses are part of the test
  return mcu;
}
const reference = pico();
const translated = pico();
const runner = blockRunner(translated);
let mcu = reference;
let core = reference.core;
function use(which) {
  mcu = which;
  core = which.core;
}

function registerValue() {
  // a value an instruction could meet: an address in the window, a small number, any
  switch (random32() % 4) {
    case 0:
      return WINDOW + (random32() % 0x2000);
    case 1:
      return WINDOW + ((random32() % 0x800) << 2);
    case 2:
      return random32() % 64;
    default:
      return random32();
  }
}

const AREA = 0x10000; // SRAM set before each trial and compared after it (the code's too)
const memory = new Uint8Array(AREA).map(() => random32() & 0xff);

function setState(code) {
  mcu.sram.set(memory);
  for (let i = 0; i < 13; i++) core.registers[i] = registerValue();
  core.SP = WINDOW + 0x1000 + ((random32() % 0x200) << 2);
  core.LR = random32() | 1;
  core.PC = CODE;
  code.forEach((half, i) => mcu.sramView.setUint16(CODE - SRAM + 2 * i, half, true));
  const flags = random32();
  core.N = !!(flags & 1);
  core.Z = !!(flags & 2);
  core.C = !!(flags & 4);
  core.V = !!(flags & 8);
  core.cycles = 0;
  core.interruptsUpdated = false;
  core.waiting = false;
  runner.forgetSram();
}

function state(cycles) {
  return {
    cycles,
    registers: Array.from(core.registers),
    flags: [core.N, core.Z, core.C, core.V].join(),
    sp: [core.SPSEL, core.bankedSP].join(),
    coreCycles: core.cycles,
    primask: [core.PM, core.interruptsUpdated].join(),
    memory: mcu.sram.slice(0, AREA),
  };
}

let checked = 0;
let differing = 0;
function compare(what, expected, got) {
  checked++;
  const same = (k) => (k === 'memory' ? Buffer.compare(expected[k], got[k]) === 0 : JSON.stringify(expected[k]) === JSON.stringify(got[k]));
  const keys = Object.keys(expected).filter((k) => !same(k));
  if (keys.length) {
    differing++;
    if (differing <= 20) {
      print(`${what}: ${keys.map((k) => `${k} ${JSON.stringify(expected[k]).slice(0, 200)} != ${JSON.stringify(got[k]).slice(0, 200)}`).join('; ')}`);
    }
  }
}

// the 16-bit opcodes translated
const opcodes = [];
use(translated);
for (let op = 0; op < 65536; op++) {
  setState([op, 0xf800]); // a BL's second half after it
  const fn = runner.translateBlock(CODE);
  if (fn === null) continue;
  opcodes.push(op);
}

// One trial: the block made at CODE runs on one Pico; on the other, rp2040js runs as many
// instructions as make the same cycles (a block may leave early by a taken branch). A
// trial is left out when a store wrote over the block's own code (a random address can
// land there: the block runs on the instructions it was made of, rp2040js on the new
// ones), or raised an interrupt before the block's end (rp2040js takes it at the next
// instruction, blocks after the block: by design). Both Picos run every trial, so that
// they stay alike outside the memory set before each; after one left out, their SRAMs
// and ROMs are made alike again.
let leftOut = 0;

// on the blocks' Pico, from the state set: the block at CODE run once (its peripherals
// at their own time, as in the virtual Pico), its cycles; null if none was translated
function runBlock() {
  if (runner.translateBlock(CODE) === null) return null;
  const cycles = runner.step();
  mcu.clock.tick(cycles * 8);
  return cycles;
}

// on the reference Pico, from the state set: instructions until `cycles` are reached (the
// two Picos' clocks keep in step); their cycles, and whether one before the last raised
// an interrupt
function runReference(cycles, most) {
  let total = 0;
  let raised = false;
  for (let steps = 0; total < cycles && steps < most; steps++) {
    const c = core.executeInstruction();
    mcu.clock.tick(c * 8);
    total += c;
    if (core.interruptsUpdated && total < cycles) raised = true;
  }
  return { total, raised };
}

function trial(code, what, prepare = () => {}) {
  const saved = seed;
  use(translated);
  setState(code);
  prepare();
  const cycles = runBlock();
  if (cycles === null) return false;
  const segments = runner.stats.lastSegments;
  const got = state(cycles);
  use(reference);
  seed = saved;
  setState(code);
  prepare();
  const codeBefore = segments.map(([a, b]) => Buffer.from(mcu.sram.slice(a - SRAM, b - SRAM)));
  const { total, raised } = runReference(cycles, 100000);
  const expected = state(total);
  const rewrote = segments.some(([a, b], i) => Buffer.compare(codeBefore[i], Buffer.from(mcu.sram.slice(a - SRAM, b - SRAM))) !== 0);
  if (rewrote || raised) {
    translated.sram.set(reference.sram);
    translated.bootrom.set(reference.bootrom); // (rp2040js lets a store write its ROM)
    leftOut++;
    return false;
  }
  const before = differing;
  compare(what, expected, got);
  if (differing > before && differing <= 20) print(`  first differs after ${firstDifference(code, saved)}`);
  return true;
}

// the shortest start of a straight run whose block differs from rp2040js
function firstDifference(code, saved) {
  for (let k = 1; k <= code.length; k++) {
    const part = [...code.slice(0, k), 0xbe00];
    use(translated);
    seed = saved;
    setState(part);
    const cycles = runBlock();
    const got = JSON.stringify(state(cycles));
    use(reference);
    seed = saved;
    setState(part);
    const { total } = runReference(cycles, k + 1);
    if (JSON.stringify(state(total)) !== got) return `${k} instructions: ${code[k - 1].toString(16)} at ${(CODE + 2 * k - 2).toString(16)}`;
  }
  return 'none of its starts';
}

// 1. each opcode alone, a breakpoint after it (B and BL go on at their targets: there,
// random memory; a BL's random second half may make no BL: then nothing is translated)
let alone = 0;
for (const op of opcodes) {
  for (let t = 0; t < TRIALS; t++) {
    const op2 = op >> 11 === 0b11110 ? (random32() & 0xffff) | (t === 0 ? 0xd000 : 0) : 0xbe00;
    if (trial([op, op2, 0xbe00], `opcode ${op.toString(16)} (${op2.toString(16)})`)) alone++;
  }
}

// 1b. the 32-bit ones: barriers, PRIMASK read and written
const wide = [[0xf3bf, 0x8f5f], [0xf3bf, 0x8f4f], [0xf3bf, 0x8f6f]];
for (let d = 0; d < 13; d++) wide.push([0xf3ef, 0x8010 | (d << 8)], [0xf380 | d, 0x8810]);
for (const [op, op2] of wide) {
  for (let t = 0; t < Math.max(2, TRIALS); t++) {
    if (trial([op, op2, 0xbe00], `opcode ${op.toString(16)} ${op2.toString(16)}`, () => { core.PM = !!(t & 1); })) alone++;
  }
}

// 2. random runs of 2 to 12 instructions, branches among them
let runs = 0;
for (let n = 0; n < RUNS; n++) {
  const length = 2 + (random32() % 11);
  const code = [];
  for (let i = 0; i < length; i++) code.push(opcodes[random32() % opcodes.length]);
  code.push(0xbe00);
  if (trial(code, `run ${code.map((h) => h.toString(16)).join(' ')}`)) runs++;
}
// 3. code rewritten: in SRAM by the core's own store (a block's STR, STRH, STM or PUSH, or
// rp2040js's), by a write from elsewhere (DMA's way); in flash, told by flashWritten. The
// next run of that address must run the new instruction.
use(translated);
const MOVS_R0 = (v) => 0x2000 | v; // MOVS r0, #v
function runAt(pc) {
  core.PC = pc;
  core.interruptsUpdated = false;
  runner.step();
  return core.registers[0];
}
const rewrites = [];
setState([MOVS_R0(1), 0xbe00]);
rewrites.push(['first run', runAt(CODE), 1]);
// a block elsewhere stores MOVS r0, #2 over it: STR r1, [r2]
mcu.sramView.setUint16(0x9000, 0x6011, true);
mcu.sramView.setUint16(0x9002, 0xbe00, true);
core.registers[1] = MOVS_R0(2) | (0xbe00 << 16);
core.registers[2] = CODE;
runAt(SRAM + 0x9000);
rewrites.push(['after a block stored over it', runAt(CODE), 2]);
mcu.writeUint16(CODE, MOVS_R0(3)); // (DMA writes this way)
rewrites.push(['after a write from elsewhere', runAt(CODE), 3]);
core.registers[1] = CODE;
core.registers[2] = MOVS_R0(4);
mcu.sramView.setUint16(0x9000, 0x800a, true); // STRH r2, [r1]
mcu.writeUint16(0x20009000, 0x800a); // (a new instruction: its old block forgotten too)
runAt(SRAM + 0x9000);
rewrites.push(['after STRH over it', runAt(CODE), 4]);
// a STM and a PUSH of two words, the second over it (their words written in one go)
core.registers[1] = CODE - 4;
core.registers[3] = MOVS_R0(7) | (0xbe00 << 16);
mcu.writeUint16(0x20009000, 0xc10c); // STMIA r1!, {r2, r3}
runAt(SRAM + 0x9000);
rewrites.push(['after STM over it', runAt(CODE), 7]);
core.registers[3] = MOVS_R0(8) | (0xbe00 << 16);
core.registers[13] = CODE + 4;
mcu.writeUint16(0x20009000, 0xb40c); // PUSH {r2, r3}
runAt(SRAM + 0x9000);
rewrites.push(['after PUSH over it', runAt(CODE), 8]);
const FLASH_CODE = 0x10001000;
mcu.flash[0x1000] = 5; mcu.flash[0x1001] = 0x20; mcu.flash[0x1002] = 0x00; mcu.flash[0x1003] = 0xbe;
rewrites.push(['in flash', runAt(FLASH_CODE), 5]);
mcu.flash[0x1000] = 6;
runner.flashWritten(0x1000, 1);
rewrites.push(['in flash, once written', runAt(FLASH_CODE), 6]);
for (const [what, got, want] of rewrites) compare(`code rewritten: ${what}`, { r0: want }, { r0: got });

print(`checked ${checked}: ${alone} instructions alone, ${runs} runs (${leftOut} more left out: they wrote over their own code or raised an interrupt): ${differing} differ`);
process.exit(differing ? 1 : 0);
