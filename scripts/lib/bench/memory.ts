/*
 * A process's resident memory as the bench reports it: now (VmRSS) and at its peak (VmHWM), in MB,
 * from /proc/<pid>/status; and "at rest", read after a few idle seconds, so that the figure is what
 * a process holds between requests rather than in the middle of one.
 */
import { readFileSync } from "node:fs";

export type Resident = { rssMb: number; hwmMb: number };

/** How long a process is left idle before its memory at rest is read. */
export const REST_MS = 5000;

/** VmRSS and VmHWM of a /proc/<pid>/status text, in whole MB (0 when absent). */
export function residentOf(status: string): Resident {
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), hwmMb: Math.round(kb("VmHWM") / 1024) };
}

export const residentNow = (pid: number): Resident => residentOf(readFileSync(`/proc/${pid}/status`, "utf8"));

/** Each process's memory after `REST_MS` without requests. */
export async function residentAtRest(pids: number[]): Promise<Resident[]> {
  await new Promise((done) => setTimeout(done, REST_MS));
  return pids.map(residentNow);
}
