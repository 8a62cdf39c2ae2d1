import { z } from "zod";
import { textLine } from "../text-schema";
import { outboundUrlProblem } from "../http/addresses";
import type { LeadDeliveryConfig } from "../leads/delivery";
import type { SiteFeatureFlags } from "../site/types";
import { BOOLEAN_FLAGS } from "../site/features";

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
  [
    "opt_in_ticked",
    "Marketing box starts ticked",
    "Each form's “Keep me up to date with news and offers” box starts ticked; off, the shopper ticks it to agree (a new site starts off).",
  ],
] as const satisfies ReadonlyArray<readonly [BooleanFlag, string, string]>;
export type DealerSwitch = (typeof DEALER_SWITCHES)[number][0];
export const DEALER_SWITCH_KEYS = DEALER_SWITCHES.map(([k]) => k) as DealerSwitch[];

/**
 * The platform's own switches, which only operators set (in the console): the same words for each,
 * so neither the dealer nor the operator reads a flag's code.
 */
export const PLATFORM_SWITCHES = [
  ["garage_enabled", "Customer accounts and alerts", "Shoppers sign up, save cars and searches, and get price and new-car alerts."],
  ["autograb", "Rego lookup (AutoGrab)", "The trade-in form fills the car in from its rego."],
  ["redbook", "Rego lookup (Redbook)", "The trade-in form fills the car in from its rego through Redbook."],
  ["nevdis", "Rego lookup (NEVDIS)", "The trade-in form fills the car in from the national register."],
  ["sell_my_car", "Buys cars (Sell My Car)", "The site's trade-in form lives at /sell-my-car, named Sell My Car."],
  ["enable_store", "Reserve online", "Shoppers pay a deposit online to hold a car."],
  ["offers_subscription", "Car subscriptions", "Cars and offers show a weekly subscription price, and the search sorts by it."],
  ["book_a_service_on_service_locations", "Book a Service", "A Book a Service button on the site's service locations."],
  ["live_chat", "Live chat", "The live chat set under Widgets and tracking."],
  ["dealercell", "Text-message chat", "The DealerCell chat set under Widgets and tracking."],
  ["autobot", "Chatbot", "The chatbot set under Widgets and tracking."],
  ["dealerstudio", "Dealer tools scripts", "The dealer tools scripts set under Widgets and tracking."],
  ["impel", "360° spin viewer", "The spin viewer on car pages, set under Widgets and tracking."],
  [
    "push_leads_to_primary_location",
    "Every lead to the main location",
    "Leads go to the site's first location, whichever car or page they came from.",
  ],
  ["mock_leads", "Demo leads", "Leads are kept but sent to nobody (demonstration sites)."],
  ["used_wording_pre_owned", "Say “pre-owned”", "Used cars are called pre-owned everywhere on the site."],
  ["enquire_button_message_now", "“Message Now” buttons", "Enquire buttons say Message Now."],
  ["blog_path_news", "Blog at /news", "The blog's address is /news instead of /blog."],
  ["uses_pages_path", "Pages under /pages", "The site's own pages keep /pages/ in their addresses."],
  ["low_image_quality", "Lighter photos", "Photos are sent at quality 60 instead of 75."],
] as const satisfies ReadonlyArray<readonly [BooleanFlag, string, string]>;

/** Every on/off flag with its words: the dealer's switches first, then the platform's, then any flag not named yet (its code in words). */
export function switchWords(): Array<readonly [BooleanFlag, string, string]> {
  const named: Array<readonly [BooleanFlag, string, string]> = [...DEALER_SWITCHES, ...PLATFORM_SWITCHES];
  const rest = BOOLEAN_FLAGS.filter((k) => !named.some(([n]) => n === k)).map(
    (k) => [k as BooleanFlag, k.charAt(0).toUpperCase() + k.slice(1).replaceAll("_", " "), ""] as const,
  );
  return [...named, ...rest];
}

const isDealerSwitch = (k: string): k is DealerSwitch => (DEALER_SWITCH_KEYS as string[]).includes(k);

/**
 * PUT /api/admin/sites/{siteId}/switches: only the switches that changed, each on (true), off
 * (false) or given back to the platform's rules (null: the default, or what a feature rule sets).
 * Sending only the changed ones keeps the rest following the rules: a switch never becomes the
 * site's own just because the form was saved. The dealer's own settings page sends the dealer's
 * switches; the console (operators) any on/off flag.
 */
export const SwitchesSchema = z
  .object(
    Object.fromEntries(
      BOOLEAN_FLAGS.map((k) => [k, z.boolean({ error: "Choose on, off or the platform's rules" }).nullable().optional()]),
    ) as Record<BooleanFlag, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>,
  )
  .strict()
  .refine((s) => Object.keys(s).length > 0, "Nothing changed: change a switch first");
export type SwitchChanges = z.infer<typeof SwitchesSchema>;

/** The switches a staff member who is not an operator may not change (the platform's own), each with its message. */
export function platformOnlySwitches(changes: SwitchChanges): Record<string, string> {
  return Object.fromEntries(
    Object.keys(changes)
      .filter((k) => !isDealerSwitch(k))
      .map((k) => [k, "Only the platform's operators change this switch"]),
  );
}

/** A switch as a form shows it: on, off, or following the platform's rules (the value they give, and from where). */
export type SwitchChoice = "on" | "off" | "rules";
export type SwitchState = { key: BooleanFlag; label: string; hint: string; value: boolean; source: string };

/** "this site" is the site's own setting; anything else (default, a rule, no finance provider) follows the rules. */
export const choiceOf = (s: Pick<SwitchState, "value" | "source">, withRules: boolean): SwitchChoice =>
  withRules && s.source !== "this site" ? "rules" : s.value ? "on" : "off";

/** What a form sends: the switches whose choice differs from what the page showed (none changed: an empty object). */
export function switchChanges(
  shown: ReadonlyArray<Pick<SwitchState, "key" | "value" | "source">>,
  chosen: (key: string) => SwitchChoice,
  withRules: boolean,
): SwitchChanges {
  const out: Record<string, boolean | null> = {};
  for (const s of shown) {
    const now = chosen(s.key);
    if (now !== choiceOf(s, withRules)) out[s.key] = now === "rules" ? null : now === "on";
  }
  return out as SwitchChanges;
}

/** The switches a form shows, each with its value and where that comes from; the dealer's form only the dealer's. */
export function switchStates(features: Record<string, { value: unknown; source: string }>, which: "dealer" | "all"): SwitchState[] {
  return switchWords()
    .filter(([k]) => which === "all" || isDealerSwitch(k))
    .filter(([k]) => features[k] !== undefined)
    .map(([key, label, hint]) => ({ key, label, hint, value: features[key]!.value === true, source: features[key]!.source }));
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

/** The lead delivery form's values: the webhooks' URLs only, as a secret never leaves the server. */
export function deliveryFormValues(config: LeadDeliveryConfig): DeliveryFormValues {
  return {
    email_to_location: config.email_to_location !== false,
    emails: config.emails ?? [],
    adf_emails: config.adf_emails ?? [],
    webhooks: (config.webhooks ?? []).map((w) => w.url),
  };
}
export type DeliveryFormValues = { email_to_location: boolean; emails: string[]; adf_emails: string[]; webhooks: string[] };

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
