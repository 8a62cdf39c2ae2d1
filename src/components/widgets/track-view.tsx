"use client";

import { useEffect } from "react";
import { track } from "@/client/analytics";

type Props = { event: number; props?: Record<string, string | number | boolean>; label?: string };

/**
 * Fires one analytics event when the page (or a new query of it: give it a `key`) is shown: a
 * vehicle page's vehicle tracking event, a search's filter event. Renders nothing.
 */
export function TrackView({ event, props, label }: Props) {
  const serialised = JSON.stringify(props ?? {});
  useEffect(() => {
    track(event, { ...(JSON.parse(serialised) as Record<string, unknown>), ...(label ? { label } : {}) });
  }, [event, serialised, label]);
  return null;
}
