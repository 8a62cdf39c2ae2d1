import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { cleanText } from "../leads/form-schema";
import { ID_PATTERN } from "./context";
import { eventById, eventByName, EVENT_COUNT, MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH } from "./events";
import { UUID_PATTERN } from "@/domain/ids";

/*
 * An analytics event travels as JSON {event:{website_slug, url, category, lead_id, anon_id,
 * session_id, error_message, event_properties}}. The browser batches them on page hide as
 * {events:[{event:{…}}, …]}; one event alone is accepted as the spec writes it. Shared by the browser
 * (which builds them) and the events endpoint (which validates them).
 */

export { MAX_EVENTS_BODY_BYTES, MAX_EVENTS_PER_BATCH };
const MAX_EXTRA_PROPS = 30;

const PROP_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/; // no __proto__, constructor is refused below
const RESERVED = new Set(["constructor", "prototype", "toString", "valueOf", "hasOwnProperty"]);

const id = textLine().regex(ID_PATTERN, "Expected a 10-character id.");
const scalar = z.union([cleanText(500), z.number().finite(), z.boolean(), z.null()]);

/** the properties every event has; anything else is an extra (at most 30 scalars) */
const KNOWN_PROPS = {
  event_id: 1,
  event_name: 1,
  action: 1,
  label: 1,
  browser: 1,
  os: 1,
  device: 1,
  referrer: 1,
  screen_size: 1,
  car_slug: 1,
  car_name: 1,
} as const;

/*
 * The endpoint's contract names the event's fields, not what its properties must hold: every property is
 * optional. Our own browser sends them all; an event without an id is stored as the catalogue's
 * event of its name, else as event 0 (not in the catalogue).
 */
export const EventPropertiesSchema = z
  .object({
    event_id: z.number().int().min(1).max(EVENT_COUNT).optional(),
    event_name: cleanText(60).optional(),
    action: cleanText(100).optional(),
    label: cleanText(200).optional(),
    browser: cleanText(40).optional(),
    os: cleanText(40).optional(),
    device: z.enum(["mobile", "tablet", "desktop"]).optional(),
    referrer: cleanText(500).optional(),
    screen_size: textLine()
      .regex(/^\d{1,5}x\d{1,5}$/, "Expected WIDTHxHEIGHT.")
      .optional(),
    car_slug: cleanText(200).optional(),
    car_name: cleanText(200).optional(),
  })
  .catchall(scalar)
  .superRefine((p, ctx) => {
    const extra = Object.keys(p).filter((k) => !Object.hasOwn(KNOWN_PROPS, k));
    if (extra.length > MAX_EXTRA_PROPS) ctx.addIssue({ code: "custom", message: `At most ${MAX_EXTRA_PROPS} extra properties.` });
    for (const k of extra)
      if (!PROP_KEY.test(k) || RESERVED.has(k))
        ctx.addIssue({ code: "custom", path: [k], message: "Property names are letters, digits and _." });
    const def = p.event_id === undefined ? undefined : eventById(p.event_id);
    if (def && p.event_name !== undefined && p.event_name !== def.name)
      ctx.addIssue({ code: "custom", path: ["event_name"], message: `Event ${def.id} is ${def.name}.` });
  });

export const AnalyticsEventSchema = z
  .object({
    website_slug: cleanText(100).min(1),
    url: cleanText(2000).refine((u) => /^https?:\/\//.test(u), "Expected the page's URL."),
    category: cleanText(60),
    lead_id: z.union([textLine().regex(UUID_PATTERN, "Expected a lead id."), z.null()]).optional(),
    anon_id: id,
    session_id: id,
    error_message: z.union([cleanText(500), z.null()]).optional(),
    event_properties: EventPropertiesSchema,
  })
  .strict()
  .superRefine((ev, ctx) => {
    const def = catalogueEventOf(ev);
    if (def && ev.event_properties.event_id !== undefined && ev.category !== def.category)
      ctx.addIssue({ code: "custom", path: ["category"], message: `Event ${def.id} is in ${def.category}.` });
  });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** The catalogue's event an event is: by its id, else by its name; undefined when neither names one. */
export function catalogueEventOf(ev: { event_properties: { event_id?: number; event_name?: string } }) {
  const p = ev.event_properties;
  return p.event_id !== undefined ? eventById(p.event_id) : p.event_name !== undefined ? eventByName(p.event_name) : undefined;
}

const Wrapped = z.object({ event: AnalyticsEventSchema }).strict();

const Batch = z.object({ events: z.array(Wrapped).min(1).max(MAX_EVENTS_PER_BATCH) }).strict();

/** `{event:{…}}` or `{events:[{event:{…}}, …]}` (1 to 50): every event valid, or none is taken. */
export function parseEventsBody(body: unknown) {
  if (hasProtoKey(body, 0))
    return {
      success: false,
      error: new z.ZodError([{ code: "custom", path: [], message: "Property names are letters, digits and _.", input: body }]),
    } as const;
  const batch = typeof body === "object" && body !== null && Object.hasOwn(body, "events");
  const r = batch ? Batch.safeParse(body) : Wrapped.safeParse(body);
  return r.success
    ? ({ success: true, events: "events" in r.data ? r.data.events.map((w) => w.event) : [r.data.event] } as const)
    : ({ success: false, error: r.error } as const);
}

/** JSON.parse makes "__proto__" an own key; it never names a property of ours. */
function hasProtoKey(v: unknown, depth: number): boolean {
  if (typeof v !== "object" || v === null || depth > 5) return false;
  if (Object.hasOwn(v, "__proto__")) return true;
  return Object.values(v).some((x) => hasProtoKey(x, depth + 1));
}
