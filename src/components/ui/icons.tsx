import type { SVGProps } from "react";
import type { IconName } from "./icon-set";
import { clsx } from "clsx";

/*
 * Lucide's icons, drawn once in one cached sprite (`GET /icons.svg`, ICON_SET) and referred to by
 * name: an icon in a page is ~80 bytes (`<svg class="icon"><use href="/icons.svg?v=…#heart"/></svg>`)
 * instead of its paths, in the HTML and again in the page's RSC payload. Server and client
 * components render them alike; the `.icon` class (globals.css) gives Lucide's stroke.
 */

/** The sprite's address; its version (set at build from the sprite's content, next.config.ts) makes it cacheable for ever. */
export const ICON_SPRITE = `/icons.svg?v=${process.env.ICON_SPRITE_VERSION ?? "0"}`;

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** An icon as HTML text, for the parts of a page drawn as text (cards, footer): the same markup Icon renders. */
export const iconHtml = (name: IconName, className?: string) =>
  `<svg class="icon${className ? ` ${className}` : ""}" aria-hidden="true"><use href="${ICON_SPRITE}#${name}"></use></svg>`;

function icon(name: IconName, displayName: string) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg className={clsx("icon", className)} {...props}>
        <use href={`${ICON_SPRITE}#${name}`} />
      </svg>
    );
  }
  Icon.displayName = `${displayName}Icon`;
  return Icon;
}

export const CalendarCheck = icon("calendar-check", "CalendarCheck");
export const CalendarDays = icon("calendar-days", "CalendarDays");
export const Car = icon("car", "Car");
export const CheckCircle2 = icon("circle-check", "CheckCircle2");
export const ChevronDown = icon("chevron-down", "ChevronDown");
export const ChevronLeft = icon("chevron-left", "ChevronLeft");
export const ChevronRight = icon("chevron-right", "ChevronRight");
export const DollarSign = icon("dollar-sign", "DollarSign");
export const Expand = icon("expand", "Expand");
export const ExternalLink = icon("external-link", "ExternalLink");
export const Heart = icon("heart", "Heart");
export const Loader2 = icon("loader", "Loader2");
export const Mail = icon("mail", "Mail");
export const MapPin = icon("map-pin", "MapPin");
export const Menu = icon("menu", "Menu");
export const MessageCircle = icon("message-circle", "MessageCircle");
export const Navigation = icon("navigation", "Navigation");
export const Phone = icon("phone", "Phone");
export const Printer = icon("printer", "Printer");
export const Search = icon("search", "Search");
export const Share = icon("share", "Share");
export const SlidersHorizontal = icon("sliders-horizontal", "SlidersHorizontal");
export const Star = icon("star", "Star");
export const UserRound = icon("user-round", "UserRound");
export const Wrench = icon("wrench", "Wrench");
export const X = icon("x", "X");
