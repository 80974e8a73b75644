// The virtual Pico's core, run a block at a time. rp2040js fetches, decodes (one pattern
// after another) and runs each Thumb instruction on its own, and the virtual Pico's loop
// then moves the clock on: most of its host time went there. Here a run of instructions
// is translated once into a JavaScript function (registers and flags in local
// variables; a flag that is set again before anything reads it is not computed; a load
// or store in SRAM written out in place, the reader or writer below called only for
// anything else), which then runs every time the core reaches its first address. A
// block goes on through B and BL (at their targets) and past a conditional branch
// (taken, it leaves the block); it ends at a branch to an address known only when it
// runs (BX, BLX, POP {pc}, MOV pc, ADD pc), after a write to PRIMASK (MSR, CPSIE: an
// interrupt may be due), at an instruction left to rp2040js, after 64 instructions, or
// where it meets itself.
//
// The translation copies rp2040js's own semantics and cycle counts expression by
// expression (cortex-m0-core.js, v1.4.1): the same instructions leave the same
// registers, flags, memory and cycles (thumb_blocks_check.mjs runs both on every
// translated opcode from random states, and on random runs). Left to rp2040js, one
// instruction at a time: anything while an interrupt is due, and what is not translated
// (exceptions: SVC, BKPT, UDF; WFI, WFE, SEV, YIELD; MRS and MSR but PRIMASK's, and
// theirs with SP, LR or PC; a BX, BLX or CMP that reads PC; LDM and STM of no register).
// The one difference: an interrupt that a block's own write raises, or a clock alarm
// (a timer's, DMA's, USB's, a key the host scheduled) due within a block, is taken
// after the block, not after the instruction (an alarm due before a peripheral access
// in the block fires before it). (The hook core.blTaken is called before LR and PC
// reach core.registers: the virtual Pico sets none.)
//
// Code in SRAM (viper and native functions, the SDK's RAM functions) can be rewritten:
// every write to SRAM that lands on a block's bytes forgets that block. Code in flash
// is forgotten when the flash under it is erased or programmed (flashWritten below).
//
// With a model of the XIP cache (xip_cache.mjs, the third argument), a block looks up
// each line of flash its instructions are fetched from (and an LDR's literal in flash)
// itself, as it comes to it, and adds a miss's cycles to its own; its other reads of
// flash go through the core's readers, which leave their misses' cycles in xip.stall,
// added to the block's when it ends.
import { SETS, WAYS } from './xip_cache.mjs';

const SRAM = 0x20000000;
const FLASH = 0x10000000;
const MAX_INSTRUCTIONS = 64;
const PAGE_SHIFT = 8; // SRAM is watched for writes over code in pages of 256 bytes
// a block's source -> the function that makes it for a Pico: the virtual Pico boots anew
// on a reset (a power cut's, a watchdog's) in the same process, on the same code, and
// JavaScript's compiling of a block costs far more than running it once
const FACTORIES = new Map();
// the words of a PUSH, POP, LDM or STM at a, a + 4, ... into or from `names`: where they
// all lie in SRAM (aligned) in place, with one look for code written over; else each
// through rd32 or wr32
function words(names, loading) {
  const n = names.length;
  const fast = names.map((name, k) => (loading ? `${name} = s32[i + ${k}];` : `s32[i + ${k}] = ${name};`)).join(' ');
  const slow = names.map((name, k) => (loading ? `${name} = rd32((a + ${4 * k}) >>> 0, @AT@);`
    : `wr32((a + ${4 * k}) >>> 0, ${name}, @AT@);`)).join(' ');
  const watch = loading ? ''
    : ` if ((codePages[o >> ${PAGE_SHIFT}] | codePages[(o + ${4 * n - 1}) >> ${PAGE_SHIFT}]) !== 0) sramWritten(o, ${4 * n});`;
  return `{ const o = (a >>> 0) - ${SRAM}; if (o >= 0 && o <= sramLength - ${4 * n} && (o & 3) === 0) ` +
    `{ const i = o >> 2; ${fast}${watch} } else { ${slow} } }`;
}

// by the bits a reader or writer moves (rd32, wr32: 32): its SRAM array, the shift from a
// byte offset to its index, the test of alignment (an unaligned address goes the long
// way, as rp2040js takes it) and its size
const SRAM_ARRAY = {
  32: ['s32', ' >> 2', ' && (o & 3) === 0', 4],
  16: ['s16', ' >> 1', ' && (o & 1) === 0', 2],
  8: ['s8', '', '', 1],
};

export function blockRunner(mcu, flashSize = mcu.flash.length, xip = null) {
  const core = mcu.core;
  const r = core.registers;
  const sramLength = mcu.sram.length;
  const s8 = mcu.sram;
  const s16 = new Uint16Array(s8.buffer, s8.byteOffset, sramLength >> 1);
  const s32 = new Uint32Array(s8.buffer, s8.byteOffset, sramLength >> 2);
  const blocks = new BlockTable(flashSize, sramLength);
  const pageBlocks = new Array(sramLength >> PAGE_SHIFT).fill(null); // page -> [start, end, pc]s
  const codePages = new Uint8Array(sramLength >> PAGE_SHIFT); // 1: a block lies on it
  let flashCodeEnd = 0; // flash offsets below this hold translated code or its literals
  const stats = { lastSegments: [] }; // (the last block's code: thumb_blocks_check.mjs)

  // -- memory, as the core's own readers and writers (and their cycles): for a peripheral,
  // flash, ROM or an unaligned address (a block does SRAM's itself) --------------------
  function io(a) { // cyclesIO(a): SIO 0 more cycles, a peripheral on the APB 3, else 1
    a >>>= 0;
    if (a >= 0xd0000000 && a < 0xe0000000) return 0;
    if (a >= 0x40000000 && a < 0x50000000) return 3;
    return 1;
  }
  function iow(a) { // cyclesIO(a, true)
    a >>>= 0;
    if (a >= 0xd0000000 && a < 0xe0000000) return 0;
    if (a >= 0x40000000 && a < 0x50000000) return 4;
    return 1;
  }
  // `at`: the cycles of the block before this instruction. A peripheral is read or
  // written at its own time, as rp2040js's clock would stand then (a timer set, then
  // read by the next instruction, has moved on); SRAM needs no time.
  const clock = mcu.clock;
  let blockStart = 0; // the clock's nanoseconds when the running block began
  let cycleNanos = 8;
  const atTime = (at) => {
    clock.nanosCounter = blockStart + at * cycleNanos;
    // an alarm due by then fires now (its interrupt is taken after the block): a write
    // that reschedules it (a timer's ALARMn) must not cancel it unfired
    const alarm = clock.nextAlarm;
    if (alarm !== null && alarm.nanos <= clock.nanosCounter) clock.tick(0);
  };
  function rd32(a, at) {
    const o = a - SRAM;
    if (o >= 0 && o < sramLength && (o & 3) === 0) return s32[o >> 2];
    atTime(at);
    return core.readUint32(a) >>> 0;
  }
  // (a block calls these two and wr16, wr8 only for what is not aligned SRAM)
  function rd16(a, at) {
    atTime(at);
    return core.readUint16(a) >>> 0;
  }
  function rd8(a, at) {
    atTime(at);
    return core.readUint8(a) >>> 0;
  }
  function wr32(a, v, at) {
    const o = a - SRAM;
    if (o >= 0 && o < sramLength && (o & 3) === 0) {
      s32[o >> 2] = v;
      if (codePages[o >> PAGE_SHIFT] !== 0) sramWritten(o, 4);
    } else {
      atTime(at);
      core.writeUint32(a, v);
    }
  }
  function wr16(a, v, at) {
    atTime(at);
    core.writeUint16(a, v);
  }
  function wr8(a, v, at) {
    atTime(at);
    core.writeUint8(a, v);
  }

  // -- forgetting code that changed ------------------------------------------------------
  function sramWritten(offset, count) {
    const last = Math.min(sramLength - 1, offset + count - 1);
    for (let page = offset >> PAGE_SHIFT; page <= last >> PAGE_SHIFT; page++) {
      const list = pageBlocks[page];
      if (list === null) continue;
      const kept = [];
      for (const entry of list) {
        if (entry[0] <= last && offset < entry[1]) {
          blocks.set(entry[2], undefined);
        } else kept.push(entry);
      }
      pageBlocks[page] = kept.length ? kept : null;
      codePages[page] = kept.length ? 1 : 0;
    }
  }
  // every other way into SRAM (rp2040js's own instructions, DMA) is watched too (an
  // unaligned write may reach the next page)
  const watch = (target, name, size) => {
    const write = target[name].bind(target);
    target[name] = (address, value) => {
      write(address, value);
      const o = (address >>> 0) - SRAM;
      if (o >= 0 && o < sramLength && (codePages[o >> PAGE_SHIFT] | codePages[(o + size - 1) >> PAGE_SHIFT]) !== 0) {
        sramWritten(o, size);
      }
    };
  };
  watch(core, 'writeUint32', 4);
  watch(mcu, 'writeUint32', 4);
  watch(mcu, 'writeUint16', 2);
  watch(mcu, 'writeUint8', 1);

  // every block on SRAM forgotten (thumb_blocks_check.mjs writes new code there each trial)
  function forgetSram() {
    sramWritten(0, sramLength);
  }

  function flashWritten(offset, count) {
    // the flash written under translated code (a deploy writes only the filesystem, above it)
    if (offset < flashCodeEnd && count > 0) {
      blocks.forgetFlash();
      flashCodeEnd = 0;
    }
  }

  // -- translation ------------------------------------------------------------------------
  // Registers live in x0..x15 (unsigned 32-bit values, as in core.registers), flags in
  // fN, fZ, fC, fV (booleans, as core.N...). Each instruction gives `pre` (its work),
  // `flags` (each flag's new value, set after pre, only if read later) and `post` (its
  // results), and the flags it reads.
  const N = 1, Z = 2, C = 4, V = 8;
  const FLAGS = [['N', N], ['Z', Z], ['C', C], ['V', V]];
  const nz = (t) => ({ N: `!!(${t} & 0x80000000)`, Z: `(${t} & 0xffffffff) === 0` });
  const nz0 = (t) => ({ N: `!!(${t} & 0x80000000)`, Z: `${t} === 0` });
  // addUpdateFlags / substractUpdateFlags, on a and b, their result in t
  const addFlags = {
    N: '!!(t & 0x80000000)', Z: '(t & 0xffffffff) === 0',
    C: 't !== ((a + b) >>> 0)', V: '(t | 0) !== (a | 0) + (b | 0)',
  };
  const subFlags = {
    N: '!!(t & 0x80000000)', Z: '(t & 0xffffffff) === 0', C: 'a >= b',
    V: '(!!(t & 0x80000000) && !(a & 0x80000000) && !!(b & 0x80000000)) || (!(t & 0x80000000) && !!(a & 0x80000000) && !(b & 0x80000000))',
  };
  const CONDITIONS = ['fZ', '!fZ', 'fC', '!fC', 'fN', '!fN', 'fV', '!fV', '(fC && !fZ)', '!(fC && !fZ)',
    '(fN === fV)', '!(fN === fV)', '(fN === fV && !fZ)', '!(fN === fV && !fZ)'];

  // (what is translated is read as it is, not fetched: no XIP cache lookup)
  const fetch16 = (pc) => mcu.readUint16(pc) & 0xffff;
  const constantAt = (addr) => addr < 0x4000 || (addr >= FLASH && addr < 0x14000000);

  // one instruction at pc: its translation, or null (rp2040js runs it)
  function translate(op, pc) {
    const rd = op & 7, rn = (op >> 3) & 7, rm = (op >> 6) & 7;
    const imm5 = (op >> 6) & 0x1f;
    const top5 = op >> 11;
    const x = (i) => `x${i}`;
    const pcValue = (pc + 4) >>> 0; // what reading PC gives: this.PC + 2 once PC moved on
    const alu = (pre, flags, post, reads = 0) => ({ pre, flags, post, reads, size: 2, cycles: 1 });
    const add = (a, b, dest) => alu(`const a = ${a}, b = ${b}; const t = a + b;`, addFlags, dest === null ? '' : `${x(dest)} = t >>> 0;`);
    const sub = (a, b, dest) => alu(`const a = ${a}, b = ${b}; const t = a - b;`, subFlags, dest === null ? '' : `${x(dest)} = t >>> 0;`);
    // a load or store: SRAM (aligned) written out in place, anything else through the
    // reader or writer (their SRAM test fails again: a call only a peripheral pays)
    const load = (addr, reader, dest, sign = '') => {
      const [array, shift, align] = SRAM_ARRAY[reader.slice(2)];
      return {
        pre: `const a = ${addr}; const o = a - ${SRAM}; let v; ` +
          `if (o >= 0 && o < sramLength${align}) { v = ${array}[o${shift}]; cyc += 1; } ` +
          `else { v = ${reader}(a, @AT@); cyc += io(a); } ` +
          `${x(dest)} = ${sign ? `(${sign}(v)) >>> 0` : 'v'};`,
        flags: {}, post: '', reads: 0, size: 2, cycles: 1,
      };
    };
    const store = (addr, writer, src) => {
      const [array, shift, align, size] = SRAM_ARRAY[writer.slice(2)];
      return {
        pre: `const a = ${addr}; const o = a - ${SRAM}; ` +
          `if (o >= 0 && o < sramLength${align}) { ${array}[o${shift}] = ${x(src)}; ` +
          `if (codePages[o >> ${PAGE_SHIFT}] !== 0) sramWritten(o, ${size}); cyc += 1; } ` +
          `else { ${writer}(a, ${x(src)}, @AT@); cyc += iow(a); }`,
        flags: {}, post: '', reads: 0, size: 2, cycles: 1,
      };
    };
    const end = (ins, exit) => Object.assign(ins, { exit });

    switch (top5) {
      case 0b00000: // LSLS (immediate)
        return alu(`const i = ${x(rn)}; const t = i << ${imm5};`,
          imm5 ? { ...nz0('t'), C: `!!(i & ${(1 << (32 - imm5)) | 0})` } : nz0('t'), `${x(rd)} = t >>> 0;`);
      case 0b00001: // LSRS (immediate)
        return alu(`const i = ${x(rn)}; const t = ${imm5 ? `i >>> ${imm5}` : '0'};`,
          { ...nz0('t'), C: `!!((i >>> ${imm5 ? imm5 - 1 : 31}) & 0x1)` }, `${x(rd)} = t >>> 0;`);
      case 0b00010: { // ASRS (immediate)
        const n = imm5 || 32;
        return alu(`const i = ${x(rn)}; const t = ${n < 32 ? `i >> ${n}` : '(i & 0x80000000) >> 31'};`,
          { ...nz('t'), C: `i & ${(1 << (n - 1)) | 0} ? true : false` }, `${x(rd)} = t >>> 0;`);
      }
      case 0b00011:
        switch ((op >> 9) & 3) {
          case 0: return add(x(rn), x(rm), rd); // ADDS (register)
          case 1: return sub(x(rn), x(rm), rd); // SUBS (register)
          case 2: return add(x(rn), rm, rd); // ADDS (imm3)
          default: return sub(x(rn), rm, rd); // SUBS (imm3)
        }
      case 0b00100: { // MOVS (immediate)
        const v = op & 0xff;
        return alu('', { N: 'false', Z: `${v === 0}` }, `${x((op >> 8) & 7)} = ${v};`);
      }
      case 0b00101: return sub(x((op >> 8) & 7), op & 0xff, null); // CMP (immediate)
      case 0b00110: return add(x((op >> 8) & 7), op & 0xff, (op >> 8) & 7); // ADDS (imm8)
      case 0b00111: return sub(x((op >> 8) & 7), op & 0xff, (op >> 8) & 7); // SUBS (imm8)
      case 0b01000: {
        if ((op >> 10) & 1) return special(op, pc, pcValue);
        const m = x(rn), dn = x(rd);
        switch ((op >> 6) & 0xf) {
          case 0b0000: return alu(`const t = ${dn} & ${m};`, nz('t'), `${dn} = t >>> 0;`); // ANDS
          case 0b0001: return alu(`const t = ${m} ^ ${dn};`, nz0('t'), `${dn} = t >>> 0;`); // EORS
          case 0b0010: // LSLS (register)
            return alu(`const i = ${dn}; const s = ${m} & 0xff; const t = s >= 32 ? 0 : i << s;`,
              { ...nz0('t'), C: 's ? !!(i & (1 << (32 - s))) : fC' }, `${dn} = t >>> 0;`, C);
          case 0b0011: // LSRS (register)
            return alu(`const s = ${m} & 0xff; const i = ${dn}; const t = s < 32 ? i >>> s : 0;`,
              { ...nz0('t'), C: 's <= 32 ? !!((i >>> (s - 1)) & 0x1) : false' }, `${dn} = t >>> 0;`);
          case 0b0100: // ASRS (register)
            return alu(`const i = ${dn}; const s = (${m} & 0xff) < 32 ? ${m} & 0xff : 32; const t = s < 32 ? i >> s : (i & 0x80000000) >> 31;`,
              { ...nz('t'), C: 'i & (1 << (s - 1)) ? true : false' }, `${dn} = t >>> 0;`);
          case 0b1000: return alu(`const t = ${dn} & ${m};`, nz0('t'), ''); // TST
          case 0b1001: return sub(0, m, rd); // RSBS (NEGS)
          case 0b1010: return sub(dn, m, null); // CMP (register)
          case 0b1011: return add(dn, m, null); // CMN
          case 0b1100: return alu(`const t = ${dn} | ${m};`, nz('t'), `${dn} = t >>> 0;`); // ORRS
          case 0b1101: return alu(`const t = Math.imul(${m}, ${dn});`, nz('t'), `${dn} = t >>> 0;`); // MULS
          case 0b1110: return alu(`const t = (${dn} & ~${m}) >>> 0;`, nz0('t'), `${dn} = t;`); // BICS
          case 0b1111: return alu(`const t = ~${m};`, nz0('t'), `${dn} = t >>> 0;`); // MVNS
          case 0b0101: // ADCS
            return Object.assign(add(x(rn), `${dn} + (fC ? 1 : 0)`, rd), { reads: C });
          case 0b0110: // SBCS
            return Object.assign(sub(dn, `${m} + (1 - (fC ? 1 : 0))`, rd), { reads: C });
          default: // ROR
            return alu(`const i = ${dn}; const s = (${m} & 0xff) % 32; const t = (i >>> s) | (i << (32 - s));`,
              { ...nz0('t'), C: '!!(t & 0x80000000)' }, `${dn} = t >>> 0;`);
        }
      }
      case 0b01001: { // LDR (literal)
        const addr = ((pcValue & 0xfffffffc) + ((op & 0xff) << 2)) >>> 0;
        const dest = (op >> 8) & 7;
        if (constantAt(addr)) {
          literalsUpTo(addr + 4);
          return { pre: `cyc += ${io(addr)}; ${x(dest)} = ${mcu.readUint32(addr) >>> 0};`, flags: {}, post: '', reads: 0, size: 2, cycles: 1, literal: addr };
        }
        return load(addr, 'rd32', dest);
      }
      case 0b01010: case 0b01011: {
        const addr = `${x(rm)} + ${x(rn)}`;
        switch ((op >> 9) & 7) {
          case 0: return store(addr, 'wr32', rd); // STR (register)
          case 1: return store(addr, 'wr16', rd); // STRH (register)
          case 2: return store(addr, 'wr8', rd); // STRB (register)
          case 3: return load(addr, 'rd8', rd, 'sx8'); // LDRSB
          case 4: return load(addr, 'rd32', rd); // LDR (register)
          case 5: return load(addr, 'rd16', rd); // LDRH (register)
          case 6: return load(addr, 'rd8', rd); // LDRB (register)
          default: return load(addr, 'rd16', rd, 'sx16'); // LDRSH
        }
      }
      case 0b01100: return store(`${x(rn)} + ${imm5 << 2}`, 'wr32', rd); // STR (immediate)
      case 0b01101: return load(`${x(rn)} + ${imm5 << 2}`, 'rd32', rd); // LDR (immediate)
      case 0b01110: return store(`${x(rn)} + ${imm5}`, 'wr8', rd); // STRB (immediate)
      case 0b01111: return load(`${x(rn)} + ${imm5}`, 'rd8', rd); // LDRB (immediate)
      case 0b10000: return store(`${x(rn)} + ${imm5 << 1}`, 'wr16', rd); // STRH (immediate)
      case 0b10001: return load(`${x(rn)} + ${imm5 << 1}`, 'rd16', rd); // LDRH (immediate)
      case 0b10010: return store(`x13 + ${(op & 0xff) << 2}`, 'wr32', (op >> 8) & 7); // STR (SP)
      case 0b10011: return load(`x13 + ${(op & 0xff) << 2}`, 'rd32', (op >> 8) & 7); // LDR (SP)
      case 0b10100: // ADR
        return alu('', {}, `${x((op >> 8) & 7)} = ${((pc & 0xfffffffc) + 4 + ((op & 0xff) << 2)) >>> 0};`);
      case 0b10101: // ADD (SP plus immediate)
        return alu('', {}, `${x((op >> 8) & 7)} = (x13 + ${(op & 0xff) << 2}) >>> 0;`);
      case 0b10110: case 0b10111: return misc(op);
      case 0b11000: case 0b11001: { // STMIA, LDMIA
        const n = (op >> 8) & 7;
        const list = op & 0xff;
        if (list === 0) return null;
        const names = [];
        for (let i = 0; i < 8; i++) if (list & (1 << i)) names.push(x(i));
        let pre = `const a = ${x(n)}; ${words(names, top5 === 0b11001)}`;
        if (!(list & (1 << n))) pre += ` ${x(n)} = (a + ${4 * names.length}) >>> 0;`;
        return { pre, flags: {}, post: '', reads: 0, size: 2, cycles: 1 + names.length };
      }
      case 0b11010: case 0b11011: { // B<cond>
        const cond = (op >> 8) & 0xf;
        if (cond >= 0b1110) return null; // UDF, SVC
        const target = (pc + 4 + (((op & 0xff) << 24) >> 23)) >>> 0;
        return Object.assign(end(alu('', {}, '', N | Z | C | V),
          `if (${CONDITIONS[cond]}) { r[15] = ${target}; cyc += 1; } else r[15] = ${(pc + 2) >>> 0};`),
        { condition: CONDITIONS[cond], taken: target, next: (pc + 2) >>> 0 });
      }
      case 0b11100: { // B
        const target = (pc + 4 + (((op & 0x7ff) << 21) >> 20)) >>> 0;
        return Object.assign(alu('', {}, '', 0), { cycles: 2, follow: target });
      }
      case 0b11110: { // BL (its second half read here), barriers, PRIMASK
        const op2 = fetch16(pc + 2);
        if (!(op2 >> 14 === 0b11 && ((op2 >> 12) & 1) === 1)) return wide(op, op2);
        const s = (op >> 10) & 1;
        const i1 = 1 - (s ^ ((op2 >> 13) & 1));
        const i2 = 1 - (s ^ ((op2 >> 11) & 1));
        const imm32 = ((s ? 0xff : 0) << 24) | (i1 << 23) | (i2 << 22) | ((op & 0x3ff) << 12) | ((op2 & 0x7ff) << 1);
        const ins = alu('', {}, `x14 = ${((pc + 4) | 1) >>> 0}; core.blTaken(core, false);`);
        ins.size = 4;
        ins.cycles = 3;
        ins.follow = (pc + 4 + imm32) >>> 0;
        return ins;
      }
      default: return null;
    }
  }

  // 0100 01xx: ADD, CMP and MOV with high registers, BX, BLX
  function special(op, pc, pcValue) {
    const m = (op >> 3) & 0xf;
    const dn = ((op >> 4) & 8) | (op & 7);
    const read = (i) => (i === 15 ? `${pcValue}` : `x${i}`);
    switch ((op >> 8) & 3) {
      case 0: { // ADD (register)
        if (dn === 15) return { pre: `target = ${read(dn)} + ${read(m)};`, flags: {}, post: '', reads: 0, size: 2, cycles: 2, exit: 'r[15] = (target & ~0x1) >>> 0;' };
        const pre = `const t = ${read(dn)} + ${read(m)};`;
        if (dn === 13) return { pre, flags: {}, post: 'x13 = (t & ~0x3) >>> 0;', reads: 0, size: 2, cycles: 1 };
        return { pre, flags: {}, post: `x${dn} = t >>> 0;`, reads: 0, size: 2, cycles: 1 };
      }
      case 1: // CMP (register), T2: rp2040js reads PC unadjusted here, left to it
        if (dn === 15 || m === 15) return null;
        return { pre: `const a = x${dn}, b = x${m}; const t = a - b;`, flags: subFlags, post: '', reads: 0, size: 2, cycles: 1 };
      case 2: { // MOV
        if (dn === 15) return { pre: `target = ${read(m)};`, flags: {}, post: '', reads: 0, size: 2, cycles: 2, exit: 'r[15] = (target & ~1) >>> 0;' };
        const pre = `const t = ${read(m)};`;
        return { pre, flags: {}, post: dn === 13 ? 'x13 = (t & ~3) >>> 0;' : `x${dn} = t;`, reads: 0, size: 2, cycles: 1 };
      }
      default: // BX, BLX
        if ((op & 7) !== 0 || m === 15) return null;
        if (op & 0x80) {
          return { pre: `x14 = ${((pc + 2) | 1) >>> 0};`, flags: {}, post: '', reads: 0, size: 2, cycles: 2,
            exit: `r[15] = (x${m} & ~1) >>> 0; core.blTaken(core, true);` };
        }
        return { pre: `target = x${m};`, flags: {}, post: '', reads: 0, size: 2, cycles: 2, exit: 'core.BXWritePC(target);', late: true };
    }
  }

  // 32-bit instructions other than BL: the barriers (DMB, DSB, ISB), and PRIMASK read
  // (MRS) and written (MSR: then the block ends, an interrupt may be due)
  function wide(op, op2) {
    const plain = (pre, exit) => ({ pre, flags: {}, post: '', reads: 0, size: 4, cycles: 3, exit });
    if (op === 0xf3bf && [0x8f50, 0x8f40, 0x8f60].includes(op2 & 0xfff0)) return plain('');
    if (op === 0xf3ef && op2 >> 12 === 0b1000 && (op2 & 0xff) === 16) {
      const d = (op2 >> 8) & 0xf;
      return d < 13 ? plain(`x${d} = core.PM ? 1 : 0;`) : null;
    }
    if (op >> 4 === 0b111100111000 && op2 >> 8 === 0b10001000 && (op2 & 0xff) === 16 && (op & 0xf) < 13) {
      return plain(`core.PM = !!(x${op & 0xf} & 1); core.interruptsUpdated = true;`, '');
    }
    return null;
  }

  // 1011 xxxx: SP adjustments, extends, reversals, PUSH, POP, NOP, CPSID, CPSIE
  function misc(op) {
    const rd = op & 7, rm = (op >> 3) & 7;
    const plain = (pre, cycles = 1) => ({ pre, flags: {}, post: '', reads: 0, size: 2, cycles });
    if (op >> 7 === 0b101100000) return plain(`x13 = ((x13 + ${(op & 0x7f) << 2}) & ~0x3) >>> 0;`); // ADD SP
    if (op >> 7 === 0b101100001) return plain(`x13 = ((x13 - ${(op & 0x7f) << 2}) & ~0x3) >>> 0;`); // SUB SP
    switch (op >> 6) {
      case 0b1011001000: return plain(`x${rd} = ((x${rm} << 16) >> 16) >>> 0;`); // SXTH
      case 0b1011001001: return plain(`x${rd} = ((x${rm} << 24) >> 24) >>> 0;`); // SXTB
      case 0b1011001010: return plain(`x${rd} = x${rm} & 0xffff;`); // UXTH
      case 0b1011001011: return plain(`x${rd} = x${rm} & 0xff;`); // UXTB
      case 0b1011101000: // REV
        return plain(`const i = x${rm}; x${rd} = (((i & 0xff) << 24) | (((i >> 8) & 0xff) << 16) | (((i >> 16) & 0xff) << 8) | ((i >> 24) & 0xff)) >>> 0;`);
      case 0b1011101001: // REV16
        return plain(`const i = x${rm}; x${rd} = ((((i >> 16) & 0xff) << 24) | (((i >> 24) & 0xff) << 16) | ((i & 0xff) << 8) | ((i >> 8) & 0xff)) >>> 0;`);
      case 0b1011101011: // REVSH
        return plain(`const i = x${rm}; x${rd} = ((((i & 0xff) << 8) | ((i >> 8) & 0xff)) << 16 >> 16) >>> 0;`);
      default: break;
    }
    if (op === 0xbf00) return plain(''); // NOP
    if (op === 0xb672) return plain('core.PM = true;'); // CPSID i
    if (op === 0xb662) return Object.assign(plain('core.PM = false; core.interruptsUpdated = true;'), { exit: '' }); // CPSIE i
    const names = [];
    for (let i = 0; i < 8; i++) if (op & (1 << i)) names.push(`x${i}`);
    const cycles = 1 + names.length;
    if (op >> 9 === 0b1011010) { // PUSH
      if (op & 0x100) names.push('x14');
      const count = names.length;
      return plain(`const a = x13 - ${4 * count}; ${words(names, false)} x13 = ((x13 - ${4 * count}) & ~0x3) >>> 0;`,
        cycles);
    }
    if (op >> 9 === 0b1011110) { // POP
      const count = names.length;
      if (op & 0x100) {
        names.push('target');
        const pre = `const a = x13; ${words(names, true)} x13 = ((a + ${4 * count + 4}) & ~0x3) >>> 0;`;
        return Object.assign(plain(pre, cycles + 2), { exit: 'core.BXWritePC(target);', late: true });
      }
      let pre = `const a = x13; ${words(names, true)}`;
      pre += ` x13 = ((a + ${4 * count}) & ~0x3) >>> 0;`;
      return plain(pre, cycles);
    }
    return null;
  }

  // a lookup of the line at this XIP address (its set and tag worked out here; a call,
  // not the lookup written out: a block's source a third shorter, V8's compiling of it
  // cheaper, 20 % less CPU on an interpreter loop)
  const isXip = (a) => a >= FLASH && a < 0x14000000;
  function xipLookup(a) {
    if (((a >>> 24) & 2) !== 0) return `cyc += xm(${a});\n`; // (an alias never looked up)
    const line = (a & 0xffffff) >>> 3;
    const set = line & (SETS - 1);
    const tag = line >>> Math.log2(SETS);
    return `cyc += xf(${set * WAYS}, ${tag}, ${a});\n`;
  }

  function literalsUpTo(addr) {
    if (addr >= FLASH && addr < 0x14000000) flashCodeEnd = Math.max(flashCodeEnd, (addr & 0xffffff) + 1);
  }

  // The block that starts at pc, translated and kept; null if rp2040js must run its first
  // instruction. A block goes on through a B or a BL (to its target) and past a
  // conditional branch (its taken side leaves the block there), and ends at a branch
  // whose target is known only when it runs, at an instruction left to rp2040js, or on
  // meeting one of its own instructions again.
  function translateBlock(pc) {
    const list = [];
    const seen = new Set();
    const segments = []; // [first address, end] of each straight run of its code
    let start = pc;
    let at = pc;
    while (list.length < MAX_INSTRUCTIONS && !seen.has(at)) {
      const ins = translate(fetch16(at), at);
      if (ins === null) break;
      ins.at = at;
      seen.add(at);
      list.push(ins);
      if (ins.follow !== undefined) {
        segments.push([start, at + ins.size]);
        start = at = ins.follow;
        continue;
      }
      at += ins.size;
      if (ins.exit !== undefined && ins.taken === undefined) break;
    }
    segments.push([start, at]);
    stats.lastSegments = segments;
    if (list.length === 0) {
      blocks.set(pc, null);
      return null;
    }
    // a conditional branch at the end is an exit like any other; before it, a side exit
    const last = list[list.length - 1];
    if (last.taken !== undefined && at === last.next) delete last.taken;
    // flags: computed only where a later instruction (or the code after the block) reads them
    let live = N | Z | C | V;
    for (let i = list.length - 1; i >= 0; i--) {
      const ins = list[i];
      ins.emit = [];
      let written = 0;
      for (const [name, bit] of FLAGS) {
        if (ins.flags[name] === undefined) continue;
        written |= bit;
        if (live & bit) ins.emit.push(`f${name} = ${ins.flags[name]};`);
      }
      live = (live & ~written) | ins.reads;
    }
    let body = '';
    let cycles = 0;
    let exit = `r[15] = ${at >>> 0};`;
    let late = false;
    let line = -1; // the XIP line looked up last (-1: none, or a read of flash came since)
    for (const ins of list) {
      if (xip !== null) {
        for (const a of ins.size === 4 ? [ins.at, ins.at + 2] : [ins.at]) {
          if (!isXip(a) || (a >>> 3 === line && a >>> 24 === 0x10)) continue; // (a line kept: a hit)
          body += xipLookup(a);
          line = a >>> 3;
        }
        if (ins.literal !== undefined && isXip(ins.literal)) {
          body += xipLookup(ins.literal);
          line = -1;
        }
      }
      const pre = ins.pre.replaceAll('@AT@', `cyc + ${cycles}`);
      cycles += ins.cycles;
      body += `{ ${pre} ${ins.emit.join(' ')} ${ins.post} }\n`;
      if (ins.taken !== undefined) {
        body += `if (${ins.condition}) { @STORE@ r[15] = ${ins.taken}; return cyc + ${cycles + 1}; }\n`;
      } else if (ins.exit) { // ('' ends a block where it stands: the next instruction follows)
        exit = ins.exit;
        late = ins.late === true;
      }
    }
    const used = new Set(body.match(/\bx\d+\b/g) || []);
    for (const m of exit.matchAll(/\bx\d+\b/g)) used.add(m[0]);
    const written = new Set(Array.from(body.matchAll(/\b(x\d+) = /g), (m) => m[1]));
    const flagsUsed = new Set(body.match(/\bf[NZCV]\b/g) || []);
    for (const m of exit.matchAll(/\bf[NZCV]\b/g)) flagsUsed.add(m[0]);
    const flagsSet = new Set(Array.from(body.matchAll(/\b(f[NZCV]) = /g), (m) => m[1]));
    let source = 'let cyc = 0, target = 0;\n';
    for (const reg of used) source += `let ${reg} = r[${reg.slice(1)}];\n`;
    for (const flag of flagsUsed) source += `let ${flag} = core.${flag.slice(1)};\n`;
    const store = Array.from(written, (reg) => `r[${reg.slice(1)}] = ${reg};`).join(' ') + ' ' +
      Array.from(flagsSet, (flag) => `core.${flag.slice(1)} = ${flag};`).join(' ');
    source += body.replaceAll('@STORE@', store);
    // an exit through BXWritePC (an exception's return reads the registers) comes last
    source += late ? `${store}\n${exit}\n` : `${exit}\n${store}\n`;
    source += `return cyc + ${cycles};`;
    let make = FACTORIES.get(source);
    if (make === undefined) {
      make = new Function('env', `const { r, core, io, iow, rd32, rd16, rd8, wr32, wr16, wr8, s8, s16, s32, sramLength, codePages, sramWritten, sx8, sx16, xf, xm } = env;\nreturn function block_${pc.toString(16)}() {\n${source}\n};`);
      FACTORIES.set(source, make);
    }
    const fn = make(env);
    blocks.set(pc, fn);
    for (const [first, end] of segments) {
      const offset = first - SRAM;
      if (offset >= 0 && offset < sramLength) {
        const entry = [offset, end - SRAM, pc];
        for (let page = offset >> PAGE_SHIFT; page <= (end - 1 - SRAM) >> PAGE_SHIFT && page < codePages.length; page++) {
          if (pageBlocks[page] === null) pageBlocks[page] = [];
          pageBlocks[page].push(entry);
          codePages[page] = 1;
        }
      } else literalsUpTo(end + 2); // (a BL's second half may lie past a segment's end)
    }
    return fn;
  }

  const env = {
    r, core, io, iow, rd32, rd16, rd8, wr32, wr16, wr8, s8, s16, s32, sramLength, codePages, sramWritten,
    sx8: (v) => (v << 24) >> 24, sx16: (v) => (v << 16) >> 16,
    // a lookup in the XIP cache of the line at `a`, its set's first way `way` and its tag
    // given: the cycles it costs more (a miss: read() finds it again, counts it and
    // allocates its line)
    xf: xip === null ? null : xipFetch(xip.tags, xip.older, xip.hits),
    xm: (a) => (xip.read(a) ? 0 : xip.missExtraCycles),
  };

  function xipFetch(tags, older, hits) {
    return (way, tag, a) => {
      if (tags[way] === tag) {
        older[way >> 1] = 1;
        hits[0]++;
        return 0;
      }
      if (tags[way + 1] === tag) {
        older[way >> 1] = 0;
        hits[0]++;
        return 0;
      }
      return xip.read(a) ? 0 : xip.missExtraCycles;
    };
  }

  // after a block: the cycles its reads of flash through the core's readers missed (and
  // the next fetch through them is looked up: the block's may have moved the cache)
  function xipStall() {
    if (xip === null) return 0;
    const stall = xip.stall;
    xip.stall = 0;
    xip.lastFetch = -1;
    return stall;
  }

  // the block at pc, translated if it is not yet; null: rp2040js runs what is there
  function blockAt(pc) {
    const fn = blocks.get(pc);
    if (fn !== undefined) return fn;
    return (pc & 1) === 0 ? translateBlock(pc) : null;
  }

  // one step of the core: a block, or one instruction through rp2040js; its cycles
  function step(nanosACycle = cycleNanos) {
    cycleNanos = nanosACycle;
    const fn = core.interruptsUpdated ? null : blockAt(r[15]);
    if (fn === null) return core.executeInstruction();
    blockStart = clock.nanosCounter;
    const cycles = fn() + xipStall();
    clock.nanosCounter = blockStart;
    core.cycles += cycles;
    return cycles;
  }

  // up to `count` steps, the clock moved on by each (a due alarm fired after it), until
  // the core waits: what is left of count. (step() written out, with the flash's blocks
  // looked up here: this loop is where the virtual Pico spends the time blocks do not.)
  const flashBlocks = blocks.flash;
  // a write to a PIO's registers (the core's, or DMA's feeding a FIFO) may start a state
  // machine or wake one that waits for its FIFO: run() returns after that block
  let pioWritten = false;
  for (const pio of mcu.pio) {
    const write = pio.writeUint32.bind(pio);
    pio.writeUint32 = (offset, value) => {
      pioWritten = true;
      write(offset, value);
    };
  }
  let lastCycles = 0; // the last step's
  function run(count, nanosACycle) {
    cycleNanos = nanosACycle;
    pioWritten = false;
    while (count-- > 0) {
      let nanos;
      const pc = r[15];
      const o = pc - FLASH;
      let fn = core.interruptsUpdated ? null : o >= 0 && o < flashSize ? flashBlocks[o >> 1] : undefined;
      if (fn === undefined) fn = blockAt(pc);
      if (fn === null) {
        // (the clock read after it: the wait a flash operation's breakpoint ticks is kept,
        // as on the path a running PIO takes)
        lastCycles = core.executeInstruction();
        nanos = clock.nanosCounter + lastCycles * cycleNanos;
      } else {
        blockStart = clock.nanosCounter;
        const cycles = xip === null ? fn() : fn() + xipStall();
        core.cycles += cycles;
        lastCycles = cycles;
        nanos = blockStart + cycles * cycleNanos; // (its peripheral accesses moved the clock)
      }
      clock.nanosCounter = nanos;
      const alarm = clock.nextAlarm;
      if (alarm !== null && alarm.nanos <= nanos) clock.tick(0);
      // (a PIO written: the virtual Pico's loop gives its machines this block's time,
      // and then runs them beside the core, block by block, while one of them can move)
      if (core.waiting || pioWritten) break;
    }
    return count;
  }
  // (the last step of run(): did it write to a PIO, in how many cycles)
  const lastStep = () => ({ pioWritten, cycles: lastCycles });

  return { step, run, lastStep, flashWritten, forgetSram, stats, translateBlock };
}

// first address -> its block's function (null: rp2040js runs what is there), in arrays
// indexed by halfword for the flash (its first alias), the SRAM and the ROM
class BlockTable {
  constructor(flashLength, sramLength) {
    this.flashLength = flashLength;
    this.sramLength = sramLength;
    this.flash = new Array(flashLength >> 1).fill(undefined);
    this.sram = new Array(sramLength >> 1).fill(undefined);
    this.rom = new Array(0x4000 >> 1).fill(undefined);
    this.other = new Map();
  }

  get(pc) {
    let o = pc - FLASH;
    if (o >= 0 && o < this.flashLength) return this.flash[o >> 1];
    o = pc - SRAM;
    if (o >= 0 && o < this.sramLength) return this.sram[o >> 1];
    if (pc < 0x4000) return this.rom[pc >> 1];
    return this.other.get(pc);
  }

  set(pc, fn) {
    let o = pc - FLASH;
    if (o >= 0 && o < this.flashLength) this.flash[o >> 1] = fn;
    else if ((o = pc - SRAM) >= 0 && o < this.sramLength) this.sram[o >> 1] = fn;
    else if (pc < 0x4000) this.rom[pc >> 1] = fn;
    else this.other.set(pc, fn);
  }

  forgetFlash() {
    this.flash.fill(undefined); // (in place: run() holds this array)
    for (const pc of Array.from(this.other.keys())) if (pc >= FLASH && pc < 0x14000000) this.other.delete(pc);
  }
}
