import { DEFAULT_CATEGORY, isFieldName, type LeadFormSite } from "./forms";
import type { LeadFormInput } from "./form-schema";

/** A refused post's values as the form's own (the opt-in box as a box). */
export const refusedValues = (values: Record<string, string> = {}): Partial<LeadFormInput> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => isFieldName(k))
      .map(([k, v]) => [k, k === "opt_in" ? v === "true" : v]),
  ) as Partial<LeadFormInput>;

/**
 * The values an enquiry form starts with: the site's defaults, then the page's own (`initial`), then
 * what a refused post had typed. Also written into the server's HTML, so they show before any script runs.
 */
export function leadFormStartValues(
  site: Pick<LeadFormSite, "state" | "optInTicked" | "locations">,
  options: {
    defaultLocationId?: number;
    fixedLocation?: boolean;
    initial?: Partial<LeadFormInput>;
    refused?: Record<string, string>;
  },
): Partial<LeadFormInput> {
  const { defaultLocationId, fixedLocation, initial, refused } = options;
  return {
    category: DEFAULT_CATEGORY,
    state: site.state,
    // the spec's default is ticked; the site's setting decides (a new site's box starts unticked)
    opt_in: site.optInTicked,
    additional_services: [],
    location: defaultLocationId ? String(defaultLocationId) : site.locations.length > 1 ? "" : String(site.locations[0]?.id ?? ""),
    ...(fixedLocation && defaultLocationId
      ? { dealership_slug: site.locations.find((l) => l.id === defaultLocationId)?.dealershipSlug ?? "" }
      : {}),
    ...initial,
    ...refusedValues(refused),
  };
}
