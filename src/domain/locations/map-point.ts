/*
 * A point the operator pastes back from a map: "-38.14, 145.12", or a Google Maps or OpenStreetMap
 * address with the coordinates in it. Anything else (a short share link, words, numbers off the
 * globe) is no point: the form says what to paste instead. Pure.
 */

export type MapPoint = { lat: number; long: number };

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\(?\s*(${NUMBER})\s*(?:,\s*|\s+)(${NUMBER})\s*\)?$`);

/** A latitude and longitude on the globe, to six decimals (about 10 cm), or null. */
function point(lat: string | undefined, long: string | undefined): MapPoint | null {
  const numeric = new RegExp(`^${NUMBER}$`);
  if (lat === undefined || long === undefined || !numeric.test(lat) || !numeric.test(long)) return null;
  const la = Number(lat);
  const lo = Number(long);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || Math.abs(la) > 90 || Math.abs(lo) > 180) return null;
  return { lat: Math.round(la * 1e6) / 1e6, long: Math.round(lo * 1e6) / 1e6 };
}

/** "lat,long" (the form a maps address carries in q=, ll=, query=…), or null. */
function pair(text: string | null): MapPoint | null {
  const m = text === null ? null : PAIR.exec(text.trim());
  return m ? point(m[1], m[2]) : null;
}

/** The query parameters a maps address names its point with (Google's q, query, ll, destination, center; Apple's too). */
const POINT_PARAMS = ["q", "query", "ll", "destination", "daddr", "center", "sll"];

function fromUrl(url: URL): MapPoint | null {
  const whole = url.pathname + url.search + url.hash;
  // a Google place: !3d{lat}!4d{long} is the place itself, @{lat},{long} only the map's centre
  const place = /!3d([-+]?\d{1,3}(?:\.\d+)?)!4d([-+]?\d{1,3}(?:\.\d+)?)/.exec(whole);
  if (place) return point(place[1], place[2]);
  const at = new RegExp(String.raw`@(${NUMBER}),(${NUMBER})(?:,|$|/|\?)`).exec(url.pathname);
  if (at) return point(at[1], at[2]);
  // OpenStreetMap: a marker mlat=&mlon= (the place), else #map={zoom}/{lat}/{long} (the map's centre)
  const marker = point(url.searchParams.get("mlat") ?? undefined, url.searchParams.get("mlon") ?? undefined);
  if (marker) return marker;
  const osm = new RegExp(String.raw`(?:^#|&)map=\d{1,2}(?:\.\d+)?/(${NUMBER})/(${NUMBER})(?:&|$)`).exec(url.hash);
  if (osm) return point(osm[1], osm[2]);
  for (const name of POINT_PARAMS) {
    const p = pair(url.searchParams.get(name));
    if (p) return p;
  }
  return null;
}

/** The point in what the operator pasted from a map, or null when there is none. */
export function parseMapPoint(pasted: string): MapPoint | null {
  const text = pasted.trim();
  if (!text || text.length > 2000) return null;
  if (!/^https?:\/\//i.test(text)) return pair(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return fromUrl(url);
}

export const MAP_POINT_HINT =
  "Paste the point from the map: coordinates such as -38.14, 145.12, or the map's address with them in it (a share link without them does not work)";
