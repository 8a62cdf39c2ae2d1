"use client";

import { useEffect, useRef, useState } from "react";

/**
 * True once the element is within `margin` of the screen (scrolled near, or a link to it followed):
 * a part further down a page loads its code then, not with the page.
 */
export function useNear<T extends Element>(margin = "800px 0px") {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    io.observe(ref.current!);
    return () => io.disconnect();
  }, [margin]);
  return { ref, near };
}
