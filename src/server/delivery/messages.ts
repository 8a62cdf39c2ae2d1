import "server-only";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Location, SiteRecord } from "@/domain/site/types";
import { vehicleHref } from "@/domain/site/vehicle";
import { telHref } from "@/domain/site/links";
import { displayImage, type Vehicle } from "@/domain/stock/vehicle";
import { fixedFormatImageUrl } from "@/domain/format/image";
import { escapeHtml } from "@/domain/format/html";
import { leadAnswers, messagesInOrder, readableChanges, whenText, type FieldChange } from "@/domain/leads/answers";
import { formatPrice } from "@/domain/format/price";
import { leadReference } from "@/domain/leads/lead";
import type { MailMessage } from "@/server/mail/mailer";
import { adminOrigin } from "@/server/http/admin-host";
import type { LeadSubmission } from "@/server/repositories/leads";
import { buildAdf, type AdfInput, type AdfVehicle } from "./adf";

/*
 * What a delivered lead says: the salesperson's email (who, which car with its link and
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
  /** the lead's submissions in order (empty when it was never updated) */
  history: LeadSubmission[];
  /** set when this delivery is of an update: which one, when, what it changed from what */
  update?: { seq: number; at: Date; changes: FieldChange[]; files: string[]; before: Record<string, unknown> };
};

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The shopper's answers as people read them (labels, the booked slot, Yes/No, the marketing consent; src/domain/leads/answers.ts). */
export const leadDetails = (p: PreparedLead, timeZone: string): Array<[string, string]> =>
  leadAnswers(p, timeZone).map(([k, v]) => [k, v.slice(0, 2000)]);

/** The changes an update made, as people read them, and the attachments it added. */
export function updateLines(l: DeliveryLead): Array<{ label: string; from: string; to: string }> {
  if (!l.update) return [];
  const lines = readableChanges(l.update.changes, l.update.before, l.payload);
  if (l.update.files.length) lines.push({ label: "Attachments added", from: "", to: l.update.files.join(", ") });
  return lines;
}

/** Every message the shopper wrote on this lead, in order (a lead sent again or added to on the success page). */
export const messageHistory = (l: DeliveryLead): Array<{ at: Date; message: string }> => messagesInOrder(l.history);

/** The clock of the lead's location (else its site's). */
const zoneOf = (l: DeliveryLead) => l.location?.timezone ?? l.site.timezone;
/** When something happened, in words on the clock of the lead's location (else its site's). */
const when = (l: DeliveryLead, at: Date) => whenText(at, zoneOf(l));

const absolute = (site: SiteRecord, path: string | null) => (path ? new URL(path, site.url).toString() : null);

/** The car's main photo for mail, the CRM and webhooks: a JPEG 640 wide from the image service. */
function vehiclePhotoUrl(l: DeliveryLead): string | null {
  return l.vehicle ? absolute(l.site, fixedFormatImageUrl(displayImage(l.vehicle), 640)) : null;
}

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
      comments: [
        l.update ? `Update ${l.update.seq} to this lead, ${when(l, l.update.at)}:` : "",
        ...updateLines(l).map((c) => `${c.label}: ${c.from || "(none)"} → ${c.to || "(none)"}`),
        `Form: ${formTitle(p)}`,
        ...leadDetails(p, zoneOf(l)).map(([k, val]) => `${k}: ${val}`),
        ...(l.update ? messageHistory(l).map((m, i) => `Message ${i + 1} (${when(l, m.at)}): ${m.message}`) : []),
      ]
        .filter(Boolean)
        .join("\n"),
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
          image: vehiclePhotoUrl(l),
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

/** The site's name over the platform's sending address: the dealer sees who the lead is for. */
const sender = (l: DeliveryLead) => ({ name: l.site.name });

/** The salesperson's email: readable HTML and text, the ADF XML attached, Reply-To the shopper. */
export function salespersonEmail(l: DeliveryLead, to: string): MailMessage {
  const p = l.payload;
  // the whole name as staff read it (first and last when given; else the name it was sent with)
  const who = [str(p.first_name), str(p.last_name)].filter(Boolean).join(" ") || (str(p.name) ?? "");
  const email = str(p.email);
  const phone = str(p.phone);
  const v = l.vehicle;
  const link = vehicleUrl(l);
  const photo = vehiclePhotoUrl(l);
  const details = leadDetails(p, zoneOf(l));
  const changed = updateLines(l);
  const messages = l.update ? messageHistory(l) : [];
  const ref = leadReference(l.id);
  // the lead's page in the back-office: assign it, log the call, see the shopper's other enquiries
  const page = `${adminOrigin()}/leads/${l.id}`;
  const subject = l.update
    ? `Update to enquiry #${ref} from ${who || "a shopper"}${v ? ` about the ${vehicleName(v)}` : ""} — ${l.site.name}`
    : `${formTitle(p)} lead from ${who || "a shopper"}${v ? ` about the ${vehicleName(v)}` : ""} — ${l.site.name}`;
  const heading = l.update ? `Update to enquiry #${ref}: ${formTitle(p)}` : formTitle(p);
  const text = [
    `${heading} — ${l.location?.name ?? l.site.name}`,
    "",
    ...(l.update
      ? [
          `The shopper changed their enquiry (${when(l, l.update.at)}). What changed:`,
          ...changed.map((c) => `${c.label}: ${c.from || "(none)"} → ${c.to || "(none)"}`),
          "",
        ]
      : []),
    `From: ${who}`,
    email ? `Email: ${email}` : "",
    phone ? `Phone: ${phone}` : "",
    v ? `\nCar: ${vehicleName(v)} (stock ${v.stockNumber}${v.price != null ? `, ${formatPrice(v.price)}` : ""})\n${link}` : "",
    "",
    ...details.map(([k, val]) => `${k}: ${val}`),
    "",
    ...(messages.length > 1 ? ["Every message, in order:", ...messages.map((m, i) => `${i + 1}. ${when(l, m.at)}: ${m.message}`), ""] : []),
    `Open it in the back-office: ${page}`,
    "",
    `Lead ${l.id}, received ${when(l, l.createdAt)} on ${l.site.url}. The ADF XML is attached for your CRM.`,
  ]
    .filter((line, i, all) => line !== "" || all[i - 1] !== "")
    .join("\n");
  const e = escapeHtml;
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;padding:10px 16px;margin:0 8px 8px 0;background:#1f2937;color:#fff;text-decoration:none;border-radius:6px">${e(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:640px">
<h1 style="font-size:20px">${e(heading)} — ${e(l.location?.name ?? l.site.name)}</h1>
${
  l.update
    ? `<h2 style="font-size:16px">What changed</h2><table role="presentation" style="border-collapse:collapse;margin-bottom:12px">${changed
        .map(
          (c) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(c.label)}</th><td style="padding:4px 0;white-space:pre-wrap">${c.from ? `<del>${e(c.from)}</del> → ` : ""}<strong>${e(c.to || "(removed)")}</strong></td></tr>`,
        )
        .join("")}</table>`
    : ""
}
<p style="font-size:16px"><strong>${e(who)}</strong>${email ? `<br>${e(email)}` : ""}${phone ? `<br>${e(phone)}` : ""}</p>
<p>${phone ? button(telHref(phone, l.site.country), `Call ${phone}`) : ""}${email ? button(`mailto:${email}`, "Reply by email") : ""}${button(page, "Open in the back-office")}</p>
${
  v
    ? `<table role="presentation" style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0"><tr>${
        photo
          ? `<td style="padding-right:12px"><img src="${e(photo)}" alt="${e(vehicleName(v))}" width="160" style="border-radius:6px"></td>`
          : ""
      }<td><strong>${e(vehicleName(v))}</strong><br>Stock ${e(v.stockNumber)}${v.price != null ? `<br>${e(formatPrice(v.price))}` : ""}${
        link ? `<br><a href="${e(link)}">View the listing</a>` : ""
      }</td></tr></table>`
    : ""
}
${details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([k, val]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${e(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${e(val)}</td></tr>`).join("")}</table>` : ""}
${messages.length > 1 ? `<h2 style="font-size:16px">Every message, in order</h2><ol>${messages.map((m) => `<li style="white-space:pre-wrap">${e(m.message)} <span style="color:#555;font-size:12px">(${e(when(l, m.at))})</span></li>`).join("")}</ol>` : ""}
<p style="color:#555;font-size:12px">Lead ${e(l.id)}, received ${e(when(l, l.createdAt))} on ${e(l.site.url)}. The ADF XML is attached for your CRM.</p>
</body></html>`;
  return { to, from: sender(l), subject, text, html, ...(email ? { replyTo: email } : {}), attachments: [adfAttachment(l)] };
}

/** A CRM's ADF import: the XML as the body and attached. */
export function adfEmail(l: DeliveryLead, to: string): MailMessage {
  const xml = adfXml(l);
  return {
    to,
    from: sender(l),
    subject: l.update ? `ADF lead ${l.id} (update ${l.update.seq})` : `ADF lead ${l.id}`,
    text: xml,
    attachments: [adfAttachment(l)],
  };
}

/** The webhook's JSON: the lead as stored, with its site, location and car. */
export function webhookBody(l: DeliveryLead): string {
  const v = l.vehicle;
  return JSON.stringify({
    type: l.update ? "lead.updated" : "lead.created",
    id: l.id,
    created_at: l.createdAt.toISOString(),
    ...(l.update
      ? {
          submission: l.update.seq,
          updated_at: l.update.at.toISOString(),
          changes: Object.fromEntries(l.update.changes.map((c) => [c.field, { from: c.from, to: c.to }])),
          files_added: l.update.files,
        }
      : {}),
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
          photo_url: vehiclePhotoUrl(l),
        }
      : null,
    lead: l.payload,
  });
}
