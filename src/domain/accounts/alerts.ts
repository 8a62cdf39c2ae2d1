import { escapeHtml } from "../format/html";
import { countOf, formatCount, formatPrice } from "../format/price";
import { contrastText } from "../site/colour";

/*
 * Alerts that bring a shopper back. A signed-in customer turns alerts on per watched car
 * (its price drops, it sells) and per saved search (new matches); what changed is gathered into one
 * digest, at most one a day per customer and site, in the site's own name and colours, with a
 * one-click unsubscribe (RFC 8058). Pure: the server reads the rows, this decides and writes the words.
 */

/** At most one digest per customer and site in this long. */
export const ALERT_DIGEST_EVERY_MS = 24 * 3_600_000;
/** A saved search's digest lists this many of its new cars, then says how many more. */
export const NEW_MATCHES_LISTED = 5;

/** A watched car with alerts on: what it is now, and what the customer was last told. */
export type WatchedCar = {
  vehicleId: number;
  title: string;
  /** the car's page, absolute */
  url: string;
  price: number | null;
  status: string;
  alertPrice: number | null;
  alertStatus: string | null;
};

export type CarNews =
  | { kind: "price-drop"; vehicleId: number; title: string; url: string; was: number; now: number }
  | { kind: "sold"; vehicleId: number; title: string; url: string };

export type NewCar = { title: string; url: string; price: number | null };
/** A saved search with alerts on and cars listed since it last told: how many, and the first few. */
export type SearchNews = { label: string; url: string; count: number; cars: NewCar[] };

export type AlertDigest = { cars: CarNews[]; searches: SearchNews[] };

/**
 * What to tell about the watched cars: a price lower than the one last told (or seen when alerts
 * were turned on), and a sale not yet told. A price that rose, or first appeared, is no news.
 */
export function carNews(cars: readonly WatchedCar[]): CarNews[] {
  return cars.flatMap((c): CarNews[] => {
    const base = { vehicleId: c.vehicleId, title: c.title, url: c.url };
    if (c.status === "sold") return c.alertStatus === "sold" ? [] : [{ kind: "sold", ...base }];
    if (c.price != null && c.price > 0 && c.alertPrice != null && c.price < c.alertPrice)
      return [{ kind: "price-drop", ...base, was: c.alertPrice, now: c.price }];
    return [];
  });
}

/** True when a customer's next digest may go: never sent, or the last one a day ago or more. */
export function digestDue(lastSentAt: Date | null, now: number): boolean {
  return !lastSentAt || now - lastSentAt.getTime() >= ALERT_DIGEST_EVERY_MS;
}

export const isEmptyDigest = (d: AlertDigest) => d.cars.length === 0 && d.searches.every((s) => s.count === 0);

const plural = countOf;

/** The subject: the one piece of news in its own words, or how many there are. */
export function digestSubject(siteName: string, d: AlertDigest, nouns = "cars"): string {
  const searches = d.searches.filter((s) => s.count > 0);
  const items = d.cars.length + searches.length;
  if (items === 1 && d.cars[0]?.kind === "price-drop")
    return `Price drop: the ${d.cars[0].title} is now ${formatPrice(d.cars[0].now)} at ${siteName}`;
  if (items === 1 && d.cars[0]?.kind === "sold") return `Sold: the ${d.cars[0].title} at ${siteName}`;
  if (items === 1 && searches[0]) return `${plural(searches[0].count, "new match", "new matches")} for ${searches[0].label} at ${siteName}`;
  return `${plural(items, "update", "updates")} on ${nouns} you follow at ${siteName}`;
}

export type AlertMailInput = {
  /** the site's name, its primary colour, and its vehicles in running text ("cars", "trucks") */
  site: { name: string; colour: string; nouns: string };
  /** the customer's name, when the account has one */
  name?: string;
  digest: AlertDigest;
  /** the garage, where each alert is turned on or off */
  manageUrl: string;
  /** the one-click unsubscribe page (every alert of this customer on this site) */
  unsubscribeUrl: string;
};

const drop = (c: Extract<CarNews, { kind: "price-drop" }>) =>
  `now ${formatPrice(c.now)}, was ${formatPrice(c.was)} (${formatPrice(c.was - c.now)} less)`;

/** The digest as plain text and as HTML (the site's colour on its header and buttons; every value escaped). */
export function alertMail(p: AlertMailInput): { subject: string; text: string; html: string } {
  const d = p.digest;
  const drops = d.cars.filter((c) => c.kind === "price-drop");
  const sold = d.cars.filter((c) => c.kind === "sold");
  const searches = d.searches.filter((s) => s.count > 0);
  const hello = p.name ? `Hello ${p.name},` : "Hello,";
  const similar = `Similar ${p.site.nouns} may still be in stock.`;
  const why = `You asked ${p.site.name} to email you about these. We send at most one email a day.`;
  const more = (s: SearchNews) => (s.count > s.cars.length ? `and ${formatCount(s.count - s.cars.length)} more` : "");
  const text = [
    hello,
    "",
    ...(drops.length ? ["Price drops", ...drops.map((c) => `- ${c.title}: ${drop(c)}\n  ${c.url}`), ""] : []),
    ...(sold.length ? ["Sold", ...sold.map((c) => `- ${c.title} has sold. ${similar}\n  ${c.url}`), ""] : []),
    ...searches.flatMap((s) => [
      `${plural(s.count, "new match", "new matches")} for ${s.label}`,
      ...s.cars.map((c) => `- ${c.title}, ${formatPrice(c.price)}\n  ${c.url}`),
      ...(more(s) ? [`  ${more(s)}: ${s.url}`] : []),
      "",
    ]),
    why,
    `Choose your alerts: ${p.manageUrl}`,
    `Unsubscribe from every alert: ${p.unsubscribeUrl}`,
    "",
    p.site.name,
  ].join("\n");

  const e = escapeHtml;
  const colour = /^#[0-9a-f]{6}$/i.test(p.site.colour) ? p.site.colour : "#1f2937";
  const on = contrastText(colour);
  const h2 = (s: string) => `<h2 style="font-size:18px;margin:24px 0 8px">${e(s)}</h2>`;
  const link = (url: string, label: string) => `<a href="${e(url)}" style="color:#111;font-weight:bold">${e(label)}</a>`;
  const list = (items: string[]) =>
    `<ul style="padding-left:20px;margin:0">${items.map((i) => `<li style="margin:0 0 8px">${i}</li>`).join("")}</ul>`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;font-family:Arial,sans-serif;color:#111;line-height:1.5">
<div style="background:${colour};color:${on};padding:16px 20px;font-size:20px;font-weight:bold">${e(p.site.name)}</div>
<div style="padding:8px 20px 20px;max-width:640px">
<p>${e(hello)}</p>
${drops.length ? h2("Price drops") + list(drops.map((c) => `${link(c.url, c.title)}: ${e(drop(c))}`)) : ""}
${sold.length ? h2("Sold") + list(sold.map((c) => `${link(c.url, c.title)} has sold. ${e(similar)}`)) : ""}
${searches
  .map(
    (s) =>
      h2(`${plural(s.count, "new match", "new matches")} for ${s.label}`) +
      list(s.cars.map((c) => `${link(c.url, c.title)}, ${e(formatPrice(c.price))}`)) +
      `<p><a href="${e(s.url)}" style="display:inline-block;padding:10px 16px;background:${colour};color:${on};text-decoration:none;border-radius:6px">${e(more(s) ? `See all ${formatCount(s.count)}` : "See the search")}</a></p>`,
  )
  .join("")}
<p style="color:#444;font-size:14px;margin-top:24px">${e(why)}<br>${link(p.manageUrl, "Choose your alerts")} · ${link(p.unsubscribeUrl, "Unsubscribe from every alert")}</p>
</div></body></html>`;
  return { subject: digestSubject(p.site.name, d, p.site.nouns), text, html };
}
