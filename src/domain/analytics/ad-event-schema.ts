import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { cleanText } from "../leads/form-schema";
import type { AdEvent } from "./ad-events";

/* The server's check of a server-side ad event (POST /api/fb-events); apart from ./ad-events.ts so that no page ships zod for it. */

const text = (max: number) => cleanText(max).optional();

/**
 * The payload exactly as the browser's pixel sends it, nothing extra required: `eventId` is the client
 * event's id as the pixel sent it (a string or a number), `uniqueFacebookEventId` any non-empty id,
 * `eventSourceUrl` may be left out (the route takes the page from the request), and the user data
 * may come as `userData` or `user_data`. Junk is still refused.
 */
const UserDataSchema = z
  .object({
    email: text(254),
    phone: text(30),
    first_name: text(50),
    last_name: text(50),
    postcode: text(10),
    country: textLine()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    external_id: text(40),
  })
  .strict();

export const AdEventSchema = z
  .object({
    eventName: textLine().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, "Expected an event name."),
    eventId: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), cleanText(100).min(1)]),
    uniqueFacebookEventId: z.union([cleanText(200).min(1), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).transform(String)]),
    eventSourceUrl: cleanText(2000)
      .refine((u) => /^https?:\/\//.test(u), "Expected the page's URL.")
      .optional(),
    contentOptions: z
      .object({
        content_name: text(200),
        content_ids: z.array(cleanText(60)).max(10).optional(),
        content_type: z.enum(["vehicle", "product"]).optional(),
        content_category: text(100),
        value: z.number().finite().min(0).max(100_000_000).optional(),
        currency: textLine()
          .regex(/^[A-Z]{3}$/)
          .optional(),
        search_string: text(200),
      })
      .strict()
      .default({}),
    userData: UserDataSchema.optional(),
    user_data: UserDataSchema.optional(),
  })
  .strict()
  .transform(({ user_data, userData, ...ev }) => ({ ...ev, userData: { ...user_data, ...userData } }));

/** What the route receives: an ad event whose page may still be missing (the route takes it from the request). */
export type AdEventInput = Omit<AdEvent, "eventSourceUrl"> & { eventSourceUrl?: string };

// the schema's output is the AdEvent the browser builds (but for the page, which the route fills), and the other way round
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const adEventSchemaMatchesType: Same<z.infer<typeof AdEventSchema>, AdEventInput> = true;
