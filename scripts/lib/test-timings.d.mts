export interface FileTiming {
  file: string;
  ms: number;
  tests: number;
  setupMs?: number;
}
export interface RunTimings {
  run: string;
  wallMs: number;
  files: FileTiming[];
  tests: Array<{ title: string; ms: number }>;
}
export const TIMINGS_DIR: string;
export function writeTimings(timings: RunTimings, dir?: string): void;
export function readTimings(run: string, dir?: string): RunTimings | undefined;
export function slowestLines(timings: RunTimings, count?: number): string[];
export function timingsByFile(run: string, results: Array<{ file: string; title: string; ms: number }>, wallMs: number): RunTimings;
