// GET /widgets/pixel.js — the social pixel's local stand-in (facebook_mode "local"): the ad
// platform's script cannot be reached from here, so the demo loads this one behind the same
// registry entry. It keeps the official snippet's contract: fbq("init", id), fbq("track", name,
// data, {eventID}), calls queued before it loaded are replayed; every call lands in
// window.__pixelCalls (what tests read) instead of leaving the browser, each with the time it was
// made (a queued call's from fbq.queuedAt, not the moment this script arrived).
const SCRIPT = `(function () {
  var w = window;
  var calls = (w.__pixelCalls = w.__pixelCalls || []);
  var queued = w.fbq && w.fbq.queue ? w.fbq.queue.slice() : [];
  var queuedAt = w.fbq && w.fbq.queuedAt ? w.fbq.queuedAt.slice() : [];
  function record(args, at) {
    calls.push({ method: String(args[0]), name: args[1] === undefined ? null : args[1], data: args[2] || null, options: args[3] || null, at: at });
  }
  function fbq() {
    record(Array.prototype.slice.call(arguments), Date.now());
  }
  fbq.loaded = true;
  fbq.version = "2.0-local";
  fbq.queue = [];
  w.fbq = w._fbq = fbq;
  var config = w.__pixelConfig;
  if (config && config.id) fbq("init", String(config.id));
  fbq("track", "PageView");
  for (var i = 0; i < queued.length; i++) record(Array.prototype.slice.call(queued[i]), queuedAt[i] || Date.now());
})();
`;

export const dynamic = "force-static";

export function GET() {
  return new Response(SCRIPT, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}
