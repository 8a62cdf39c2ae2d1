import Link from "next/link";
import { staffTime } from "@/components/admin/format";
import { buttonVariants } from "@/components/ui/button";
import { KIND_LABELS, type EditableKind } from "@/domain/content/edit";

export type ContentListProps = {
  site: { id: number; name: string; timezone: string };
  lists: Array<{
    kind: EditableKind;
    entries: Array<{ id: number; title: string; path: string; publishedAt: Date; state: "Scheduled" | "Ended" | "Live" }>;
  }>;
};

const HEADINGS = { page: "Pages", post: "Blog posts", offer: "Offers" } as const;

/** The site's pages, blog posts and offers, each with its address, whether it is live, and when it was published. */
export function ContentListView({ site, lists }: ContentListProps) {
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
                  return (
                    <li key={e.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                      <Link href={`/sites/${site.id}/content/${e.id}`} className="min-w-48 flex-1 font-semibold underline">
                        {e.title}
                      </Link>
                      <span className="text-sm text-neutral-700">{e.path}</span>
                      <span className="text-sm">
                        {e.state} · {staffTime(e.publishedAt, site.timezone)}
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
