// glibc malloc's settings for every app process the repo's scripts start (npm start, the bench, the
// cluster, Lighthouse); docs/operations/performance.md has the figures. A value already in the
// environment wins.
export const MALLOC_ENV = {
  // two arenas: libvips (sharp) resizing on many threads otherwise leaves hundreds of MB of freed
  // memory in per-thread arenas
  MALLOC_ARENA_MAX: "2",
  // freed memory at the top of the heap goes back to the system past 128 KB, not past glibc's
  // sliding threshold (up to 32 MB): about 30 MB less resident at rest
  MALLOC_TRIM_THRESHOLD_: "131072",
};
