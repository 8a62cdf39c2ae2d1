import { describe, expect, test } from "vitest";
import { z } from "zod";
import * as accounts from "./accounts/forms";
import * as adEvents from "./analytics/ad-event-schema";
import * as analytics from "./analytics/schema";
import * as content from "./content/edit";
import * as financeQuote from "./leads/finance-quote";
import * as formSchema from "./leads/form-schema";
import { FORM_KINDS, FORMS, type FormRules } from "./leads/forms";
import * as lead from "./leads/lead";
import { INVALID_CHARACTERS_MESSAGE } from "./leads/messages";
import * as lookup from "./lookups/lookup";
import * as valuation from "./lookups/valuation";
import * as contract from "./platform/contract";
import * as dealershipRecord from "./platform/dealership-record";
import * as locationRecord from "./platform/location-record";
import * as siteRecord from "./platform/site-record";
import * as range from "./reports/range";
import * as featureRules from "./site/feature-rules";
import * as financeSettings from "./staff/finance-settings";
import * as roles from "./staff/roles";
import * as settings from "./staff/settings";
import * as stockImport from "./stock/import";
import * as vehicleForm from "./stock/vehicle-form";
import * as photos from "./stock/photos";
import * as checkout from "./store/checkout";
import { textBlock, textLine } from "./text-schema";

/*
 * No string a person or a program sends may carry NUL (PostgreSQL text cannot hold it: it was a 500)
 * or another control character. Rather than trust each schema to remember, this walks every schema
 * the domain exports (and the ones its factories build) down to each string it accepts, and sends
 * each one a NUL, a C0 control and DEL: every one must refuse them. Then whole records with a NUL in
 * each of their string fields in turn: a 422-shaped failure naming that field.
 */

type Def = { type: string } & Record<string, unknown>;
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema inside `s`, with where it sits. */
function strings(s: z.ZodType, at: string, seen = new Set<unknown>()): Array<[string, z.ZodType]> {
  if (seen.has(s)) return [];
  seen.add(s);
  const def = defOf(s);
  const walk = (inner: unknown, where: string) => (inner ? strings(inner as z.ZodType, where, seen) : []);
  switch (def.type) {
    case "string":
      return [[at, s]];
    case "object":
      return [
        ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => walk(v, `${at}.${k}`)),
        ...walk(def.catchall, `${at}.*`),
      ];
    case "array":
      return walk(def.element, `${at}[]`);
    case "record":
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{}`)];
    case "union":
      return (def.options as z.ZodType[]).flatMap((o, i) => walk(o, `${at}|${i}`));
    case "intersection":
      return [...walk(def.left, at), ...walk(def.right, at)];
    case "tuple":
      return [...(def.items as z.ZodType[]).flatMap((o, i) => walk(o, `${at}[${i}]`)), ...walk(def.rest, `${at}[…]`)];
    case "pipe":
      return [...walk(def.in, at), ...walk(def.out, at)];
    case "lazy":
      return walk((def.getter as () => z.ZodType)(), at);
    default:
      return walk(def.innerType, at); // optional, nullable, default, catch, readonly…
  }
}

const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;
const modules = {
  accounts,
  adEvents,
  analytics,
  content,
  financeQuote,
  formSchema,
  lead,
  lookup,
  valuation,
  contract,
  dealershipRecord,
  locationRecord,
  siteRecord,
  range,
  featureRules,
  financeSettings,
  roles,
  settings,
  stockImport,
  photos,
  checkout,
};
const rules: FormRules = { market: "AU", messageOptional: false, locationIds: [1, 2], dealershipSlugs: ["a", "b"], zip: false };
const schemas: Array<[string, z.ZodType]> = [
  ...Object.entries(modules).flatMap(([m, ns]) =>
    Object.entries(ns)
      .filter(([, v]) => isSchema(v))
      .map(([name, v]) => [`${m}.${name}`, v as z.ZodType] as [string, z.ZodType]),
  ),
  ...FORM_KINDS.map((k) => [`leadFormSchema(${k})`, formSchema.leadFormSchema(FORMS[k], rules)] as [string, z.ZodType]),
  ...(["AU", "NZ", "US"] as const).flatMap((c) => [
    [`savedDetailsSchema(${c})`, accounts.savedDetailsSchema(c)] as [string, z.ZodType],
    [`checkoutSchema(${c})`, checkout.checkoutSchema(c)] as [string, z.ZodType],
  ]),
  ["cleanText", formSchema.cleanText(100)],
  ["vehicleCreateSchema", vehicleForm.vehicleCreateSchema(2026)],
  ["vehicleEditSchema", vehicleForm.vehicleEditSchema(2026)],
];
const leaves = schemas.flatMap(([name, s]) => strings(s, name));

describe("every string a domain schema accepts refuses NUL and other control characters", () => {
  test("the walk reaches the records' strings (a site's name, a menu label, a rule's reason, a vehicle's description…)", () => {
    const where = leaves.map(([at]) => at);
    expect(where.length).toBeGreaterThan(150);
    for (const at of [
      "siteRecord.SiteRecordSchema.name",
      "siteRecord.SiteRecordSchema.navigation.header[].label",
      "dealershipRecord.DealershipRecordSchema.name",
      "featureRules.FeatureRuleSchema.why",
      "locationRecord.LocationRecordSchema.address.street",
      "vehicleEditSchema.description",
      "vehicleCreateSchema.features",
      "content.ContentEditSchema.body",
      "roles.LeadUpdateSchema.note",
    ])
      expect(
        where.some((w) => w.startsWith(at)),
        at,
      ).toBe(true);
  });

  test.each(leaves.map(([at, s]) => [at, s] as const))("%s", (_, s) => {
    for (const bad of ["a\u0000b", "\u0000", "a\u0001", "x\u007f", "a\u001bb"])
      expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("the shared text schemas", () => {
  test.each([
    ["Audit Motors", true, true],
    ["Audit\u0000Motors", false, false],
    ["line one\nline two", false, true],
    ["a\ttab", false, true],
    ["a\r\nb", false, true],
    ["bell\u0007", false, false],
    ["del\u007f", false, false],
    ["lone \ud800 surrogate", false, false],
    ["emoji 🚗 fine", true, true],
  ])("%j: one line %s, lines %s", (v, line, block) => {
    expect(textLine().safeParse(v).success).toBe(line);
    expect(textBlock().safeParse(v).success).toBe(block);
    if (!line) expect(textLine().safeParse(v).error!.issues[0]!.message).toBe(INVALID_CHARACTERS_MESSAGE);
  });
});

/** Every string leaf of a sample value, with its path. */
function stringPaths(v: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof v === "string") return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}
function withNul(v: unknown, path: Array<string | number>): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  o[last] = `${String(o[last]).slice(0, 2)}\u0000${String(o[last]).slice(2)}`;
  return copy;
}

const geelong = {
  name: "Smith Motors Geelong",
  slug: "smith-motors-geelong",
  location_type: "sales",
  manufacturers: ["Mazda"],
  gmb_profile_id: "gmb-1",
  dealer_license_number: "LMCT 12345",
  motor_vehicle_repairer: "MVR 1",
  image: "/images/abc",
  contact_detail: { phone: "(03) 5221 0000", landline_phone: "(03) 5221 0001", email: "sales@smithmotors.com.au" },
  address: { street: "1 Princes Hwy", city: "Geelong", state: "VIC", postcode: "3220", lat: -38.147, long: 144.36, place_id: "p1" },
  opening_hours: [{ weekday: 1, status: "Open", open: "08:30", close: "17:30" }],
};
const site = {
  name: "Audit Motors",
  slug: "audit-motors",
  template: "default",
  domain_name: "auditmotors.com.au",
  domains: ["audit-motors.com.au"],
  dealership_group: "Audit Group",
  manufacturer: "Mazda",
  primary_vehicle_override: "Car",
  url: "https://www.auditmotors.com.au",
  logo: { url: "/images/logo" },
  colours: { primary: "#0b3d91", secondary: "#c8102e" },
  phone: "(03) 9870 1000",
  email: "sales@auditmotors.com.au",
  social_urls: { facebook: "https://facebook.com/audit" },
  timezone: "Australia/Melbourne",
  payment_provider: "Stripe",
  finance_provider: "Manual",
  search_filters: { cities: ["Geelong"], makes: ["Mazda"], make_variants: { Mazda: ["MAZDA"] } },
  navigation: {
    header: [{ label: "Our Stock", href: "/search/new-used-and-demo-cars", children: [{ label: "Used", href: "/search/used-cars" }] }],
    footer: [{ title: "Company", links: [{ label: "About", href: "/pages/about-us" }] }],
  },
};

describe("a NUL in any string field of a record: refused, naming that field", () => {
  const records: Array<[string, z.ZodType, unknown]> = [
    ["site record", siteRecord.SiteRecordSchema, site],
    ["site record change", siteRecord.SiteRecordPatchSchema, site],
    ["location", locationRecord.LocationRecordSchema, geelong],
    ["location change", locationRecord.LocationPatchSchema, geelong],
    [
      "dealership",
      dealershipRecord.DealershipRecordSchema,
      { name: "Parkside Mazda", slug: "parkside-mazda", make: "Mazda", url: "https://x.com.au", logo: "/images/l" },
    ],
    [
      "feature rule",
      featureRules.FeatureRuleSchema,
      { why: "Group buys cars", match: { group: "Kappa Group", slug: ["a", "b"] }, set: { sell_my_car: true } },
    ],
    [
      "special hours",
      contract.SpecialHoursUpdateSchema,
      {
        special_hours: [
          { date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null },
        ],
      },
    ],
    [
      "vehicle edit",
      vehicleForm.vehicleEditSchema(2026),
      { price: "28000", status: "in_stock", description: "One owner\nFull history", colour: "Red", features: ["Sunroof"] },
    ],
    ["lead note", roles.LeadUpdateSchema, { status: "new", note: "Called back" }],
    [
      "content page",
      content.ContentEditSchema,
      { kind: "page", slug: "about-us", title: "About us", summary: "Who we are", body: "# Hello", published_on: "2026-01-01" },
    ],
  ];
  const cases = records.flatMap(([name, schema, sample]) => {
    expect(schema.safeParse(sample).success, `${name}: ${JSON.stringify(schema.safeParse(sample).error?.issues)}`).toBe(true);
    return stringPaths(sample).map((p) => [`${name}: ${p.join(".")}`, schema, sample, p] as const);
  });

  test.each(cases)("%s", (_, schema, sample, path) => {
    const r = schema.safeParse(withNul(sample, path));
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => path.join(".").startsWith(i.path.join(".")) && i.path.length > 0);
    expect(issue, JSON.stringify(r.error!.issues)).toBeDefined();
  });
});
