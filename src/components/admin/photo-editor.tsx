"use client";

import { useEffect, useRef, useState, type DragEvent } from "react";
import { countOf, MAX_ALT_LENGTH, MAX_PHOTOS_PER_VEHICLE, photoCountLine, type PhotoView } from "@/domain/stock/photos";
import { thumbnailUrl } from "@/domain/format/image";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { useSend } from "./use-send";
import { StatusLine } from "./status-line";

type EditorPhoto = PhotoView;
type Upload = { id: number; name: string; progress: number; error: string | null };

/** Any image a phone or computer offers (an iPhone's HEIC too): the server checks each by its bytes. */
const ACCEPT = "image/*";

/**
 * A car's photos in the back-office: upload several at once (drop them, choose them or take one
 * with the phone's camera, each with its own progress), added to the feed's photos or in their place,
 * reorder by dragging or with the move buttons (keyboard), make one the main photo, write alt text,
 * delete, and hand replaced photos back to the feed. Each change is saved at once and said in a live
 * region.
 */
export function PhotoEditor({
  siteId,
  vehicleId,
  initial,
  otherPhotos,
  feedReplaced = false,
}: {
  siteId: number;
  vehicleId: number;
  initial: EditorPhoto[];
  /** photos the car shows that are not its own rows (the demo's drawings), kept when a photo is added */
  otherPhotos: number;
  /** a person replaced the feed's photos: later feeds' photos wait until handed back */
  feedReplaced?: boolean;
}) {
  const api = `/api/admin/sites/${siteId}/vehicles/${vehicleId}/photos`;
  const [photos, setPhotos] = useState(initial);
  const [replaced, setReplaced] = useState(feedReplaced);
  const [replace, setReplace] = useState(false);
  const fromFeed = photos.filter((p) => p.fromFeed).length + (photos.length ? 0 : otherPhotos);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [said, say] = useState("");
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);
  const { state, send } = useSend();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<string | null>(null);
  const nextUpload = useRef(0);

  useEffect(() => {
    if (!refocus.current) return;
    list.current?.querySelector<HTMLElement>(refocus.current)?.focus();
    refocus.current = null;
  }, [photos]);

  /** Saves a change; on failure the list goes back to what the server holds (`before`). */
  const save = async (body: unknown, message: string, before = photos) => {
    const r = await send<{ photos: EditorPhoto[] }>(api, { method: "PUT", json: body }, message);
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

  const remove = async (p: EditorPhoto, n: number) => {
    const r = await send<{ photos: EditorPhoto[] }>(`${api}/${p.id}`, { method: "DELETE" }, "Photo deleted.");
    if (r) {
      refocus.current = r.photos.length ? `[data-photo="${r.photos[Math.min(n, r.photos.length - 1)]!.id}"] [data-action="alt"]` : null;
      setPhotos(r.photos);
      say(`Photo ${n + 1} deleted. ${r.photos.length} left.`);
      if (!r.photos.length) input.current?.focus();
    }
  };

  /**
   * One request per file, so that each shows its own progress and its own error; one after another,
   * so that each answer (the car's photos after it) includes the ones before it (sent side by side, a
   * slower answer with fewer photos could arrive last and hide one).
   */
  const uploadFiles = (files: File[]) => {
    // the box as it was when the photos were chosen: the whole batch replaces the feed's photos
    const replacing = replace;
    for (const file of files) {
      const id = ++nextUpload.current;
      setUploads((u) => [...u, { id, name: file.name, progress: 0, error: null }]);
      const update = (change: Partial<Upload>) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, ...change } : x)));
      queue.current = queue.current.then(
        () =>
          new Promise<void>((done) => {
            const xhr = new XMLHttpRequest();
            xhr.upload.onprogress = (e) => e.lengthComputable && update({ progress: Math.round((e.loaded / e.total) * 100) });
            xhr.onload = () => {
              let body: { photos?: EditorPhoto[]; error?: string; feedReplaced?: boolean } = {};
              try {
                body = JSON.parse(xhr.responseText) as typeof body;
              } catch {
                /* not JSON */
              }
              if (xhr.status === 201 && body.photos) {
                setPhotos(body.photos);
                if (body.feedReplaced) {
                  setReplaced(true);
                  setReplace(false);
                }
                setUploads((u) => u.filter((x) => x.id !== id));
                say(`${file.name} added.`);
              } else update({ error: body.error ?? "The photo could not be uploaded. Please try again.", progress: 100 });
              done();
            };
            xhr.onerror = () => {
              update({ error: "The back-office could not be reached. Check your connection and try again." });
              done();
            };
            const form = new FormData();
            if (replacing) form.append("replace", "1");
            form.append("photos", file);
            xhr.open("POST", api);
            xhr.send(form);
          }),
      );
    }
  };

  const handBack = async () => {
    const r = await send<{ photos: EditorPhoto[]; message: string }>(`${api}/hand-back`, { method: "POST" });
    if (r) {
      setPhotos(r.photos);
      setReplaced(false);
      say(r.message);
    }
  };

  const chosen = (e: { currentTarget: HTMLInputElement }) => {
    uploadFiles([...(e.currentTarget.files ?? [])]);
    e.currentTarget.value = "";
  };

  // photos chosen before this script ran (a phone still loading the page) fired their change event
  // with nobody listening: they are sent now, once
  useEffect(() => {
    for (const el of [camera.current, input.current]) if (el?.files?.length) chosen({ currentTarget: el });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what was chosen before the first render
  }, []);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    if (e.dataTransfer.files.length) uploadFiles([...e.dataTransfer.files]);
  };

  return (
    <section aria-labelledby="photos-heading" className="space-y-4">
      <h2 id="photos-heading" className="text-xl font-extrabold">
        Photos
      </h2>
      <p className="font-semibold" data-testid="photo-count">
        {photoCountLine(photos, otherPhotos)}
      </p>
      <p className="text-sm text-neutral-700">
        The first photo is the main photo: it shows on search results and when the car is shared. Drag photos to reorder them, or use the
        move buttons; the order you set stays when the feed sends photos again. Up to {MAX_PHOTOS_PER_VEHICLE} photos of 15 MB each (JPEG,
        PNG, WebP, HEIC or AVIF).
      </p>
      {otherPhotos > 0 && !photos.length ? (
        <p className="rounded-md border border-neutral-300 bg-neutral-50 p-3 text-sm" data-testid="photos-from-feed">
          The website shows {countOf(otherPhotos, "photo")} of this car from its stock feed. Photos you upload here are added to them.
        </p>
      ) : null}
      {replaced ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="feed-replaced">
          <p>You replaced the feed&rsquo;s photos with your own: new photos from the feed are not shown for this car.</p>
          <button
            type="button"
            className={`${buttonVariants({ variant: "outline", size: "sm" })} mt-2`}
            onClick={() => void handBack()}
            disabled={state.kind === "busy"}
          >
            Use the feed&rsquo;s photos again
          </button>
        </div>
      ) : null}
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        data-testid="photo-drop"
        className={`rounded-lg border-2 border-dashed p-5 text-center ${dropping ? "border-brand bg-blue-50" : "border-neutral-300"}`}
      >
        <p className="mb-2 font-semibold">Drop photos here, or</p>
        {/* two controls: a phone's camera straight into the upload, and its gallery (capture alone skips the gallery on some phones) */}
        <div className="flex flex-wrap justify-center gap-2">
          <label className={`${buttonVariants({ variant: "outline" })} cursor-pointer focus-within:ring-2 focus-within:ring-brand`}>
            Take a photo
            <input ref={camera} type="file" name="photos" accept={ACCEPT} capture="environment" className="sr-only" onChange={chosen} />
          </label>
          <label className={`${buttonVariants({ variant: "outline" })} cursor-pointer focus-within:ring-2 focus-within:ring-brand`}>
            Choose photos
            <input ref={input} type="file" name="photos" accept={ACCEPT} multiple className="sr-only" onChange={chosen} />
          </label>
        </div>
        {fromFeed > 0 ? (
          <div className="mt-3 text-sm">
            <label className="inline-flex items-center gap-2 font-semibold">
              <input
                type="checkbox"
                name="replace"
                value="1"
                checked={replace}
                onChange={(e) => setReplace(e.currentTarget.checked)}
                aria-describedby="replace-hint"
              />
              Replace the feed&rsquo;s photos with these
            </label>
            <p id="replace-hint" className="text-neutral-700">
              Otherwise they are added after the {countOf(fromFeed, "photo")} from the feed.
            </p>
          </div>
        ) : null}
      </div>
      {uploads.length ? (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              {u.error ? (
                <>
                  <span role="alert" className="text-red-800">
                    {u.error.startsWith(`${u.name}:`) ? u.error : `${u.name}: ${u.error}`}
                  </span>{" "}
                  <button type="button" className="underline" onClick={() => setUploads((x) => x.filter((y) => y.id !== u.id))}>
                    Dismiss
                  </button>
                </>
              ) : (
                <>
                  <span className="font-semibold">{u.name}</span>
                  <progress max={100} value={u.progress} aria-label={`Uploading ${u.name}`} className="ml-2 align-middle">
                    {u.progress}%
                  </progress>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <StatusLine state={state.kind === "error" ? state : { kind: "idle" }} testId="photos" />
      <p role="status" className="sr-only" data-testid="photos-said">
        {said}
      </p>
      {photos.length ? (
        <ol ref={list} className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="photo-list">
          {photos.map((p, n) => (
            <li
              key={p.id}
              data-photo={p.id}
              draggable
              onDragStart={(e) => {
                setDragging(n);
                e.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(e) => dragging !== null && e.preventDefault()}
              onDrop={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragging, n);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className={`rounded-lg border bg-white p-3 ${dragging === n ? "opacity-50" : ""} ${n === 0 ? "border-brand" : "border-neutral-200"}`}
            >
              <div className="flex gap-3">
                {/* eslint-disable-next-line @next/next/no-img-element -- a back-office preview from the image service, at its own size */}
                <img
                  src={thumbnailUrl(p.url)}
                  alt={p.alt || `Photo ${n + 1}`}
                  width={128}
                  height={p.width && p.height ? Math.round((128 * p.height) / p.width) : 85}
                  className="h-auto w-32 shrink-0 cursor-grab self-start rounded object-cover"
                  loading="lazy"
                />
                <div className="min-w-0 flex-1 space-y-2">
                  <p className="text-sm font-semibold">
                    Photo {n + 1} of {photos.length}
                    {n === 0 ? (
                      <span className="ml-2 inline-block whitespace-nowrap rounded bg-brand px-2 py-0.5 text-xs text-brand-contrast">
                        Main photo
                      </span>
                    ) : null}
                    <span
                      className="ml-2 inline-block whitespace-nowrap rounded bg-neutral-100 px-2 py-0.5 text-xs font-normal text-neutral-800"
                      data-testid="photo-source"
                    >
                      {p.fromFeed ? "From feed" : "Uploaded"}
                    </span>
                  </p>
                  <label className="block text-sm font-semibold" htmlFor={`alt-${p.id}`}>
                    Alt text for photo {n + 1}
                  </label>
                  <input
                    id={`alt-${p.id}`}
                    data-action="alt"
                    defaultValue={p.alt}
                    maxLength={MAX_ALT_LENGTH}
                    placeholder="e.g. Front three-quarter view"
                    className={inputClass}
                    onBlur={(e) => {
                      const text = e.currentTarget.value.trim();
                      if (text !== p.alt) void save({ alt: [{ id: p.id, text }] }, `Alt text of photo ${n + 1} saved.`);
                    }}
                  />
                </div>
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  data-action="up"
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                  disabled={n === 0}
                  aria-label={`Move photo ${n + 1} earlier`}
                  onClick={() => move(n, n - 1, n - 1 === 0 ? "down" : "up")}
                >
                  ↑ Earlier
                </button>
                <button
                  type="button"
                  data-action="down"
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                  disabled={n === photos.length - 1}
                  aria-label={`Move photo ${n + 1} later`}
                  onClick={() => move(n, n + 1, n + 1 === photos.length - 1 ? "up" : "down")}
                >
                  ↓ Later
                </button>
                {n > 0 ? (
                  <button
                    type="button"
                    data-action="main"
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                    aria-label={`Make photo ${n + 1} the main photo`}
                    onClick={() => {
                      refocus.current = `[data-photo="${p.id}"] [data-action="down"]`;
                      void save({ main: p.id }, `Photo ${n + 1} is now the main photo.`);
                    }}
                  >
                    Make main photo
                  </button>
                ) : null}
                <button
                  type="button"
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                  aria-label={`Delete photo ${n + 1}`}
                  onClick={() => {
                    if (window.confirm(`Delete photo ${n + 1}? The website stops showing it.`)) void remove(p, n);
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-neutral-700" data-testid="no-photos">
          {otherPhotos ? "None of the car's own yet: the photos above are the feed's until you add one." : "No photos uploaded yet."}
        </p>
      )}
    </section>
  );
}
