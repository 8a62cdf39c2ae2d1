import { z } from "zod";
import {
  OpeningHoursUpdateSchema,
  PLATFORM_API_VERSION,
  PlatformErrorSchema,
  SearchPageTemplatesSchema,
  SearchSlugsSchema,
  SessionLocationSchema,
  SiteChangedSchema,
  SpecialHoursUpdateSchema,
  WebsiteSessionSchema,
} from "./contract";
import { LocationPatchSchema, LocationRecordSchema } from "./location-record";
import { DealershipRecordSchema } from "./dealership-record";
import { SiteRecordPatchSchema, SiteRecordSchema } from "./site-record";
import { FeatureRuleSchema } from "../site/feature-rules";

/*
 * The platform data API's OpenAPI 3.1 document, generated from the contract's zod schemas (never
 * written by hand, so it cannot drift from what the dashboard serves and the storefront validates).
 * Served at GET /api/v1/openapi.json.
 */

const schema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};
/** A request body's schema as a client writes it (before the schema's own clean-up, e.g. a domain's www. taken off). */
const inputSchema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonOf = (name: string) => ({ "application/json": { schema: ref(name) } });
const error = (description: string) => ({ description, content: jsonOf("Error") });

const siteId = {
  name: "siteId",
  in: "path",
  required: true,
  description: "The site's id: a positive integer (1–999999999) written plainly. Anything else is a 400.",
  schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" },
};
const cachingHeaders = {
  ETag: { description: "Strong validator of the body; send it back as If-None-Match for a 304.", schema: { type: "string" } },
  "Last-Modified": { description: "When the site's data last changed (If-Modified-Since answers 304).", schema: { type: "string" } },
  "Cache-Control": {
    description: "max-age=60, stale-while-revalidate=604800 (private on the authenticated calls).",
    schema: { type: "string" },
  },
};
const conditional = [
  { name: "If-None-Match", in: "header", required: false, schema: { type: "string" } },
  { name: "If-Modified-Since", in: "header", required: false, schema: { type: "string" } },
];
const read = (operationId: string, summary: string, body: string, auth: boolean, extra: Record<string, unknown> = {}) => ({
  operationId,
  summary,
  parameters: [siteId, ...conditional],
  // a public read says so (security: []), so a reader never wonders whether credentials were forgotten
  security: auth ? [{ basic: [] }] : [],
  responses: {
    "200": { description: "The data.", headers: cachingHeaders, content: jsonOf(body) },
    "304": { description: "Not modified since the validator sent.", headers: cachingHeaders },
    "400": error("The site id is malformed."),
    ...(auth
      ? { "401": { ...error("Credentials missing or wrong."), headers: { "WWW-Authenticate": { schema: { type: "string" } } } } }
      : {}),
    ...extra,
  },
});
const write = (operationId: string, summary: string, body: string, answer: string, params: unknown[]) => ({
  operationId,
  summary,
  parameters: params,
  security: [{ basic: [] }],
  requestBody: { required: true, content: jsonOf(body) },
  responses: {
    "200": { description: "Stored; storefronts were notified by the signed site.changed webhook.", content: jsonOf(answer) },
    "400": error("The id is malformed or the body is not JSON."),
    "401": error("Administrator credentials missing or wrong."),
    "404": error("No such site or location."),
    "415": error("The body is not application/json."),
    "422": error("The body does not follow the schema: `errors` names each field."),
  },
});

/** A site's record: created, read and changed. */
function sitePaths() {
  return {
    "/api/v1/websites": {
      post: {
        operationId: "createWebsite",
        summary:
          "Create a site from its record (the platform's field names). A name, a slug, a template and a domain are enough: the rest comes from the template's and the country's defaults (colours, sort, time zone, currency; finance provider Manual; 3 days of sold cars). A new site is a draft (its domain shows the public a coming-soon page) unless `published: true`. It answers at {slug}.localhost and www.{domain_name} at once.",
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("SiteRecordInput") },
        responses: {
          "201": { description: "Created: the record as stored (see GET), with Location.", content: jsonOf("SiteRecord") },
          "401": error("Administrator credentials missing or wrong."),
          "409": error("The slug, domain or id is another site's: `errors` names the field."),
          "415": error("The body is not application/json."),
          "422": error(
            "The record does not follow the schema: `errors` names each field with a message. `published: true` for a site whose leads would reach nobody (no email), or with no stock and no `no_stock_yet: true`, is refused under `errors.published`.",
          ),
        },
      },
    },
    "/api/v1/websites/{siteId}.json": {
      get: {
        operationId: "getWebsite",
        summary:
          "The site record with its effective feature flags (each with its source: default, a rule and its reason, or this site), its dealership_websites, every location (hidden ones too), its stock count and the publish checklist.",
        parameters: [siteId],
        security: [{ basic: [] }],
        responses: {
          "200": { description: "The record.", content: jsonOf("SiteRecord") },
          "400": error("The site id is malformed."),
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No site with this id."),
        },
      },
      put: {
        operationId: "updateWebsite",
        summary:
          "Change the fields given; the rest stay. `published: true` publishes, `false` takes the site down again without losing anything; a feature flag set to null goes back to the site's rules; a new domain moves the default www. address with it.",
        parameters: [siteId],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("SiteRecordPatch") },
        responses: {
          "200": { description: "Changed: the record as stored.", content: jsonOf("SiteRecord") },
          "400": error("The site id is malformed."),
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No site with this id."),
          "409": error("The new slug or domain is another site's."),
          "415": error("The body is not application/json."),
          "422": error(
            "A field does not follow the schema, or the id differs from the path's; or publishing (or dropping a published site's email) would leave its leads reaching nobody (`errors.published` says why).",
          ),
        },
      },
    },
  };
}

/** A site's locations: added and changed. */
function locationPaths() {
  return {
    "/api/v1/websites/{siteId}/locations": {
      post: {
        operationId: "createLocation",
        summary:
          "Add a location: its type (sales unless given), address with latitude and longitude (checked against the state, and an Australian postcode against its state; an Australian address may leave the state out: its postcode's is taken), its time zone from its state (the site's follows its locations unless the record sets one), contact details, licence and repairer numbers, opening hours. Its slug comes from its name unless given.",
        parameters: [siteId],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("LocationInput") },
        responses: {
          "201": { description: "Created: the location as the website session carries it.", content: jsonOf("SessionLocation") },
          "400": error("The site id is malformed."),
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No site with this id."),
          "409": error("Another location of the site has this slug."),
          "422": error(
            "A field does not follow the schema, the coordinates or postcode do not fit the state, or the dealership is not the site's.",
          ),
        },
      },
    },
    "/api/v1/websites/{siteId}/locations/{locationId}.json": {
      put: {
        operationId: "updateLocation",
        summary: "Change the fields given of one location (visible: false hides it; position orders them).",
        parameters: [siteId, { name: "locationId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } }],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("LocationPatch") },
        responses: {
          "200": { description: "Changed.", content: jsonOf("SessionLocation") },
          "400": error("An id is malformed."),
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No such site, or no such location of the site."),
          "409": error("Another location of the site has this slug."),
          "422": error("A field does not follow the schema."),
        },
      },
    },
  };
}

/** A site's dealerships (franchises within it): added and changed. */
function dealershipPaths() {
  return {
    "/api/v1/websites/{siteId}/dealerships": {
      post: {
        operationId: "createDealership",
        summary:
          "Add a dealership, a franchise within the site (dealership_websites): name, make, its own address, logo, order, shown or hidden. Its slug comes from its name unless given; a location names it by dealership_id.",
        parameters: [siteId],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("DealershipInput") },
        responses: {
          "201": { description: "Created: {id, name, slug, make, url, logo, position, visible}." },
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No site with this id."),
          "409": error("Another dealership of the site has this slug."),
          "422": error("A field does not follow the schema."),
        },
      },
    },
    "/api/v1/websites/{siteId}/dealerships/{dealershipId}.json": {
      put: {
        operationId: "updateDealership",
        summary: "Change the fields given of one dealership (visible: false hides it from the site; a new slug reaches its locations).",
        parameters: [
          siteId,
          { name: "dealershipId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } },
        ],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("DealershipInput") },
        responses: {
          "200": { description: "Changed." },
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No such site, or no such dealership of the site."),
          "409": error("Another dealership of the site has this slug."),
          "422": error("A field does not follow the schema."),
        },
      },
    },
  };
}

/** The feature rules that set sites' flags: listed, added, replaced and removed. */
function featureRulePaths() {
  return {
    "/api/v1/feature_rules": {
      get: {
        operationId: "listFeatureRules",
        summary: "Every feature rule, in the order they apply (the spec's own rules carry a key such as spec:mock-leads).",
        security: [{ basic: [] }],
        responses: {
          "200": { description: "{feature_rules: [FeatureRule with id, key, position]}" },
          "401": error("Administrator credentials missing or wrong."),
        },
      },
      post: {
        operationId: "createFeatureRule",
        summary:
          "Add a rule (flags derived from site id, slug, name, group or manufacturer). When every field in `match` fits a site (a value, one of a list, or {pattern, flags: \"i\"}), the flags in `set` apply to it, after the defaults and before the site's own settings. A site's GET shows each flag's source.",
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("FeatureRuleInput") },
        responses: {
          "201": { description: "Added: the rule with its id and position." },
          "401": error("Administrator credentials missing or wrong."),
          "415": error("The body is not application/json."),
          "422": error("The rule does not follow the schema (an unknown flag, a pattern that does not compile, nothing to match or set)."),
        },
      },
    },
    "/api/v1/feature_rules/{ruleId}.json": {
      put: {
        operationId: "replaceFeatureRule",
        summary: "Replace a rule; the sites it fitted before or fits now show the change at once.",
        parameters: [{ name: "ruleId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } }],
        security: [{ basic: [] }],
        requestBody: { required: true, content: jsonOf("FeatureRuleInput") },
        responses: {
          "200": { description: "Replaced." },
          "400": error("The rule id is malformed."),
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No such rule."),
          "422": error("The rule does not follow the schema."),
        },
      },
      delete: {
        operationId: "deleteFeatureRule",
        summary: "Remove a rule.",
        parameters: [{ name: "ruleId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } }],
        security: [{ basic: [] }],
        responses: {
          "204": { description: "Removed." },
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No such rule."),
        },
      },
    },
  };
}

/** What a storefront reads, cached and revalidated: the website session, search landing pages and their templates. */
function storefrontPaths() {
  return {
    "/api/v1/websites/{siteId}/website_session_data.json": {
      get: read(
        "getWebsiteSession",
        "The website session: navigation, special hours and locations (JSON null when no site is configured with this id).",
        "WebsiteSession",
        false,
      ),
    },
    "/websites/{siteId}/pages/search_slugs.json": {
      get: read("getSearchSlugs", "The site's search landing pages: each slug with the filters it applies.", "SearchSlugs", true, {
        "404": error("No site with this id."),
      }),
    },
    "/websites/{siteId}/search_page_templates.json": {
      get: read(
        "getSearchPageTemplates",
        "Each landing page kind's H1, title and meta description, with {placeholders}.",
        "SearchPageTemplates",
        true,
        {
          "404": error("No site with this id."),
        },
      ),
    },
  };
}

/** A site's hours, replaced whole: a location's week and the holiday hours. */
function hoursPaths() {
  return {
    "/api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json": {
      put: write("replaceOpeningHours", "Replace a location's weekly opening hours.", "OpeningHoursUpdate", "SessionLocation", [
        siteId,
        { name: "locationId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } },
      ]),
    },
    "/api/v1/websites/{siteId}/special_hours.json": {
      put: write("replaceSpecialHours", "Replace the site's special (holiday) hours.", "SpecialHoursUpdate", "SpecialHoursUpdate", [
        siteId,
      ]),
    },
  };
}

/** A dealer-management system's stock feed. */
function stockFeedPaths() {
  return {
    "/api/v1/websites/{siteId}/stock_feed.csv": {
      post: {
        operationId: "importStockFeed",
        summary:
          'A dealer-management system\'s stock feed as CSV (header line: stock_number, make, model, year, car_type required; vin, rego, badge, series, price, price_type, odometer, colour, body_type, fuel, transmission, drive, seats, doors, location_id, status, description, subscription_weekly read; photos: https addresses separated by |, in the car\'s order, fetched in the background and listed on the import\'s report when they cannot be). Headers may use the names dealer systems use ("Stock No", "Kms", "Type", "Price (Drive Away)"…) or the site\'s mapping remembered from the back-office; `report.columns` says which header gave which column and `report.ignoredColumns` what was not read. A price header that names the price type ("Price (Drive Away)", "Price EGC", "Price + ORC") sets price_type of each row with a price and no price_type of its own (`report.headerPriceType`). price_type is Drive Away or Excl. Govt. Charges (common spellings such as "driveaway", "DAP", "Excl. government charges" or "+ ORC" are read as those; any other is an error on its line); numbers are decimal digits ("0x10", "1e3" are errors). A column the feed leaves out leaves that field of existing cars alone; so does an empty cell, unless clear_blanks=1. A full feed by default: a car missing from two full feeds in a row becomes sold.',
        parameters: [
          siteId,
          { name: "full", in: "query", required: false, schema: { type: "string", enum: ["0", "1"] } },
          { name: "clear_blanks", in: "query", required: false, schema: { type: "string", enum: ["0", "1"] } },
        ],
        security: [{ basic: [] }],
        requestBody: { required: true, content: { "text/csv": { schema: { type: "string" } } } },
        responses: {
          "200": {
            description:
              'Applied: `plan` says how many cars were added, changed, unchanged and sold; `report.plan.changes` lists each changed car\'s changes ("Price: $41,990 → $39,990").',
          },
          "401": error("Administrator credentials missing or wrong."),
          "404": error("No site with this id."),
          "409": error("Held: it would mark more than 20% of the stock sold; a manager confirms it in the back-office."),
          "413": error("Larger than 5 MB."),
          "415": error("The body is not text/csv."),
          "422": error("The feed has errors (`report.errors`: line, field, message); nothing was imported."),
        },
      },
    },
  };
}

/** The schemas the operations name: the contract's own, as served and as a client writes them, and the stored site record. */
function componentSchemas() {
  return {
    WebsiteSession: schema(WebsiteSessionSchema),
    SessionLocation: schema(SessionLocationSchema),
    SearchSlugs: schema(SearchSlugsSchema),
    SearchPageTemplates: schema(SearchPageTemplatesSchema),
    OpeningHoursUpdate: schema(OpeningHoursUpdateSchema),
    SpecialHoursUpdate: schema(SpecialHoursUpdateSchema),
    SiteChanged: schema(SiteChangedSchema),
    Error: schema(PlatformErrorSchema),
    SiteRecordInput: inputSchema(SiteRecordSchema),
    SiteRecordPatch: inputSchema(SiteRecordPatchSchema),
    LocationInput: inputSchema(LocationRecordSchema),
    LocationPatch: inputSchema(LocationPatchSchema),
    FeatureRuleInput: inputSchema(FeatureRuleSchema),
    DealershipInput: inputSchema(DealershipRecordSchema),
    SiteRecord: {
      type: "object",
      description:
        "SiteRecordInput's fields as stored (domain_name without www., every default filled in), plus currency, `integrations` (the widget and tracking ids as stored), `features` ({flag: {value, source}}), `dealership_websites`, `locations` (SessionLocation, hidden ones too), `stock` ({count}), `publish_checklist` ([{key, label, done, blocks, fix: {href, label}}] in this order: lead_delivery, phone, location (with opening hours at each), logo, stock, analytics; `blocks` is true for lead_delivery alone, the only item that holds publishing back, the rest are advice; `fix` is where it is put right, a path on the back-office host) and `lead_delivery` ({problem: why some leads would reach nobody, or null; no_destination_leads: how many leads already had nowhere to go}).",
    },
  };
}

export function platformOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dealer platform data API",
      version: PLATFORM_API_VERSION,
      license: { name: "Proprietary: for the platform's dealers and their storefronts", identifier: "LicenseRef-Proprietary" },
      description:
        "What a storefront reads about a dealer's site from the dashboard: the website session, search landing pages and their templates. Answers carry ETag, Last-Modified and Cache-Control; clients cache them for up to 604800 seconds and revalidate. When a site changes, the dashboard POSTs a signed `site.changed` notice (see components.schemas.SiteChanged) to each storefront's /api/platform/webhook with `X-Platform-Timestamp` and `X-Platform-Signature: sha256=<hex HMAC-SHA256 of \"{timestamp}.{body}\">`.",
    },
    servers: [{ url: "/" }],
    paths: {
      ...sitePaths(),
      ...locationPaths(),
      ...dealershipPaths(),
      ...featureRulePaths(),
      ...storefrontPaths(),
      ...hoursPaths(),
      ...stockFeedPaths(),
    },
    components: {
      securitySchemes: { basic: { type: "http", scheme: "basic" } },
      schemas: componentSchemas(),
    },
  };
}
