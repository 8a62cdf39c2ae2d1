import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { FormPage } from "@/components/forms/form-page";
import { FORMS, leadFormSite, type FormKind } from "@/domain/leads/forms";
import { resolveSiteRoute } from "@/domain/site/routes";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/clock";
import { getSiteContext } from "@/server/site-context";
import { getVehiclePage } from "@/server/stock-service";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/**
 * A spec route that is an enquiry form (SPEC §2): the site's redirects and switches applied, the
 * car (`?vehicle=`) and location (`?location=`) it is about loaded here; `FormPage` renders.
 */
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
    return <FormPage kind={kind} formSite={leadFormSite(ctx)} vehicle={vehicle} locationId={location?.id} />;
  }
  return { generateMetadata, Page };
}
