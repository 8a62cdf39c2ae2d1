import { renderMarkdown } from "@/domain/content/markdown";
import type { LinkRules } from "@/domain/site/links";
import { cn } from "@/components/ui/cn";

/** A site's stored Markdown, rendered and sanitized on the server (no script ever reaches the page). */
export function Prose({ markdown, rules, className }: { markdown: string; rules: LinkRules; className?: string }) {
  return <div className={cn("content-prose", className)} dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown, rules) }} />;
}
