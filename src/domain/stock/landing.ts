import { slugify } from "../format/slug";
import type { ListFilter, SearchQuery } from "./search";
import type { StockSummary } from "./summary";

/*
 * Search landing pages (search_slugs and search_page_templates): the human-readable
 * addresses dealers and search engines use — /search/used-cars/mazda, /search/new-and-demo-cars/mazda/cx-5,
 * /search/used-cars/body/suv — each the same search with the filter applied, with its own H1, title
 * and description from the site's templates.
 */

export type LandingFacets = Partial<Record<"make" | "model" | "body", string>>;

/** The path segments of a query's landing page — one make (and at most one model), or one body — and the filters they carry. */
export function landingSegments(q: Pick<SearchQuery, "make" | "model" | "body">): { segments: string[]; carries: ListFilter[] } | null {
  if (q.make.length === 1 && q.model.length <= 1) {
    const segments = [slugify(q.make[0]!), ...(q.model.length ? [slugify(q.model[0]!)] : [])];
    return segments.every(Boolean) ? { segments, carries: ["make", "model"] } : null;
  }
  if (q.make.length === 0 && q.model.length === 0 && q.body.length === 1) {
    const body = slugify(q.body[0]!);
    return body ? { segments: ["body", body], carries: ["body"] } : null;
  }
  return null;
}

/** What the site's stock offers to land on: its makes, models (per make) and bodies, as the search's filter values. */
export type LandingStock = { makes: string[]; models: Array<{ make: string; model: string }>; bodies: string[] };

/** What a site's listed stock (its summary) offers to land on. */
export function landingStock(stock: Pick<StockSummary, "makes" | "models" | "bodies">): LandingStock {
  return {
    makes: stock.makes.map((m) => m.make),
    models: Object.keys(stock.models).map((k) => {
      const i = k.indexOf(":");
      return { make: k.slice(0, i), model: k.slice(i + 1) };
    }),
    bodies: stock.bodies.map((b) => b.body),
  };
}

/** Every landing page of the main search (each make, each make and model, each body): the sitemap's search entries. */
export function landingPaths(
  stock: LandingStock,
  href: (filters: Partial<Pick<SearchQuery, "make" | "model" | "body">>) => string,
): string[] {
  return [
    ...stock.makes.map((make) => href({ make: [make] })),
    ...stock.models.map((m) => href({ make: [m.make], model: [m.model] })),
    ...stock.bodies.map((body) => href({ body: [body] })),
  ];
}

/** The filter values a landing path names, or null when it names something the site does not stock (a 404). */
export function parseLanding(segments: string[], stock: LandingStock): LandingFacets | null {
  const [first, second, ...rest] = segments;
  if (!first || rest.length > 0) return null;
  if (first === "body") {
    const body = second === undefined ? undefined : stock.bodies.find((b) => slugify(b) === second);
    return body ? { body } : null;
  }
  const make = stock.makes.find((m) => slugify(m) === first);
  if (!make) return null;
  if (second === undefined) return { make };
  const model = stock.models.find((m) => m.make === make && slugify(m.model) === second)?.model;
  return model ? { make, model } : null;
}

/** search_page_templates: a landing page's H1, title and meta description, with {placeholders}. */
export type SearchPageTemplate = { h1: string; title: string; description: string };
export type SearchPageTemplates = Partial<Record<"make" | "model" | "body", Partial<SearchPageTemplate>>>;

/** A stored templates value made safe: only the three kinds and three strings each (anything else is dropped). */
export function searchPageTemplates(raw: unknown): SearchPageTemplates {
  const out: SearchPageTemplates = {};
  if (!raw || typeof raw !== "object") return out;
  for (const kind of ["make", "model", "body"] as const) {
    const t = Object.hasOwn(raw, kind) ? (raw as Record<string, unknown>)[kind] : undefined;
    if (!t || typeof t !== "object") continue;
    const words: Partial<SearchPageTemplate> = {};
    for (const key of ["h1", "title", "description"] as const) {
      const v = Object.hasOwn(t, key) ? (t as Record<string, unknown>)[key] : undefined;
      if (typeof v === "string" && v.trim()) words[key] = v.slice(0, 300);
    }
    out[kind] = words;
  }
  return out;
}

export const DEFAULT_SEARCH_TEMPLATES: Record<"make" | "model" | "body", SearchPageTemplate> = {
  make: {
    h1: "{conditions} {make} {nouns}",
    title: "{conditions} {make} {nouns} for sale in {city}",
    description:
      "{count} {conditions_lower} {make} {nouns_lower} for sale at {site} in {city}. Compare prices, photos and features, and enquire online.",
  },
  model: {
    h1: "{conditions} {make} {model}",
    title: "{conditions} {make} {model} for sale in {city}",
    description:
      "{count} {conditions_lower} {make} {model} for sale at {site} in {city}. Compare prices, photos and features, and enquire online.",
  },
  body: {
    h1: "{conditions} {body}",
    title: "{conditions} {body} for sale in {city}",
    description:
      "{count} {conditions_lower} {body_lower} for sale at {site} in {city}. Compare prices, photos and features, and enquire online.",
  },
};

/** The words a template is filled with: `body` is the plural label (SUVs, Hatches), `conditions` e.g. "New, Used and Demo". */
export type LandingWords = {
  conditions: string;
  nouns: string;
  make?: string;
  model?: string;
  body?: string;
  site: string;
  city: string;
  count: number;
};

/** Fills a template; an unknown {placeholder} is left out, and spaces are tidied. */
export function fillTemplate(template: string, words: LandingWords): string {
  const values: Record<string, string> = {
    conditions: words.conditions,
    conditions_lower: words.conditions.toLowerCase(),
    nouns: words.nouns,
    nouns_lower: words.nouns.toLowerCase(),
    make: words.make ?? "",
    model: words.model ?? "",
    body: words.body ?? "",
    body_lower: (words.body ?? "").toLowerCase(),
    site: words.site,
    city: words.city,
    count: String(words.count),
  };
  return template
    .replace(/\{(\w+)\}/g, (_, k: string) => (Object.hasOwn(values, k) ? values[k]! : ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a landing page from the site's templates (its own where set, else the platform's). */
export function landingWords(facets: LandingFacets, templates: SearchPageTemplates, words: LandingWords): SearchPageTemplate {
  const kind = facets.model ? "model" : facets.make ? "make" : "body";
  const t = { ...DEFAULT_SEARCH_TEMPLATES[kind], ...templates[kind] };
  return { h1: fillTemplate(t.h1, words), title: fillTemplate(t.title, words), description: fillTemplate(t.description, words) };
}

/** The filter form's target: the landing path when the choice is one make (and at most one model) or one body, else the plain search. */
export function landingHref(action: string, params: URLSearchParams): string {
  const landing = landingSegments({ make: params.getAll("make"), model: params.getAll("model"), body: params.getAll("body") });
  const rest = new URLSearchParams();
  for (const [k, v] of params) if (!landing?.carries.includes(k as ListFilter)) rest.append(k, v);
  const qs = rest.toString();
  return `${action}${landing ? `/${landing.segments.join("/")}` : ""}${qs ? `?${qs}` : ""}`;
}
