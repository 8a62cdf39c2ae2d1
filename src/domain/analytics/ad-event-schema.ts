import "../zod-config";
import { z } from "zod";
import { cleanText } from "../leads/form-schema";
import { AD_EVENT_NAMES, type AdEvent } from "./ad-events";
import { EVENT_COUNT } from "./events";

/* The server's check of a server-side ad event (POST /api/fb-events); apart from ./ad-events.ts so that no page ships zod for it. */

const text = (max: number) => cleanText(max).optional();

export const AdEventSchema = z
  .object({
    eventName: z.enum(Object.values(AD_EVENT_NAMES) as [string, ...string[]]),
    eventId: z.number().int().min(1).max(EVENT_COUNT),
    uniqueFacebookEventId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Expected a uuid."),
    eventSourceUrl: cleanText(2000).refine((u) => /^https?:\/\//.test(u), "Expected the page's URL."),
    contentOptions: z
      .object({
        content_name: text(200),
        content_ids: z.array(cleanText(60)).max(10).optional(),
        content_type: z.enum(["vehicle", "product"]).optional(),
        content_category: text(100),
        value: z.number().finite().min(0).max(100_000_000).optional(),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .optional(),
        search_string: text(200),
      })
      .strict()
      .default({}),
    userData: z
      .object({
        email: text(254),
        phone: text(30),
        first_name: text(50),
        last_name: text(50),
        postcode: text(10),
        country: z
          .string()
          .regex(/^[A-Za-z]{2}$/)
          .optional(),
        external_id: text(40),
      })
      .strict()
      .default({}),
  })
  .strict()
  .superRefine((ev, ctx) => {
    if (AD_EVENT_NAMES[ev.eventId] !== ev.eventName)
      ctx.addIssue({ code: "custom", path: ["eventName"], message: `Event ${ev.eventId} is not counted as ${ev.eventName}.` });
  });

// the schema's output is the AdEvent the browser builds, and the other way round
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const adEventSchemaMatchesType: Same<z.infer<typeof AdEventSchema>, AdEvent> = true;
