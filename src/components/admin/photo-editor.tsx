"use client";

import { useEffect, useRef, useState } from "react";
import { countOf, MAX_PHOTOS_PER_VEHICLE, photoCountLine, type PhotoView } from "@/domain/stock/photos";
import { usePhotoList } from "./use-photo-list";
import { StatusLine } from "./status-line";
import { FeedReplacedNote, PhotoCard, PhotoDropZone, UploadList } from "./photo-editor-parts";
import { usePhotoUploads } from "./use-photo-uploads";

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
  initial: PhotoView[];
  /** photos the car shows that are not its own rows (the demo's drawings), kept when a photo is added */
  otherPhotos: number;
  /** a person replaced the feed's photos: later feeds' photos wait until handed back */
  feedReplaced?: boolean;
}) {
  const api = `/api/admin/sites/${siteId}/vehicles/${vehicleId}/photos`;
  const input = useRef<HTMLInputElement>(null);
  const [replace, setReplace] = useState(false);
  const { photos, setPhotos, replaced, setReplaced, said, say, state, list, save, move, remove, handBack, makeMain } = usePhotoList(
    api,
    initial,
    feedReplaced,
    input,
  );
  const fromFeed = photos.filter((p) => p.fromFeed).length + (photos.length ? 0 : otherPhotos);
  const [dragging, setDragging] = useState<number | null>(null);
  const camera = useRef<HTMLInputElement>(null);

  const { uploads, uploadFiles, dismiss } = usePhotoUploads(api, (answer, file) => {
    setPhotos(answer.photos);
    if (answer.feedReplaced) {
      setReplaced(true);
      setReplace(false);
    }
    say(`${file.name} added.`);
  });

  const chosen = (e: { currentTarget: HTMLInputElement }) => {
    uploadFiles([...(e.currentTarget.files ?? [])], replace);
    e.currentTarget.value = "";
  };

  // photos chosen before this script ran (a phone still loading the page) fired their change event
  // with nobody listening: they are sent now, once
  useEffect(() => {
    for (const el of [camera.current, input.current]) if (el?.files?.length) chosen({ currentTarget: el });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what was chosen before the first render
  }, []);

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
      {replaced ? <FeedReplacedNote onHandBack={() => void handBack()} busy={state.kind === "busy"} /> : null}
      <PhotoDropZone
        camera={camera}
        input={input}
        onChosen={chosen}
        onFiles={(files) => uploadFiles(files, replace)}
        fromFeed={fromFeed}
        replace={replace}
        onReplace={setReplace}
      />
      {uploads.length ? <UploadList uploads={uploads} onDismiss={dismiss} /> : null}
      <StatusLine state={state.kind === "error" ? state : { kind: "idle" }} testId="photos" />
      <p role="status" className="sr-only" data-testid="photos-said">
        {said}
      </p>
      {photos.length ? (
        <ol ref={list} className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="photo-list">
          {photos.map((p, n) => (
            <PhotoCard
              key={p.id}
              photo={p}
              n={n}
              count={photos.length}
              dragging={dragging}
              onDragging={setDragging}
              move={move}
              save={save}
              makeMain={() => makeMain(p, n)}
              remove={() => void remove(p, n)}
            />
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
