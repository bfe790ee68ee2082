/**
 * What this machine charges for the two kernel services a browser's renderer leans on and a
 * JavaScript loop does not: touching fresh memory (a page fault per 4 KiB) and a system call.
 * Lighthouse's CPU benchmark index is a JavaScript loop, so on a virtual machine whose page faults
 * cost tens of times a bare machine's it reads as fast while every renderer task (compiling,
 * laying out, each fresh heap page) runs several times slower, and the simulated phone multiplies
 * those tasks by 4. These two figures, the bench's first rows, tell such a machine; the services'
 * latencies, made of system calls, are read against them too.
 */
import fs from 'node:fs';

export interface MachineCosts {
  /** Microseconds per first touch of a 4 KiB page (the median of three 64 MiB buffers). */
  pageFaultUs: number;
  /** Microseconds per fstat(2) from Node, its binding included (the median of three batches). */
  systemCallUs: number;
}

const BUFFER_BYTES = 64 * 2 ** 20;
const SYSTEM_CALLS = 50_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function pageFaultUs(): number {
  const faultsBefore = process.resourceUsage().minorPageFault;
  const started = process.hrtime.bigint();
  // allocUnsafeSlow: fresh memory of its own (mmap'd), not the pool; fill touches every page of it.
  Buffer.allocUnsafeSlow(BUFFER_BYTES).fill(1);
  const elapsedNs = Number(process.hrtime.bigint() - started);
  const faults = Math.max(1, process.resourceUsage().minorPageFault - faultsBefore);
  return elapsedNs / faults / 1000;
}

function systemCallUs(): number {
  const fd = fs.openSync('/dev/null', 'r');
  try {
    const started = process.hrtime.bigint();
    for (let call = 0; call < SYSTEM_CALLS; call++) fs.fstatSync(fd);
    return Number(process.hrtime.bigint() - started) / SYSTEM_CALLS / 1000;
  } finally {
    fs.closeSync(fd);
  }
}

export function measureMachineCosts(): MachineCosts {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    pageFaultUs: round(median([pageFaultUs(), pageFaultUs(), pageFaultUs()])),
    systemCallUs: round(median([systemCallUs(), systemCallUs(), systemCallUs()])),
  };
}
