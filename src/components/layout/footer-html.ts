import { EVENT_IDS } from "@/domain/analytics/events";
import { escapeMarkup as esc } from "@/domain/format/markup";
import { opensElsewhere } from "@/domain/site/links";
import { iconHtml as icon } from "@/components/ui/icons";

/*
 * The site's footer as HTML text: the same for every page of a site and about 150 elements, it was a
 * large share of every page's server time when each element went through the RSC and SSR renderers
 *. Drawn from its view (footer-view.ts, made once per site record and year) on the server
 * and again in the browser, so the page's payload carries the view, not the HTML. Every value is
 * escaped, every address checked.
 */

/** An address a link may take: a path on the site, https/http, tel:, mailto: or sms:; anything else (javascript:, data:) goes nowhere. */
export function safeHref(href: string): string {
  return /^\/(?!\/)/.test(href) || /^(https?:\/\/|tel:|mailto:|sms:)/i.test(href) ? href : "#";
}

/** A link as SmartLink draws it: off-site addresses open in a new tab. */
function link(href: string, label: string, className?: string, extra = ""): string {
  const elsewhere = opensElsewhere(href) ? ' target="_blank" rel="noopener noreferrer"' : "";
  return `<a href="${esc(safeHref(href))}"${elsewhere}${className ? ` class="${className}"` : ""}${extra}>${esc(label)}</a>`;
}

/** What the footer shows, worked out on the server (footer-view.ts); a few KB where the HTML is about eight. */
export type FooterView = {
  where: string;
  hours: Array<[day: string, hours: string]>;
  groups: Array<{ title: string; links: Array<[href: string, label: string]> }>;
  name: string;
  year: number;
  phone?: [href: string, label: string];
  email?: [href: string, label: string];
  social: Array<[name: string, url: string]>;
};

export function footerViewHtml(v: FooterView): string {
  const hoursTable = v.hours.length
    ? `<details class="group mt-2 text-sm" data-testid="site-hours"><summary class="inline-flex min-h-11 cursor-pointer items-center gap-1 font-semibold text-white" data-track="${EVENT_IDS.hoursView}">Opening hours${icon("chevron-down", "size-4 transition-transform group-open:rotate-180")}</summary>` +
      `<table class="ft-hours mt-1 text-neutral-200"><tbody>${v.hours
        .map(([day, hours]) => `<tr><th scope="row">${esc(day)}</th><td>${esc(hours)}</td></tr>`)
        .join("")}</tbody></table></details>`
    : "";
  // the menus' and the hours' styles are globals.css's (.ft-menus, .ft-hours): as classes on each of
  // their 50-odd elements they were 2.8 KB of every page
  const groups = v.groups
    .map(
      (g) =>
        `<nav aria-label="${esc(g.title)}"><h2>${esc(g.title)}</h2><ul>${g.links
          .map(([href, label]) => `<li>${link(href, label)}</li>`)
          .join("")}</ul></nav>`,
    )
    .join("");
  const contact =
    (v.phone ? ` · ${link(v.phone[0], v.phone[1], "underline")}` : "") + (v.email ? ` · ${link(v.email[0], v.email[1], "underline")}` : "");
  const socialList = v.social.length
    ? `<ul class="flex gap-4" aria-label="Social media">${v.social
        .map(([name, url]) => `<li>${link(url, name, "capitalize underline", ` data-track="${EVENT_IDS.socialClick}"`)}</li>`)
        .join("")}</ul>`
    : "";
  return (
    `<div class="mx-auto max-w-7xl px-4 py-10">` +
    `<section aria-labelledby="find-us" class="mb-10 flex flex-col gap-3 rounded-lg bg-neutral-800 p-6 md:flex-row md:items-center md:justify-between"><div>` +
    `<h2 id="find-us" class="flex items-center gap-2 text-lg font-bold text-white">${icon("map-pin", "size-5")} Find Us</h2>` +
    `<p class="text-sm text-neutral-300">${esc(v.where)}</p>${hoursTable}</div>` +
    `<a href="/dealerships" class="inline-flex min-h-11 items-center justify-center rounded-md bg-white px-4 font-semibold text-neutral-900 hover:bg-neutral-200">Find a dealership</a></section>` +
    `<div class="ft-menus grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-5">${groups}</div>` +
    `<div class="mt-10 flex flex-col gap-3 border-t border-neutral-700 pt-6 text-sm md:flex-row md:items-center md:justify-between"><p>© ${v.year} ${esc(v.name)}${contact}</p>${socialList}</div>` +
    `</div>`
  );
}
