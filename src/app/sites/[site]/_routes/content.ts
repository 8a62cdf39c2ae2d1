import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { storedImageSrc } from "@/domain/format/image";
import type { ContentEntry, ContentKind } from "@/domain/content/types";
import { safeDecode } from "@/domain/http/request";
import { requestNow } from "@/server/base/clock";
import { contentEntry } from "@/server/content/service";
import type { SiteContext } from "@/server/site/context";

/** A content page's title, description, canonical URL and share cards (Open Graph and Twitter). */
export function contentMetadata(
  ctx: SiteContext,
  m: { title: string; description: string; path: string; image?: string | null; article?: ContentEntry },
): Metadata {
  const image = storedImageSrc(m.image);
  const images = image ? [{ url: image, alt: m.title }] : undefined;
  return {
    title: m.title,
    description: m.description,
    alternates: { canonical: m.path },
    openGraph: {
      title: m.title,
      description: m.description,
      url: m.path,
      siteName: ctx.site.name,
      images,
      ...(m.article
        ? {
            type: "article",
            publishedTime: m.article.publishedAt.toISOString(),
            modifiedTime: m.article.updatedAt.toISOString(),
            authors: m.article.author ? [m.article.author] : undefined,
          }
        : { type: "website" }),
    },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title: m.title,
      description: m.description,
      images: image ? [image] : undefined,
    },
  };
}

/** The entry of a `[slug]` segment, or a 404 (unknown, scheduled, or a slug that does not decode). */
export async function requireEntry(ctx: SiteContext, kind: ContentKind, rawSlug: string): Promise<ContentEntry> {
  const slug = safeDecode(rawSlug);
  const entry = slug === null ? null : await contentEntry(ctx, kind, slug, requestNow());
  return entry ?? notFound();
}
