/** What Next gives a back-office page: its path's parameters and its query, both awaited. */
export type SiteParams = Promise<{ siteId: string }>;
export type IdParams = Promise<{ id: string }>;
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A query parameter given once, as text; a repeated or missing one is undefined. */
export const oneParam = (sp: Record<string, string | string[] | undefined>, key: string): string | undefined =>
  typeof sp[key] === "string" ? sp[key] : undefined;
