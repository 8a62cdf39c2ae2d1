export const MALLOC_ENV: { MALLOC_ARENA_MAX: string; MALLOC_TRIM_THRESHOLD_: string };
