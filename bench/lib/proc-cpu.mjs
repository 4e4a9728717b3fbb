// CPU time as Linux accounts it in /proc, for the benchmarks' "where did the cores go" figures: the
// server under test is one process, but PostgreSQL, Redis and the load generator are others, and on
// a two-core machine a target can be out of reach because of what they need, whatever the server does.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on every Linux this runs on). */
export const TICKS_PER_SECOND = 100;

/** CPU ticks of every process on the machine, by pid with its command name; empty where there is no /proc. */
export function cpuTicksByProcess() {
  const ticks = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return ticks;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      ticks.set(Number(entry), { comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks;
}

/**
 * Ticks all the machine's cores spent running something (user, nice, system, interrupts; not idle,
 * I/O wait or time the hypervisor gave to another guest), or undefined without /proc.
 */
export function machineBusyTicks() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return user + nice + system + irq + softirq;
  } catch {
    return undefined;
  }
}
