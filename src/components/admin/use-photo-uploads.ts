"use client";

import { useRef, useState } from "react";
import type { PhotoView } from "@/domain/stock/photos";

export type Upload = { id: number; name: string; progress: number; error: string | null };
export type Added = { photos: PhotoView[]; feedReplaced?: boolean };

/**
 * Photos on their way up: one request per file, so that each shows its own progress and its own error;
 * one after another, so that each answer (the car's photos after it) includes the ones before it (sent
 * side by side, a slower answer with fewer photos could arrive last and hide one).
 */
export function usePhotoUploads(api: string, onAdded: (answer: Added, file: File) => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextUpload = useRef(0);

  /** `replacing`: the box as it was when the photos were chosen: the whole batch replaces the feed's photos. */
  const uploadFiles = (files: File[], replacing: boolean) => {
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
              let body: { photos?: PhotoView[]; error?: string; feedReplaced?: boolean } = {};
              try {
                body = JSON.parse(xhr.responseText) as typeof body;
              } catch {
                /* not JSON */
              }
              if (xhr.status === 201 && body.photos) {
                onAdded({ photos: body.photos, feedReplaced: body.feedReplaced }, file);
                setUploads((u) => u.filter((x) => x.id !== id));
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
  const dismiss = (id: number) => setUploads((x) => x.filter((y) => y.id !== id));
  return { uploads, uploadFiles, dismiss };
}
