import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { FORMS, type FormKind } from "@/domain/leads/forms";
import { resolveSiteRoute } from "@/domain/site/routes";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/clock";
import { leadFormSite } from "@/server/leads/lead-service";
import { getSiteContext } from "@/server/site-context";
import { getVehiclePage } from "@/server/stock-service";
import { FinanceCalculator } from "./finance-calculator";
import { LeadForm } from "./lead-form";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

const INTRO: Partial<Record<FormKind, string>> = {
  "test-drive": "Choose a day and we’ll have the vehicle ready for you.",
  service: "Tell us about your vehicle and a preferred day; we’ll confirm a time.",
  parts: "Tell us what you need and our parts team will check availability.",
  finance: "Talk to our finance team about a loan that suits you.",
  "finance-pre-approval": "Know your budget before you shop.",
  "trade-in": "Tell us about your current vehicle for a trade-in valuation.",
  "sell-my-car": "Tell us about your vehicle and we’ll make you an offer.",
  fleet: "Vehicles for your business, with fleet pricing and support.",
  careers: "Join our team: tell us about yourself.",
  contact: "Send us a message and the right person will get back to you.",
};

/** A spec route that is an enquiry form (SPEC §2), with the site's redirects and switches applied. */
export function leadFormPage(kind: FormKind, path: string) {
  async function load({ params }: Props) {
    const ctx = await getSiteContext((await params).site);
    if (!ctx) notFound();
    const decision = resolveSiteRoute(path, ctx.routes);
    if (decision.kind === "redirect") permanentRedirect(decision.to);
    if (decision.kind === "not-found") notFound();
    return ctx;
  }
  async function generateMetadata(props: Props): Promise<Metadata> {
    await load(props);
    return { title: FORMS[kind].title };
  }
  async function Page(props: Props) {
    const ctx = await load(props);
    const q = await props.searchParams;
    const slug = one(q.vehicle);
    const found = slug ? await getVehiclePage(ctx, slug, requestNow()) : null;
    const vehicle = found ? { slug: found.vehicle.slug, name: vehicleTitle(found.vehicle), carType: found.vehicle.carType } : undefined;
    const location = ctx.locations.find((l) => l.slug === one(q.location)) ?? (found ? ctx.locations.find((l) => l.id === found.vehicle.locationId) : undefined);
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-extrabold md:text-3xl">{FORMS[kind].title}</h1>
        {INTRO[kind] && <p className="mt-2 text-neutral-700">{INTRO[kind]}</p>}
        {(kind === "finance" || kind === "finance-pre-approval") && <FinanceCalculator />}
        <div className="mt-6 rounded-lg border border-neutral-200 p-5">
          <LeadForm kind={kind} site={leadFormSite(ctx)} vehicle={vehicle} defaultLocationId={location?.id} allowFiles={kind === "sell-my-car" || kind === "trade-in"} heading={null} />
        </div>
      </div>
    );
  }
  return { generateMetadata, Page };
}
