import "server-only";
import { Prose } from "@/components/content/prose";
import { requestNow } from "@/server/base/clock";
import { contentEntry } from "@/server/content/service";
import type { SiteContext } from "@/server/site/context";

/** A site's own words above a form page (fleet, careers): a stored "section" entry, or nothing where the site has none. */
export async function SectionIntro({ ctx, slug }: { ctx: SiteContext; slug: string }) {
  const words = await contentEntry(ctx, "section", slug, requestNow());
  if (!words) return null;
  return (
    <section aria-labelledby={`intro-${slug}`} className="mt-4" data-testid="section-intro">
      <h2 id={`intro-${slug}`} className="text-xl font-bold">
        {words.title}
      </h2>
      <Prose markdown={words.body} rules={ctx.features} className="mt-3" />
    </section>
  );
}
