import { z } from "zod";
import { textLine } from "../text-schema";
import type { SiteIntegrations } from "./types";
import { SETTING_NAME, VENDOR_ID_FORMATS, type VendorIdKey } from "./vendor-ids";
import { decodeFormFlash, encodeFormFlash, type FormFlash } from "../http/form-flash";

export { isVendorId, SETTING_NAME, VENDOR_ID_FORMATS, type VendorIdKey } from "./vendor-ids";

/*
 * A site's widget and tracking ids (the site record's `integrations`): one schema for the platform
 * API, the operators' console and the owner's settings, and the formats the widget registry checks
 * again before an id goes into a script's address. Each format is the vendor's own id shape, so a
 * typo is refused when it is typed instead of loading nothing on the site. Pure.
 */

const vendorId = (key: VendorIdKey) => {
  const f = VENDOR_ID_FORMATS[key];
  return z.string(f.message).trim().max(100, f.message).regex(f.re, f.message);
};

export const MAX_CHAT_SETTINGS = 20;
// a control character (NUL included) or markup is never part of a greeting or a colour
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f<>]/;

const settingValue = z.union(
  [
    z
      .string()
      .trim()
      .max(200, "A chat setting is at most 200 characters")
      .refine((v) => !UNSAFE_TEXT.test(v), "A chat setting cannot hold control characters, < or >"),
    z.number().finite(),
    z.boolean(),
  ],
  "A chat setting is text, a number or true/false",
);

// the names are checked on the object as sent: a record schema passes `__proto__` over silently
const ChatSettingsSchema = z
  .unknown()
  .superRefine((raw, ctx) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
    const names = Object.keys(raw);
    if (names.length > MAX_CHAT_SETTINGS) ctx.addIssue({ code: "custom", message: `At most ${MAX_CHAT_SETTINGS} chat settings` });
    for (const k of names)
      if (!SETTING_NAME.test(k))
        ctx.addIssue({ code: "custom", path: [k], message: "A chat setting's name is a letter, then letters, digits or _ (at most 40)" });
  })
  .pipe(z.record(textLine(), settingValue, "The chat settings are names with their values"));

const LiveChatSchema = z
  .strictObject({
    provider: z.enum(["local", "livechat"], "The live chat provider is local (the app's own chat) or livechat"),
    license: vendorId("live_chat_license").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.provider === "livechat" && !v.license)
      ctx.addIssue({ code: "custom", path: ["license"], message: VENDOR_ID_FORMATS.live_chat_license.message });
  });

const ChatbotSchema = z.strictObject({
  website_id: vendorId("chatbot_website_id"),
  settings: ChatSettingsSchema.optional(),
});

/**
 * The ids a change sets: a field left out stays as it is, null removes it (and switches its widget
 * off). The conversions API's token is a secret and never part of this record.
 */
export const IntegrationsPatchSchema = z.strictObject({
  tag_manager_id: vendorId("tag_manager_id").nullable().optional(),
  analytics_id: vendorId("analytics_id").nullable().optional(),
  facebook_pixel_id: vendorId("facebook_pixel_id").nullable().optional(),
  facebook_mode: z.enum(["local", "live"], "The pixel mode is local or live").nullable().optional(),
  live_chat: LiveChatSchema.nullable().optional(),
  dealercell_id: vendorId("dealercell_id").nullable().optional(),
  voice_text_id: vendorId("voice_text_id").nullable().optional(),
  call_tracking_id: vendorId("call_tracking_id").nullable().optional(),
  support_chat_id: vendorId("support_chat_id").nullable().optional(),
  chatbot: ChatbotSchema.nullable().optional(),
  dealer_tools_id: vendorId("dealer_tools_id").nullable().optional(),
  spin_customer_id: vendorId("spin_customer_id").nullable().optional(),
  car_history: z.enum(["local", "live"], "The car history provider is local or live").nullable().optional(),
});
export type IntegrationsPatch = z.infer<typeof IntegrationsPatchSchema>;

/** The stored ids after a change: each field given replaces its own (a chatbot or live chat as a whole), null removes it. */
export function applyIntegrations(current: SiteIntegrations, patch: IntegrationsPatch): SiteIntegrations {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out as SiteIntegrations;
}

/** The widgets that also need a feature flag of the site: the flag a saved id switches on. */
export const WIDGET_FLAGS = {
  live_chat: "live_chat",
  dealercell_id: "dealercell",
  chatbot: "autobot",
  dealer_tools_id: "dealerstudio",
  spin_customer_id: "impel",
} as const satisfies Partial<Record<keyof IntegrationsPatch, string>>;

/** The form's fields: one text field per id (empty removes it), the live chat's provider and the chatbot's settings as lines. */
export const WIDGET_FORM_FIELDS = [
  ["tag_manager_id", "Google Tag Manager container", "GTM-K7Q2XRM"],
  ["analytics_id", "Google Analytics measurement id", "G-3HQ8ZP4T1B"],
  ["facebook_pixel_id", "Meta pixel id", "15 or 16 digits"],
  ["dealercell_id", "Text-message chat (DealerCell dealer code)", "parkside-mg"],
  ["voice_text_id", "Voice and text widget (Podium organisation token)", "a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40"],
  ["call_tracking_id", "Call tracking (CallRail company/key)", "408173265/3c9e1f7a2b5d4e60"],
  ["support_chat_id", "Support chat (Intercom app id)", "q7x2m9ka"],
  ["chatbot_website_id", "Chatbot website id", "6 to 64 letters, digits or dashes"],
  ["dealer_tools_id", "Dealer tools (DealerStudio dealer id)", "3 to 40 letters, digits or dashes"],
  ["spin_customer_id", "360 spin viewer (Impel customer name)", "3 to 64 lower-case letters, digits, - or _"],
] as const;

/** What the form shows: the stored ids as text. */
export type WidgetFormValues = Record<(typeof WIDGET_FORM_FIELDS)[number][0], string> & {
  facebook_mode: "local" | "live";
  live_chat_provider: "" | "local" | "livechat";
  live_chat_license: string;
  chatbot_settings: string;
};

export function widgetFormValues(i: SiteIntegrations): WidgetFormValues {
  return {
    tag_manager_id: i.tag_manager_id ?? "",
    analytics_id: i.analytics_id ?? "",
    facebook_pixel_id: i.facebook_pixel_id ?? "",
    facebook_mode: i.facebook_mode === "local" ? "local" : "live",
    live_chat_provider: i.live_chat?.provider ?? "",
    live_chat_license: i.live_chat?.license ?? "",
    dealercell_id: i.dealercell_id ?? "",
    voice_text_id: i.voice_text_id ?? "",
    call_tracking_id: i.call_tracking_id ?? "",
    support_chat_id: i.support_chat_id ?? "",
    chatbot_website_id: i.chatbot?.website_id ?? "",
    chatbot_settings: Object.entries(i.chatbot?.settings ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join("\n"),
    dealer_tools_id: i.dealer_tools_id ?? "",
    spin_customer_id: i.spin_customer_id ?? "",
  };
}

/** `name=value` lines as settings: true/false as booleans, plain numbers as numbers, the rest as text. */
function settingsFromLines(text: string): Record<string, string | number | boolean> | string {
  const out = new Map<string, string | number | boolean>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf("=");
    if (eq < 1) return "Write each chat setting as name=value, one a line";
    const v = line.slice(eq + 1).trim();
    out.set(line.slice(0, eq).trim(), v === "true" ? true : v === "false" ? false : /^-?\d{1,9}(\.\d{1,6})?$/.test(v) ? Number(v) : v);
  }
  return Object.fromEntries(out);
}

/**
 * A form post as the change the API takes: every id field is sent, so an empty one removes its id.
 * The chatbot's settings lines that cannot be read come back as that field's message.
 */
export function integrationsFromForm(get: (name: string) => string | null): {
  patch: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const text = (name: string) => (get(name) ?? "").trim();
  const orNull = (name: string) => text(name) || null;
  const errors: Record<string, string> = {};
  const provider = text("live_chat_provider");
  const settings = settingsFromLines(get("chatbot_settings") ?? "");
  if (typeof settings === "string") errors["chatbot.settings"] = settings;
  const website = text("chatbot_website_id");
  const hasSettings = typeof settings !== "string" && Object.keys(settings).length > 0;
  if (!website && hasSettings) errors["chatbot.website_id"] = VENDOR_ID_FORMATS.chatbot_website_id.message;
  const patch: Record<string, unknown> = {
    tag_manager_id: orNull("tag_manager_id"),
    analytics_id: orNull("analytics_id"),
    facebook_pixel_id: orNull("facebook_pixel_id"),
    // the mode belongs to the pixel: it goes with it
    facebook_mode: text("facebook_pixel_id") ? text("facebook_mode") || null : null,
    live_chat: provider ? (provider === "livechat" ? { provider, license: text("live_chat_license") } : { provider }) : null,
    dealercell_id: orNull("dealercell_id"),
    voice_text_id: orNull("voice_text_id"),
    call_tracking_id: orNull("call_tracking_id"),
    support_chat_id: orNull("support_chat_id"),
    chatbot: website ? { website_id: website, ...(hasSettings ? { settings } : {}) } : null,
    dealer_tools_id: orNull("dealer_tools_id"),
    spin_customer_id: orNull("spin_customer_id"),
  };
  return { patch, errors };
}

/** The field a form shows an error under, from the schema's path (`chatbot.website_id` → `chatbot_website_id`). */
export function widgetFormField(path: string): string {
  const [head, second] = path.split(".");
  if (head === "live_chat") return second === "license" ? "live_chat_license" : "live_chat_provider";
  if (head === "chatbot") return second === "website_id" ? "chatbot_website_id" : "chatbot_settings";
  return head ?? path;
}

/** What the "Widgets and tracking" form shows. */
export type WidgetsFormState = {
  values: WidgetFormValues;
  errors: Record<string, string>;
  saved: boolean;
  /** the flags the widgets need that are off on this site (saving an id switches its flag on) */
  flagsOff: string[];
};

/** A form post that was refused, kept for the page it returns to (a cookie for a minute): its field messages and what was typed. */
export type WidgetFlash = { site: number; attempt: string; errors: Record<string, string>; values: Partial<WidgetFormValues> };
export const WIDGET_FLASH_COOKIE = "widgets_form";
const FLASH_FIELDS = new Set<string>([
  ...WIDGET_FORM_FIELDS.map(([k]) => k),
  "facebook_mode",
  "live_chat_provider",
  "live_chat_license",
  "chatbot_settings",
]);

/** The cookie's value: the typed values while it stays under a browser's 4 KB (the messages always). */
export const encodeWidgetFlash = (f: WidgetFlash): string => encodeFormFlash(f as FormFlash);

/** The cookie read back, for this site and this attempt only; anything else (edited, stale, another site's) is nothing. */
export const decodeWidgetFlash = (raw: string | undefined, site: number, attempt: string | undefined): WidgetFlash | null =>
  decodeFormFlash(raw, site, attempt, (k) => FLASH_FIELDS.has(k));

/** The flags a saved form switches on: a widget that needs one loads once its id is saved. */
export function flagsSwitchedOn(patch: Record<string, unknown>): Record<string, true> {
  const out: Record<string, true> = {};
  for (const [field, flag] of Object.entries(WIDGET_FLAGS)) if (patch[field] != null) out[flag] = true;
  return out;
}
