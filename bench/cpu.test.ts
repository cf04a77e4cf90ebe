import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSnapshot, processTicks } from './cpu';

describe('CPU per request (bench/cpu.ts)', () => {
  it("reads utime and stime after the command name, whatever the name's spaces and parentheses", () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const line = '4242 (post gres) (x)) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 1 0 99 0 0';
    expect(processTicks(line)).toBe(1234 + 567);
  });

  it('divides each part by the requests and bounds the rate by every core busy', () => {
    const cpu = cpuPerRequest(
      { server: 1000, database: 500, load: 100 },
      { server: 4000, database: 2500, load: 600 },
      1000,
    );
    expect(cpu).toMatchObject({ server: 3, database: 2, load: 0.5, total: 5.5 });
    expect(cpu.bound).toBeCloseTo((availableParallelism() * 1000) / 5.5, 6);
    expect(
      cpuPerRequest({ server: 0, database: 0, load: 0 }, { server: 0, database: 0, load: 0 }, 0),
    ).toMatchObject({ total: 0, bound: 0 });
  });

  it("counts this process's own work as the load generator's", () => {
    const before = cpuSnapshot(process.pid);
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += i % 7;
    const after = cpuSnapshot(process.pid);
    expect(x).toBeGreaterThan(0);
    expect(after.load - before.load).toBeGreaterThan(5);
    // The same process as "server": /proc's ticks move with it (10 ms a tick).
    expect(after.server).toBeGreaterThanOrEqual(before.server);
  });
});
