import "server-only";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";

/*
 * A lead as ADF (Auto-lead Data Format) XML 1.0, the format every dealer CRM imports,
 * built with xmlbuilder2 (which escapes every value) and valid against adf-1.0.dtd beside this file.
 * The lead's uuid is the prospect's <id>, so a CRM that receives it twice sees one lead.
 */
export type AdfVehicle = {
  year: number | null;
  make: string;
  model: string;
  trim?: string | null;
  vin?: string | null;
  stock?: string | null;
  bodystyle?: string | null;
  transmission?: string | null;
  odometerKm?: number | null;
  colour?: string | null;
  price?: number | null;
  currency?: string;
  /** the site's car type: new and demo are ADF "new", used is "used" */
  carType?: "new" | "used" | "demo";
  url?: string | null;
  /** the car's main photo (ADF 1.0 imagetag) */
  image?: string | null;
  comments?: string | null;
};

export type AdfInput = {
  leadId: string;
  createdAt: Date;
  customer: {
    firstName: string | null;
    lastName: string | null;
    fullName: string;
    email: string | null;
    phone: string | null;
    /** everything else the shopper wrote or chose: message, form, postcode, dates */
    comments: string;
  };
  /** the car the lead is about (null: a general enquiry) */
  vehicle: AdfVehicle | null;
  /** the shopper's own vehicle (trade-in and sell-my-car) */
  tradeIn: AdfVehicle | null;
  /** the dealership and location the lead goes to */
  vendor: { name: string; url: string | null; contactName: string; email: string | null; phone: string | null };
  /** the website the lead came from */
  provider: { name: string; url: string };
  interest: "buy" | "test-drive" | "sell" | "trade-in";
};

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function contact(parent: XMLBuilder, names: Array<[string, string]>, email: string | null, phone: string | null) {
  const c = parent.ele("contact");
  for (const [part, value] of names) c.ele("name", { part }).txt(value);
  // the DTD wants an email or a phone: a contact with neither keeps an empty email element
  if (email || !phone) c.ele("email").txt(text(email));
  if (phone) c.ele("phone", { type: "voice" }).txt(phone);
}

function vehicle(parent: XMLBuilder, v: AdfVehicle, interest: string) {
  const status = v.carType === "used" ? "used" : "new";
  const x = parent.ele("vehicle", { interest, status });
  x.ele("year").txt(text(v.year));
  x.ele("make").txt(v.make);
  x.ele("model").txt(v.model);
  if (v.vin) x.ele("vin").txt(v.vin);
  if (v.stock) x.ele("stock").txt(v.stock);
  if (v.trim) x.ele("trim").txt(v.trim);
  if (v.bodystyle) x.ele("bodystyle").txt(v.bodystyle);
  if (v.transmission) x.ele("transmission").txt(v.transmission);
  if (v.odometerKm != null) x.ele("odometer", { units: "km" }).txt(String(v.odometerKm));
  if (v.carType === "demo") x.ele("condition").txt("demo");
  if (v.colour) x.ele("colorcombination").ele("exteriorcolor").txt(v.colour);
  if (v.image) x.ele("imagetag").txt(v.image);
  if (v.price != null) x.ele("price", { type: "asking", currency: v.currency ?? "AUD" }).txt(String(v.price));
  const comments = [v.url ? `Listing: ${v.url}` : "", v.comments ?? ""].filter(Boolean).join("\n");
  if (comments) x.ele("comments").txt(comments);
}

export function buildAdf(a: AdfInput): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  doc.ins("ADF", 'VERSION="1.0"');
  const p = doc.ele("adf").ele("prospect", { status: "new" });
  p.ele("id", { sequence: "1", source: a.provider.name }).txt(a.leadId);
  p.ele("requestdate").txt(a.createdAt.toISOString().replace(/\.\d{3}Z$/, "+00:00"));
  if (a.vehicle) vehicle(p, a.vehicle, a.interest === "trade-in" || a.interest === "sell" ? "buy" : a.interest);
  if (a.tradeIn) vehicle(p, a.tradeIn, a.interest === "sell" ? "sell" : "trade-in");
  if (!a.vehicle && !a.tradeIn) vehicle(p, { year: null, make: "", model: "", comments: "No vehicle named in this enquiry." }, "buy");
  const names: Array<[string, string]> =
    a.customer.firstName || a.customer.lastName
      ? [
          ...(a.customer.firstName ? ([["first", a.customer.firstName]] as Array<[string, string]>) : []),
          ...(a.customer.lastName ? ([["last", a.customer.lastName]] as Array<[string, string]>) : []),
        ]
      : [["full", a.customer.fullName]];
  const customer = p.ele("customer");
  contact(customer, names, a.customer.email, a.customer.phone);
  if (a.customer.comments) customer.ele("comments").txt(a.customer.comments);
  const vendor = p.ele("vendor");
  vendor.ele("vendorname").txt(a.vendor.name);
  if (a.vendor.url) vendor.ele("url").txt(a.vendor.url);
  contact(vendor, [["full", a.vendor.contactName]], a.vendor.email, a.vendor.phone);
  const provider = p.ele("provider");
  provider.ele("name", { part: "full" }).txt(a.provider.name);
  provider.ele("service").txt("Dealer website");
  provider.ele("url").txt(a.provider.url);
  return doc.end({ prettyPrint: true });
}
