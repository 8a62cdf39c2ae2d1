import { createElement, type SVGProps } from "react";
import {
  CalendarCheck as calendarCheck,
  CalendarDays as calendarDays,
  Car as car,
  ChevronDown as chevronDown,
  ChevronLeft as chevronLeft,
  ChevronRight as chevronRight,
  CircleCheck as circleCheck,
  DollarSign as dollarSign,
  Expand as expand,
  ExternalLink as externalLink,
  Heart as heart,
  LoaderCircle as loaderCircle,
  Mail as mail,
  MapPin as mapPin,
  MessageCircle as messageCircle,
  Menu as menu,
  Navigation as navigation,
  Phone as phone,
  Printer as printer,
  Search as search,
  Share2 as share2,
  SlidersHorizontal as slidersHorizontal,
  Star as star,
  UserRound as userRound,
  Wrench as wrench,
  X as x,
  type IconNode,
} from "lucide";

/*
 * Lucide's icons as plain SVG elements. lucide-react's components are client components, so every
 * icon on a server-rendered page became a client boundary with its own props and hooks; these are
 * ordinary elements, built once, that server and client components render alike.
 */

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

function icon(node: IconNode, name: string) {
  const shapes = node.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i }));
  function Icon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {shapes}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const CalendarCheck = icon(calendarCheck, "CalendarCheck");
export const CalendarDays = icon(calendarDays, "CalendarDays");
export const Car = icon(car, "Car");
export const CheckCircle2 = icon(circleCheck, "CheckCircle2");
export const ChevronDown = icon(chevronDown, "ChevronDown");
export const ChevronLeft = icon(chevronLeft, "ChevronLeft");
export const ChevronRight = icon(chevronRight, "ChevronRight");
export const DollarSign = icon(dollarSign, "DollarSign");
export const Expand = icon(expand, "Expand");
export const ExternalLink = icon(externalLink, "ExternalLink");
export const Heart = icon(heart, "Heart");
export const Loader2 = icon(loaderCircle, "Loader2");
export const Mail = icon(mail, "Mail");
export const MapPin = icon(mapPin, "MapPin");
export const Menu = icon(menu, "Menu");
export const MessageCircle = icon(messageCircle, "MessageCircle");
export const Navigation = icon(navigation, "Navigation");
export const Phone = icon(phone, "Phone");
export const Printer = icon(printer, "Printer");
export const Search = icon(search, "Search");
export const Share = icon(share2, "Share");
export const SlidersHorizontal = icon(slidersHorizontal, "SlidersHorizontal");
export const Star = icon(star, "Star");
export const UserRound = icon(userRound, "UserRound");
export const Wrench = icon(wrench, "Wrench");
export const X = icon(x, "X");
