import { describe, expect, test } from "vitest";
import { hoursEntry } from "../site/hours";
import type { OpeningHourEntry, SpecialHoursEntry } from "../site/types";
import { directionsUrl, distanceKm, EARTH_RADIUS_KM, formatAddress, internationalPhone, placeUrl } from "./geo";
import { hoursOn, localTime, normalizeSpecialHours, openState, upcomingSpecialHours } from "./hours";
import {
  allReviewsLink,
  distributionAverage,
  formatRating,
  ratingBreakdown,
  reviewsFilterNote,
  reviewsSpread,
  reviewSource,
  timeAgoInWords,
  type RatingDistribution,
} from "./reviews";

const SALES: OpeningHourEntry[] = [
  hoursEntry(0, "Open", "10:00", "16:00"),
  ...([1, 2, 3, 4, 5, 6] as const).map((d) => hoursEntry(d, "Open", "09:00", "17:00")),
];
const SERVICE: OpeningHourEntry[] = [
  hoursEntry(0, "Closed"),
  ...([1, 2, 3, 4, 5] as const).map((d) => hoursEntry(d, "Open", "07:30", "17:30")),
  hoursEntry(6, "By Appointment"),
];
const OVERNIGHT: OpeningHourEntry[] = [hoursEntry(5, "Open", "22:00", "02:00")];
const HOLIDAYS: SpecialHoursEntry[] = [
  normalizeSpecialHours({ date: "2026-12-25", name: "Christmas Day", status: "Closed" }),
  normalizeSpecialHours({ date: "2026-12-26", name: "Boxing Day", status: "Open", start_hour: "10:00", end_hour: "14:00" }),
  normalizeSpecialHours({ date: "2027-01-01", name: "New Year's Day", status: "Closed" }),
];

/** The instant at which the wall clock in `tz` reads `local` (YYYY-MM-DDTHH:mm). */
function at(tz: string, local: string): number {
  const target = Date.parse(`${local}:00Z`);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const lt = localTime(guess, tz);
    const seen = Date.parse(
      `${lt.date}T${String(Math.floor(lt.minutes / 60)).padStart(2, "0")}:${String(lt.minutes % 60).padStart(2, "0")}:00Z`,
    );
    guess += target - seen;
  }
  return guess;
}

const ZONES = ["Australia/Melbourne", "Pacific/Auckland", "Australia/Brisbane", "America/Phoenix"];

describe("open now, at the edges, in each location's time zone", () => {
  // 2026-11-23 is a Monday
  const cases: Array<[string, OpeningHourEntry[], string, string, string | null, SpecialHoursEntry[]?]> = [
    ["just before open", SALES, "2026-11-23T08:59", "Closed now", "Opens at 9:00 am"],
    ["at opening", SALES, "2026-11-23T09:00", "Open now", "Closes at 5:00 pm"],
    ["a minute before close", SALES, "2026-11-23T16:59", "Open now", "Closes at 5:00 pm"],
    ["at close", SALES, "2026-11-23T17:00", "Closed now", "Opens tomorrow at 9:00 am"],
    ["Saturday evening → Sunday hours", SALES, "2026-11-28T17:30", "Closed now", "Opens tomorrow at 10:00 am"],
    ["Saturday: service By Appointment", SERVICE, "2026-11-28T10:00", "By Appointment", "Opens Monday at 7:30 am"],
    ["Sunday: service closed", SERVICE, "2026-11-29T12:00", "Closed now", "Opens tomorrow at 7:30 am"],
    ["service half-day edge", SERVICE, "2026-11-27T17:29", "Open now", "Closes at 5:30 pm"],
    ["overnight: late evening", OVERNIGHT, "2026-11-27T23:00", "Open now", "Closes at 2:00 am"],
    ["overnight: after midnight", OVERNIGHT, "2026-11-28T01:59", "Open now", "Closes at 2:00 am"],
    ["overnight: at close", OVERNIGHT, "2026-11-28T02:00", "Closed now", "Opens Friday at 10:00 pm"],
    ["special day: Christmas closed", SALES, "2026-12-25T12:00", "Closed now", "Opens tomorrow at 10:00 am", HOLIDAYS],
    ["special day: Boxing Day short hours", SALES, "2026-12-26T13:59", "Open now", "Closes at 2:00 pm", HOLIDAYS],
    ["special day: Boxing Day after close", SALES, "2026-12-26T14:00", "Closed now", "Opens tomorrow at 10:00 am", HOLIDAYS],
  ];
  for (const tz of ZONES) {
    test.each(cases)(`${tz}: %s`, (_name, weekly, local, label, detail, specials = []) => {
      const s = openState(at(tz, local), tz, weekly, specials, 1);
      expect(s.label).toBe(label);
      expect(s.detail).toBe(detail);
    });
  }

  test("one instant, four places: each reads its own clock", () => {
    const instant = Date.parse("2026-11-22T22:30:00Z");
    expect(ZONES.map((tz) => openState(instant, tz, SALES, [], 1).label)).toEqual(["Open now", "Open now", "Closed now", "Open now"]);
    expect(localTime(instant, "Australia/Brisbane")).toEqual({ date: "2026-11-23", weekday: 1, minutes: 8 * 60 + 30 });
    expect(localTime(instant, "America/Phoenix")).toEqual({ date: "2026-11-22", weekday: 0, minutes: 15 * 60 + 30 });
  });

  // localTime keeps each zone's offset per quarter hour of UTC: checked here against Intl itself,
  // minute by minute around daylight-saving changes and at random instants, in zones that change by
  // an hour, by half an hour (Lord Howe), at a quarter-hour offset (Chatham, Kathmandu) or at their
  // own half hour (St John's)
  test.each([
    "Australia/Melbourne",
    "Pacific/Auckland",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "Asia/Kathmandu",
    "America/St_Johns",
    "UTC",
  ])("%s: the same as Intl's own reading", (tz) => {
    const f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const intl = (at: number) => {
      const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      return {
        date: `${p.year}-${p.month}-${p.day}`,
        weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(p.weekday!),
        minutes: Number(p.hour) * 60 + Number(p.minute),
      };
    };
    const instants: number[] = [];
    // every minute of the days around each change in 2026 (April and September/October, March and November in the north)
    for (const day of ["2026-04-04", "2026-04-05", "2026-09-26", "2026-09-27", "2026-10-03", "2026-10-04", "2026-03-08", "2026-11-01"])
      for (let m = 0; m < 48 * 60; m += 7) instants.push(Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000 + m * 60_000 + 13_000);
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      instants.push(Date.parse("2024-01-01T00:00:00Z") + (x % (4 * 365 * 1440)) * 60_000 + (i % 60) * 1000);
    }
    for (const at of instants) expect(localTime(at, tz), new Date(at).toISOString()).toEqual(intl(at));
  });
  test("a zone that does not exist still throws", () => expect(() => localTime(0, "Mars/Olympus_Mons")).toThrow());
});

describe("special hours", () => {
  test.each([
    [{ date: "2026-12-26", status: "Open", start_hour: "10:00", end_hour: "14:00" }, "10:00", "14:00"],
    [{ date: "2026-12-26T00:00:00Z", status: "open", hours: { begin: "9:30", end: "13:00" } }, "09:30", "13:00"],
    [{ date: "2026-12-25", status: "Closed" }, null, null],
  ])("normalised from %o", (raw, start, end) => {
    const e = normalizeSpecialHours(raw);
    expect([e.date, e.start_hour, e.end_hour]).toEqual(["2026-12-2" + raw.date.slice(9, 10), start, end]);
  });

  test("a location's own special entry wins over a site-wide one; else weekly hours", () => {
    const specials = [
      normalizeSpecialHours({ date: "2026-12-24", status: "Open", start_hour: "09:00", end_hour: "12:00" }),
      normalizeSpecialHours({ date: "2026-12-24", status: "Closed", location_id: 7 }),
    ];
    expect(hoursOn("2026-12-24", 4, SALES, specials, 7)).toMatchObject({ status: "Closed", formatted: "Closed" });
    expect(hoursOn("2026-12-24", 4, SALES, specials, 8)).toMatchObject({ status: "Open", formatted: "9:00 am - 12:00 pm" });
    expect(hoursOn("2026-12-23", 3, SALES, specials, 8)).toMatchObject({ formatted: "9:00 am - 5:00 pm", special: null });
    expect(hoursOn("2026-12-23", 3, [], specials, 8)).toMatchObject({ status: "Closed" });
  });

  test("upcoming holiday hours, from today in the location's zone", () => {
    const list = upcomingSpecialHours(at("Australia/Melbourne", "2026-12-25T08:00"), "Australia/Melbourne", HOLIDAYS, 1);
    expect(list.map((s) => [s.name, s.formatted])).toEqual([
      ["Christmas Day", "Closed"],
      ["Boxing Day", "10:00 am - 2:00 pm"],
      ["New Year's Day", "Closed"],
    ]);
    expect(upcomingSpecialHours(at("Australia/Melbourne", "2026-12-27T08:00"), "Australia/Melbourne", HOLIDAYS, 1)).toHaveLength(1);
  });
});

describe("geo", () => {
  test.each([
    [{ lat: -37.8136, long: 144.9631 }, { lat: -37.8136, long: 144.9631 }, 0, 0.001],
    [{ lat: -37.8136, long: 144.9631 }, { lat: -38.1499, long: 144.3617 }, 64, 2],
    [{ lat: -33.8688, long: 151.2093 }, { lat: -36.8485, long: 174.7633 }, 2156, 10],
    [{ lat: 0, long: 0 }, { lat: 0, long: 180 }, Math.PI * EARTH_RADIUS_KM, 0.01],
  ])("%o → %o ≈ %s km", (a, b, km, tolerance) => {
    expect(Math.abs(distanceKm(a, b) - km)).toBeLessThanOrEqual(tolerance);
  });

  const addr = { street: "45 Main South Road", city: "Christchurch", state: "Canterbury", postcode: "8042" };
  test.each([
    ["AU", "45 Main South Road, Christchurch Canterbury 8042"],
    ["NZ", "45 Main South Road, Christchurch 8042"],
    ["US", "45 Main South Road, Christchurch, Canterbury 8042"],
  ] as const)("address in %s: %s", (country, text) => expect(formatAddress(addr, country)).toBe(text));

  test.each([
    ["(03) 9870 1000", "AU", "+61398701000"],
    ["03 348 1200", "NZ", "+6433481200"],
    ["(928) 555-0142", "US", "+19285550142"],
    ["+61 3 9870 1000", "NZ", "+61398701000"],
  ] as const)("international %s (%s) → %s", (phone, country, out) => expect(internationalPhone(phone, country)).toBe(out));

  test("directions use the stored map URL, else coordinates", () => {
    expect(directionsUrl({ lat: -1, long: 2, map_url: "https://maps.example/x" })).toBe("https://maps.example/x");
    expect(directionsUrl({ lat: -1, long: 2 })).toBe("https://www.google.com/maps/dir/?api=1&destination=-1,2");
    // address.place_id: the maps app opens the business itself; an id that is not one is left out
    expect(directionsUrl({ lat: -1, long: 2, place_id: "ChIJHUbPY9dPQsCZ-iym7egN_BG" })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=-1,2&destination_place_id=ChIJHUbPY9dPQsCZ-iym7egN_BG",
    );
    expect(directionsUrl({ lat: -1, long: 2, place_id: "x&y=<script>" })).toBe("https://www.google.com/maps/dir/?api=1&destination=-1,2");
    expect(placeUrl({ lat: -1, long: 2, place_id: "ChIJHUbPY9dPQsCZ-iym7egN_BG" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=-1,2&query_place_id=ChIJHUbPY9dPQsCZ-iym7egN_BG",
    );
    expect(placeUrl({ lat: -1, long: 2, place_url: "https://maps.example/p" })).toBe("https://maps.example/p");
  });
});

describe("reviews", () => {
  test.each([
    [4.1, "4.1"],
    [4, "4.0"],
    [4.149, "4.1"],
  ])("rating %s → %s", (n, s) => expect(formatRating(n)).toBe(s));

  const now = Date.UTC(2026, 10, 21, 12);
  test.each([
    [10_000, "less than a minute"],
    [5 * 60_000, "5 minutes"],
    [60 * 60_000, "about 1 hour"],
    [5 * 3_600_000, "about 5 hours"],
    [30 * 3_600_000, "1 day"],
    [3 * 86_400_000, "3 days"],
    [35 * 86_400_000, "about 1 month"],
    [100 * 86_400_000, "3 months"],
    [800 * 86_400_000, "about 2 years"],
  ])("%s ms ago → %s", (ago, words) => expect(timeAgoInWords(new Date(now - ago), now)).toBe(words));

  const spread: RatingDistribution = { 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 };
  test("the breakdown shows every star's count and share, 5 stars first", () => {
    expect(ratingBreakdown({ count: 1525, average_rating: 4.1, distribution: spread })).toEqual([
      { stars: 5, count: 820, percent: 54 },
      { stars: 4, count: 350, percent: 23 },
      { stars: 3, count: 150, percent: 10 },
      { stars: 2, count: 80, percent: 5 },
      { stars: 1, count: 125, percent: 8 },
    ]);
    expect(formatRating(distributionAverage(spread))).toBe("4.1");
  });
  test.each([
    ["no distribution", null, 1525],
    ["counts that do not add up to the total", spread, 1600],
    ["a negative count", { ...spread, 1: -1 }, 1399],
    ["a fractional count", { ...spread, 1: 0.5 }, 1400.5],
    ["a total of zero", { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 }, 0],
  ])("no bars for %s", (_, distribution, count) =>
    expect(ratingBreakdown({ count, average_rating: 4, distribution: distribution as RatingDistribution | null })).toBeNull(),
  );

  const profiles = [
    { id: "a", name: "Bad on Google", review_url: "javascript:alert(1)" },
    { id: "b", name: "Parkside Mazda on Google", review_url: "https://www.google.com/maps/search/?api=1&query=x" },
    { id: "c", name: "Broken", review_url: "https://" },
  ];
  test("the all-reviews link is the first profile with an http(s) address", () => {
    expect(allReviewsLink(profiles)?.id).toBe("b");
    expect(allReviewsLink([profiles[0]!, profiles[2]!])).toBeNull();
  });
  test.each([
    ["b", "b"],
    ["a", null],
    ["c", null],
    ["missing", null],
    [null, null],
  ])("a review written on profile %s names source %s", (id, want) => expect(reviewSource(profiles, id)?.id ?? null).toBe(want));
});

describe("/reviews: the spread of every rating, and plainly what the list filters", () => {
  const spread: RatingDistribution = { 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 };
  const held: RatingDistribution = { 5: 20, 4: 10, 3: 5, 2: 3, 1: 2 };
  const none: RatingDistribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  test.each([
    ["the service's spread of all its reviews", { count: 1525, average_rating: 4.1, distribution: spread }, held, "service", 1525, 820],
    ["no spread from the service: the reviews we hold", { count: 1525, average_rating: 4.1, distribution: null }, held, "held", 40, 20],
    ["a spread that does not add up: the reviews we hold", { count: 9, average_rating: 4, distribution: spread }, held, "held", 40, 20],
    ["no summary: the reviews we hold", null, held, "held", 40, 20],
  ] as const)("%s", (_, summary, h, source, total, fives) => {
    const s = reviewsSpread(summary, h)!;
    expect(s).toMatchObject({ source, total });
    expect(s.rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(s.rows[0]!.count).toBe(fives);
  });
  test.each([
    ["nothing held", { count: 1525, average_rating: 4.1, distribution: null }, null],
    ["none held", null, none],
  ])("no spread when %s", (_, summary, h) => expect(reviewsSpread(summary, h)).toBeNull());

  test.each([
    [
      { count: 1525, average_rating: 4.1, distribution: spread },
      12,
      "The list below shows only reviews rated above 4 out of 5 (5 stars), the 12 newest. The other 705 reviews, rated 4 or lower, are counted in the average and the bars but not listed.",
    ],
    [
      { count: 1525, average_rating: 4.1, distribution: null },
      12,
      "The list below shows only reviews rated above 4 out of 5 (5 stars), the 12 newest. The other 20 reviews we hold, rated 4 or lower, are counted in the bars but not listed.",
    ],
    [
      { count: 3, average_rating: 5, distribution: { 5: 3, 4: 0, 3: 0, 2: 0, 1: 0 } },
      3,
      "The list below shows only reviews rated above 4 out of 5 (5 stars), the 3 newest. Every review is rated 5, so none is left out.",
    ],
    [
      { count: 2, average_rating: 3, distribution: { 5: 0, 4: 1, 3: 0, 2: 1, 1: 0 } },
      0,
      "The list below shows only reviews rated above 4 out of 5 (5 stars): there is none yet. The other 2 reviews, rated 4 or lower, are counted in the average and the bars but not listed.",
    ],
  ] as const)("%j with %i listed says so", (summary, listed, note) =>
    expect(reviewsFilterNote(reviewsSpread(summary, held), listed)).toBe(note),
  );
  test("no spread at all: the average still counts every rating", () =>
    expect(reviewsFilterNote(null, 12)).toBe(
      "The list below shows only reviews rated above 4 out of 5 (5 stars), the 12 newest. The average counts every rating.",
    ));
});
