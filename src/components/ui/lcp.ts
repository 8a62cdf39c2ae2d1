/**
 * An image's loading: the page's first screen (the LCP image, the first row of results) is fetched
 * at once with high priority, everything else when it nears the screen. (Next 16's `priority` only
 * adds a preload and leaves the image itself at default priority.)
 */
export const lcp = (first: boolean) => (first ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const));
