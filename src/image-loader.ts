"use client";

import { imageUrl } from "@/domain/format/image";

/** next/image loader speaking the image service's parameters (docs/features/photos.md). */
export default function imageLoader({ src, width, quality }: { src: string; width: number; quality?: number }) {
  return imageUrl(src, { width, quality });
}
