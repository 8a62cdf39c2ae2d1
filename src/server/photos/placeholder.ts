import "server-only";
import sharp from "sharp";
import { PLACEHOLDER_SVG } from "@/domain/artwork/svg";
import { ingestPhoto } from "./ingest";

/** The box of a drawn original (a camera's 3:2): the placeholder's, and the demo photos'. */
export const DRAWN_ORIGINAL = { width: 1600, height: 1067 } as const;

/**
 * The platform's "photo coming soon" as a JPEG original (every dealer's car without a photo yet
 * shows it), put through the same ingest as an upload so the image service makes its sizes alike.
 */
export async function renderPlaceholder(): Promise<Buffer> {
  return (
    await ingestPhoto(
      await sharp(Buffer.from(PLACEHOLDER_SVG))
        .resize(DRAWN_ORIGINAL.width, DRAWN_ORIGINAL.height, { fit: "contain", background: "#eceff1" })
        .jpeg({ quality: 90 })
        .toBuffer(),
    )
  ).bytes;
}
