"use client";

import { usePathname } from "next/navigation";
import { CalendarCheck, Car, DollarSign, Wrench } from "@/components/ui/icons";
import { toolsFor } from "@/domain/site/overlays";
import { SmartLink } from "./smart-link";

const ICONS = { car: Car, wrench: Wrench, dollar: DollarSign, calendar: CalendarCheck };

export type DealerTool = { label: string; href: string; icon: keyof typeof ICONS };

/** On a phone the tools share one row: as many columns as tools (the classes written out for the stylesheet). */
const COLUMNS: Record<number, string> = { 1: "grid-cols-1", 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-4" };

/** The dealer tools' links, without the one for the page the shopper is on (toolsFor). */
export function DealerToolsList({ tools }: { tools: DealerTool[] }) {
  const shown = toolsFor(tools, usePathname() ?? "/");
  return (
    <ul
      className={`grid ${COLUMNS[shown.length] ?? "grid-cols-4"} bg-accent-dark text-accent-contrast shadow-lg lg:grid-cols-1 lg:rounded-l-md`}
    >
      {shown.map(({ label, href, icon }) => {
        const Icon = ICONS[icon];
        return (
          <li key={href}>
            <SmartLink href={href} className="tool">
              <Icon aria-hidden className="size-5" />
              {label}
            </SmartLink>
          </li>
        );
      })}
    </ul>
  );
}
