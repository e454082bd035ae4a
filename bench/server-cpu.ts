/**
 * The CPU the bench's server processes use, read from /proc: the whole process (every thread) and its main
 * thread alone. A Node server answers on its main thread; V8's worker and the checkpoint thread run beside it on
 * the other core. How busy the main thread is through an open-rate phase is the headroom it had for a stall
 * (bench/notes/open-rate-tails.md, 2026-12-04 session 72): "half the closed loop's rate" is not half its time.
 */
import { readFileSync } from "node:fs";

/** utime + stime of a /proc stat line, in seconds (clock ticks of 10 ms); fields counted after the command's closing parenthesis. */
function statSeconds(path: string): number {
  try {
    const text = readFileSync(path, "utf8");
    const fields = text.slice(text.lastIndexOf(") ") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far, every thread; 0 once it has gone. */
export const cpuSeconds = (pid: number | undefined): number => (pid === undefined ? 0 : statSeconds(`/proc/${pid}/stat`));

/** CPU seconds the process's main thread (the task whose id is the process's) has used so far; 0 once it has gone. */
export const mainThreadCpuSeconds = (pid: number | undefined): number =>
  pid === undefined ? 0 : statSeconds(`/proc/${pid}/task/${pid}/stat`);

/** What the server processes had used at one moment: all their threads, and each one's main thread. */
export interface CpuMark {
  all: number;
  mains: number[];
}

export const cpuMark = (pids: (number | undefined)[]): CpuMark => ({
  all: pids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0),
  mains: pids.map(mainThreadCpuSeconds),
});

/** The servers' work over a stretch of `wallSeconds` that answered `requests`. */
export interface ServerLoad {
  /** Every thread of every server process, per request (µs). */
  cpuMicrosPerRequest: number;
  /** The busiest main thread's CPU over the stretch's wall time, 0 to 1 (two decimals): 1 left it no headroom. */
  mainThreadBusy: number;
}

export function serverLoad(before: CpuMark, after: CpuMark, requests: number, wallSeconds: number): ServerLoad {
  const busiest = Math.max(0, ...after.mains.map((main, i) => main - (before.mains[i] ?? 0)));
  return {
    cpuMicrosPerRequest: requests > 0 ? Math.round(((after.all - before.all) * 1e6) / requests) : 0,
    mainThreadBusy: wallSeconds > 0 ? Math.round((busiest / wallSeconds) * 100) / 100 : 0,
  };
}
