import { describe, expect, test } from "vitest";
import type { Dealership, Location } from "../site/types";
import { dealershipChoices, directoryFilter, directoryHref, filterLocations } from "./directory";

const dealer = (id: number, slug: string): Dealership => ({
  id,
  name: `Parkside ${slug}`,
  slug,
  make: null,
  url: null,
  logo: null,
  position: id,
  visible: true,
});
const DEALERS = [dealer(1, "mazda"), dealer(2, "kia"), dealer(3, "skoda")];
const loc = (id: number, dealershipId: number | null, locationType: Location["locationType"], locationSubtype: string[] = []) =>
  ({ id, dealershipId, locationType, locationSubtype }) as Location;
const LOCS = [loc(1, 1, "sales"), loc(2, 1, "service"), loc(3, 2, "sales", ["buying"]), loc(4, null, "parts")];

describe("the /dealerships filters (dealership filter object)", () => {
  test.each([
    [{}, [1, 2, 3, 4]],
    [{ type: "sales" }, [1, 3]],
    [{ type: "buying" }, [3]],
    [{ dealership: "mazda" }, [1, 2]],
    [{ dealership: "mazda", type: "service" }, [2]],
    [{ dealership: "kia", type: "service" }, []],
    [{ dealership: "__proto__", type: "constructor" }, [1, 2, 3, 4]],
    [{ dealership: "unknown" }, [1, 2, 3, 4]],
  ])("%j shows locations %j", (query, ids) => {
    expect(filterLocations(LOCS, directoryFilter(query, DEALERS)).map((l) => l.id)).toEqual(ids);
  });

  test("a dealership is offered when it has a location, and only when there are two or more", () => {
    expect(dealershipChoices(DEALERS, LOCS).map((d) => d.slug)).toEqual(["mazda", "kia"]);
    expect(dealershipChoices(DEALERS, [loc(1, 1, "sales")])).toEqual([]);
  });

  test.each([
    [{ type: null, dealership: null }, "/dealerships"],
    [{ type: "service", dealership: null }, "/dealerships?type=service"],
    [{ type: "sales", dealership: "mazda" }, "/dealerships?type=sales&dealership=mazda"],
  ] as const)("%j → %s", (f, href) => expect(directoryHref("/dealerships", f)).toBe(href));
});
