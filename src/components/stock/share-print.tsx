"use client";

import { useEffect, useRef, useState } from "react";
import { Printer, Share } from "@/components/ui/icons";
import { track } from "@/client/analytics";
import { EVENT_IDS } from "@/domain/analytics/events";

/**
 * Share and print a vehicle page (events 12 and 13). Share uses the phone's share sheet where there
 * is one and otherwise copies the link; printing from the browser's own menu counts as well.
 */
export function SharePrint({ title }: { title: string }) {
  const [status, setStatus] = useState("");
  const printedAt = useRef(0);

  useEffect(() => {
    const beforePrint = () => {
      if (Date.now() - printedAt.current > 2000) track(EVENT_IDS.print, { label: "Browser print" });
    };
    window.addEventListener("beforeprint", beforePrint);
    return () => window.removeEventListener("beforeprint", beforePrint);
  }, []);

  const share = async () => {
    const url = window.location.href.replace(/#.*$/, "");
    if (typeof navigator.share === "function") {
      track(EVENT_IDS.share, { label: "Share sheet" });
      await navigator.share({ title, url }).catch(() => undefined); // dismissed: nothing to say
      return;
    }
    track(EVENT_IDS.share, { label: "Copy link" });
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus(`Copy this link: ${url}`);
    }
  };

  const print = () => {
    printedAt.current = Date.now();
    track(EVENT_IDS.print, { label: "Print button" });
    window.print();
  };

  const button = "inline-flex min-h-11 items-center gap-2 px-2 text-sm font-semibold text-brand underline print:hidden";
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4" data-testid="share-print">
      <button type="button" onClick={share} className={button}>
        <Share aria-hidden className="size-4" /> Share
      </button>
      <button type="button" onClick={print} className={button}>
        <Printer aria-hidden className="size-4" /> Print
      </button>
      <p role="status" className="basis-full text-sm text-neutral-700 break-all">
        {status}
      </p>
    </div>
  );
}
