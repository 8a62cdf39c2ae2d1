/**
 * What the edge says when a request goes wrong before a route could answer it, in one place: the
 * server, its failure guard, the direct lead routes and the Caddy front door say the same words.
 */
export const EDGE_MESSAGES = {
  /** an answer of these statuses with no body of its own (JSON for an API client) */
  byStatus: {
    400: "The request could not be read.",
    404: "Not found.",
    405: "This method is not allowed.",
    413: "The request is too large.",
    415: "This content type is not accepted.",
  } as Record<number, string>,
  /** a 4xx of another status */
  unhandled: "The request could not be handled.",
  /** a 500 while the database is up: our fault, and the phone still works */
  failed: "Something went wrong on our side. Please try again, or call us.",
  /** no database (or no app process behind the front door): to an API client */
  apiDown: "The service is temporarily unavailable. Please try again shortly.",
  /** no database: to a shopper */
  siteDown: "The site is taking a short break. Please try again in a minute.",
  /** a dashboard process asked for a page */
  dashboardOnly: "This is the platform's dashboard: it serves the data API only (see /api/v1/openapi.json).",
} as const;
