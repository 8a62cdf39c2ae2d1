import "server-only";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeRedirect } from "@/domain/accounts/forms";
import { readUnsubscribeToken } from "@/server/alerts/digests";
import { loadGarage } from "@/server/auth/garage";
import { currentCustomer } from "@/server/auth/handlers";
import { requestNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { getCustomerDetails, listCustomerEnquiries } from "@/server/repositories/customers";
import type { SiteContext } from "@/server/site/context";
import { refusedForm } from "./form";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "./site";

/*
 * A shopper's account (where the site has accounts): signing in, the garage, their finance
 * enquiries, and the alert emails' unsubscribe link.
 */

const garageNameOf = (ctx: SiteContext) => (ctx.accounts.enabled ? ctx.accounts.garageName : "My Garage");
const LINK_PROBLEM = "That link has expired or has already been used. Please sign in, or ask for a new link.";

/**
 * GET /sign-in[?type=finance][&redirect=/same-site/path][&mode=register][&error=…]: where the shopper
 * goes once signed in (only a path of this site: anything else would be an open redirect), and
 * there at once when already signed in.
 */
export async function loadSignIn(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/sign-in");
  const sp = await searchParams;
  const finance = oneParam(sp.type) === "finance";
  const target = safeRedirect(oneParam(sp.redirect), finance ? "/personalised/finance" : "/my-garage");
  if (await currentCustomer(await headers(), ctx)) redirect(target);
  return {
    finance,
    target,
    garageName: ctx.accounts.enabled ? ctx.accounts.garageName : undefined,
    siteName: ctx.site.name,
    mode: oneParam(sp.mode) === "register" ? ("register" as const) : ("sign-in" as const),
    notice: oneParam(sp.error) ? LINK_PROBLEM : undefined,
  };
}

export async function garageMetadata(params: SiteParams): Promise<Metadata> {
  const ctx = await requireSite(params, "/my-garage");
  return { title: garageNameOf(ctx), robots: { index: false } };
}

/** GET /my-garage: the signed-in customer's garage; signed out, the sign-in page (saying a link failed, after `?error=`). */
export async function loadGarageView(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/my-garage");
  const sp = await searchParams;
  const customer = await currentCustomer(await headers(), ctx);
  if (!customer) redirect(`/sign-in?redirect=/my-garage${oneParam(sp.error) ? "&error=link" : ""}`);
  const now = requestNow();
  return { ctx, now, customer, garageName: garageNameOf(ctx), garage: await loadGarage(ctx, customer.id, now) };
}

/** GET /personalised/finance: the signed-in customer's finance enquiries and their details for the form; signed out, the finance sign-in. */
export async function loadPersonalisedFinance(params: SiteParams) {
  const ctx = await requireSite(params, "/personalised/finance");
  const customer = await currentCustomer(await headers(), ctx);
  if (!customer) redirect("/sign-in?type=finance&redirect=/personalised/finance");
  const db = await getDb();
  const [enquiries, details] = await Promise.all([
    listCustomerEnquiries(db, customer.id, ctx.site.id),
    getCustomerDetails(db, customer.id),
  ]);
  return {
    ctx,
    customer,
    enquiries: enquiries.filter((e) => e.category === "Finance Enquiry"),
    prefill: {
      name: details.name || customer.name.split(" ")[0],
      last_name: details.last_name,
      email: customer.email,
      phone: details.phone,
      postcode: details.postcode,
    },
    refused: await refusedForm(ctx, "finance"),
  };
}

/** GET /alerts/unsubscribe?token=…[&done=1]: whether the token is one of this site's (after `done`, the token is not read). */
export async function loadUnsubscribe(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/alerts/unsubscribe");
  const sp = await searchParams;
  const page = { siteName: ctx.site.name, garageName: ctx.accounts.enabled ? ctx.accounts.garageName : "your garage" };
  if (oneParam(sp.done) === "1") return { ...page, done: true, token: "", valid: false };
  const token = oneParam(sp.token) ?? "";
  const who = await readUnsubscribeToken(await getDb(), token);
  return { ...page, done: false, token, valid: who !== null && who.siteId === ctx.site.id };
}
