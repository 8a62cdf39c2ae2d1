"use client";

import { useState, type ChangeEvent, type DragEvent, type RefObject } from "react";
import { countOf, MAX_ALT_LENGTH, type PhotoView } from "@/domain/stock/photos";
import { thumbnailUrl } from "@/domain/format/image";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import type { Upload } from "./use-photo-uploads";

/** Any image a phone or computer offers (an iPhone's HEIC too): the server checks each by its bytes. */
const ACCEPT = "image/*";

export function FeedReplacedNote({ onHandBack, busy }: { onHandBack: () => void; busy: boolean }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="feed-replaced">
      <p>You replaced the feed&rsquo;s photos with your own: new photos from the feed are not shown for this car.</p>
      <button type="button" className={`${buttonVariants({ variant: "outline", size: "sm" })} mt-2`} onClick={onHandBack} disabled={busy}>
        Use the feed&rsquo;s photos again
      </button>
    </div>
  );
}

type DropZoneProps = {
  camera: RefObject<HTMLInputElement | null>;
  input: RefObject<HTMLInputElement | null>;
  onChosen: (e: ChangeEvent<HTMLInputElement>) => void;
  onFiles: (files: File[]) => void;
  /** photos from the feed: the new ones can replace them */
  fromFeed: number;
  replace: boolean;
  onReplace: (replace: boolean) => void;
};

/** Where photos come in: dropped, taken with the phone's camera, or chosen; with the box to replace the feed's. */
export function PhotoDropZone({ camera, input, onChosen, onFiles, fromFeed, replace, onReplace }: DropZoneProps) {
  const [dropping, setDropping] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    if (e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
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
          <input ref={camera} type="file" name="photos" accept={ACCEPT} capture="environment" className="sr-only" onChange={onChosen} />
        </label>
        <label className={`${buttonVariants({ variant: "outline" })} cursor-pointer focus-within:ring-2 focus-within:ring-brand`}>
          Choose photos
          <input ref={input} type="file" name="photos" accept={ACCEPT} multiple className="sr-only" onChange={onChosen} />
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
              onChange={(e) => onReplace(e.currentTarget.checked)}
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
  );
}

export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (id: number) => void }) {
  return (
    <ul className="space-y-2" aria-label="Uploads">
      {uploads.map((u) => (
        <li key={u.id} className="text-sm">
          {u.error ? (
            <>
              <span role="alert" className="text-red-800">
                {u.error.startsWith(`${u.name}:`) ? u.error : `${u.name}: ${u.error}`}
              </span>{" "}
              <button type="button" className="underline" onClick={() => onDismiss(u.id)}>
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
  );
}

type CardProps = {
  photo: PhotoView;
  n: number;
  count: number;
  dragging: number | null;
  onDragging: (n: number | null) => void;
  move: (from: number, to: number, focus?: string) => void;
  save: (body: unknown, message: string) => Promise<void>;
  makeMain: () => void;
  remove: () => void;
};

/** One photo: its preview, alt text, and the buttons to move, make main and delete it. */
export function PhotoCard({ photo: p, n, count, dragging, onDragging, move, save, makeMain, remove }: CardProps) {
  return (
    <li
      data-photo={p.id}
      draggable
      onDragStart={(e) => {
        onDragging(n);
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(e) => dragging !== null && e.preventDefault()}
      onDrop={(e) => {
        if (dragging === null) return;
        e.preventDefault();
        e.stopPropagation();
        move(dragging, n);
        onDragging(null);
      }}
      onDragEnd={() => onDragging(null)}
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
            Photo {n + 1} of {count}
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
          disabled={n === count - 1}
          aria-label={`Move photo ${n + 1} later`}
          onClick={() => move(n, n + 1, n + 1 === count - 1 ? "up" : "down")}
        >
          ↓ Later
        </button>
        {n > 0 ? (
          <button
            type="button"
            data-action="main"
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            aria-label={`Make photo ${n + 1} the main photo`}
            onClick={makeMain}
          >
            Make main photo
          </button>
        ) : null}
        <button
          type="button"
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          aria-label={`Delete photo ${n + 1}`}
          onClick={() => {
            if (window.confirm(`Delete photo ${n + 1}? The website stops showing it.`)) remove();
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
