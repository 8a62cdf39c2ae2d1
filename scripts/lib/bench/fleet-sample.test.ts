import { describe, expect, test } from "vitest";
import {
  LOOKUP_MS_ADR,
  lookupCpuOf,
  missSample,
  pageKind,
  SHARED_MAX_BYTES_DEFAULT,
  sharedTierOf,
  type Dealer,
  type LookupRow,
  type SharedSnapshot,
} from "./fleet-sample";

describe("pageKind", () => {
  test.each([
    ["/", "home"],
    ["/search/new-used-and-demo-cars", "search"],
    ["/search/used-toyota-cars", "landing"],
    ["/cars/2021-toyota-corolla-123", "car"],
    ["/motorcycles/2020-honda-cb-9", "car"],
    ["/locations/north", "other"],
    ["/cars", "other"],
  ])("%s is a %s page", (path, kind) => expect(pageKind(path)).toBe(kind));
});

describe("missSample", () => {
  // rankPages' order: home, main search, then landing, car and other pages in turn
  const pages = ["/", "/search/new-used-and-demo-cars"];
  for (let i = 0; i < 60; i++) pages.push(`/search/l-${i}`, `/cars/c-${i}`, `/about-${i}`);
  const dealers: Dealer[] = Array.from({ length: 1500 }, (_, i) => ({ siteId: i, host: `d${i}.localhost`, pages, cars: [] }));
  const sample = missSample(dealers, 3, 11, { crawlerShare: 0.15, pageS: 1 });
  const share = (kind: string) => sample.filter((x) => pageKind(x.path) === kind).length / sample.length;

  test("each address at most once", () => {
    expect(new Set(sample.map((x) => `${x.host}${x.path}`)).size).toBe(sample.length);
    expect(sample.length).toBeGreaterThan(3000);
  });

  test("the kinds come in the mix's proportions, not car pages alone: home and search pages lead", () => {
    // a dealer's Zipf head (rank 1 of 182: 1/H(182) ≈ 17.7% of shoppers) is its home page
    expect(share("home")).toBeGreaterThan(0.12);
    expect(share("search")).toBeGreaterThan(0.06);
    expect(share("landing")).toBeGreaterThan(0.1);
    expect(share("car")).toBeGreaterThan(0.1);
    expect(share("car")).toBeLessThan(0.5);
  });

  test("the same seed draws the same pages", () => expect(missSample(dealers, 3, 11, { crawlerShare: 0.15, pageS: 1 })).toEqual(sample));
});

describe("sharedTierOf", () => {
  const snap = (o: Partial<SharedSnapshot>): SharedSnapshot => ({
    lookups: 0,
    lookupMsMean: null,
    rows: 0,
    bytes: 0,
    maxBytes: 1024,
    hits: 0,
    misses: 0,
    ...o,
  });

  test("without a --shared-cache row: ADR 0019's lookup, the default limit, a copy at 0.14 of an in-process entry", () => {
    expect(sharedTierOf([{ pageCache: [{}] }], 100_000)).toEqual({
      lookupLatencyMs: LOOKUP_MS_ADR,
      lookupMeasured: false,
      bytesPerCopy: expect.closeTo(14_000, 6),
      bytesMeasured: false,
      maxBytes: SHARED_MAX_BYTES_DEFAULT,
    });
  });

  test("with them: the processes' lookup means weighted by their lookups, the fullest table's bytes a copy, their limit", () => {
    const rows = [
      { pageCache: [{}] },
      { pageCache: [{ shared: snap({ lookups: 100, lookupMsMean: 1, rows: 10, bytes: 150_000 }) }] },
      { pageCache: [{ shared: snap({ lookups: 300, lookupMsMean: 3, rows: 40, bytes: 800_000 }) }, { shared: snap({}) }] },
    ];
    expect(sharedTierOf(rows, 100_000)).toEqual({
      lookupLatencyMs: 2.5,
      lookupMeasured: true,
      bytesPerCopy: 20_000,
      bytesMeasured: true,
      maxBytes: 1024,
    });
  });
});

describe("lookupCpuOf", () => {
  const plain = (processes: number, pgMsPerView: number, views = 1000): LookupRow => ({
    processes,
    sharedCache: false,
    views,
    pgMsPerView,
    sharedLookups: null,
  });
  const shared = (processes: number, pgMsPerView: number, sharedLookups: number, views = 1000): LookupRow => ({
    processes,
    sharedCache: true,
    views,
    pgMsPerView,
    sharedLookups,
  });

  test.each<[string, LookupRow[], { cpuMs: number; basis: string; measuredMs: number | null }]>([
    // 0.4 ms a view more PostgreSQL CPU over 0.5 lookups a view: 0.8 ms a lookup, whatever its 12 ms wall-clock time
    [
      "a row's added PostgreSQL CPU ÷ its lookups",
      [plain(4, 3.81), shared(4, 4.21, 500)],
      { cpuMs: 0.8, basis: "measured", measuredMs: 0.8 },
    ],
    // pooled: (0.3×1000 + 0.6×3000) ms ÷ (500 + 2000) lookups = 0.84, not the rows' mean (0.6 + 0.9) ÷ 2
    [
      "rows pooled: added CPU over all views ÷ all lookups",
      [plain(1, 2.5), shared(1, 2.8, 500), plain(2, 2.7, 3000), shared(2, 3.3, 2000, 3000)],
      { cpuMs: 0.84, basis: "measured", measuredMs: 0.84 },
    ],
    // a shared row is set beside the plain row with as many processes, wherever it is in the list
    ["matched by process count", [shared(2, 3.2, 400), plain(4, 9), plain(2, 3.0)], { cpuMs: 0.5, basis: "measured", measuredMs: 0.5 }],
    // noise: the shared row's PostgreSQL CPU below the plain row's; a lookup costs no less than nothing
    ["below 0: clamped", [plain(1, 2.49), shared(1, 2.39, 400)], { cpuMs: 0, basis: "clamped", measuredMs: -0.25 }],
    ["no shared row: ADR 0019's time", [plain(1, 2.49), plain(4, 3.81)], { cpuMs: LOOKUP_MS_ADR, basis: "adr", measuredMs: null }],
    [
      "a shared row without a plain one beside it: ADR 0019's time",
      [plain(1, 2.49), shared(4, 4.13, 500)],
      { cpuMs: LOOKUP_MS_ADR, basis: "adr", measuredMs: null },
    ],
    [
      "a shared row that made no lookup: ADR 0019's time",
      [plain(1, 2.49), shared(1, 2.9, 0)],
      { cpuMs: LOOKUP_MS_ADR, basis: "adr", measuredMs: null },
    ],
  ])("%s", (_, rows, expected) => {
    const l = lookupCpuOf(rows);
    expect(l.basis).toBe(expected.basis);
    expect(l.cpuMs).toBeCloseTo(expected.cpuMs, 9);
    if (expected.measuredMs === null) expect(l.measuredMs).toBeNull();
    else expect(l.measuredMs).toBeCloseTo(expected.measuredMs, 9);
  });

  test("each shared row's own figures are kept for the output", () => {
    const l = lookupCpuOf([plain(1, 2.5), shared(1, 2.8, 500), plain(2, 2.7, 3000), shared(2, 3.3, 2000, 3000)]);
    expect(l.rows).toEqual([
      { processes: 1, pgAddedMsPerView: expect.closeTo(0.3, 9), lookupsPerView: 0.5, cpuMs: expect.closeTo(0.6, 9) },
      { processes: 2, pgAddedMsPerView: expect.closeTo(0.6, 9), lookupsPerView: expect.closeTo(2 / 3, 9), cpuMs: expect.closeTo(0.9, 9) },
    ]);
  });
});
