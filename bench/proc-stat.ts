// CPU time of a process from /proc (Linux): the work a server did for a run, which other processes on a
// busy machine disturb much less than its throughput.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU time of `pid` so far, in milliseconds. */
export function cpuTimeMs(pid: number): number {
  return parseCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) * (1000 / clockTicks());
}

/** utime + stime (fields 14 and 15) of a /proc/<pid>/stat line; the command name may contain spaces. */
export function parseCpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return Number(fields[11]) + Number(fields[12]);
}
