"use client";

import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";
import { IMAGE_QUALITY, imageUrl } from "@/domain/format/image";
import { photoAlt } from "@/domain/stock/vehicle";

/**
 * The vehicle photos full screen (yet-another-react-lightbox): swipe or arrow keys between photos,
 * pinch, double-tap, wheel or +/- to zoom, Escape to close; "3 / 12" shows where you are. Loaded
 * only when a shopper opens it.
 */
export default function PhotoLightbox({
  images,
  alts,
  title,
  index,
  onClose,
  onIndex,
}: {
  images: string[];
  alts?: string[];
  title: string;
  index: number;
  onClose: () => void;
  onIndex: (i: number) => void;
}) {
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      on={{ view: ({ index: i }) => onIndex(i) }}
      slides={images.map((src, i) => ({
        src: imageUrl(src, { width: 1920, quality: IMAGE_QUALITY.high }),
        alt: photoAlt(title, alts, i),
        srcSet: [640, 1080, 1920].map((width) => ({
          src: imageUrl(src, { width, quality: IMAGE_QUALITY.high }),
          width,
          height: Math.round((width * 9) / 16),
        })),
      }))}
      plugins={[Zoom, Counter]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      counter={{ container: { style: { top: 0, bottom: "unset" } } }}
      carousel={{ finite: images.length <= 1 }}
      labels={{ Previous: "Previous photo", Next: "Next photo", Close: "Close photos", "Zoom in": "Zoom in", "Zoom out": "Zoom out" }}
    />
  );
}
