import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ContactCallout, ContentFrame } from "@/components/content/content-views";
import { Prose } from "@/components/content/prose";
import { VehicleShelf } from "@/components/home/vehicle-shelf";
import { buttonVariants } from "@/components/ui/button";
import { safeDecode } from "@/domain/http/request";
import { formatPrice } from "@/domain/format/price";
import { usedWord } from "@/domain/site/features";
import { nounInText } from "@/domain/site/vehicle";
import { cardContext } from "@/domain/stock/card-view";
import { pluralNoun } from "@/domain/stock/summary";
import { requestNow } from "@/server/base/clock";
import { contentEntry, modelRange, stockMakesOf, stockShelf } from "@/server/content/service";
import { contentMetadata } from "../../_routes/content";
import { requireSite, type SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

async function load(params: SlugParams) {
  const { slug } = await params;
  const ctx = await requireSite(params, `/models/${slug}`);
  const wanted = safeDecode(slug);
  const now = requestNow();
  const model = (await modelRange(ctx, now)).flatMap((b) => b.models).find((m) => m.slug === wanted) ?? notFound();
  return { ctx, model, now, words: await contentEntry(ctx, "model", model.slug, now) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx, model, words } = await load(params);
  const name = `${model.brand} ${model.model}`;
  return contentMetadata(ctx, {
    title: name,
    description:
      words?.summary ||
      `${model.count} ${name} in stock at ${ctx.site.name}${model.fromPrice !== null ? `, from ${formatPrice(model.fromPrice)}` : ""}.`,
    path: `/models/${model.slug}`,
  });
}

// GET /models/{slug} — one model: its words, counts per condition, the "from" price and the cars in stock
export default async function ModelPage({ params }: Props) {
  const { ctx, model, now, words } = await load(params);
  const name = `${model.brand} ${model.model}`;
  const brand = ctx.brands.find((b) => b.name === model.brand);
  const makes = brand ? stockMakesOf(ctx, brand.slug) : [model.brand];
  const shelf = await stockShelf(ctx, { make: makes.length ? makes : [model.brand], model: [model.model] }, now);
  const plural = nounInText(pluralNoun(ctx.noun));
  const conditions = (["new", "demo", "used"] as const)
    .filter((t) => model.carTypes[t] > 0)
    .map((t) => `${model.carTypes[t]} ${t === "used" ? usedWord(ctx.features) : t}`);
  return (
    <>
      <ContentFrame
        ctx={ctx}
        crumbs={[
          { label: "Models", href: "/models" },
          { label: name, href: `/models/${model.slug}` },
        ]}
        title={name}
        lead={
          <p data-testid="from-price">
            {model.fromPrice !== null ? <>From {formatPrice(model.fromPrice)}</> : formatPrice(null)} · {conditions.join(", ")} in stock
          </p>
        }
      >
        {words ? <Prose markdown={words.body} rules={ctx.features} className="mt-6" /> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={shelf.href} className={buttonVariants({ variant: "primary", size: "lg" })}>
            See all {shelf.total} {name} {plural}
          </Link>
          {ctx.features.test_drive && (
            <Link href="/book-test-drive" className={buttonVariants({ variant: "outline", size: "lg" })}>
              Book a test drive
            </Link>
          )}
        </div>
      </ContentFrame>
      <VehicleShelf
        id="model-stock"
        title={`${name} in stock`}
        vehicles={shelf.vehicles}
        ctx={cardContext(ctx, now)}
        more={{ href: shelf.href, label: `See all ${shelf.total}` }}
      />
      <div className="mx-auto max-w-3xl px-4 pb-8">
        <ContactCallout ctx={ctx} title={`Questions about the ${name}?`} />
      </div>
    </>
  );
}
