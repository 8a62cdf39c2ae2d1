import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { resolveLink, type LinkRules } from "../site/links";
import { LRUCache } from "lru-cache";

/*
 * Stored content is Markdown a dealer (or an importer) wrote, so it is treated as a stranger's input:
 * raw HTML is parsed (so a pasted <em> or table survives) and then everything passes GitHub's
 * sanitizer schema (hast-util-sanitize): no <script>, <style>, <iframe>, no on*= handlers, no
 * javascript:/data: URLs. Internal links follow the site's link rules (docs/features/content-and-seo.md). The body never
 * carries an h1: the page has one.
 */

const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  strip: [...(defaultSchema.strip ?? []), "style", "noscript", "template", "title"],
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

function walk(node: HastNode, visit: (n: HastNode) => void) {
  visit(node);
  for (const c of node.children ?? []) walk(c, visit);
}

/** After sanitizing: h1 → h2, internal links by the site's rules, off-site links without opener or referrer. */
function siteLinks(rules: LinkRules) {
  return () => (tree: HastNode) =>
    walk(tree, (n) => {
      if (n.type !== "element") return;
      if (n.tagName === "h1") n.tagName = "h2";
      if (n.tagName === "a" && typeof n.properties?.href === "string") {
        const r = resolveLink(n.properties.href, rules);
        n.properties.href = r.href;
        if (/^https?:\/\//i.test(r.href)) n.properties.rel = ["noopener", "noreferrer"];
      }
    });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/*
 * The unified pipeline takes milliseconds for a legal page, and every uncached render of a content,
 * brand or model page asked for it again with the same words. The last bodies rendered are kept
 * (least recently used first out), bounded by count and by characters; the output depends on the
 * markdown and the two link rules only.
 */
const MEMO_MAX_ENTRIES = 200;
const MEMO_MAX_CHARS = 4_000_000;
const memo = new LRUCache<string, string>({
  max: MEMO_MAX_ENTRIES,
  maxSize: MEMO_MAX_CHARS,
  maxEntrySize: MEMO_MAX_CHARS / 4, // a body this large is not worth keeping
  sizeCalculation: (html, key) => key.length + html.length,
});

/** What the memo holds now (for its tests). */
export const markdownMemoSize = () => ({ entries: memo.size, chars: memo.calculatedSize });

/** Markdown → safe HTML for `dangerouslySetInnerHTML`. Never throws: content that cannot be read is shown as plain text. */
export function renderMarkdown(markdown: string, rules: LinkRules): string {
  const key = `${rules.blog_path_news ? 1 : 0}${rules.uses_pages_path ? 1 : 0}${markdown}`;
  const held = memo.get(key);
  if (held !== undefined) return held;
  const html = renderMarkdownNow(markdown, rules);
  memo.set(key, html);
  return html;
}

function renderMarkdownNow(markdown: string, rules: LinkRules): string {
  const text = markdown.replace(/\0/g, "");
  try {
    return String(
      unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(remarkRehype, { allowDangerousHtml: true })
        .use(rehypeRaw)
        .use(rehypeSanitize, SCHEMA)
        .use(siteLinks(rules))
        .use(rehypeStringify)
        .processSync(text),
    );
  } catch {
    return text
      .split(/\n{2,}/)
      .map((p) => `<p>${escape(p)}</p>`)
      .join("\n");
  }
}
