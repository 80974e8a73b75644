// The virtual Pico: an RP2040 (npm rp2040js) running a MicroPython firmware image,
// wired as the game board. host_tools/vpico/board.py starts it and talks to it over
// stdin/stdout, one message a line:
//   from the host:  S <hex>     bytes typed into the USB serial (the REPL)
//                   K <key> <0|1> [us]  press or release key (row * 12 + column), now
//                               or when the emulated clock reaches us
//                   Q           quit (the flash is saved first, if a file was given)
//                   T           the key matrix's settle figures so far (answered by a T line)
//                   L <addr> <hex>  put bytes in the flash at offset addr, now (the power
//                               cut tests load a flash image's changed sectors)
//   to the host:    S <hex>     bytes the Pico wrote to its USB serial
//                   F <us> <start us> <hex>  a frame the LED chain received (3 bytes an
//                               LED, wire order), decoded from the WS2812 bitstream on the
//                               LED pin; us: its end (the last bit), start: its first bit
//                   k <key> <0|1> <us>  a key was pressed or released (emulated time)
//                   B <us> <hz> <duty>  the buzzer's PWM changed (duty 0..1)
//                   R <us>      the Pico was reset (watchdog / machine.reset())
//                   READY       the USB serial is connected
//                   T <min ns> <needed ns> <drives>  the shortest time from a row driven low
//                               to the read of its columns, the wire model's need, the drives
//                   W e <addr> <count> | W p <addr> <hex>  the flash was erased or
//                               programmed (only with config.logFlash)
//                   C <us> <sram> <xip> <rom> <xip data> <misses>  (only with
//                               config.countFetches) the counts so far of instruction
//                               fetches from SRAM, XIP flash and the ROM, of data reads
//                               from XIP flash, and of XIP cache misses in the model
//                               below: sent before each k line (at its time) and each
//                               F line (as at the frame's last bit)
// Time: each instruction is charged its Cortex-M0+ cycles at 125 MHz (emulated time),
// and each miss of the flash's XIP cache its QSPI read (below; config.xipCache false,
// VPICO_XIP_CACHE=off through board.py: not charged);
// the core runs a block of instructions at a time, translated once into JavaScript
// (thumb_blocks.mjs; VPICO_NO_BLOCKS=1: rp2040js alone, an instruction at a time); a
// clock alarm due within a block fires after it; a running PIO catches up after each
// block, each of its instructions at its own time (its pins' edges keep their time).
// Emulated time never runs ahead of wall time (so a host program's timeouts, such as
// mpremote's, hold), and idle waits cost no host CPU.
import fs from 'node:fs';
import { RP2040, USBCDC, GPIOPinState, ConsoleLogger, LogLevel, BasePeripheral } from 'rp2040js';
import { XipCache, ssiMissCycles } from './xip_cache.mjs';
import { blockRunner } from './thumb_blocks.mjs';

const config = JSON.parse(process.argv[2]);
const FLASH_BASE = 0x10000000;
const FLASH_SIZE = config.flashSize || 2 * 1024 * 1024; // the Pico's W25Q16: 2 MB
// A core cycle's time: 125 MHz at power-up, then what the firmware sets the PLL and
// clk_sys to (machine.freq(): rp2040js computes clk_sys from their registers).
let CYCLE_NANOS = 1e9 / 125e6;
// The core's supply (VREG's VSEL): RP2040 is specified to 133 MHz at the power-up 1.10 V,
// to 200 MHz at 1.15 V or more (pico-sdk 2.1.1's release notes). A clock set past what
// the voltage allows is reported on stderr (a real chip may crash or corrupt data).
const VSEL_1V10 = 0xb;
const VSEL_1V15 = 0xc;
const BKPT_ERASE = 0xe0; // our breakpoints, patched over the bootrom's flash routines
const BKPT_PROGRAM = 0xe1;
// The flash chip's own time (Winbond W25Q16JV datasheet, typical): the core waits while
// it erases a 4 KB sector or programs a 256-byte page (XIP is off meanwhile).
const ERASE_SECTOR_NANOS = 45e6;
const PROGRAM_PAGE_NANOS = 0.4e6;
const WS_ONE_NANOS = 625; // a high pulse longer than this is a 1 bit (T0H 400, T1H 800)
const WS_RESET_NANOS = 50000; // the line low this long ends a frame (WS2812B: >= 50 us)

// -- the bootrom (B1), with its flash erase/program routines made real -------------------
function loadBootrom() {
  const text = fs.readFileSync(config.bootrom, 'utf8');
  const body = text.slice(text.indexOf('['), text.lastIndexOf(']'));
  const words = body.match(/0x[0-9a-fA-F]+/g).map((w) => parseInt(w, 16) >>> 0);
  const rom = new Uint32Array(4096);
  rom.set(words);
  const half = (addr) => (rom[addr >> 2] >>> ((addr & 2) * 8)) & 0xffff;
  const setHalf = (addr, value) => {
    const shift = (addr & 2) * 8;
    rom[addr >> 2] = ((rom[addr >> 2] & ~(0xffff << shift)) | (value << shift)) >>> 0;
  };
  // the ROM function table: (two-letter code, address) pairs from the pointer at 0x14
  const table = {};
  for (let p = half(0x14); half(p) !== 0; p += 4) {
    const code = half(p);
    table[String.fromCharCode(code & 0xff, code >> 8)] = half(p + 2) & ~1;
  }
  if (!process.env.VPICO_NOPATCH) setHalf(table.RE, 0xbe00 | BKPT_ERASE);
  if (!process.env.VPICO_NOPATCH) setHalf(table.RP, 0xbe00 | BKPT_PROGRAM);
  return rom;
}

const bootrom = loadBootrom();
const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
if (config.flash && fs.existsSync(config.flash)) {
  flash.set(fs.readFileSync(config.flash).subarray(0, FLASH_SIZE));
}
if (config.image) {
  // UF2: 512-byte blocks, each with its target address and up to 476 bytes of payload
  const uf2 = fs.readFileSync(config.image);
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    const addr = uf2.readUInt32LE(off + 12);
    const size = uf2.readUInt32LE(off + 16);
    if (uf2.readUInt32LE(off) !== 0x0a324655 || addr < FLASH_BASE) continue;
    flash.set(uf2.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
  }
}

function send(line) {
  process.stdout.write(line + '\n');
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');
let mcu = null;
let blocks = null; // the core run a block at a time (thumb_blocks.mjs); null: rp2040js alone
let cdc = null;
let pendingReads = []; // endpoint -> size of the Pico's buffer waiting for host bytes
const hostBytes = []; // typed, not yet taken by the Pico
const keys = new Uint8Array(144);
const colLow = new Uint8Array(32);
let buzzer = '';

function micros() {
  return Math.floor(mcu.clock.nanos / 1000);
}

function feedSerial() {
  // move typed bytes into the CDC FIFO; answer a waiting OUT endpoint only with data
  while (hostBytes.length && !cdc.txFIFO.full) cdc.sendSerialByte(hostBytes.shift());
  const endpoint = cdc.outEndpoint;
  const size = pendingReads[endpoint];
  if (size && cdc.txFIFO.itemCount) {
    pendingReads[endpoint] = 0;
    const n = Math.min(size, cdc.txFIFO.itemCount);
    const buffer = new Uint8Array(n);
    for (let i = 0; i < n; i++) buffer[i] = cdc.txFIFO.pull();
    mcu.usbCtrl.endpointReadDone(endpoint, buffer);
  }
}

// -- the matrix's wires --------------------------------------------------------------------
// A column is a node charged through its pull-up and, while a driven-low row has its key
// down, discharged through that row's pad and the key's diode: its level moves toward its
// target exponentially (config.wires, from hardware/matrix_wires.py: the time constants
// and, for each drive strength and number of keys held in the row, the level it falls
// to; the wait a whole row held needs at each drive, for the bench's figure). GPIO_IN shows it through the input's thresholds (below VIL 0, above VIH 1, in
// between its last reading) as it stood syncNanos before the read (the synchroniser).
// A scan that reads a row's columns too soon after driving it sees no press. Without
// config.wires a column follows at once.
const wires = config.wires || null;
const PAD_RESET = 0x56; // PADS_BANK0 GPIOn at reset: input on, Schmitt trigger, pull-down, DRIVE 1 (4 mA)
let columns = []; // per column: its segment now and the one before { t0, v0, target, tau, read0 }
let driven = null; // the row driven low now and when: for the bench's settle figure
const settle = { minNanos: Infinity, neededNanos: 0, drives: 0 };

function levelAt(seg, t) {
  if (seg.tau <= 0 || t <= seg.t0) return seg.v0;
  return seg.target + (seg.v0 - seg.target) * Math.exp(-(t - seg.t0) / seg.tau);
}

function readingOf(seg, t) {
  const v = levelAt(seg, t);
  return v < wires.vil ? 0 : v > wires.vih ? 1 : seg.read0;
}

function columnTarget(c) {
  // the lowest level a driven row with this column's key held pulls it to, and how fast
  const { rows, cols } = config.matrix;
  let target = wires.iovdd;
  let tau = wires.riseTauNanos;
  for (let r = 0; r < rows.length; r++) {
    const pin = mcu.gpio[rows[r]];
    if (pin.value !== GPIOPinState.Low || keys[r * cols.length + c] !== 1) continue;
    let held = 0;
    for (let k = 0; k < cols.length; k++) held += keys[r * cols.length + k];
    const low = wires.low[pin.driveStrength][held];
    if (low < target) {
      target = low;
      tau = wires.fallTauNanos[pin.driveStrength][held];
    }
  }
  return [target, tau];
}

function updateColumns() {
  // a row or a key changed: each column sets off toward its new target from where it is
  const { rows, cols } = config.matrix;
  if (!wires) {
    // a driven-low row pulls the columns of its pressed keys low at once
    for (let c = 0; c < cols.length; c++) {
      let low = false;
      for (let r = 0; r < rows.length && !low; r++) {
        low = keys[r * cols.length + c] === 1 && mcu.gpio[rows[r]].value === GPIOPinState.Low;
      }
      if (colLow[c] !== (low ? 1 : 0)) {
        colLow[c] = low ? 1 : 0;
        mcu.gpio[cols[c]].setInputValue(!low);
      }
    }
    return;
  }
  const now = mcu.clock.nanos;
  for (let c = 0; c < cols.length; c++) {
    const seg = columns[c].now;
    const [target, tau] = columnTarget(c);
    if (target === seg.target && tau === seg.tau) continue;
    columns[c] = { before: seg, now: { t0: now, v0: levelAt(seg, now), target, tau, read0: readingOf(seg, now) } };
  }
  noteDrive(now);
}

function noteDrive(now) {
  // the settle figure: a row driven low starts the wait for its first read
  const { rows } = config.matrix;
  const low = rows.filter((r) => mcu.gpio[r].value === GPIOPinState.Low);
  if (low.length !== 1) {
    driven = null;
    return;
  }
  if (driven && driven.gpio === low[0]) return;
  driven = { gpio: low[0], nanos: now, read: false };
  const needed = wires.needNanos[mcu.gpio[low[0]].driveStrength]; // a whole row held at this drive
  settle.neededNanos = Math.max(settle.neededNanos, needed === null ? Infinity : needed);
}

function wireColumns() {
  const { rows, cols } = config.matrix;
  colLow.fill(0);
  for (const c of cols) mcu.gpio[c].setInputValue(true);
  for (const r of rows) mcu.gpio[r].addListener(updateColumns);
  if (!wires) return;
  // every pad as the RP2040 resets it (rp2040js starts them at DRIVE 3, 12 mA): the
  // firmware must set the rows' drive itself
  for (const pin of mcu.gpio) pin.padValue = PAD_RESET;
  const high = { t0: 0, v0: wires.iovdd, target: wires.iovdd, tau: wires.riseTauNanos, read0: 1 };
  columns = cols.map(() => ({ before: high, now: high }));
  driven = null;
  const sioRead = mcu.sio.readUint32.bind(mcu.sio);
  mcu.sio.readUint32 = (offset) => {
    let value = sioRead(offset);
    if (offset !== 4) return value; // GPIO_IN
    const now = mcu.clock.nanos;
    const seen = now - wires.syncNanos;
    for (let c = 0; c < cols.length; c++) {
      const { before, now: seg } = columns[c];
      const bit = readingOf(seen >= seg.t0 ? seg : before, seen);
      value = bit ? value | (1 << cols[c]) : value & ~(1 << cols[c]);
    }
    if (driven && !driven.read) {
      driven.read = true;
      settle.drives++;
      settle.minNanos = Math.min(settle.minNanos, now - driven.nanos);
    }
    return value >>> 0;
  };
}

function wireLeds() {
  // WS2812: each bit a high pulse, long for 1, short for 0; low >= 50 us latches
  const pin = mcu.gpio[config.leds];
  let rise = 0;
  let fall = 0;
  let first = 0;
  let bits = [];
  mcu.ledFlush = () => {
    if (bits.length >= 8 && mcu.clock.nanos - fall > WS_RESET_NANOS) {
      const bytes = new Uint8Array(bits.length >> 3);
      for (let i = 0; i < bytes.length * 8; i++) bytes[i >> 3] |= bits[i] << (7 - (i & 7));
      if (config.countFetches) send(`C ${Math.floor(fall / 1000)} ${countsAtFall}`);
      send(`F ${Math.floor(fall / 1000)} ${Math.floor(first / 1000)} ${hex(bytes)}`);
      bits = [];
    }
  };
  pin.addListener((state) => {
    const now = mcu.clock.nanos;
    if (state === GPIOPinState.High) {
      if (now - fall > WS_RESET_NANOS) {
        mcu.ledFlush();
        bits = [];
        first = now;
      }
      rise = now;
    } else if (state === GPIOPinState.Low && rise > fall) {
      fall = now;
      bits.push(now - rise > WS_ONE_NANOS ? 1 : 0);
      if (config.countFetches) countsAtFall = countsNow();
    }
  });
}

function wireBuzzer() {
  // report the buzzer pin's PWM slice (frequency and duty) whenever its registers change
  const gpio = config.buzzer;
  const slice = (gpio >> 1) & 7;
  const channelB = gpio & 1;
  const pwm = mcu.pwm;
  const write = pwm.writeUint32.bind(pwm);
  pwm.writeUint32 = (offset, value) => {
    write(offset, value);
    // read the slice when its enable (CSR) or level (CC) is written: a new frequency
    // writes DIV and TOP first, and a state between them is no tone that was played
    const reg = offset - slice * 0x14;
    if (reg !== 0x00 && reg !== 0x0c) return;
    const ch = pwm.channels[slice];
    const enabled = (ch.csr & 1) === 1;
    const top = ch.top + 1;
    const level = channelB ? ch.cc >>> 16 : ch.cc & 0xffff;
    const div = (ch.div >> 4) + (ch.div & 0xf) / 16 || 256;
    const hz = enabled && level ? mcu.clkSys / div / top : 0;
    const state = `${Math.round(hz)} ${hz ? Math.min(1, level / top).toFixed(3) : 0}`;
    if (state !== buzzer) {
      buzzer = state;
      send(`B ${micros()} ${state}`);
    }
  };
}

function busyFlash(nanos) {
  flashNanos += nanos;
  mcu.clock.tick(nanos);
}

let flashNanos = 0; // emulated time spent waiting for the flash chip

function flashOp(code) {
  const core = mcu.core;
  const r = core.registers;
  if (code === BKPT_ERASE) {
    const addr = r[0] >>> 0;
    const count = r[1] >>> 0;
    flash.fill(0xff, addr, Math.min(FLASH_SIZE, addr + count));
    mcu.flash.fill(0xff, addr, Math.min(FLASH_SIZE, addr + count));
    if (blocks) blocks.flashWritten(addr, count);
    if (config.logFlash) send(`W e ${addr} ${count}`);
    busyFlash(Math.ceil(count / 4096) * ERASE_SECTOR_NANOS);
  } else if (code === BKPT_PROGRAM) {
    const addr = r[0] >>> 0;
    const data = r[1] >>> 0;
    const count = r[2] >>> 0;
    for (let i = 0; i < count && addr + i < FLASH_SIZE; i++) {
      const v = mcu.flash[addr + i] & mcu.readUint8(data + i); // NOR flash: bits only clear
      mcu.flash[addr + i] = v;
      flash[addr + i] = v;
    }
    if (blocks) blocks.flashWritten(addr, count);
    if (config.logFlash) {
      const bytes = new Uint8Array(Math.max(0, Math.min(count, FLASH_SIZE - addr)));
      for (let i = 0; i < bytes.length; i++) bytes[i] = mcu.readUint8(data + i);
      send(`W p ${addr} ${hex(bytes)}`);
    }
    busyFlash(Math.ceil(count / 256) * PROGRAM_PAGE_NANOS);
  } else {
    return false;
  }
  cache.flush(); // (the SDK flushes the XIP cache after a flash write)
  core.PC = r[14] & ~1; // return to the caller, as the ROM routine would
  return true;
}

function fastMemory() {
  // the core's SRAM and flash reads and SRAM writes straight to their arrays, as
  // rp2040js's own RP2040.read/writeUint32 do in the end: its writeUint32 first looks
  // every address up among the peripherals (a dictionary miss for SRAM), the costliest
  // step of an emulated instruction after its decoding. Anything else (an unaligned
  // address, ROM, USB RAM, a peripheral) goes the way it went.
  const core = mcu.core;
  const sram = mcu.sramView;
  const sramEnd = mcu.sram.length - 3;
  const flashView = mcu.flashView;
  const flashEnd = mcu.flash.length - 3;
  const read32 = core.readUint32.bind(core);
  const write32 = core.writeUint32.bind(core);
  core.readUint32 = (address) => {
    const a = address >>> 0;
    if ((a & 3) === 0) {
      const ram = a - 0x20000000;
      if (ram >= 0 && ram < sramEnd) return sram.getUint32(ram, true);
      if (a >= FLASH_BASE && a < 0x14000000 && (a & 0xffffff) < flashEnd) return flashView.getUint32(a & 0xffffff, true);
    }
    return read32(address);
  };
  core.writeUint32 = (address, value) => {
    const ram = (address >>> 0) - 0x20000000;
    if ((ram & 3) === 0 && ram >= 0 && ram < sramEnd) sram.setUint32(ram, value, true);
    else write32(address, value);
  };
}

// -- the flash's XIP cache (on unless config.xipCache is false) ---------------------------
// rp2040js charges every fetch one cycle wherever it comes from. On a real RP2040 a fetch
// or read from XIP flash goes through a 16 KB, 2-way set-associative cache of 8-byte
// lines (datasheet 2.5.3.1, "1 cycle hit"); a miss reads its line over QSPI, its cost
// set by the SSI's registers as the firmware's boot2 leaves them (xip_cache.mjs). With
// the model on, every instruction fetch and data read of the core in XIP flash is looked
// up in it, and a miss adds its extra cycles to the emulated clock: blocks look up their
// own fetches (thumb_blocks.mjs), everything else comes through the core's readers
// below, its misses' cycles added to the instruction that read (cache.stall). The cache
// is flushed where the SDK flushes it (XIP_CTRL's FLUSH, and our flash erase and
// program); XIP_CTRL's CTR_HIT and CTR_ACC count its hits and lookups, as a real Pico's
// count its hits and accesses (a firmware can time its misses as on a board). With
// config.countFetches the same readers count the core's fetches by where they come from.
const xipOn = config.xipCache !== false;
let cache = null; // XipCache, anew at each boot
const counts = { sram: 0, xip: 0, rom: 0, xipData: 0 };
let countsAtFall = '';

function xipMemory(counting) {
  // the core fetches an instruction's halfwords through readUint16 before it moves PC on
  const core = mcu.core;
  const read16 = core.readUint16.bind(core);
  const read32 = core.readUint32.bind(core);
  const read8 = core.readUint8.bind(core);
  core.readUint16 = (address) => {
    const a = address >>> 0;
    const pc = core.PC & ~1;
    const fetch = a === pc || a === pc + 2;
    if (a >= FLASH_BASE && a < 0x14000000) {
      if (counting) fetch ? counts.xip++ : counts.xipData++;
      cache.stall += fetch ? cache.fetch(a) : cache.data(a);
    } else if (counting && fetch) {
      if (a < 0x10000000) counts.rom++;
      else counts.sram++;
    }
    return read16(address);
  };
  const data = (read) => (address) => {
    const a = address >>> 0;
    if (a >= FLASH_BASE && a < 0x14000000) {
      if (counting) counts.xipData++;
      cache.stall += cache.data(a);
    }
    return read(address);
  };
  core.readUint32 = data(read32);
  core.readUint8 = data(read8);
  // the misses' cycles, added to the instruction that read (an exception's entry too)
  const execute = core.executeInstruction.bind(core);
  core.executeInstruction = () => {
    const cycles = execute();
    const stall = cache.stall;
    if (stall === 0) return cycles;
    cache.stall = 0;
    core.cycles += stall;
    return cycles + stall;
  };
}

class XipCtrl extends BasePeripheral {
  // XIP_CTRL (0x14000000): FLUSH, CTR_HIT and CTR_ACC; its other registers as before
  // (unmodelled: CTRL's cache enable, the stream FIFO)
  constructor(rp2040) {
    super(rp2040, 'XIP_CTRL');
    this.hitsBase = 0;
    this.accessesBase = 0;
  }

  readUint32(offset) {
    if (offset === 0x0c) return (cache.hits[0] - this.hitsBase) >>> 0;
    if (offset === 0x10) return (cache.hits[0] + cache.misses - this.accessesBase) >>> 0;
    return super.readUint32(offset);
  }

  writeUint32(offset, value) {
    if (offset === 0x04) cache.flush();
    else if (offset === 0x0c) this.hitsBase = cache.hits[0];
    else if (offset === 0x10) this.accessesBase = cache.hits[0] + cache.misses;
    else super.writeUint32(offset, value);
  }
}

function wireXip() {
  // a miss's cost from the SSI as the firmware sets it, each time it is enabled set up
  // for reads (boot2's quad read, set again by the SDK after each flash write; the
  // commands the SDK sends the flash directly set it up otherwise: no change)
  cache = new XipCache(xipOn ? undefined : 0);
  const ssi = mcu.peripherals[0x18000];
  const write = ssi.writeUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    write(offset, value);
    if (offset !== 8 || (value & 1) === 0 || !xipOn) return; // SSIENR
    const cycles = ssiMissCycles({ ctrlr0: ssi.crtlr0, spiCtrlr0: ssi.spictlr0, baudr: ssi.baudr });
    if (cycles !== null) cache.missExtraCycles = cycles - 1;
    if (process.env.VPICO_DEBUG) process.stderr.write(`vpico: XIP miss ${cycles} cycles (SSI ${ssi.crtlr0.toString(16)} ${ssi.spictlr0.toString(16)} ${ssi.baudr})\n`);
  };
  if (xipOn) mcu.peripherals[0x14000] = new XipCtrl(mcu);
  if (xipOn || config.countFetches) xipMemory(config.countFetches);
}

function countsNow() {
  return `${counts.sram} ${counts.xip} ${counts.rom} ${counts.xipData} ${cache.misses}`;
}

function boot() {
  mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  console.log = (...args) => process.stderr.write(args.join(' ') + '\n');
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash);
  fastMemory();
  wireXip();
  // counting fetches needs each instruction's own fetch: rp2040js alone then (and with
  // config.blocks false, or VPICO_NO_BLOCKS)
  const alone = config.countFetches || config.blocks === false || process.env.VPICO_NO_BLOCKS;
  blocks = alone ? null : blockRunner(mcu, FLASH_SIZE, xipOn ? cache : null);
  // CHIP_RESET is not emulated: an unknown read has every bit set, PSM_RESTART_FLAG among
  // them, and the bootrom then waits for a debugger forever. A power-on reset reads 0.
  const chipReset = mcu.peripherals[0x40064];
  const readChipReset = chipReset.readUint32.bind(chipReset);
  const writeChipReset = chipReset.writeUint32.bind(chipReset);
  // VREG (offset 0) is not emulated either: kept here, VSEL at its power-up 1.10 V
  let vreg = (VSEL_1V10 << 4) | 1;
  chipReset.readUint32 = (offset) => (offset === 8 ? 0 : offset === 0 ? vreg : readChipReset(offset));
  chipReset.writeUint32 = (offset, value) => {
    if (offset === 0) vreg = value & 0xf3;
    else writeChipReset(offset, value);
  };
  CYCLE_NANOS = 1e9 / mcu.clkSys;
  mcu.addClockListener((hz) => {
    CYCLE_NANOS = 1e9 / hz;
    const vsel = (vreg >> 4) & 0xf;
    if (hz > 133e6 && vsel < VSEL_1V15) {
      process.stderr.write(`vpico: clk_sys ${hz / 1e6} MHz at VSEL ${vsel}: beyond what RP2040 is specified for\n`);
    }
  });
  mcu.onBreak = (code) => {
    if (!flashOp(code)) {
      process.stderr.write(`vpico: breakpoint ${code} at ${mcu.core.PC.toString(16)}\n`);
    }
  };
  mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    resetPending = true;
  };
  wireColumns();
  wireLeds();
  wireBuzzer();
  cdc = new USBCDC(mcu.usbCtrl);
  pendingReads = [];
  cdc.onDeviceConnected = () => send('READY');
  cdc.onSerialData = (buffer) => {
    mcu.ledFlush(); // a frame latched before these bytes is reported before them
    send(`S ${hex(buffer)}`);
  };
  const usb = mcu.usbCtrl;
  usb.onEndpointRead = (endpoint, size) => {
    // a real host answers only when it has data: no empty packet every 10 us
    if (endpoint !== 0) {
      pendingReads[endpoint] = size;
      feedSerial();
    }
  };
  pioInEmulatedTime();
  // start at boot stage 2 in flash, as rp2040js's own demo does: the bootrom's copy of
  // it through the SSI is not emulated (its functions, used later, are)
  mcu.core.PC = FLASH_BASE;
}

// -- the PIO in emulated time ---------------------------------------------------------------
// rp2040js runs its PIO blocks from host timers, an instruction a step whatever its delay
// or its state machine's clock divider: the LED frames a PIO program sends then take
// whatever host time they take (a frame of the board's PioStrip came out in 125-140
// emulated ms, not 4.3). Here every enabled state machine runs in emulated time instead:
// an instruction takes 1 + its delay PIO cycles (rp2040js counts them in `cycles`), a PIO
// cycle is the machine's divider (CLKDIV) in system cycles, and a machine that waits
// (a stalled OUT on an empty FIFO: the WS2812 latch) lets the time pass.
function pioInEmulatedTime() {
  for (const pio of mcu.pio) {
    pio.run = () => {}; // no host-timer loop: stepPio() below runs the machines
    for (const m of pio.machines) m.due = 0;
  }
}

function pioActive() {
  for (const pio of mcu.pio) {
    if (!pio.stopped) return true;
  }
  return false;
}

// rp2040js's StateMachine.waitType of a machine waiting for its TX FIFO (PULL, or OUT
// with autopull): only a write to the PIO (the core's, DMA's) can wake it
const WAIT_TX_FIFO = 3;
const WAIT_OUT = 5;

function pioQuiet() {
  // no state machine can move before something writes to a PIO: every enabled one waits
  // for its TX FIFO, which is empty (the LED strip's between frames)
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    for (const m of pio.machines) {
      if (m.enabled && !(m.waiting && (m.waitType === WAIT_TX_FIFO || m.waitType === WAIT_OUT) && m.txFIFO.empty)) {
        return false;
      }
    }
  }
  return true;
}

function pioBusy() {
  // a machine running (not waiting): an idle core's time must pass in small steps
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    for (const m of pio.machines) {
      if (m.enabled && !m.waiting) return true;
    }
  }
  return false;
}

function stepPio(sysCycles) {
  // the machines catch up with the core over its last sysCycles (the clock stands at their
  // end): each PIO instruction at its own time, its pins' edges reported then
  const end = mcu.clock.nanosCounter;
  const start = end - sysCycles * CYCLE_NANOS;
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    for (const m of pio.machines) {
      if (!m.enabled) {
        m.due = m.cycles;
        continue;
      }
      const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
      const from = m.due;
      m.due += sysCycles / div;
      while (m.cycles < m.due) {
        const before = m.cycles;
        mcu.clock.nanosCounter = start + Math.max(0, m.cycles - from) * div * CYCLE_NANOS;
        m.step();
        pio.checkChangedPins();
        if (m.cycles === before) m.cycles = m.due; // waiting: the time passes
      }
    }
    mcu.clock.nanosCounter = end;
    pio.checkChangedPins();
  }
}

const PIO_IDLE_CYCLES = 16; // while a PIO runs, an idle core's time passes in steps this small

let resetPending = false;
boot();

function saveFlash() {
  // written aside, then renamed over the old file: a harness killed mid-save (a busy
  // host) leaves the last flash whole, never a file cut short, whose missing tail the
  // next boot would read as erased blocks in the middle of littlefs's files
  if (config.flash && config.save) {
    fs.writeFileSync(config.flash + '.tmp', flash);
    fs.renameSync(config.flash + '.tmp', config.flash);
  }
}

let wall0 = performance.now();
let emu0 = 0;
let quitting = false;
let busyMs = 0;

function run() {
  // run until emulated time catches up with wall time (or 20 ms of host time passed)
  const start = performance.now();
  const limit = emu0 + (start - wall0) * 1e6 * (config.speed || 1);
  const clock = mcu.clock;
  const core = mcu.core;
  const pios = mcu.pio;
  while (clock.nanos < limit && performance.now() - start < 20) {
    for (let i = 0; i < 5000; i++) {
      if (core.waiting) {
        const dt = clock.nanosToNextAlarm;
        if (pioBusy()) {
          // the core idles, a PIO runs: its edges keep their emulated time
          const step = Math.min(PIO_IDLE_CYCLES * CYCLE_NANOS, Math.max(0, dt > 0 ? dt : limit - clock.nanos));
          if (step <= 0 || clock.nanos + step > limit) break;
          clock.tick(step);
          stepPio(step / CYCLE_NANOS);
        } else if (dt <= 0 || clock.nanos + dt > limit) {
          const idle = Math.max(0, limit - clock.nanos);
          clock.tick(idle); // idle until the host acts
          if (pioActive()) stepPio(idle / CYCLE_NANOS); // (its machines wait meanwhile)
          break;
        } else {
          clock.tick(dt);
          if (pioActive()) stepPio(dt / CYCLE_NANOS);
        }
      } else if (blocks ? pioQuiet() : pios[0].stopped && pios[1].stopped) {
        // the common case (no PIO running, or none that can move): blocks of
        // instructions back to back until the core waits or writes to a PIO; the clock
        // is advanced in place (what tick() does when no alarm is due) and tick() is
        // called only for a due alarm. A machine the last block woke catches up over
        // it, as on the path below (one the last block started waits for the next
        // block, as there); a waiting machine keeps the part of a PIO cycle it ran past
        // its due, which that path absorbed (125 ns at most: ARCHITECTURE.md).
        let n = 500;
        if (blocks) {
          const active = pioActive();
          n = blocks.run(n, CYCLE_NANOS);
          const last = blocks.lastStep();
          if (last.pioWritten && active) stepPio(last.cycles);
        } else {
          while (n-- > 0) {
            clock.nanosCounter += core.executeInstruction() * CYCLE_NANOS;
            const alarm = clock.nextAlarm;
            if (alarm !== null && alarm.nanos <= clock.nanosCounter) clock.tick(0);
            if (core.waiting) break;
          }
        }
        i += 499 - n;
      } else {
        // a PIO runs: a block (or an instruction), then the PIO over the same cycles
        const cycles = blocks ? blocks.step(CYCLE_NANOS) : core.executeInstruction();
        clock.tick(cycles * CYCLE_NANOS);
        if (pioActive()) stepPio(cycles);
      }
    }
    if (mcu.ledFlush) mcu.ledFlush();
    if (resetPending) break;
  }
  if (mcu.ledFlush) mcu.ledFlush();
  if (resetPending) {
    resetPending = false;
    const now = mcu.clock.nanos;
    boot();
    send(`R ${Math.floor(now / 1000)}`);
    wall0 = performance.now();
    emu0 = 0;
  }
  busyMs += performance.now() - start;
  if (quitting) return;
  const ahead = (clock.nanos - emu0) / 1e6 - (performance.now() - wall0);
  setTimeout(run, ahead > 1 ? Math.min(ahead, 20) : 0);
}

let input = '';
process.stdin.on('data', (chunk) => {
  input += chunk.toString('latin1');
  let nl;
  while ((nl = input.indexOf('\n')) >= 0) {
    const line = input.slice(0, nl).trim();
    input = input.slice(nl + 1);
    const [cmd, a, b] = line.split(' ');
    if (cmd === 'S' && a) {
      for (const byte of Buffer.from(a, 'hex')) hostBytes.push(byte);
      feedSerial();
    } else if (cmd === 'K') {
      const at = line.split(' ')[3];
      const apply = () => {
        keys[parseInt(a, 10)] = b === '1' ? 1 : 0;
        updateColumns();
        if (config.countFetches) send(`C ${micros()} ${countsNow()}`);
        send(`k ${a} ${b} ${micros()}`);
      };
      const delay = at === undefined ? 0 : parseInt(at, 10) * 1000 - mcu.clock.nanos;
      if (delay > 0) mcu.clock.createAlarm(apply).schedule(delay);
      else apply();
    } else if (cmd === 'T') {
      // the matrix's settle so far: the shortest time from a row's drive to the read of
      // its columns, the model's need (-1: none measured; the need of a drive that leaves
      // a whole held row above VIL is infinite: -2)
      const ns = (x) => (x === Infinity ? -2 : Math.round(x));
      send(`T ${settle.drives ? ns(settle.minNanos) : -1} ${wires ? ns(settle.neededNanos) : -1} ${settle.drives}`);
    } else if (cmd === 'Q') {
      quit();
    } else if (cmd === 'L' && b) {
      const bytes = Buffer.from(b, 'hex');
      const addr = parseInt(a, 10);
      flash.set(bytes, addr);
      mcu.flash.set(bytes, addr);
      if (blocks) blocks.flashWritten(addr, bytes.length);
    }
  }
});
process.stdin.on('end', quit);

function quit() {
  if (quitting) return;
  quitting = true;
  saveFlash();
  process.exit(0);
}

// keep feeding the serial as the Pico frees room in its FIFO
setInterval(() => feedSerial(), 1);
if (process.env.VPICO_DEBUG) setInterval(() => process.stderr.write(`pc ${mcu.core.PC.toString(16)} t ${mcu.clock.nanos / 1e6} ms waiting ${mcu.core.waiting} busy ${busyMs.toFixed(0)}\n`), 1000);
run();
