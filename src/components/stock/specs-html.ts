import { escapeMarkup as esc } from "@/domain/format/markup";
import type { SpecGroup } from "@/domain/stock/specs";

/**
 * A vehicle page's specifications as HTML text (about 40 rows of label and value: each as
 * React elements went through the RSC and SSR renderers). Styled by `.specs` in globals.css; every
 * value is escaped (they come from dealers' stock feeds).
 */
export function specsHtml(groups: readonly SpecGroup[]): string {
  return groups
    .map(
      (g) =>
        `<div><h3>${esc(g.title)}</h3><dl>${g.rows.map(([label, value]) => `<div><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>`).join("")}</dl></div>`,
    )
    .join("");
}
