// Types for scripts/next-scripts-after-paint.mjs (a plain ES module, run by npm's postinstall).
export const DIR: string;
export const FILES: string[];
export const INERT_TYPE: string;
export const MAX_WAIT_MS: number;
export const LOADER: string;
export const LOADER_FILE: string;
export const LOADER_DIR: string;
export const LOADER_URL: string;
export const MARK: string;
export const PATCHES: Array<{ what: string; from: string; to: string }>;
export const EARLIER: { mark: string; patches: Array<{ from: string; to: string }> };
export function writeLoader(dir?: string): Promise<string>;
export function scriptsAfterPaint(dir?: string): string[];
