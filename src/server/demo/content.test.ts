import { describe, expect, test } from "vitest";
import { CONTENT_KINDS } from "@/domain/content/types";
import { demoContent } from "./content";
import { DEMO_SITES } from "./sites";

// the demo sites' own rows are data (data/content.json): each a known kind, dated from the seed time
const NOW = Date.UTC(2026, 10, 23, 1);
const DAY = 86_400_000;

describe("the demo content", () => {
  test.each(DEMO_SITES.map((s) => [s.slug, demoContent(s, NOW)] as const))("%s: known kinds, one row to a slug of a kind", (_, rows) => {
    for (const row of rows) {
      expect(CONTENT_KINDS).toContain(row.kind);
      expect(row.body).toMatch(/\S/);
      expect(row.publishedAt.getTime()).toBeLessThanOrEqual(NOW);
    }
    const keys = rows.map((r) => `${r.kind}/${r.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("an offer's dates are days from the seed time, its end optional", () => {
    const offers = demoContent(
      DEMO_SITES.find((s) => s.slug === "parkside-motor-group")!,
      NOW,
    ).filter((r) => r.kind === "offer");
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.expiresAt === null || (o.expiresAt!.getTime() - NOW) % DAY === 0).toBe(true);
      expect((NOW - o.publishedAt.getTime()) % DAY).toBe(0);
    }
    expect(offers.some((o) => o.expiresAt === null)).toBe(true);
    expect(offers.filter((o) => o.expiresAt && o.expiresAt.getTime() < NOW).map((o) => o.slug)).toEqual(["end-of-winter-service-special"]);
  });
});
