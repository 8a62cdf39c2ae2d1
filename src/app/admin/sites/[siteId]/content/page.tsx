import type { Metadata } from "next";
import Link from "next/link";
import { staffTime } from "@/components/admin/format";
import { buttonVariants } from "@/components/ui/button";
import { offerState } from "@/domain/content/content";
import { EDITABLE_KINDS, KIND_LABELS, publicContentHref } from "@/domain/content/edit";
import { featuresOf } from "@/server/site-context";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { listContent } from "@/server/repositories/content";
import { getSiteById } from "@/server/repositories/sites";

export const metadata: Metadata = { title: "Content" };

const HEADINGS = { page: "Pages", post: "Blog posts", offer: "Offers" } as const;

// GET /sites/{siteId}/content — the site's pages, blog posts and offers (managers and owners)
export default async function ContentList({ params }: { params: Promise<{ siteId: string }> }) {
  const { site } = await requireStaffSite((await params).siteId, "settings.edit");
  const db = await getDb();
  const record = await getSiteById(db, site.id);
  const rules = await featuresOf(db, record!);
  const now = serverNow();
  const lists = await Promise.all(EDITABLE_KINDS.map(async (kind) => ({ kind, entries: await listContent(db, site.id, kind) })));
  return (
    <>
      <h1 className="mb-1 text-2xl font-extrabold">{site.name}: content</h1>
      <p className="mb-5 text-neutral-700">Written in Markdown; the website shows a change as soon as it is saved.</p>
      <div className="space-y-6">
        {lists.map(({ kind, entries }) => (
          <section key={kind} aria-labelledby={`h-${kind}`} className="rounded-lg border border-neutral-200 bg-white p-5">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id={`h-${kind}`} className="text-lg font-bold">
                {HEADINGS[kind]} ({entries.length})
              </h2>
              <Link href={`/sites/${site.id}/content/new?kind=${kind}`} className={buttonVariants({ size: "sm", variant: "outline" })}>
                New {KIND_LABELS[kind].toLowerCase()}
              </Link>
            </div>
            {entries.length === 0 ? (
              <p className="text-neutral-700">None yet.</p>
            ) : (
              <ul className="divide-y divide-neutral-200" data-testid={`content-${kind}`}>
                {entries.map((e) => {
                  const state =
                    e.publishedAt.getTime() > now ? "Scheduled" : kind === "offer" && offerState(e, now) === "ended" ? "Ended" : "Live";
                  return (
                    <li key={e.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                      <Link href={`/sites/${site.id}/content/${e.id}`} className="min-w-48 flex-1 font-semibold underline">
                        {e.title}
                      </Link>
                      <span className="text-sm text-neutral-700">{publicContentHref(kind, e.slug, rules)}</span>
                      <span className="text-sm">
                        {state} · {staffTime(e.publishedAt, site.timezone)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
