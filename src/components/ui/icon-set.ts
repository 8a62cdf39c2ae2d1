import {
  CalendarCheck,
  CalendarDays,
  Car,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  DollarSign,
  Expand,
  ExternalLink,
  Heart,
  LoaderCircle,
  Mail,
  MapPin,
  MessageCircle,
  Menu,
  Navigation,
  Phone,
  Printer,
  Search,
  Share2,
  SlidersHorizontal,
  Star,
  UserRound,
  Wrench,
  X,
  type IconNode,
} from "lucide";
// a relative path: next.config.ts reads this module, where the @/ alias does not resolve
import { escapeMarkup } from "../../domain/format/markup";

/*
 * The Lucide icons the platform draws, by the id a page refers to (`<use href="/icons.svg?v=…#heart">`).
 * Only the sprite route and the build read this module: pages ship a name, never the drawing.
 */
export const ICON_SET = {
  "calendar-check": CalendarCheck,
  "calendar-days": CalendarDays,
  car: Car,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  "circle-check": CircleCheck,
  "dollar-sign": DollarSign,
  expand: Expand,
  "external-link": ExternalLink,
  heart: Heart,
  loader: LoaderCircle,
  mail: Mail,
  "map-pin": MapPin,
  "message-circle": MessageCircle,
  menu: Menu,
  navigation: Navigation,
  phone: Phone,
  printer: Printer,
  search: Search,
  share: Share2,
  "sliders-horizontal": SlidersHorizontal,
  star: Star,
  "user-round": UserRound,
  wrench: Wrench,
  x: X,
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof ICON_SET;

/**
 * The sprite: one `<symbol>` per icon with Lucide's 24×24 view box and shapes only. Stroke and fill
 * come from the `<svg>` that uses it (its `.icon` class and utilities), so `fill-red-600` fills a heart.
 */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_SET).map(([id, node]) => {
    const shapes = (node as IconNode)
      .map(
        ([tag, attrs]) =>
          `<${tag}${Object.entries(attrs)
            .map(([k, v]) => ` ${k}="${escapeMarkup(String(v))}"`)
            .join("")}/>`,
      )
      .join("");
    return `<symbol id="${id}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

/** A short version of the sprite's content (FNV-1a), so its address changes whenever a drawing does and can be cached for ever. */
export function iconSpriteVersion(sprite = iconSprite()): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < sprite.length; i++) {
    h ^= sprite.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
