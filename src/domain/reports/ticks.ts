/*
 * The y-axis of a chart of counts: whole, distinct numbers from 0 to a round top at or above the
 * largest value, about `count` steps (a chart of 0s and 1s reads "0, 1", never "0, 0, 1, 1, 1").
 * An empty chart (largest value 0) has no axis: the chart says it has no data yet. Pure.
 */
export function countTicks(max: number, count = 4): { top: number; ticks: number[] } {
  if (!Number.isFinite(max) || max <= 0) return { top: 0, ticks: [] };
  const raw = max / Math.max(1, Math.floor(count));
  const scale = 10 ** Math.floor(Math.log10(raw));
  // 1, 2, 2.5 and 5 times a power of ten, and never below one: counts have no halves
  const step = Math.max(
    1,
    ...[1, 2, 2.5, 5, 10]
      .map((m) => m * scale)
      .filter((s) => s >= raw && Number.isInteger(s))
      .slice(0, 1),
  );
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}
