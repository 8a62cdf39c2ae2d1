import "server-only";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { isFieldName } from "@/domain/leads/forms";
import { LEAD_FORM_FLASH_COOKIE, POSTED } from "@/domain/leads/posted-form";
import { thankYou } from "@/domain/leads/lead";
import { FORM_INTRO, FORMS, formAbout, leadFormSite, type FormKind } from "@/domain/leads/forms";
import { contentMetadata } from "./content";
import type { FormPageProps } from "@/components/forms/form-page";
import type { LookupSettings } from "@/components/forms/lookup-form-page";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { financeApplications } from "@/domain/site/features";
import { financeFor, financeOf, type FinanceSettings } from "@/domain/site/finance";
import { quoteFromQuery } from "@/domain/leads/finance-quote";
import { localTime } from "@/domain/locations/hours";
import { requestNow } from "@/server/base/clock";
import type { SiteContext } from "@/server/site/context";
import { getVehiclePage } from "@/server/stock/service";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "./site";
import { lookupProviderOf } from "@/domain/site/features";
import { siteValuationProvider } from "@/server/lookups/valuation";
import { carHistoryProviderFor } from "@/server/leads/lookup-api";
import { bookedTestDriveTimes, fullServiceTimes } from "@/server/bookings/booking-service";

/**
 * The form posted without JavaScript and refused a moment ago (src/server/leads/handlers.ts): what was
 * typed and each field's message, from its one-minute cookie, for this site and this kind of form only.
 */
export async function refusedForm(ctx: SiteContext, kind: FormKind): Promise<FormPageProps["refused"]> {
  const known = (k: string) => isFieldName(k) || k === POSTED.slotDate || k === "files" || k === "form" || k === "url";
  const flash = decodeFormFlash((await cookies()).get(LEAD_FORM_FLASH_COOKIE)?.value, ctx.site.id, kind, known);
  return flash ? { errors: flash.errors, values: flash.values } : null;
}

/**
 * What an enquiry form page is about: the car of `?vehicle={slug}` (when it is this site's and on
 * show) and the location of `?location={slug}`, else the car's own location; the form the
 * shopper posted without JavaScript, if it was refused; and the page's submission token.
 */
export async function formSubject(
  ctx: SiteContext,
  searchParams: SearchParams,
  kind: FormKind,
): Promise<Pick<FormPageProps, "vehicle" | "locationId" | "refused" | "submissionToken">> {
  return { ...(await aboutOf(ctx, searchParams)), ...(await drawnFor(ctx, kind)) };
}

type FormRoute = { path: string; kind: FormKind; dated?: { testDrive: boolean } };

/**
 * GET of an enquiry form page at `path`: the site's form settings and what the form is about. A form
 * with a date (`dated`) is given today in the site's and each location's calendar, and the test-drive
 * booking unless `testDrive` is false.
 */
export async function loadFormPage(params: SiteParams, searchParams: SearchParams, route: FormRoute) {
  return (await formRoute(params, searchParams, route)).form;
}

async function formRoute(params: SiteParams, searchParams: SearchParams, { path, kind, dated }: FormRoute) {
  const ctx = await requireSite(params, path);
  const now = requestNow();
  const formSite = dated ? leadFormSite(ctx, now, dated) : leadFormSite(ctx);
  if (kind === "test-drive" && formSite.testDrive) {
    // a test drive of one car offers only the times no one has booked it for
    const slug = oneParam((await searchParams).vehicle);
    const car = slug ? (await getVehiclePage(ctx, slug, now))?.vehicle : undefined;
    const taken = car ? await bookedTestDriveTimes(ctx, { id: car.id, locationId: car.locationId ?? null }, now) : null;
    if (taken) formSite.testDrive = { ...formSite.testDrive, taken };
  }
  const subject = await formSubject(ctx, searchParams, kind);
  if (kind === "service" && formSite.service) {
    // the service form offers only times a workshop still has room at; a site's one workshop is chosen for the shopper
    formSite.service = { ...formSite.service, full: await fullServiceTimes(ctx, now) };
    const workshops = formSite.service.locations;
    if (workshops.length === 1 && !workshops.some((w) => w.id === subject.locationId)) subject.locationId = workshops[0]!.id;
  }
  return { ctx, form: { kind, formSite, ...subject } };
}

/**
 * GET /finance: the finance form with its calculator at the rate for the car it is about, starting
 * from the figures "Apply for finance" on a vehicle page carries (`?price=&deposit=&balloon=&term=&frequency=`);
 * a site that takes no finance applications online (finance_provider none) keeps the calculator only.
 */
export async function loadFinancePage(params: SiteParams, searchParams: SearchParams) {
  const { ctx, form } = await formRoute(params, searchParams, { path: "/finance", kind: "finance" });
  const q = await searchParams;
  const terms = await financeTermsFor(ctx, searchParams);
  const quote =
    quoteFromQuery(
      {
        price: oneParam(q.price),
        deposit: oneParam(q.deposit),
        balloon: oneParam(q.balloon),
        term: oneParam(q.term),
        frequency: oneParam(q.frequency),
      },
      terms.rate,
    ) ?? undefined;
  return {
    ...form,
    ctx,
    terms,
    quote,
    initial: quote ? { loan_amount: String(quote.price - quote.deposit) } : undefined,
    noApplications: financeApplications(ctx.site) === "none",
  };
}

/** GET /finance-pre-approval: the pre-approval form; about a car, its calculator starts at that car's rate, as /finance does. */
export async function loadPreApprovalPage(params: SiteParams, searchParams: SearchParams) {
  const route = { path: "/finance-pre-approval", kind: "finance-pre-approval", dated: { testDrive: false } } as const;
  const { ctx, form } = await formRoute(params, searchParams, route);
  return { ...form, ctx, terms: await financeTermsFor(ctx, searchParams) };
}

/** The contact page's form and subject: about a car, that car's enquiry form (`formAbout`). */
export async function contactSubject(
  ctx: SiteContext,
  searchParams: SearchParams,
): Promise<Pick<FormPageProps, "kind" | "vehicle" | "locationId" | "refused" | "submissionToken">> {
  const about = await aboutOf(ctx, searchParams);
  const kind = formAbout("contact", about.vehicle !== undefined);
  return { kind, ...about, ...(await drawnFor(ctx, kind)) };
}

async function aboutOf(ctx: SiteContext, searchParams: SearchParams): Promise<Pick<FormPageProps, "vehicle" | "locationId">> {
  const q = await searchParams;
  const slug = oneParam(q.vehicle);
  const found = slug ? await getVehiclePage(ctx, slug, requestNow()) : null;
  const vehicle = found ? { slug: found.vehicle.slug, name: vehicleTitle(found.vehicle), carType: found.vehicle.carType } : undefined;
  const location =
    ctx.locations.find((l) => l.slug === oneParam(q.location)) ??
    (found ? ctx.locations.find((l) => l.id === found.vehicle.locationId) : undefined);
  return { vehicle, locationId: location?.id };
}

async function drawnFor(ctx: SiteContext, kind: FormKind): Promise<Pick<FormPageProps, "refused" | "submissionToken">> {
  // one token per drawn page: the same form posted twice (a double tap, a reload) makes one lead
  return { refused: await refusedForm(ctx, kind), submissionToken: crypto.randomUUID() };
}

/**
 * The finance terms a finance page's calculator starts from: the site's, at the rate for the car of
 * `?vehicle=` today (its condition's, or its make's offer), so "Apply for finance" on a car's page
 * arrives with the rate that page showed.
 */
export async function financeTermsFor(ctx: SiteContext, searchParams: SearchParams): Promise<FinanceSettings> {
  const slug = oneParam((await searchParams).vehicle);
  const now = requestNow();
  const car = slug ? (await getVehiclePage(ctx, slug, now))?.vehicle : undefined;
  const site = financeOf(ctx.site);
  return car ? financeFor(site, car, localTime(now, ctx.site.timezone).date) : site;
}

/** A form page's title, description, canonical URL and share cards. */
export function formMetadata(ctx: SiteContext, kind: FormKind, path: string): Metadata {
  const title = FORMS[kind].title;
  return contentMetadata(ctx, { title, description: `${title} at ${ctx.site.name}. ${FORM_INTRO[kind] ?? ""}`.trim(), path });
}

/** The lookup form's settings for trade-in and sell-my-car (null: the site has no lookup, the plain form). */
export function lookupForm(ctx: SiteContext): LookupSettings | null {
  const chosen = lookupProviderOf(ctx.features);
  return chosen
    ? { endpoint: chosen.endpoint, carHistory: carHistoryProviderFor(ctx) !== null, valuation: siteValuationProvider(ctx) !== null }
    : null;
}

/** GET /success?category={slug}: the thanks for that kind of enquiry (a general enquiry's without one). */
export async function loadSuccess(params: SiteParams, searchParams: SearchParams) {
  const ctx = await requireSite(params, "/success");
  return { ctx, now: requestNow(), words: thankYou(oneParam((await searchParams).category) ?? "general-enquiry") };
}
