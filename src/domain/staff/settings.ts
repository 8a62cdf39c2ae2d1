import { z } from "zod";
import { textLine } from "../text-schema";
import { outboundUrlProblem } from "../http/addresses";
import type { LeadDeliveryConfig } from "../leads/delivery";
import type { SiteFeatureFlags } from "../site/types";

/*
 * The site settings a dealer changes in the back-office besides hours: the feature
 * switches that are the dealer's business (the rest are the platform's, derived per dealer in
 * src/domain/site/features.ts) and where their leads are delivered.
 */

type BooleanFlag = { [K in keyof SiteFeatureFlags]: SiteFeatureFlags[K] extends boolean ? K : never }[keyof SiteFeatureFlags];

/** The switches a dealer turns on and off, each with what it does on the website. */
export const DEALER_SWITCHES = [
  ["test_drive", "Test drive bookings", "The Book a test drive form and its buttons on car pages."],
  ["finance_pre_approval", "Finance pre-approval", "The pre-approval form; without it /finance-pre-approval goes to /finance."],
  ["fleet", "Fleet enquiries", "The fleet page and its form."],
  ["careers", "Careers", "The careers page and its application form."],
  ["blog", "Blog", "The blog (news) and its posts."],
  ["special_offers", "Special offers", "The offers page and the offers in the menu."],
  ["electric_vehicles", "Electric vehicles page", "A page of the electric and hybrid models in stock."],
  ["reviews", "Reviews", "Google reviews on location pages and the reviews page."],
  [
    "trade_in_valuation",
    "Trade-in value",
    "An indicative price range after the rego lookup on the trade-in form; off: we'll be in touch with a price.",
  ],
  [
    "analytics_events",
    "Visit reports",
    "Counts the website's visits, enquiries and car views for the reports and the Monday email; off, they read nothing.",
  ],
  ["sidebar_dealer_tools", "Dealer tools bar", "The bar of quick actions (call, directions, enquire) on every page."],
  ["contact_message_optional", "Contact message optional", "The contact form can be sent without a message."],
] as const satisfies ReadonlyArray<readonly [BooleanFlag, string, string]>;
export type DealerSwitch = (typeof DEALER_SWITCHES)[number][0];
export const DEALER_SWITCH_KEYS = DEALER_SWITCHES.map(([k]) => k) as DealerSwitch[];

/** Every dealer switch, on or off (a missing one is a mistake, not "leave it"). */
export const SwitchesSchema = z
  .object(
    Object.fromEntries(DEALER_SWITCH_KEYS.map((k) => [k, z.boolean({ error: "Choose on or off" })])) as Record<DealerSwitch, z.ZodBoolean>,
  )
  .strict();
export type Switches = z.infer<typeof SwitchesSchema>;

export function switchesOf(features: SiteFeatureFlags): Switches {
  return Object.fromEntries(DEALER_SWITCH_KEYS.map((k) => [k, features[k]])) as Switches;
}

// — lead delivery channels —

const email = textLine().trim().toLowerCase().max(254).pipe(z.email("Enter valid email addresses, one per line"));
/** A textarea's lines (blank ones dropped) as a list. */
const lines = (max: number) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(/[\r\n,;]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(email).max(max, `At most ${max} addresses`),
  );

export const DeliverySettingsSchema = z
  .object({
    email_to_location: z.boolean(),
    emails: lines(20),
    adf_emails: lines(20),
    webhooks: z
      .array(
        z.object({
          url: textLine()
            .trim()
            .max(2000)
            .refine((u) => /^https?:\/\//.test(u) && URL.canParse(u), "Enter an http or https address")
            // a webhook never points inside our network (loopback, private, metadata addresses)
            .superRefine((u, ctx) => {
              const problem = /^https?:\/\//.test(u) && URL.canParse(u) ? outboundUrlProblem(u) : null;
              if (problem) ctx.addIssue({ code: "custom", message: problem });
            }),
          /** blank: keep the secret this URL has now */
          secret: textLine()
            .trim()
            .max(200)
            .refine((s) => s === "" || s.length >= 16, "Use at least 16 characters, or leave it blank to keep the current secret"),
        }),
      )
      .max(5, "At most 5 webhooks"),
  })
  .strict();
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/**
 * The stored config from the form: a webhook sent without a secret keeps the one its URL has; a
 * new URL needs one (the field messages name it). Never a secret from another URL.
 */
export function deliveryConfigFrom(
  form: DeliverySettings,
  current: LeadDeliveryConfig,
): { config: LeadDeliveryConfig; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const webhooks = form.webhooks.flatMap((w, i) => {
    const secret = w.secret || current.webhooks?.find((c) => c.url === w.url)?.secret;
    if (!secret) {
      errors[`webhooks.${i}.secret`] = "A new webhook needs a secret of at least 16 characters";
      return [];
    }
    return [{ url: w.url, secret }];
  });
  return {
    config: { email_to_location: form.email_to_location, emails: form.emails, adf_emails: form.adf_emails, webhooks },
    errors,
  };
}

/** For the audit log and the page: the config with every secret replaced. */
export function redactedDelivery(config: LeadDeliveryConfig): LeadDeliveryConfig {
  return { ...config, webhooks: (config.webhooks ?? []).map((w) => ({ url: w.url, secret: "(secret)" })) };
}

/** PUT /api/admin/sites/{siteId}/lead-handling: the response target and round-robin assignment. */
export const LeadHandlingSchema = z
  .object({
    response_minutes: z
      .number({ error: "Enter the minutes as a whole number" })
      .int("Enter the minutes as a whole number")
      .min(1, "Enter at least 1 minute")
      .max(1440, "Enter at most 1,440 minutes (a day)"),
    round_robin: z.boolean(),
  })
  .strict();

/** PUT /api/admin/me/weekly-report: a staff member's own weekly email on or off. */
export const WeeklyReportSchema = z.object({ on: z.boolean({ error: "Say true or false" }) }).strict();
