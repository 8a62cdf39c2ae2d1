import { CARD_IMAGE_WIDTHS, imageUrl, responsiveImage } from "@/domain/format/image";
import { lcp } from "./lcp";

/*
 * A photo from the image service as a plain <img>: next/image is a client component, and
 * a page that used it shipped its code (about 5 KB gzipped) for what the server can write as an
 * attribute. The addresses are the loader's (width, automatic format, quality). Usable in
 * server and client components alike.
 */

type Common = { src: string; alt: string; className?: string; priority?: boolean; "data-testid"?: string };

/** A photo that fills its box (`absolute` size-full): every width of the set, for `sizes`. */
export function FillPhoto({
  src,
  alt,
  sizes,
  quality,
  className,
  priority = false,
  ...rest
}: Common & { sizes: string; quality?: number }) {
  const img = responsiveImage(src, CARD_IMAGE_WIDTHS, quality);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the image service's addresses, written by the server
    <img
      src={img.src}
      srcSet={img.srcSet}
      sizes={sizes}
      alt={alt}
      {...lcp(priority)}
      className={`absolute inset-0 size-full ${className ?? ""}`}
      {...rest}
    />
  );
}

/** A photo drawn at a fixed size (a logo, a drawing): one address, as next/image gave it. */
export function FixedPhoto({ src, alt, width, height, className, priority = false, ...rest }: Common & { width: number; height: number }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the image service's addresses, written by the server
    <img src={imageUrl(src, { width: 640 })} alt={alt} width={width} height={height} {...lcp(priority)} className={className} {...rest} />
  );
}
