import { expect, test } from "vitest";
import { TEMPLATE_COLOURS } from "@/domain/platform/site-record";
import { DEMO_SITES } from "./sites";

// a new site starts in its template's colours: none may be a dealer's, or a new dealer would wear another's
test.each(Object.entries(TEMPLATE_COLOURS))("the %s template's colours are no demo dealer's", (_, colours) => {
  const dealers = DEMO_SITES.flatMap((s) => [s.colours.primary, s.colours.secondary].map((c) => c.toLowerCase()));
  expect(dealers).toHaveLength(DEMO_SITES.length * 2);
  expect(dealers).not.toContain(colours.primary.toLowerCase());
  expect(dealers).not.toContain(colours.secondary.toLowerCase());
});
