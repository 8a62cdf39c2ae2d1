import "server-only";
import { and, asc, desc, gt, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { bucketRanges, type RangeDimension } from "@/domain/stock/buckets";
import { parseKeywords, type Keywords } from "@/domain/stock/keywords";
import { CHEAP_SHARE, FAMILY, withKeywords, type UnderstoodFilters } from "@/domain/stock/understand";
import { distancesFrom, withinKm } from "@/domain/locations/near";
import { countryFormat } from "@/domain/format/country";
import { nearPoint } from "@/server/geo/near";
import type { Vehicle } from "@/domain/stock/vehicle";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Location } from "@/domain/site/types";
import {
  effectiveCarTypes,
  odometerToKm,
  SEARCH_VARIANTS,
  sortDefault,
  PAGE_SIZE,
  type FacetName,
  type FacetValue,
  type ListFilter,
  type Range,
  type SearchQuery,
  type SearchResult,
  type SortId,
} from "@/domain/stock/search";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { makeVariants, visibleStock, type StockSite } from "@/server/repositories/stock";
import { toVehicle } from "@/server/repositories/vehicles";

export type { FacetName, FacetValue, SearchResult } from "@/domain/stock/search";

export type SearchSite = StockSite & { country: string; defaultSort?: string };

/** Search behind an interface: SQL on PostgreSQL today, anything else later (docs/design.md). */
export interface VehicleSearch {
  search(site: SearchSite, locations: Location[], query: SearchQuery, now?: number): Promise<SearchResult>;
  /** The first vehicles of the site's listed stock in a sort order, without counts or facets (home-page rows). */
  first(site: SearchSite, sort: SortId, limit: number, now?: number): Promise<Vehicle[]>;
  /** How many cars a (saved) search finds now, and how many of them were listed after `since`. */
  counts(site: SearchSite, locations: Location[], query: SearchQuery, since: Date, now?: number): Promise<{ total: number; fresh: number }>;
  /** A saved search's alert: the unsold cars it finds that were listed after `since`, newest first, the first `limit` of them. */
  newSince(
    site: SearchSite,
    locations: Location[],
    query: SearchQuery,
    since: Date,
    limit: number,
    now?: number,
  ): Promise<{ count: number; vehicles: Vehicle[] }>;
}

const v = t.vehicles;
const LIST_COLUMNS: Record<Exclude<ListFilter, "location">, AnyPgColumn> = {
  make: v.make,
  model: v.model,
  body: v.bodyType,
  fuel: v.fuel,
  transmission: v.transmission,
  city: v.city,
};

/**
 * Most Relevant (the documented rank): in stock before coming soon before just sold; the dealer's
 * featured cars first within each; priced before "Enquire for price."; listings with 3+ photos
 * first; then the newest listing; then id (stable).
 */
const RELEVANCE = [
  sql`case ${v.status} when 'in_stock' then 0 when 'coming_soon' then 1 else 2 end`,
  desc(v.featured),
  sql`(${v.price} is null)`,
  sql`(${v.photosCount} >= 3) desc`,
  desc(v.listedAt),
  desc(v.id),
];
const ORDER: Record<SortId, SQL[]> = {
  relevance: RELEVANCE,
  latest: [desc(v.listedAt), desc(v.id)],
  "price-desc": [sql`${v.price} desc nulls last`, desc(v.id)],
  "price-asc": [sql`${v.price} asc nulls last`, asc(v.id)],
  "odometer-desc": [desc(v.odometer), desc(v.id)],
  "odometer-asc": [asc(v.odometer), asc(v.id)],
  // cars without a subscription price come last, by price (a site without subscriptions has none)
  "subscription-desc": [sql`${v.subscriptionWeekly} desc nulls last`, sql`${v.price} desc nulls last`, desc(v.id)],
  "subscription-asc": [sql`${v.subscriptionWeekly} asc nulls last`, sql`${v.price} asc nulls last`, asc(v.id)],
  // nearest first is ordered by the locations' distances (nearOrder); without a position, by relevance
  distance: RELEVANCE,
};

/** The shopper's point, each location's distance from it, and the "within" in km; null without a known point. */
type Nearness = { km: Map<number, number>; withinKm: number | null };

function nearnessOf(site: SearchSite, locations: Location[], q: SearchQuery): Nearness | null {
  const point = nearPoint(q.near, countryFormat(site.country).country);
  if (!point) return null;
  return { km: distancesFrom(point, locations), withinKm: q.near?.within ? withinKm(q.near.within, site.country) : null };
}

/** Nearest first: the car's location's distance (a car without a location last), then relevance. */
function nearOrder(n: Nearness): SQL[] {
  const cases = [...n.km].map(([id, km]) => sql`when ${id} then ${km}::float8`);
  return [sql`case ${v.locationId} ${sql.join(cases, sql` `)} else null end asc nulls last`, ...RELEVANCE];
}

function rangeCondition(col: AnyPgColumn, r: Range): SQL[] {
  const out: SQL[] = [];
  if (r.min !== undefined) out.push(gte(col, r.min));
  if (r.max !== undefined) out.push(lte(col, r.max));
  return out;
}

const escapeLike = (w: string) => w.replace(/[%_\\]/g, (c) => `\\${c}`);
/** Typo correction: how close (pg_trgm similarity) a stock word must be to replace a word that matches nothing. */
const CORRECTION = { threshold: 0.3, minLength: 3 };

/**
 * One keyword: the start of a word of the stock ("merc" → Mercedes-Benz, "5" → the 5 of CX-5 but not
 * of G25), anywhere in the compacted key when it has 3 characters or more ("cx5" → CX-5), or part of
 * the stock number when it has 4 or more ("10250").
 */
/** The stock number compacted like a keyword ("PK-10250/B" → "pk10250b"). */
const stockKey = sql`regexp_replace(lower(${v.stockNumber}), '[^a-z0-9]+', '', 'g')`;

function wordCondition(w: string): SQL {
  const like = escapeLike(w);
  return or(
    sql`(' ' || ${v.searchWords}) like ${`% ${like}%`}`,
    ...(w.length >= 3 ? [sql`${v.searchKey} like ${`%${like}%`}`] : []),
    ...(w.length >= 4 ? [sql`${stockKey} like ${`%${like}%`}`] : []),
  )!;
}

/** Keywords: every word matches (in any order), or the whole query compacted is in the key ("land cruiser" → landcruiser) or the stock number. */
function keywordCondition(k: Keywords): SQL {
  const like = `%${escapeLike(k.compact)}%`;
  // the whole query compacted may also be a stock number as a dealer's system writes it ("PK-10250/B")
  const whole = [
    ...(k.compact.length >= 3 ? [sql`${v.searchKey} like ${like}`] : []),
    ...(k.compact.length >= 4 ? [sql`${stockKey} like ${like}`] : []),
  ];
  return or(...whole, and(...k.tokens.map(wordCondition)))!;
}

/** Each active filter as its own condition, so a facet can leave out its own dimension. */
function filterConditions(
  site: SearchSite,
  visible: SQL,
  locations: Location[],
  q: SearchQuery,
  keywords: Keywords | null,
  understood: UnderstoodFilters = {},
  near: Nearness | null = null,
): Record<FacetName | RangeDimension | "q" | "understood" | "near" | "cheap", SQL[]> {
  const idsBySlug = new Map(locations.map((l) => [l.slug, l.id]));
  const locationIds = q.location.map((s) => idsBySlug.get(s)).filter((id): id is number => id !== undefined);
  const list = (key: Exclude<ListFilter, "location">, values: string[]) =>
    values.length ? [inArray(LIST_COLUMNS[key], key === "make" ? makeVariants(site.searchPresets, values) : values)] : [];
  const odometer = {
    ...(q.odometer.min !== undefined ? { min: odometerToKm(q.odometer.min, site.country) } : {}),
    ...(q.odometer.max !== undefined ? { max: odometerToKm(q.odometer.max, site.country) } : {}),
  };
  const parts = {
    carType: [inArray(v.carType, effectiveCarTypes(q))],
    make: list("make", q.make),
    model: list("model", q.model),
    body: list("body", q.body),
    fuel: list("fuel", q.fuel),
    transmission: list("transmission", q.transmission),
    city: list("city", q.city),
    location: q.location.length ? [inArray(v.locationId, locationIds.length ? locationIds : [-1])] : [],
    price: rangeCondition(v.price, q.price),
    year: rangeCondition(v.year, q.year),
    odometer: rangeCondition(v.odometer, odometer),
    q: keywords ? [keywordCondition(keywords)] : [],
    understood: understoodConditions(understood),
    // within so far of the shopper: the cars of the locations that near (none: no car)
    near:
      near?.withinKm != null
        ? [
            inArray(
              v.locationId,
              [...near.km]
                .filter(([, km]) => km <= near.withinKm!)
                .map(([id]) => id)
                .concat(-1),
            ),
          ]
        : [],
  };
  // the cheapest third of what the rest of the search finds (a price the shopper set is left out of it)
  const others = and(visible, ...Object.entries(parts).flatMap(([k, conds]) => (k === "price" ? [] : conds)));
  return { ...parts, cheap: understood.cheap ? [cheapCondition(others)] : [] };
}

/**
 * What the keywords understood (src/domain/stock/understand.ts), each kind one condition:
 * a colour word names the car's colour ("red" finds "Soul Red"), a body kind covers its body types, a
 * fuel or transmission word starts or is a word of the car's, drives are matched as written, seats
 * at least so many. Values reach SQL as parameters only.
 */
function understoodConditions(u: UnderstoodFilters): SQL[] {
  const wordOf = (col: AnyPgColumn, words: string[]) =>
    or(...words.map((w) => sql`lower(coalesce(${col}, '')) ~ ${`(^|[^a-z])${w.replace(/[^a-z -]/g, "")}`}`))!;
  return [
    ...(u.colour?.length
      ? [or(...u.colour.flatMap((c) => (c === "grey" ? ["grey", "gray"] : [c])).map((c) => wordOf(v.colour, [c])))!]
      : []),
    ...(u.body?.length ? [inArray(sql`lower(${v.bodyType})`, u.body.flat())] : []),
    ...(u.fuel?.length ? [wordOf(v.fuel, u.fuel)] : []),
    ...(u.transmission?.length ? [wordOf(v.transmission, u.transmission)] : []),
    ...(u.drive?.length ? [inArray(sql`upper(${v.drive})`, u.drive)] : []),
    ...(u.seats ? [gte(v.seats, u.seats)] : []),
    ...(u.berths ? [gte(v.berths, u.berths)] : []),
    // a truck's GVM is kept where a caravan keeps its ATM (the most it may weigh loaded): a towed one is no truck
    ...(u.gvm ? [...rangeCondition(v.atmKg, u.gvm), sql`lower(coalesce(${v.drive}, '')) <> 'towed'`, notTowedBody] : []),
    ...(u.lams ? [sql`(' ' || ${v.searchWords} || ' ') like '% lams %'`] : []),
    ...(u.family ? [gte(v.seats, FAMILY.seats), inArray(sql`lower(${v.bodyType})`, [...FAMILY.bodies])] : []),
  ];
}

/** Towed bodies (as vehicleKind reads them) carry an ATM, not a GVM. */
const notTowedBody = sql`lower(coalesce(${v.bodyType}, '')) !~ 'caravan|trailer|fifth wheel'`;

/**
 * "cheap": at most the price below which the cheapest third (CHEAP_SHARE) of the cars found by
 * everything else of the search lie — a cheap truck and a cheap bike are different money. The
 * subquery reads the same table, so its columns are its own rows.
 */
const cheapCondition = (others: SQL | undefined): SQL =>
  sql`${v.price} <= (select percentile_cont(${CHEAP_SHARE}::float8) within group (order by ${v.price}) from ${v} where ${others ?? sql`true`})`;

export class SqlVehicleSearch implements VehicleSearch {
  constructor(private readonly db: Db) {}

  async first(site: SearchSite, sort: SortId, limit: number, now = Date.now()): Promise<Vehicle[]> {
    const rows = await this.db
      .select()
      .from(v)
      .where(visibleStock(site, now))
      .orderBy(...ORDER[sort])
      .limit(limit);
    return rows.map(toVehicle);
  }

  async counts(site: SearchSite, locations: Location[], asked: SearchQuery, since: Date, now = Date.now()) {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        fresh: sql<number>`(count(*) filter (where ${v.listedAt} > ${since.toISOString()}))::int`,
      })
      .from(v)
      .where(this.savedWhere(site, locations, asked, now));
    return { total: Number(row?.total ?? 0), fresh: Number(row?.fresh ?? 0) };
  }

  async newSince(site: SearchSite, locations: Location[], asked: SearchQuery, since: Date, limit: number, now = Date.now()) {
    const where = and(this.savedWhere(site, locations, asked, now), gt(v.listedAt, since), ne(v.status, "sold"));
    const [rows, [row]] = await Promise.all([
      this.db.select().from(v).where(where).orderBy(desc(v.listedAt), desc(v.id)).limit(limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(v)
        .where(where),
    ]);
    return { count: Number(row?.n ?? 0), vehicles: rows.map(toVehicle) };
  }

  /** What a saved search finds (its filters and what its keywords understood), as one condition. */
  private savedWhere(site: SearchSite, locations: Location[], asked: SearchQuery, now: number) {
    const { query: q, understood } = withKeywords(asked, SEARCH_VARIANTS[asked.variant]);
    const visible = visibleStock(site, now);
    const parts = filterConditions(site, visible, locations, q, parseKeywords(q.q), understood.filters, nearnessOf(site, locations, q));
    return and(visible, ...Object.values(parts).flat());
  }

  async search(site: SearchSite, locations: Location[], asked: SearchQuery, now = Date.now()): Promise<SearchResult> {
    // what the keywords understood joins the filters; the words left are matched as keywords
    const { query: q, understood } = withKeywords(asked, SEARCH_VARIANTS[asked.variant]);
    const said = understood.terms.length
      ? { understood: { rest: understood.rest, terms: understood.terms, withoutRest: understood.withoutRest } }
      : {};
    const keywords = parseKeywords(q.q);
    const exact = { ...(await this.run(site, locations, q, now, keywords, understood.filters)), ...said };
    if (!keywords) return exact;
    if (exact.total > 0) return { ...exact, keywords: { match: "exact", suggestions: [] } };
    // nothing matched as typed: correct the words that match nothing ("mazada" → mazda), else suggest
    const corrected = await this.corrected(site, keywords, now);
    if (corrected) {
      const similar = await this.run(site, locations, q, now, corrected, understood.filters);
      if (similar.total > 0)
        return { ...similar, ...said, keywords: { match: "similar", corrected: corrected.tokens.join(" "), suggestions: [] } };
    }
    return { ...exact, keywords: { match: "none", suggestions: await this.suggestions(site, keywords, now) } };
  }

  /**
   * The keywords with each word that matches nothing in the site's stock replaced by the stock's
   * closest word (pg_trgm similarity, at least CORRECTION.threshold); null when nothing changed.
   */
  private async corrected(site: SearchSite, k: Keywords, now: number): Promise<Keywords | null> {
    const visible = visibleStock(site, now);
    const vocabulary = this.db
      .selectDistinct({ word: sql<string>`unnest(string_to_array(${v.searchWords}, ' '))`.as("word") })
      .from(v)
      .where(visible)
      .as("vocabulary");
    const tokens = await Promise.all(
      k.tokens.map(async (w) => {
        if (w.length < CORRECTION.minLength) return w;
        const [hit] = await this.db
          .select({ id: v.id })
          .from(v)
          .where(and(visible, wordCondition(w)))
          .limit(1);
        if (hit) return w;
        const closeness = sql<number>`similarity(${vocabulary.word}, ${w})`;
        const [best] = await this.db
          .select({ word: vocabulary.word, closeness })
          .from(vocabulary)
          .where(sql`length(${vocabulary.word}) >= ${CORRECTION.minLength}`)
          .orderBy(desc(closeness), asc(vocabulary.word))
          .limit(1);
        return best && best.closeness >= CORRECTION.threshold ? best.word : w;
      }),
    );
    if (tokens.every((w, i) => w === k.tokens[i])) return null;
    return { tokens, compact: tokens.join(""), words: tokens.join(" ") };
  }

  /**
   * A range filter's lowest and highest value and how many vehicles fall in each of its buckets,
   * under every other filter. Odometer buckets are in the site's unit; the column is in km.
   */
  private async rangeOf(dimension: RangeDimension, col: AnyPgColumn, where: SQL, country: string, now: number) {
    const ranges = bucketRanges(dimension, new Date(now).getUTCFullYear());
    const toColumn = (n: number) => (dimension === "odometer" ? odometerToKm(n, country) : n);
    const counts = ranges.map((r) => {
      const conds = [
        ...(r.min !== undefined ? [gte(col, toColumn(r.min))] : []),
        ...(r.max !== undefined ? [dimension === "odometer" ? sql`${col} < ${toColumn(r.max + 1)}` : lte(col, r.max)] : []),
      ];
      return sql<number>`(count(*) filter (where ${and(...conds)}))::int`;
    });
    const [row] = await this.db
      .select({
        min: sql<number | null>`min(${col})`,
        max: sql<number | null>`max(${col})`,
        ...Object.fromEntries(counts.map((c, i) => [`b${i}`, c])),
      })
      .from(v)
      .where(where);
    const r = row as Record<string, number | null> | undefined;
    return {
      range: { ...(r?.min != null ? { min: Number(r.min) } : {}), ...(r?.max != null ? { max: Number(r.max) } : {}) } as Range,
      buckets: ranges.map((b, i) => ({ ...b, count: Number(r?.[`b${i}`] ?? 0) })),
    };
  }

  /** The site's makes and models closest to the keywords (else its most common), at most three. */
  private async suggestions(site: SearchSite, k: Keywords, now: number) {
    const closeness = sql<number>`max(word_similarity(${k.words}, ${v.searchWords}))`;
    return this.db
      .select({ make: v.make, model: v.model })
      .from(v)
      .where(visibleStock(site, now))
      .groupBy(v.make, v.model)
      .orderBy(desc(closeness), desc(sql`count(*)`), asc(v.make), asc(v.model))
      .limit(3);
  }

  private async run(
    site: SearchSite,
    locations: Location[],
    q: SearchQuery,
    now: number,
    keywords: Keywords | null,
    understood: UnderstoodFilters,
  ): Promise<SearchResult> {
    const base = visibleStock(site, now);
    const near = nearnessOf(site, locations, q);
    const parts = filterConditions(site, base, locations, q, keywords, understood, near);
    const except = (...left: Array<keyof typeof parts>) =>
      and(base, ...Object.entries(parts).flatMap(([k, conds]) => (left.includes(k as keyof typeof parts) ? [] : conds)))!;
    const where = except();

    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(v)
      .where(where);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const page = Math.min(q.page, pages); // an out-of-range page shows the last page
    const rows = await this.db
      .select()
      .from(v)
      .where(where)
      // nearest first without a place it knows (a postcode it cannot place): the site's own order
      .orderBy(...(q.sort !== "distance" ? ORDER[q.sort] : near ? nearOrder(near) : ORDER[sortDefault(site.defaultSort ?? "relevance")]))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);

    const count = sql<number>`count(*)::int`;
    const facet = async (name: FacetName, col: AnyPgColumn): Promise<FacetValue[]> => {
      const r = await this.db.select({ value: col, count }).from(v).where(except(name)).groupBy(col).orderBy(asc(col));
      return r.filter((x) => x.value !== null && x.value !== "").map((x) => ({ value: String(x.value), count: x.count }));
    };
    const [carType, make, body, fuel, transmission, city, locationRows, models, price, year, odometer] = await Promise.all([
      facet("carType", v.carType),
      facet("make", v.make),
      facet("body", v.bodyType),
      facet("fuel", v.fuel),
      facet("transmission", v.transmission),
      facet("city", v.city),
      facet("location", v.locationId),
      // models are offered within the chosen makes
      q.make.length
        ? this.db
            .select({ make: v.make, value: v.model, count })
            .from(v)
            .where(except("model"))
            .groupBy(v.make, v.model)
            .orderBy(asc(v.make), asc(v.model))
        : Promise.resolve([]),
      this.rangeOf("price", v.price, except("price"), site.country, now),
      this.rangeOf("year", v.year, except("year"), site.country, now),
      this.rangeOf("odometer", v.odometer, except("odometer"), site.country, now),
    ]);
    const slugById = new Map(locations.map((l) => [String(l.id), l.slug]));
    return {
      vehicles: rows.map(toVehicle),
      total,
      page,
      pages,
      pageSize: PAGE_SIZE,
      facets: {
        carType,
        make,
        model: models.map((m) => ({ value: m.value, count: m.count, make: m.make })),
        body,
        fuel,
        transmission,
        city,
        location: locationRows.flatMap((l) => (slugById.has(l.value) ? [{ value: slugById.get(l.value)!, count: l.count }] : [])),
      },
      ranges: { price: price.range, year: year.range, odometer: odometer.range },
      buckets: { price: price.buckets, year: year.buckets, odometer: odometer.buckets },
    };
  }
}
