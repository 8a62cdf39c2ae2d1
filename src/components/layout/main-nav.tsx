"use client";

import { ChevronDown, Menu, X } from "@/components/ui/icons";
import { usePathname } from "next/navigation";
import { track } from "@/client/analytics";
import { EVENT_IDS } from "@/domain/analytics/events";
import { useEffect, useId, useRef, useState } from "react";
import type { NavItem } from "@/domain/site/navigation";
import { clsx } from "clsx";
import { SmartLink } from "./smart-link";

/** Header menu: a bar of dropdowns on desktop (≥992px), one collapsible panel below that. */
export function MainNav({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false); // mobile panel
  const [expanded, setExpanded] = useState<string | null>(null); // one submenu at a time
  const pathname = usePathname();
  const ref = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    // navigation closes menus (state adjusted during render, no effect needed)
    setLastPath(pathname);
    setOpen(false);
    setExpanded(null);
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setExpanded(null);
        setOpen(false);
      }
    };
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setExpanded(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  // Escape inside the menu closes the innermost open part and gives focus back to its button
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "Escape" || !ref.current) return;
    if (expanded !== null) {
      e.stopPropagation();
      ref.current.querySelector<HTMLButtonElement>(`[data-submenu="${CSS.escape(expanded)}"]`)?.focus();
      setExpanded(null);
    } else if (open) {
      e.stopPropagation();
      menuButton.current?.focus();
      setOpen(false);
    }
  };
  // tabbing out of the menu closes it
  const onBlur = (e: React.FocusEvent) => {
    if (e.relatedTarget && ref.current?.contains(e.relatedTarget as Node)) return;
    if (e.relatedTarget === null) return; // focus left the page (or a click on nothing focusable): the click handler decides
    setExpanded(null);
    setOpen(false);
  };

  // tabbing on from an open submenu to another item of the bar closes that submenu (it stayed open)
  const onFocus = (e: React.FocusEvent) => {
    if (expanded === null) return;
    const owner = (e.target as HTMLElement).closest("li.relative");
    if (!owner?.querySelector(`[data-submenu="${CSS.escape(expanded)}"]`)) setExpanded(null);
  };

  return (
    <nav ref={ref} aria-label="Main" className="relative shrink-0" onKeyDown={onKeyDown} onBlur={onBlur} onFocus={onFocus}>
      <button
        ref={menuButton}
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold lg:hidden"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => {
          if (!open) track(EVENT_IDS.menuOpen);
          setOpen((o) => !o);
        }}
      >
        {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
        Menu
      </button>
      <ul id={`${id}-menu`} className={clsx("nav-list", open ? "block lg:flex" : "hidden lg:flex")}>
        {items.map((item) => {
          if (!item.children) {
            return (
              <li key={item.label}>
                <SmartLink href={item.href} className="nav-link">
                  {item.label}
                </SmartLink>
              </li>
            );
          }
          const isOpen = expanded === item.label;
          const subId = `${id}-${item.label.replace(/\W+/g, "-")}`;
          return (
            <li key={item.label} className="relative">
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={subId}
                data-submenu={item.label}
                onClick={() => setExpanded(isOpen ? null : item.label)}
                className="nav-open"
              >
                {item.label}
                <ChevronDown aria-hidden className={clsx("size-4 transition-transform", isOpen && "rotate-180")} />
              </button>
              <ul id={subId} className={clsx("nav-sub", isOpen ? "block" : "hidden")}>
                {item.children.map((c) => (
                  <li key={c.href + c.label}>
                    <SmartLink href={c.href}>{c.label}</SmartLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
