"use client";

import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { track } from "@/client/analytics";
import { readRaw } from "@/client/storage";
import dynamic from "next/dynamic";
import { clsx } from "clsx";
import { Loader2, MessageCircle, X } from "@/components/ui/icons";
import { EVENT_IDS } from "@/domain/analytics/events";
import { CHAT_OPEN_DELAY_MS, CHAT_TEASER_MS, COLLAPSE_MS, ENGAGEMENT_POLL_MS } from "@/domain/analytics/timings";
import type { LeadFormSite } from "@/domain/leads/forms";
import { teaserDue } from "@/domain/site/overlays";

// the enquiry form's code loads when the chat opens, never with the page
const loadForm = () => import("@/components/forms/lead-form").then((m) => m.LeadForm);
const LeadForm = dynamic(loadForm, {
  ssr: false,
  loading: () => (
    <p className="flex items-center gap-2 text-sm" role="status">
      <Loader2 aria-hidden className="size-4 animate-spin" /> Loading…
    </p>
  ),
});

export type LocalChatProps = {
  dealerName: string;
  /** today's hours at the main location: "Open now", "Closes at 5:30 pm" */
  hours: { label: string; detail: string | null } | null;
  phone: string | null;
  formSite: LeadFormSite;
  /** the site has the bottom dealer-tools bar on phones: sit above it */
  raised: boolean;
  /** on the site's chat-hidden paths (docs/features/analytics-chat-widgets.md): nothing shows */
  hidden: boolean;
  /** a page the shopper fills a form in on: no teaser, the launcher stays */
  formPage: boolean;
};

export const TEASER_CLOSED_KEY = "chat_teaser_closed";

type Panel = "closed" | "opening" | "open" | "collapsing";

/** Whether the shopper asked for less motion (the collapse then happens at once). */
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** The teaser 3 s after load (on a phone once the shopper has read on too: <html data-read-on>, set by
 * OverlayGuard from the first scroll, before this chat loaded), unless it was closed before. */
function useTeaser(dealerName: string, shown: (teaser: boolean) => boolean) {
  const [teaser, setTeaser] = useState(false);
  useEffect(() => {
    if (readRaw(TEASER_CLOSED_KEY, "local") === "1") return;
    const t = setInterval(() => {
      const due = teaserDue({
        sinceLoadMs: performance.now(),
        teaserMs: CHAT_TEASER_MS,
        viewportWidth: window.innerWidth,
        readOn: document.documentElement.dataset.readOn === "true",
      });
      if (!due) return;
      clearInterval(t);
      setTeaser(true);
    }, ENGAGEMENT_POLL_MS);
    return () => clearInterval(t);
  }, []);
  const teaserShown = shown(teaser);
  useEffect(() => {
    if (teaserShown) track(EVENT_IDS.chatTeaserShown, { label: dealerName });
  }, [teaserShown, dealerName]);
  const closeTeaser = () => {
    setTeaser(false);
    try {
      localStorage.setItem(TEASER_CLOSED_KEY, "1");
    } catch {
      /* storage blocked: closed for this page */
    }
    track(EVENT_IDS.chatTeaserClosed, { label: dealerName });
  };
  return { teaserShown, hideTeaser: () => setTeaser(false), closeTeaser };
}

/** The panel's steps: closed → opening ("Opening chat…") → open (focus inside) → collapsing → closed (focus back on the launcher). */
function usePanel(dealerName: string) {
  const [panel, setPanel] = useState<Panel>("closed");
  const launcher = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (panel === "opening") {
      const t = setTimeout(() => setPanel("open"), CHAT_OPEN_DELAY_MS);
      return () => clearTimeout(t);
    }
    if (panel === "open") {
      track(EVENT_IDS.chatOpen, { label: dealerName });
      panelRef.current?.querySelector<HTMLElement>("input, textarea, button")?.focus();
    }
    if (panel === "collapsing") {
      const t = setTimeout(
        () => {
          returnFocus.current = true;
          setPanel("closed");
        },
        reducedMotion() ? 0 : COLLAPSE_MS,
      );
      return () => clearTimeout(t);
    }
    if (panel === "closed" && returnFocus.current) {
      returnFocus.current = false;
      launcher.current?.focus(); // back where the shopper was
    }
  }, [panel, dealerName]);
  const open = () => setPanel((p) => (p === "closed" ? "opening" : p));
  const collapse = () => setPanel((p) => (p === "open" || p === "opening" ? "collapsing" : p));
  return { panel, launcher, panelRef, open, collapse };
}

function Teaser({ place, dealerName, onOpen, onClose }: { place: string; dealerName: string; onOpen: () => void; onClose: () => void }) {
  return (
    <aside
      aria-label="Chat invitation"
      data-testid="chat-teaser"
      data-overlay="teaser"
      className={clsx(
        // on a phone one line beside the launcher (the overlays stay within 12% of the screen);
        // above it with the whole invitation on a tablet; on a desktop a short one that fits the
        // page's right margin above the round launcher, clear of the cards
        place,
        "mr-14 flex h-11 max-w-48 items-center gap-1 rounded-full border border-neutral-300 bg-white pl-3 text-sm shadow-lg sm:mb-16 sm:mr-0 sm:h-auto sm:max-w-72 sm:items-start sm:gap-2 sm:rounded-lg sm:p-3 lg:max-w-32 lg:gap-1 lg:p-2",
      )}
    >
      <button type="button" onClick={onOpen} className="truncate text-left font-semibold sm:whitespace-normal sm:font-normal">
        <span className="sm:hidden">Chat with us</span>
        <span className="hidden sm:inline lg:hidden">
          <span className="font-semibold">Questions about a car?</span> Chat with {dealerName}.
        </span>
        <span className="hidden lg:inline">Chat with us.</span>
      </button>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close chat invitation"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded hover:bg-neutral-100"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}

type PanelProps = Pick<LocalChatProps, "dealerName" | "hours" | "phone" | "formSite"> & {
  place: string;
  panel: Panel;
  panelRef: RefObject<HTMLDivElement | null>;
  onCollapse: () => void;
  /** the message went: who sent it (kept while the panel is closed and opened again) */
  sent: { name: string } | null;
  onSent: (sent: { name: string }) => void;
};

function ChatPanel({ dealerName, hours, phone, formSite, place, panel, panelRef, onCollapse, sent, onSent }: PanelProps) {
  const uid = useId();
  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${uid}-title`}
      data-testid="chat-panel"
      data-state={panel}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCollapse();
      }}
      className={clsx(
        place,
        "flex max-h-[80vh] w-[min(22rem,calc(100vw-2rem))] origin-bottom-right flex-col overflow-hidden rounded-lg border border-neutral-300 bg-white shadow-xl transition-[opacity,transform] duration-300 motion-reduce:transition-none",
        panel === "collapsing" ? "scale-95 opacity-0" : "scale-100 opacity-100",
      )}
    >
      <div className="flex items-start justify-between gap-2 bg-accent-dark p-3 text-accent-contrast">
        <div>
          <h2 id={`${uid}-title`} className="font-bold">
            {dealerName}
          </h2>
          {hours && (
            <p className="text-sm" data-testid="chat-hours">
              {hours.label}
              {hours.detail ? ` · ${hours.detail}` : ""}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onCollapse}
          aria-label="Minimise chat"
          className="grid size-9 shrink-0 place-items-center rounded hover:bg-black/20"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="overflow-y-auto p-3">
        {sent ? (
          <p role="status" className="rounded-md bg-neutral-100 p-3" data-testid="chat-sent">
            Thanks{sent.name ? ` ${sent.name}` : ""}, your message has been sent. {dealerName} will reply by email
            {phone ? ` or call you; you can also call us on ${phone}` : ""}.
          </p>
        ) : (
          <>
            <p className="mb-3 rounded-md bg-neutral-100 p-3 text-sm">Hi! Leave us a message and we’ll get back to you shortly.</p>
            <LeadForm
              kind="chat"
              site={formSite}
              heading={null}
              compact
              onSent={() => {
                const name = panelRef.current?.querySelector<HTMLInputElement>('input[name="first_name"]')?.value ?? "";
                onSent({ name: name.trim() });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}

function Launcher({
  place,
  opening,
  onOpen,
  launcher,
}: {
  place: string;
  opening: boolean;
  onOpen: () => void;
  launcher: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={launcher}
      type="button"
      onClick={onOpen}
      aria-busy={opening || undefined}
      data-testid="chat-launcher"
      data-overlay="chat"
      className={clsx(
        place,
        "flex min-h-12 min-w-12 items-center justify-center gap-2 rounded-full bg-accent-dark px-3 font-semibold sm:px-4 lg:px-3 text-accent-contrast shadow-lg hover:brightness-110",
      )}
    >
      {opening ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <MessageCircle aria-hidden className="size-5" />}
      {/* a round button on phones (it sits over the page) and desktops (it fits the page's right
          margin, clear of the cards), the words beside it on a tablet */}
      <span className="sr-only sm:not-sr-only lg:sr-only">{opening ? "Opening chat…" : "Chat with us"}</span>
    </button>
  );
}

/**
 * The app's own live chat, behind the live-chat registry entry (the vendors cannot be reached from
 * here): a teaser 3000 ms after load (on a phone, where it would cover the first screen's actions, once
 * the shopper has also read on by a third of a screen) unless closed before (remembered), stepping aside while it would sit over a card, a form
 * or a primary action, as the launcher does over the last two (OverlayGuard); a launcher, "Opening chat…"
 * for 1300 ms, a panel with the dealer's name and today's hours, a message that becomes a lead, and
 * a 300 ms collapse. Events 47–50.
 */
export function LocalChat({ dealerName, hours, phone, formSite, raised, hidden, formPage }: LocalChatProps) {
  const { panel, launcher, panelRef, open, collapse } = usePanel(dealerName);
  const [sent, setSent] = useState<{ name: string } | null>(null);
  const { teaserShown, hideTeaser, closeTeaser } = useTeaser(dealerName, (teaser) => teaser && !hidden && !formPage && panel === "closed");
  const openChat = () => {
    void loadForm(); // while "Opening chat…" shows
    hideTeaser();
    open();
  };

  if (hidden) return null;
  const place = clsx("fixed right-4 z-40", raised ? "bottom-20 lg:bottom-4" : "bottom-4");
  const showPanel = panel === "open" || panel === "collapsing";
  return (
    <div data-testid="local-chat">
      {teaserShown && <Teaser place={place} dealerName={dealerName} onOpen={openChat} onClose={closeTeaser} />}
      {showPanel ? (
        <ChatPanel
          dealerName={dealerName}
          hours={hours}
          phone={phone}
          formSite={formSite}
          place={place}
          panel={panel}
          panelRef={panelRef}
          onCollapse={collapse}
          sent={sent}
          onSent={setSent}
        />
      ) : (
        <Launcher place={place} opening={panel === "opening"} onOpen={openChat} launcher={launcher} />
      )}
    </div>
  );
}
