import { EVENT_IDS } from "@/domain/analytics/events";
import { CARD_IMAGE_WIDTHS, responsiveImage } from "@/domain/format/image";
import { attrUrl, escapeMarkup as esc } from "@/domain/format/markup";
import type { CardView } from "@/domain/stock/card-view";
import { tagClass } from "@/domain/stock/vehicle";
import { lcp } from "@/components/ui/lcp";

/*
 * A vehicle card as HTML text. A search page holds 36 cards of about 20 elements each: rendered as
 * React elements they were most of the page's server time (every element through the RSC and SSR
 * renderers). As text they cost a string template, the page's payload carries only each
 * card's view (CardView) and the browser hydrates one element per card. Every value is escaped
 * here; the views come from dealers' stock feeds.
 */

/** Where a card's photo sits: the full width on a phone, two across from 576 px, three from 1200 (the grid's columns). */
export const CARD_SIZES = "(max-width:575px) calc(100vw - 32px),(max-width:1199px) 50vw,33vw";

/** The card's photo, tags, title, price, facts, location and enquiry button (all but the heart). */
export function cardBodyHtml(v: CardView, priority: boolean): string {
  const img = responsiveImage(v.image, CARD_IMAGE_WIDTHS, v.imageQuality);
  const first = lcp(priority);
  const loading = ` loading="${first.loading}"${"fetchPriority" in first ? ` fetchpriority="${first.fetchPriority}"` : ""}`;
  const tags = v.tags.length ? `<ul class="vc-tags">${v.tags.map((t) => `<li class="${tagClass(t)}">${esc(t)}</li>`).join("")}</ul>` : "";
  const href = esc(v.href);
  return (
    `<div class="vc-m"><img alt="${esc(v.title)}" src="${attrUrl(img.src)}" srcset="${attrUrl(img.srcSet)}" sizes="${CARD_SIZES}"${loading}>${tags}</div>` +
    `<div class="vc-b"><p class="vc-c">${esc(v.condition)}</p>` +
    `<h3><a href="${href}" data-track="${EVENT_IDS.vehicleCardClick}">${esc(v.title)}</a></h3>` +
    `<p class="vc-p">${esc(v.price)}${v.priceType ? `<span>${esc(v.priceType)}</span>` : ""}</p>` +
    (v.repayment ? `<p class="vc-r">${esc(v.repayment)}</p>` : "") +
    (v.subscription ? `<p class="vc-s">${esc(v.subscription)}</p>` : "") +
    (v.facts.length ? `<ul class="vc-f">${v.facts.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>` : "") +
    (v.location || v.distance ? `<p class="vc-l">${esc([v.location, v.distance].filter(Boolean).join(" · "))}</p>` : "") +
    `<div class="vc-a"><a href="${href}#enquiry-form" class="btn-enquire" aria-label="${esc(`${v.enquireText}: ${v.title}`)}">${esc(v.enquireText)}</a></div></div>`
  );
}

/**
 * The heart, FavouriteButton's button; a card list's one client component makes it work (ResultGrid).
 * Empty: the heart is the CSS's drawing of the same shape (globals.css, `.fav:empty`), 88 bytes less
 * in each of a search page's 36 cards than the sprite's `<svg><use>`.
 */
export function heartHtml(v: Pick<CardView, "id" | "title">, saved: boolean): string {
  return `<button type="button" data-fav="${v.id}" aria-pressed="${saved}" aria-label="Save ${esc(v.title)}" class="fav vc-fav"></button>`;
}

/** The whole card as VehicleCardView draws it, less its wrapper (which only React needs there: `display: contents`). */
export const cardHtml = (v: CardView, o: { priority: boolean; saved: boolean }): string =>
  `<article class="vc" data-testid="vehicle-card">${cardBodyHtml(v, o.priority)}${heartHtml(v, o.saved)}</article>`;
