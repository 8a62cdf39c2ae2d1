import { FillPhoto } from "@/components/ui/photo";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { cn } from "@/components/ui/cn";
import { JsonLd } from "@/components/ui/json-ld";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { formatContentDate, offerState, type Paged } from "@/domain/content/content";
import { articleJsonLd, type Crumb } from "@/domain/content/json-ld";
import type { ContentEntry } from "@/domain/content/types";
import { storedImageSrc } from "@/domain/format/image";
import { formatPrice } from "@/domain/format/price";
import type { SiteContext } from "@/domain/site/context";
import { telHref } from "@/domain/site/links";
import { subscriptionLine } from "@/domain/site/features";
import { Prose } from "./prose";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";

/*
 * The views of a site's content: stored pages, the blog and its posts, special offers.
 * Server components only: content pages ship no JavaScript of their own.
 */

type Ctx = Pick<SiteContext, "site" | "features" | "format">;

/** A stored picture (its address checked: a local path or https), cropped to 16:9; nothing when there is none. */
export function ContentImage({
  src,
  alt,
  priority = false,
  className,
}: {
  src: string | null;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  const safe = storedImageSrc(src);
  if (!safe) return null;
  return (
    <div className={cn("relative aspect-[16/9] overflow-hidden rounded-lg bg-neutral-100", className)}>
      <FillPhoto src={safe} alt={alt} priority={priority} sizes="(min-width: 768px) 768px, 100vw" className="object-cover" />
    </div>
  );
}

/** The page frame of every content page: breadcrumbs, the one h1, an optional lead line. */
export function ContentFrame({
  ctx,
  crumbs,
  title,
  lead,
  width = "text",
  children,
}: {
  ctx: Ctx;
  crumbs: Crumb[];
  title: string;
  lead?: ReactNode;
  width?: "text" | "wide";
  children: ReactNode;
}) {
  return (
    <PageSection width={width}>
      <Breadcrumbs siteUrl={ctx.site.url} crumbs={crumbs} />
      <PageTitle>{title}</PageTitle>
      {lead ? <div className="mt-2 text-lg text-neutral-700">{lead}</div> : null}
      {children}
    </PageSection>
  );
}

/** "Questions? Call us or send a message": the close of a content page. */
export function ContactCallout({ ctx, title = "Questions? Talk to our team." }: { ctx: Ctx; title?: string }) {
  return (
    <Panel className="mt-10 bg-neutral-50">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href="/contact" className={buttonVariants({ variant: "primary" })}>
          Contact us
        </a>
        {ctx.site.phone && (
          <a href={telHref(ctx.site.phone, ctx.site.country)} className={buttonVariants({ variant: "outline" })}>
            Call {ctx.site.phone}
          </a>
        )}
      </div>
    </Panel>
  );
}

/** A stored page (About Us, the legal pages, /pages/{slug}). */
export function StoredPage({ ctx, page, path }: { ctx: Ctx; page: ContentEntry; path: string }) {
  return (
    <ContentFrame ctx={ctx} crumbs={[{ label: page.title, href: path }]} title={page.title}>
      <ContentImage src={page.image} alt="" priority className="mt-6" />
      <Prose markdown={page.body} rules={ctx.features} className="mt-6" />
      <ContactCallout ctx={ctx} />
    </ContentFrame>
  );
}

/** Page links of a list: previous, "Page 2 of 3", next (plain links: the list is server-rendered). */
export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" className={buttonVariants({ variant: "outline" })}>
          Newer posts
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-neutral-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={href(page + 1)} rel="next" className={buttonVariants({ variant: "outline" })}>
          Older posts
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Byline({ ctx, post }: { ctx: Ctx; post: ContentEntry }) {
  return (
    <p className="text-sm text-neutral-700">
      <time dateTime={post.publishedAt.toISOString()}>{formatContentDate(post.publishedAt, ctx.format.locale, ctx.site.timezone)}</time>
      {post.author ? <> · {post.author}</> : null}
    </p>
  );
}

/** The blog (or news) list in the site's layout (blogs: grid or list, posts per page). */
export function PostList({
  ctx,
  paged,
  base,
  title,
  layout,
}: {
  ctx: Ctx;
  paged: Paged<ContentEntry>;
  base: string;
  title: string;
  layout: "grid" | "list";
}) {
  return (
    <ContentFrame ctx={ctx} crumbs={[{ label: title, href: base }]} title={title} width="wide">
      {paged.items.length === 0 ? (
        <p className="mt-6 text-neutral-700">There are no posts yet. Please check back soon.</p>
      ) : (
        <ul
          className={cn("mt-6 gap-6", layout === "grid" ? "grid sm:grid-cols-2 lg:grid-cols-3" : "flex flex-col")}
          data-testid="posts"
          data-layout={layout}
        >
          {paged.items.map((p, i) => (
            <li key={p.slug}>
              <article className={cn("h-full rounded-lg border border-neutral-200 p-4", layout === "list" && "md:flex md:gap-6")}>
                <ContentImage src={p.image} alt="" priority={i === 0} className={layout === "list" ? "md:w-72 md:shrink-0" : undefined} />
                <div className="mt-3 md:mt-0">
                  <h2 className="mt-2 text-lg font-bold">
                    <a href={`${base}/${p.slug}`} className="hover:underline">
                      {p.title}
                    </a>
                  </h2>
                  <Byline ctx={ctx} post={p} />
                  <p className="mt-2 text-neutral-800">{p.summary}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={paged.page} pages={paged.pages} href={(n) => (n === 1 ? base : `${base}?page=${n}`)} />
    </ContentFrame>
  );
}

/** One post: date, author, picture, the text, and the way back to the list. */
export function PostArticle({ ctx, post, base, listTitle }: { ctx: Ctx; post: ContentEntry; base: string; listTitle: string }) {
  const path = `${base}/${post.slug}`;
  return (
    <>
      <TrackView event={EVENT_IDS.blogView} props={{ post: post.slug }} label={post.title} />
      <ContentFrame
        ctx={ctx}
        crumbs={[
          { label: listTitle, href: base },
          { label: post.title, href: path },
        ]}
        title={post.title}
      >
        <JsonLd data={articleJsonLd(ctx.site, post, path)} />
        <div className="mt-2">
          <Byline ctx={ctx} post={post} />
        </div>
        <ContentImage src={post.image} alt="" priority className="mt-6" />
        <Prose markdown={post.body} rules={ctx.features} className="mt-6" />
        <p className="mt-10">
          <a href={base} className="font-semibold text-brand underline">
            ← All {listTitle.toLowerCase()}
          </a>
        </p>
      </ContentFrame>
    </>
  );
}

/** An offer's price lines: the price or the saving, and the subscription variant where the site offers it (offers_subscription). */
export function OfferPrice({ ctx, offer }: { ctx: Ctx; offer: ContentEntry }) {
  const subscription = subscriptionLine(ctx.features, offer.subscriptionWeekly);
  return (
    <div className="space-y-1">
      {offer.price !== null && (
        <p className="text-2xl font-extrabold" data-testid="offer-price">
          {formatPrice(offer.price)}
        </p>
      )}
      {offer.saving !== null && (
        <p className="text-2xl font-extrabold text-accent-dark" data-testid="offer-saving">
          Save {formatPrice(offer.saving)}
        </p>
      )}
      {subscription && (
        <p className="text-sm font-semibold text-neutral-800" data-testid="offer-subscription">
          {subscription}
        </p>
      )}
    </div>
  );
}

function OfferExpiry({ ctx, offer, now }: { ctx: Ctx; offer: ContentEntry; now: number }) {
  if (!offer.expiresAt) return <p className="text-sm text-neutral-700">Ongoing offer</p>;
  const date = formatContentDate(offer.expiresAt, ctx.format.locale, ctx.site.timezone);
  return (
    <p className="text-sm text-neutral-700">
      {offerState(offer, now) === "ended" ? "Ended" : "Ends"} <time dateTime={offer.expiresAt.toISOString()}>{date}</time>
    </p>
  );
}

/** The special offers list: live offers only. */
export function OfferList({
  ctx,
  offers,
  now,
  title = "Special Offers",
  headingLevel = 3,
  priority = false,
}: {
  ctx: Ctx;
  offers: ContentEntry[];
  now: number;
  title?: string;
  /** 3 under a section's h2 (home, brand pages); 2 straight under the page's h1 (/special-offers) */
  headingLevel?: 2 | 3;
  /**
   * the first offer's picture is on the first screen (/special-offers): fetched at once, first. Far
   * down the home and brand pages it was preloaded at high priority beside their first photo (React
   * writes a preload in the head for every such picture) and took its bandwidth.
   */
  priority?: boolean;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="offers" aria-label={title}>
      {offers.map((o, i) => (
        <li key={o.slug}>
          <article className="flex h-full flex-col rounded-lg border border-neutral-200 p-4">
            <ContentImage src={o.image} alt="" priority={priority && i === 0} />
            <H className="mt-3 text-lg font-bold">
              <a href={`/special-offers/${o.slug}`} className="hover:underline">
                {o.title}
              </a>
            </H>
            <p className="mt-1 flex-1 text-neutral-800">{o.summary}</p>
            <div className="mt-3">
              <OfferPrice ctx={ctx} offer={o} />
              <OfferExpiry ctx={ctx} offer={o} now={now} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** One offer: picture, price or saving, the text, terms and expiry; an ended offer says so and points to the live ones. */
export function OfferArticle({ ctx, offer, now, enquireHref }: { ctx: Ctx; offer: ContentEntry; now: number; enquireHref: string }) {
  const ended = offerState(offer, now) === "ended";
  const path = `/special-offers/${offer.slug}`;
  return (
    <>
      <TrackView event={EVENT_IDS.offerView} props={{ offer: offer.slug }} label={offer.title} />
      <ContentFrame
        ctx={ctx}
        crumbs={[
          { label: "Special Offers", href: "/special-offers" },
          { label: offer.title, href: path },
        ]}
        title={offer.title}
      >
        {ended && (
          <div role="status" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4" data-testid="offer-ended">
            <p className="font-bold text-red-800">This offer has ended.</p>
            <p className="mt-1 text-neutral-800">
              See our{" "}
              <a href="/special-offers" className="font-semibold underline">
                current special offers
              </a>
              .
            </p>
          </div>
        )}
        <ContentImage src={offer.image} alt="" priority className="mt-6" />
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
          <OfferPrice ctx={ctx} offer={offer} />
          <OfferExpiry ctx={ctx} offer={offer} now={now} />
        </div>
        <Prose markdown={offer.body} rules={ctx.features} className="mt-6" />
        {!ended && (
          <div className="mt-6">
            <a href={enquireHref} className={buttonVariants({ variant: "primary", size: "lg" })} data-track={EVENT_IDS.offerClick}>
              Enquire about this offer
            </a>
          </div>
        )}
        {offer.terms && (
          <section aria-labelledby="offer-terms" className="mt-10 border-t border-neutral-200 pt-4">
            <h2 id="offer-terms" className="text-sm font-bold">
              Terms and conditions
            </h2>
            <p className="mt-1 text-sm text-neutral-700">{offer.terms}</p>
          </section>
        )}
      </ContentFrame>
    </>
  );
}
