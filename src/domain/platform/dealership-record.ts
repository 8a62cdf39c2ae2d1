import { z } from "zod";
import { textLine } from "../text-schema";
import { picture, text } from "./record-fields";
import { slugify } from "../format/slug";
import type { Dealership } from "../site/types";

/*
 * A dealership (a franchise within a site: the site's dealership_websites list) as the platform API
 * and the console write it. Pure.
 */

const address = (what: string) => picture(`${what} must be /images/… or an https:// address`);

const fields = {
  name: text(200, "the dealership's name"),
  slug: textLine()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,99}$/, "The slug is lower-case letters, digits and single hyphens")
    .optional(),
  make: text(100, "the make").nullable().optional(),
  url: address("The dealership's address").nullable().optional(),
  logo: address("The logo").nullable().optional(),
  position: z.number().int().min(0).max(1000).optional(),
  visible: z.boolean().optional(),
};

/** POST /api/v1/websites/{id}/dealerships and the console. */
export const DealershipRecordSchema = z.strictObject(fields);
/** PUT …/dealerships/{dealershipId}.json: the fields to change. */
export const DealershipPatchSchema = z.strictObject(fields).partial();
export type DealershipFields = Omit<Dealership, "id">;

/** A new dealership's stored fields (its slug from its name unless given; shown; after the others). */
export function newDealership(r: z.infer<typeof DealershipRecordSchema>, position: number): DealershipFields {
  return {
    name: r.name,
    slug: r.slug ?? slugify(r.name).slice(0, 100),
    make: r.make ?? null,
    url: r.url ?? null,
    logo: r.logo ?? null,
    position: r.position ?? position,
    visible: r.visible ?? true,
  };
}

/** The stored fields a change sets (only those it names). */
export function dealershipChanges(p: z.infer<typeof DealershipPatchSchema>): Partial<DealershipFields> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Partial<DealershipFields>;
}

/** A dealership as the API answers it (the platform's names). */
export const dealershipJson = (d: Dealership) => ({
  id: d.id,
  name: d.name,
  slug: d.slug,
  make: d.make,
  url: d.url,
  logo: d.logo,
  position: d.position,
  visible: d.visible,
});
