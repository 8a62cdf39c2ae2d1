import "server-only";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Location, SiteRecord } from "@/domain/site/types";
import { vehicleHref } from "@/domain/site/vehicle";
import type { Vehicle } from "@/domain/stock/vehicle";
import type { MailMessage } from "@/server/mail/mailer";
import { buildAdf, type AdfInput, type AdfVehicle } from "./adf";

/*
 * What a delivered lead says (issue 16): the salesperson's email (who, which car with its link and
 * photo, buttons to call or email back, everything the shopper wrote), the ADF XML every channel
 * carries, and the webhook's JSON. Every value from the shopper is escaped where it enters HTML.
 */
export type DeliveryLead = {
  id: string;
  createdAt: Date;
  payload: PreparedLead;
  site: SiteRecord;
  location: Location | null;
  vehicle: Vehicle | null;
};

const FIELD_LABELS: Record<string, string> = {
  message: "Comments",
  postcode: "Postcode",
  Rego: "Rego",
  day: "Day",
  month: "Month",
  year: "Year",
  state: "State",
  opt_in: "Opted in to marketing",
  additional_services: "Additional services",
  where_did_you_hear_about_us: "Heard about us through",
};
const SKIP = new Set([
  "name",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "category",
  "subcategory",
  "source",
  "website_slug",
  "dealership_slug",
  "location_id",
  "url",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "has_files",
  "lead_id",
  "trade_in_vehicle",
  "form",
  "vehicle",
  "vehicle_id",
]);

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The shopper's other answers, labelled, in the order given. */
export function leadDetails(p: PreparedLead): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(p)) {
    if (SKIP.has(k) || v === null || v === undefined || v === "") continue;
    const value = Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v);
    out.push([FIELD_LABELS[k] ?? k.replace(/_/g, " "), value.slice(0, 2000)]);
  }
  return out;
}

const absolute = (site: SiteRecord, path: string | null) => (path ? new URL(path, site.url).toString() : null);

export function vehicleUrl(l: DeliveryLead): string | null {
  return l.vehicle ? absolute(l.site, vehicleHref(l.site.template, l.vehicle.slug)) : null;
}

function formTitle(p: PreparedLead): string {
  return [p.category, p.subcategory].filter(Boolean).join(" / ");
}

function tradeIn(p: PreparedLead): AdfVehicle | null {
  const t = p.trade_in_vehicle as Record<string, unknown> | undefined;
  if (!t || typeof t !== "object") return null;
  return {
    year: typeof t.year === "number" ? t.year : null,
    make: str(t.make) ?? "",
    model: str(t.model) ?? "",
    trim: str(t.badge),
    vin: str(t.vin),
    odometerKm: typeof t.odometer === "number" ? t.odometer : null,
    colour: str(t.colour),
    carType: "used",
    comments: [
      str(t.rego) ? `Rego ${t.rego}${str(t.state) ? ` (${t.state})` : ""}` : "",
      str(t.condition) ? `Condition: ${t.condition}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

export function adfInput(l: DeliveryLead): AdfInput {
  const p = l.payload;
  const v = l.vehicle;
  const category = `${p.category} ${p.subcategory ?? ""}`.toLowerCase();
  const interest = /test drive/.test(category)
    ? "test-drive"
    : /sell/.test(category)
      ? "sell"
      : /trade/.test(category)
        ? "trade-in"
        : "buy";
  const vendorName = l.location?.name ?? l.site.name;
  return {
    leadId: l.id,
    createdAt: l.createdAt,
    customer: {
      firstName: str(p.first_name),
      lastName: str(p.last_name),
      fullName: str(p.name) ?? "",
      email: str(p.email),
      phone: str(p.phone),
      comments: [`Form: ${formTitle(p)}`, ...leadDetails(p).map(([k, val]) => `${k}: ${val}`)].join("\n"),
    },
    vehicle: v
      ? {
          year: v.year,
          make: v.make,
          model: v.model,
          trim: v.badge,
          vin: v.vin,
          stock: v.stockNumber,
          bodystyle: v.bodyType,
          transmission: v.transmission,
          odometerKm: v.odometer,
          colour: v.colour,
          price: v.price,
          currency: l.site.currency,
          carType: v.carType,
          url: vehicleUrl(l),
          comments: `Status: ${v.status.replace("_", " ")}`,
        }
      : null,
    tradeIn: tradeIn(p),
    vendor: {
      name: vendorName,
      url: l.site.url,
      contactName: vendorName,
      email: l.location?.contactDetail.email ?? l.site.email,
      phone: l.location?.contactDetail.phone ?? l.site.phone,
    },
    provider: { name: l.site.name, url: l.site.url },
    interest,
  };
}

const adfOf = new WeakMap<DeliveryLead, string>();
/** The lead's ADF XML, built once per loaded lead (the salesperson's email attaches what the CRM's gets). */
export function adfXml(l: DeliveryLead): string {
  let xml = adfOf.get(l);
  if (xml === undefined) adfOf.set(l, (xml = buildAdf(adfInput(l))));
  return xml;
}

const adfAttachment = (l: DeliveryLead) => ({ filename: `lead-${l.id}.adf.xml`, content: adfXml(l), contentType: "application/xml" });

function vehicleName(v: Vehicle) {
  return [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");
}

/** The salesperson's email: readable HTML and text, the ADF XML attached, Reply-To the shopper. */
export function salespersonEmail(l: DeliveryLead, to: string): MailMessage {
  const p = l.payload;
  const who = str(p.name) ?? [str(p.first_name), str(p.last_name)].filter(Boolean).join(" ");
  const email = str(p.email);
  const phone = str(p.phone);
  const v = l.vehicle;
  const link = vehicleUrl(l);
  const photo = v ? absolute(l.site, v.primaryImageUrl ?? v.thumbnails[0] ?? null) : null;
  const details = leadDetails(p);
  const subject = `${formTitle(p)} lead from ${who || "a shopper"}${v ? ` about the ${vehicleName(v)}` : ""} — ${l.site.name}`;
  const text = [
    `${formTitle(p)} — ${l.location?.name ?? l.site.name}`,
    "",
    `From: ${who}`,
    email ? `Email: ${email}` : "",
    phone ? `Phone: ${phone}` : "",
    v ? `\nCar: ${vehicleName(v)} (stock ${v.stockNumber}${v.price != null ? `, ${l.site.currency} ${v.price}` : ""})\n${link}` : "",
    "",
    ...details.map(([k, val]) => `${k}: ${val}`),
    "",
    `Lead ${l.id}, received ${l.createdAt.toISOString()} on ${l.site.url}. The ADF XML is attached for your CRM.`,
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
  const e = escapeHtml;
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;padding:10px 16px;margin:0 8px 8px 0;background:#1f2937;color:#fff;text-decoration:none;border-radius:6px">${e(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:640px">
<h1 style="font-size:20px">${e(formTitle(p))} — ${e(l.location?.name ?? l.site.name)}</h1>
<p style="font-size:16px"><strong>${e(who)}</strong>${email ? `<br>${e(email)}` : ""}${phone ? `<br>${e(phone)}` : ""}</p>
<p>${phone ? button(`tel:${phone.replace(/[^\d+]/g, "")}`, `Call ${phone}`) : ""}${email ? button(`mailto:${email}`, "Reply by email") : ""}</p>
${
  v
    ? `<table role="presentation" style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0"><tr>${
        photo
          ? `<td style="padding-right:12px"><img src="${e(photo)}" alt="${e(vehicleName(v))}" width="160" style="border-radius:6px"></td>`
          : ""
      }<td><strong>${e(vehicleName(v))}</strong><br>Stock ${e(v.stockNumber)}${v.price != null ? `<br>${e(l.site.currency)} ${e(String(v.price))}` : ""}${
        link ? `<br><a href="${e(link)}">View the listing</a>` : ""
      }</td></tr></table>`
    : ""
}
${details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([k, val]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${e(val)}</td></tr>`).join("")}</table>` : ""}
<p style="color:#555;font-size:12px">Lead ${e(l.id)}, received ${e(l.createdAt.toISOString())} on ${e(l.site.url)}. The ADF XML is attached for your CRM.</p>
</body></html>`;
  return { to, subject, text, html, ...(email ? { replyTo: email } : {}), attachments: [adfAttachment(l)] };
}

/** A CRM's ADF import: the XML as the body and attached. */
export function adfEmail(l: DeliveryLead, to: string): MailMessage {
  const xml = adfXml(l);
  return { to, subject: `ADF lead ${l.id}`, text: xml, attachments: [adfAttachment(l)] };
}

/** The webhook's JSON: the lead as stored, with its site, location and car. */
export function webhookBody(l: DeliveryLead): string {
  const v = l.vehicle;
  return JSON.stringify({
    type: "lead.created",
    id: l.id,
    created_at: l.createdAt.toISOString(),
    site: { id: l.site.id, slug: l.site.slug, name: l.site.name, url: l.site.url },
    location: l.location ? { id: l.location.id, name: l.location.name, slug: l.location.slug } : null,
    vehicle: v
      ? {
          id: v.id,
          stock_number: v.stockNumber,
          vin: v.vin,
          year: v.year,
          make: v.make,
          model: v.model,
          price: v.price,
          car_type: v.carType,
          status: v.status,
          url: vehicleUrl(l),
        }
      : null,
    lead: l.payload,
  });
}
