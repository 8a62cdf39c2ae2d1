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

/*
 * The platform data API's OpenAPI 3.1 document, generated from the contract's zod schemas (never
 * written by hand, so it cannot drift from what the dashboard serves and the storefront validates).
 * Served at GET /api/v1/openapi.json.
 */

const schema = (s: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io: "output", unrepresentable: "any" }) as Record<string, unknown>;
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
const read = (summary: string, body: string, auth: boolean, extra: Record<string, unknown> = {}) => ({
  summary,
  parameters: [siteId, ...conditional],
  ...(auth ? { security: [{ basic: [] }] } : {}),
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
const write = (summary: string, body: string, answer: string, params: unknown[]) => ({
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

export function platformOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dealer platform data API",
      version: PLATFORM_API_VERSION,
      description:
        "What a storefront reads about a dealer's site from the dashboard (SPEC §7): the website session, search landing pages and their templates. Answers carry ETag, Last-Modified and Cache-Control; clients cache them for up to 604800 seconds and revalidate. When a site changes, the dashboard POSTs a signed `site.changed` notice (see components.schemas.SiteChanged) to each storefront's /api/platform/webhook with `X-Platform-Timestamp` and `X-Platform-Signature: sha256=<hex HMAC-SHA256 of \"{timestamp}.{body}\">`.",
    },
    servers: [{ url: "/" }],
    paths: {
      "/api/v1/websites/{siteId}/website_session_data.json": {
        get: read(
          "The website session: navigation, special hours and locations (JSON null when no site is configured with this id).",
          "WebsiteSession",
          false,
        ),
      },
      "/websites/{siteId}/pages/search_slugs.json": {
        get: read("The site's search landing pages: each slug with the filters it applies.", "SearchSlugs", true, {
          "404": error("No site with this id."),
        }),
      },
      "/websites/{siteId}/search_page_templates.json": {
        get: read("Each landing page kind's H1, title and meta description, with {placeholders}.", "SearchPageTemplates", true, {
          "404": error("No site with this id."),
        }),
      },
      "/api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json": {
        put: write("Replace a location's weekly opening hours.", "OpeningHoursUpdate", "SessionLocation", [
          siteId,
          { name: "locationId", in: "path", required: true, schema: { type: "string", pattern: "^[1-9][0-9]{0,8}$" } },
        ]),
      },
      "/api/v1/websites/{siteId}/special_hours.json": {
        put: write("Replace the site's special (holiday) hours.", "SpecialHoursUpdate", "SpecialHoursUpdate", [siteId]),
      },
      "/api/v1/websites/{siteId}/stock_feed.csv": {
        post: {
          summary:
            'A dealer-management system\'s stock feed as CSV (header line: stock_number, make, model, year, car_type required; vin, rego, badge, series, price, price_type, odometer, colour, body_type, fuel, transmission, drive, seats, doors, location_id, status, description, subscription_weekly read; photos: https addresses separated by |, in the car\'s order, fetched in the background and listed on the import\'s report when they cannot be). Headers may use the names dealer systems use ("Stock No", "Kms", "Type", "Price (Drive Away)"…) or the site\'s mapping remembered from the back-office; `report.columns` says which header gave which column and `report.ignoredColumns` what was not read. A column the feed leaves out leaves that field of existing cars alone; so does an empty cell, unless clear_blanks=1. A full feed by default: a car missing from two full feeds in a row becomes sold.',
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
    },
    components: {
      securitySchemes: { basic: { type: "http", scheme: "basic" } },
      schemas: {
        WebsiteSession: schema(WebsiteSessionSchema),
        SessionLocation: schema(SessionLocationSchema),
        SearchSlugs: schema(SearchSlugsSchema),
        SearchPageTemplates: schema(SearchPageTemplatesSchema),
        OpeningHoursUpdate: schema(OpeningHoursUpdateSchema),
        SpecialHoursUpdate: schema(SpecialHoursUpdateSchema),
        SiteChanged: schema(SiteChangedSchema),
        Error: schema(PlatformErrorSchema),
      },
    },
  };
}
