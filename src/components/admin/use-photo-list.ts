"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import type { PhotoView } from "@/domain/stock/photos";
import { useSend } from "./use-send";

/**
 * A car's photo list and the changes saved to it (order, main photo, alt text, delete, hand back to the
 * feed), each said in a live region; focus follows the photo a button moved.
 */
export function usePhotoList(api: string, initial: PhotoView[], feedReplaced: boolean, input: RefObject<HTMLInputElement | null>) {
  const [photos, setPhotos] = useState(initial);
  const [replaced, setReplaced] = useState(feedReplaced);
  const [said, say] = useState("");
  const { state, send } = useSend();
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    if (!refocus.current) return;
    list.current?.querySelector<HTMLElement>(refocus.current)?.focus();
    refocus.current = null;
  }, [photos]);

  /** Saves a change; on failure the list goes back to what the server holds (`before`). */
  const save = async (body: unknown, message: string, before = photos) => {
    const r = await send<{ photos: PhotoView[] }>(api, { method: "PUT", json: body }, message);
    if (r) {
      setPhotos(r.photos);
      say(message);
    } else setPhotos(before);
  };

  const move = (from: number, to: number, focus?: string) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const order = photos.map((p) => p.id);
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id!);
    if (focus) refocus.current = `[data-photo="${id}"] [data-action="${focus}"]`;
    const before = photos;
    setPhotos(order.map((i) => photos.find((p) => p.id === i)!).map((p, n) => ({ ...p, main: n === 0 })));
    void save({ order }, `Photo moved to position ${to + 1} of ${photos.length}.`, before);
  };

  const remove = async (p: PhotoView, n: number) => {
    const r = await send<{ photos: PhotoView[] }>(`${api}/${p.id}`, { method: "DELETE" }, "Photo deleted.");
    if (r) {
      refocus.current = r.photos.length ? `[data-photo="${r.photos[Math.min(n, r.photos.length - 1)]!.id}"] [data-action="alt"]` : null;
      setPhotos(r.photos);
      say(`Photo ${n + 1} deleted. ${r.photos.length} left.`);
      if (!r.photos.length) input.current?.focus();
    }
  };

  const handBack = async () => {
    const r = await send<{ photos: PhotoView[]; message: string }>(`${api}/hand-back`, { method: "POST" });
    if (r) {
      setPhotos(r.photos);
      setReplaced(false);
      say(r.message);
    }
  };

  /** A main photo chosen: focus stays on the photo, now first. */
  const makeMain = (p: PhotoView, n: number) => {
    refocus.current = `[data-photo="${p.id}"] [data-action="down"]`;
    void save({ main: p.id }, `Photo ${n + 1} is now the main photo.`);
  };
  return { photos, setPhotos, replaced, setReplaced, said, say, state, list, save, move, remove, handBack, makeMain };
}
