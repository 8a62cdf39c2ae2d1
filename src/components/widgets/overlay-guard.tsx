"use client";

import { useEffect } from "react";
import { isPrimaryAction, OVERLAY_KINDS, readOn, stepsAside, type Box, type OverlayKind } from "@/domain/site/overlays";

const CONTROLS = "a[href], button, input[type='submit']";
/**
 * What the bars step aside over: the forms, and fields with an action that are not a form element
 * (`data-form`: the repayment calculator, whose "Apply for finance" a bar fading back in, as a field
 * loses focus, would otherwise slide over between the press and the release of a click)
 */
const FORMS = "main form, form[data-lead-form], [data-form]";
const CARDS = "[data-testid='vehicle-card']";
/** the fixed things that step aside for controls and cards too (a bar steps aside for forms only) */
const CHAT = "[data-overlay='chat'], [data-overlay='teaser']";
/** the desktop breakpoint, where the bars become the side tab (globals.css) */
const WIDE = "(min-width: 992px)";
const RECHECK_MS = 400;

// a fixed thing's own buttons (the vehicle bar's Call, the chat panel's Send) are not under it
const inPage = (el: Element) => !el.closest("[data-overlay], [role='dialog']");

const boxesOf = (els: Iterable<Element>): Box[] =>
  [...els].map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);

/** The page's primary actions (isPrimaryAction): Enquire, Call, Submit, the heart. */
const primaryActions = () =>
  [...document.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) =>
      inPage(el) &&
      isPrimaryAction({
        label: el.getAttribute("aria-label") ?? el.textContent ?? "",
        href: el.getAttribute("href"),
        submit: (el as HTMLButtonElement).type === "submit" && el.closest("form") !== null,
        heart: el.hasAttribute("data-fav"),
      }),
  );

/**
 * Keeps the storefront's fixed things (`data-overlay`: the bars, the chat launcher and teaser) off
 * what the shopper is doing (stepsAside, docs/features/analytics-chat-widgets.md): on every scroll,
 * resize and focus change, and every 400 ms for what moves by itself, each is marked `data-aside`
 * while it would sit over a form, a field being typed in, a primary action or (the teaser) a card;
 * the stylesheet fades it out. Also marks `<html data-read-on>` once the shopper has scrolled a third
 * of a screen (readOn), which the chat's teaser waits for.
 */
export function OverlayGuard() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    // which controls are primary actions is read every 400 ms (reading every label on each scroll
    // frame would cost more); where they are, on every check
    let controls: HTMLElement[] = [];
    const check = () => {
      frame = 0;
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      if (!root.dataset.readOn && readOn(window.scrollY, viewport.height, root.scrollHeight - viewport.height))
        root.dataset.readOn = "true";
      const overlays = [...document.querySelectorAll<HTMLElement>("[data-overlay]")];
      if (overlays.length === 0) return;
      const chat = overlays.some((el) => el.dataset.overlay !== "bar");
      const active = document.activeElement;
      const scene = {
        viewport,
        scrollY: window.scrollY,
        phone: !window.matchMedia(WIDE).matches,
        editing: active instanceof HTMLElement && active.matches("input, textarea, select") && !active.closest("[data-overlay]"),
        forms: boxesOf([...document.querySelectorAll(FORMS)].filter(inPage)),
        // measured only for the chat: measuring every card would lay out the cards the stylesheet
        // leaves undrawn until scrolled to (content-visibility), for bars that never look at them
        controls: chat ? boxesOf(controls.filter((el) => el.isConnected)) : [],
        cards: chat && overlays.some((el) => el.dataset.overlay === "teaser") ? boxesOf(document.querySelectorAll(CARDS)) : [],
      };
      for (const el of overlays) {
        const kind = el.dataset.overlay as OverlayKind;
        if (!OVERLAY_KINDS.includes(kind)) continue;
        const aside = stepsAside({ ...scene, kind, box: el.getBoundingClientRect() });
        if (aside && el.dataset.aside !== "true") el.dataset.aside = "true";
        else if (!aside && el.dataset.aside) delete el.dataset.aside;
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const events = ["scroll", "resize", "focusin", "focusout"] as const;
    for (const e of events) window.addEventListener(e, schedule, { passive: true });
    const refresh = () => {
      // a page without the chat (only bars, or nothing fixed) reads no labels
      controls = document.querySelector(CHAT) ? primaryActions() : [];
      schedule();
    };
    const timer = setInterval(refresh, RECHECK_MS);
    refresh();
    return () => {
      for (const e of events) window.removeEventListener(e, schedule);
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
