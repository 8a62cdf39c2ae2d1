/** A site's editable content, as the app sees it. Rows map to these at the edge. */

export const CONTENT_KINDS = ["page", "post", "offer", "brand", "model", "section"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export type ContentEntry = {
  id: number;
  kind: ContentKind;
  slug: string;
  title: string;
  /** the meta description and a list's teaser */
  summary: string;
  /** Markdown; rendered only through `renderMarkdown` (sanitized) */
  body: string;
  image: string | null;
  author: string | null;
  /** the brand (display name) a brand page, model page or offer belongs to */
  make: string | null;
  publishedAt: Date;
  expiresAt: Date | null;
  updatedAt: Date;
  price: number | null;
  saving: number | null;
  subscriptionWeekly: number | null;
  terms: string | null;
};

/** Site `blogs`: the blog list's layout template and how many posts a page shows. */
export type BlogSettings = { layout: "grid" | "list"; count: number };
export const DEFAULT_BLOG_SETTINGS: BlogSettings = { layout: "grid", count: 6 };

/** What a site's content offers its menus and route rules: which pages exist, and how many live offers. */
export type ContentIndex = { pages: string[]; offers: number; posts: number };
