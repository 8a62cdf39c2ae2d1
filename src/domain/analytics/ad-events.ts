import { EVENT_IDS } from "./events";

/*
 * A server-side ad event carries eventName, eventId, uniqueFacebookEventId, contentOptions
 * and user data, and is sent 250 ms after the client-side event. The browser's pixel and our server
 * send the same uniqueFacebookEventId, so that the ad platform counts the event once.
 */

export const AD_EVENT_DELAY_MS = 250;

/** Which of our events an ad platform counts, under its standard event names. */
export const AD_EVENT_NAMES: Readonly<Partial<Record<number, string>>> = {
  [EVENT_IDS.search]: "Search",
  [EVENT_IDS.vehicleView]: "ViewContent",
  [EVENT_IDS.callClick]: "Contact",
  [EVENT_IDS.directions]: "FindLocation",
  [EVENT_IDS.formSubmit]: "Lead",
  [EVENT_IDS.favourite]: "AddToWishlist",
  [EVENT_IDS.chatMessage]: "Contact",
  [EVENT_IDS.careers]: "SubmitApplication",
  [EVENT_IDS.signUp]: "CompleteRegistration",
  [EVENT_IDS.checkoutStart]: "InitiateCheckout",
};

/** What the shopper typed, sent only to our server (never to the data layer or the events endpoint). */
export type AdUserInput = { email?: string; phone?: string; first_name?: string; last_name?: string; postcode?: string; country?: string };

/** What POST /api/fb-events takes (validated by AdEventSchema in ./ad-event-schema.ts, which the browser never loads). */
export type AdEvent = {
  eventName: string;
  /** our event's id (1..61) from the browser; any client id the pixel used from elsewhere */
  eventId: number | string;
  uniqueFacebookEventId: string;
  eventSourceUrl: string;
  contentOptions: {
    content_name?: string;
    content_ids?: string[];
    content_type?: "vehicle" | "product";
    content_category?: string;
    value?: number;
    currency?: string;
    search_string?: string;
  };
  userData: {
    email?: string;
    phone?: string;
    first_name?: string;
    last_name?: string;
    postcode?: string;
    country?: string;
    external_id?: string;
  };
};

/**
 * The ad event for one of our events, or null when the ad platform does not count it. Content comes
 * from the event's car (vehicle tracking event: stocknum, price, name, currency).
 */
export function adEventFor(
  eventId: number,
  props: Record<string, unknown>,
  ids: { uuid: string; url: string; anonId: string },
  user: AdUserInput = {},
): AdEvent | null {
  const eventName = AD_EVENT_NAMES[eventId];
  if (!eventName) return null;
  const str = (v: unknown) => (typeof v === "string" && v ? v.slice(0, 200) : undefined);
  const content: AdEvent["contentOptions"] = {};
  const name = str(props.car_name) ?? str(props.name);
  if (name) content.content_name = name;
  const stock = str(props.stocknum);
  if (stock) {
    content.content_ids = [stock.slice(0, 60)];
    content.content_type = "vehicle";
  }
  if (typeof props.price === "number" && props.price > 0) content.value = props.price;
  if (typeof props.currency === "string" && /^[A-Z]{3}$/.test(props.currency)) content.currency = props.currency;
  const category = str(props.category);
  if (category) content.content_category = category.slice(0, 100);
  const query = str(props.query);
  if (query) content.search_string = query;
  const userData: AdEvent["userData"] = { external_id: ids.anonId };
  for (const k of ["email", "phone", "first_name", "last_name", "postcode", "country"] as const) if (user[k]) userData[k] = user[k];
  return { eventName, eventId, uniqueFacebookEventId: ids.uuid, eventSourceUrl: ids.url, contentOptions: content, userData };
}

const DIAL_CODES: Readonly<Record<string, string>> = { AU: "61", NZ: "64", US: "1" };

/**
 * The ad platform's normalisation before hashing: email trimmed and lowercased; phone digits only
 * with the country code (a national 0 dropped); names lowercased without punctuation; postcode
 * without spaces, lowercased; country two lowercase letters. Empty results are left out.
 */
export function normaliseUserData(user: AdEvent["userData"], siteCountry: string): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, v: string | undefined) => {
    if (v) out[k] = v;
  };
  put("em", user.email?.trim().toLowerCase());
  const country = (user.country ?? siteCountry).toUpperCase();
  let digits = (user.phone ?? "").replace(/\D/g, "");
  const dial = DIAL_CODES[country];
  if (digits && dial && !(user.phone ?? "").trim().startsWith("+")) digits = digits.startsWith("0") ? dial + digits.slice(1) : digits;
  put("ph", digits.length >= 7 ? digits : undefined);
  const name = (v: string | undefined) =>
    v
      ?.normalize("NFC")
      .toLowerCase()
      .replace(/[\s\p{P}\p{S}]/gu, "") || undefined;
  put("fn", name(user.first_name));
  put("ln", name(user.last_name));
  put("zp", user.postcode?.replace(/\s/g, "").toLowerCase() || undefined);
  put("country", /^[A-Z]{2}$/.test(country) ? country.toLowerCase() : undefined);
  put("external_id", user.external_id?.trim() || undefined);
  return out;
}
