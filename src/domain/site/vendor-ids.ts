/*
 * Each widget vendor's id shape. The storefront's widget registry checks an id against it before it
 * goes into a script's address, so this module stays free of zod: the schemas that use these shapes
 * (integrations.ts) would bring zod, and its eval-based parser, into every shopper's page. Pure.
 */

/** Each vendor's id shape, and the message that names it. */
export const VENDOR_ID_FORMATS = {
  /** Google Tag Manager container: GTM- and 4–10 capitals or digits (GTM-K7Q2XRM) */
  tag_manager_id: { re: /^GTM-[A-Z0-9]{4,10}$/, message: "Enter a Google Tag Manager container id such as GTM-K7Q2XRM" },
  /** GA4 measurement id: G- and 6–12 capitals or digits (G-3HQ8ZP4T1B) */
  analytics_id: { re: /^G-[A-Z0-9]{6,12}$/, message: "Enter a Google Analytics measurement id such as G-3HQ8ZP4T1B" },
  /** Meta pixel id: 15 or 16 digits */
  facebook_pixel_id: { re: /^\d{15,16}$/, message: "Enter a Meta pixel id: 15 or 16 digits" },
  /** LiveChat licence number: 6–10 digits, no leading zero */
  live_chat_license: { re: /^[1-9]\d{5,9}$/, message: "Enter a LiveChat licence number: 6 to 10 digits" },
  /** DealerCell dealer code: letters, digits and dashes */
  dealercell_id: { re: /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/, message: "Enter a DealerCell dealer code: 3 to 40 letters, digits or dashes" },
  /** Podium organisation token: a UUID */
  voice_text_id: {
    re: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    message: "Enter a Podium organisation token such as a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40",
  },
  /** CallRail swap script: the company's number and the script's hex key (408173265/3c9e1f7a2b5d4e60) */
  call_tracking_id: {
    re: /^\d{6,12}\/[0-9a-f]{16,40}$/,
    message: "Enter the CallRail company and script as company/key, such as 408173265/3c9e1f7a2b5d4e60",
  },
  /** Intercom app id: 8 lower-case letters or digits */
  support_chat_id: { re: /^[a-z0-9]{8}$/, message: "Enter an Intercom app id: 8 lower-case letters or digits, such as q7x2m9ka" },
  /** the chatbot's website id: letters, digits and dashes */
  chatbot_website_id: {
    re: /^[A-Za-z0-9][A-Za-z0-9-]{5,63}$/,
    message: "Enter the chatbot's website id: 6 to 64 letters, digits or dashes",
  },
  /** DealerStudio dealer id: letters, digits and dashes */
  dealer_tools_id: { re: /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/, message: "Enter a DealerStudio dealer id: 3 to 40 letters, digits or dashes" },
  /** Impel (360 spin) customer name: lower-case letters, digits, dashes and underscores */
  spin_customer_id: {
    re: /^[a-z0-9][a-z0-9_-]{2,63}$/,
    message: "Enter an Impel customer name: 3 to 64 lower-case letters, digits, dashes or underscores",
  },
} as const;
export type VendorIdKey = keyof typeof VENDOR_ID_FORMATS;

/** True when the value is an id of this vendor's shape (the registry's check before a URL is built). */
export function isVendorId(key: VendorIdKey, v: unknown): v is string {
  return typeof v === "string" && VENDOR_ID_FORMATS[key].re.test(v);
}

/** A chat setting's name: a plain identifier (never `__proto__` or anything with markup). */
export const SETTING_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
