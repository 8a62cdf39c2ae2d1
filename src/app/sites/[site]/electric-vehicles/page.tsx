import type { Metadata } from "next";
import Link from "next/link";
import { ContactCallout, ContentFrame } from "@/components/content/content-views";
import { ModelCards } from "@/components/content/model-views";
import { Prose } from "@/components/content/prose";
import { VehicleShelf } from "@/components/home/vehicle-shelf";
import { cardContext } from "@/domain/stock/card-view";
import { requestNow } from "@/server/base/clock";
import { contentEntry, electrifiedFuels, modelRange, stockShelf } from "@/server/content/service";
import { contentMetadata } from "../_routes/content";
import { requireSite, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams };
const TITLE = "Electric Vehicles";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const ctx = await requireSite(params, "/electric-vehicles");
  const words = await contentEntry(ctx, "section", "electric-vehicles", requestNow());
  return contentMetadata(ctx, {
    title: TITLE,
    description: words?.summary || `Electric and plug-in hybrid vehicles in stock at ${ctx.site.name}.`,
    path: "/electric-vehicles",
  });
}

// GET /electric-vehicles — EV and PHEV models and stock, chosen by the stock's fuel type
export default async function ElectricVehiclesPage({ params }: Props) {
  const ctx = await requireSite(params, "/electric-vehicles");
  const now = requestNow();
  const [words, fuels, range] = await Promise.all([
    contentEntry(ctx, "section", "electric-vehicles", now),
    electrifiedFuels(ctx, now),
    modelRange(ctx, now),
  ]);
  const models = range.flatMap((b) => b.models).filter((m) => m.electrified);
  const shelf = fuels.length ? await stockShelf(ctx, { fuel: fuels }, now) : null;
  return (
    <>
      <ContentFrame ctx={ctx} crumbs={[{ label: TITLE, href: "/electric-vehicles" }]} title={words?.title ?? TITLE} width="wide">
        {words && <Prose markdown={words.body} rules={ctx.features} className="mt-4 max-w-3xl" />}
        {models.length > 0 ? (
          <section aria-labelledby="ev-models" className="mt-8">
            <h2 id="ev-models" className="text-2xl font-bold">
              Electric and plug-in hybrid models
            </h2>
            <ModelCards models={models} noun={ctx.noun} />
          </section>
        ) : (
          <p className="mt-6 text-neutral-700">
            We have no electric or plug-in hybrid vehicles in stock right now.{" "}
            <Link href="/contact" className="font-semibold underline">
              Ask us about ordering one
            </Link>
            .
          </p>
        )}
      </ContentFrame>
      {shelf && (
        <VehicleShelf
          id="ev-stock"
          title="Electric and plug-in hybrid stock"
          vehicles={shelf.vehicles}
          ctx={cardContext(ctx, now)}
          more={{ href: shelf.href, label: `See all ${shelf.total}` }}
        />
      )}
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <ContactCallout ctx={ctx} title="Thinking about going electric? Ask our team." />
      </div>
    </>
  );
}
