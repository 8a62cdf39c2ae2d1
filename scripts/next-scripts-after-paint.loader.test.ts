import { describe, expect, test } from "vitest";
import { INERT_TYPE, LOADER, MAX_WAIT_MS } from "./next-scripts-after-paint.mjs";

/*
 * The loader Next writes after its bootstrap script (scripts/next-scripts-after-paint.mjs), run
 * against a small stand-in for the browser: when it asks for Next's scripts, and that it asks once.
 */

type Listener = () => void;
type FakeScript = {
  attrs: Record<string, string>;
  async: boolean;
  nonce: string;
  onload: Listener | null;
  onerror: Listener | null;
  setAttribute(a: string, v: string): void;
};

function browser(
  o: {
    parsed?: boolean;
    hidden?: boolean;
    errorShell?: boolean;
    images?: Array<{ high: boolean; complete: boolean }>;
    observer?: boolean;
  } = {},
) {
  let now = 0;
  const timers: Array<{ at: number; fn: Listener }> = [];
  let frames: Listener[] = [];
  const on: Record<string, Listener[]> = {};
  let painted: ((l: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
  const added: FakeScript[] = [];
  const inert = [0, 1, 2].map((i) => ({
    attrs: { src: `/_next/static/chunks/${i}.js`, type: INERT_TYPE, ...(i === 0 ? { integrity: "sha384-x", crossorigin: "" } : {}) },
    nonce: "N0nce",
    removed: false,
    hasAttribute(a: string) {
      return a in this.attrs;
    },
    getAttribute(a: string) {
      return (this.attrs as Record<string, string>)[a] ?? null;
    },
    remove() {
      this.removed = true;
    },
  }));
  const images = (o.images ?? []).map((im) => {
    const handlers: Record<string, Listener[]> = {};
    return {
      complete: im.complete,
      getAttribute: (a: string) => (a === "fetchpriority" && im.high ? "high" : null),
      addEventListener: (t: string, f: Listener) => (handlers[t] ??= []).push(f),
      fire: (t: string) => (handlers[t] ?? []).forEach((f) => f()),
    };
  });
  const document = {
    readyState: o.parsed ? "interactive" : "loading",
    visibilityState: o.hidden ? "hidden" : "visible",
    documentElement: { id: o.errorShell ? "__next_error__" : "" },
    images,
    head: { appendChild: (s: FakeScript) => added.push(s) },
    addEventListener: (t: string, f: Listener) => (on[t] ??= []).push(f),
    querySelectorAll: (sel: string) => (sel === `script[type="${INERT_TYPE}"]` ? inert.filter((t) => !t.removed) : []),
    createElement: (): FakeScript => ({
      attrs: {},
      async: false,
      nonce: "",
      onload: null,
      onerror: null,
      setAttribute(this: FakeScript, a: string, v: string) {
        this.attrs[a] = v;
      },
    }),
  };
  const window: { __afterPaint?: string } = {};
  class Observer {
    constructor(cb: typeof painted) {
      if (o.observer === false) throw new Error("no PerformanceObserver");
      painted = cb;
    }
    observe() {}
    disconnect() {
      painted = undefined;
    }
  }
  new Function("document", "window", "requestAnimationFrame", "setTimeout", "PerformanceObserver", LOADER)(
    document,
    window,
    (f: Listener) => frames.push(f),
    (f: Listener, ms = 0) => timers.push({ at: now + ms, fn: f }),
    Observer,
  );
  const run = (until: number) => {
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return {
    window,
    added,
    inert,
    images,
    parse() {
      document.readyState = "interactive";
      (on.DOMContentLoaded ?? []).forEach((f) => f());
    },
    paint() {
      painted?.({ getEntriesByName: (n: string) => (n === "first-contentful-paint" ? [{}] : []) });
    },
    frame() {
      const due = frames;
      frames = [];
      due.forEach((f) => f());
      run(now);
    },
    hide() {
      document.visibilityState = "hidden";
      (on.visibilitychange ?? []).forEach((f) => f());
    },
    wait: (ms: number) => run(now + ms),
  };
}

describe("the loader Next writes after its bootstrap script", () => {
  test("asks after the first contentful paint and two frames, not before, and once", () => {
    const b = browser();
    expect(b.window.__afterPaint).toBe("waiting");
    b.parse();
    b.frame();
    b.frame();
    expect(b.added).toEqual([]); // no paint yet
    b.paint();
    b.frame();
    expect(b.added).toEqual([]); // one frame after the paint
    b.frame();
    expect(b.window.__afterPaint).toBe("asked");
    expect(b.added.map((s) => s.attrs.src)).toEqual([
      "/_next/static/chunks/0.js",
      "/_next/static/chunks/1.js",
      "/_next/static/chunks/2.js",
    ]);
    expect(b.inert.every((t) => t.removed)).toBe(true);
    b.wait(MAX_WAIT_MS);
    b.hide();
    b.wait(1);
    expect(b.added).toHaveLength(3); // the cap and going hidden ask nothing more
  });

  test("copies the nonce, integrity and crossorigin, and adds them async; 'ran' once each has loaded or failed", () => {
    const b = browser({ parsed: true });
    b.paint();
    b.frame();
    b.frame();
    expect(b.added[0]).toMatchObject({
      async: true,
      nonce: "N0nce",
      attrs: { src: "/_next/static/chunks/0.js", integrity: "sha384-x", crossorigin: "" },
    });
    expect(b.added[1]!.attrs).toEqual({ src: "/_next/static/chunks/1.js" });
    b.added[0]!.onload!();
    b.added[1]!.onerror!();
    expect(b.window.__afterPaint).toBe("asked");
    b.added[2]!.onload!();
    expect(b.window.__afterPaint).toBe("ran");
  });

  test.each([
    ["a photo of the first screen (fetchpriority=high) still loading", [{ high: true, complete: false }], "load"],
    ["one that fails", [{ high: true, complete: false }], "error"],
  ])("waits for %s", (_, images, event) => {
    const b = browser({ parsed: true, images });
    b.paint();
    b.frame();
    b.frame();
    expect(b.added).toEqual([]);
    b.images[0]!.fire(event);
    b.frame();
    b.frame();
    expect(b.added).toHaveLength(3);
  });

  test.each([
    ["a photo already loaded", [{ high: true, complete: true }]],
    ["a photo of low priority still loading", [{ high: false, complete: false }]],
  ])("does not wait for %s", (_, images) => {
    const b = browser({ parsed: true, images });
    b.paint();
    b.frame();
    b.frame();
    expect(b.added).toHaveLength(3);
  });

  test.each([
    ["Next's error shell (nothing to paint before its scripts draw the page)", { errorShell: true }],
    ["a page hidden when parsed", { hidden: true }],
  ])("asks at once, once the document is parsed: %s", (_, o) => {
    const b = browser(o);
    expect(b.added).toEqual([]);
    b.parse();
    expect(b.added).toHaveLength(3);
  });

  test("a page that goes hidden asks in its next task, but never before it is parsed", () => {
    const b = browser();
    b.hide();
    b.wait(10);
    expect(b.added).toEqual([]);
    b.parse();
    expect(b.added).toHaveLength(3);
    const c = browser({ parsed: true });
    c.hide();
    expect(c.added).toEqual([]);
    c.wait(0);
    expect(c.added).toHaveLength(3);
  });

  test("without a paint entry (no PerformanceObserver) it waits for the photos and frames only", () => {
    const b = browser({ parsed: true, observer: false });
    b.frame();
    b.frame();
    expect(b.added).toHaveLength(3);
  });

  test(`never waits longer than ${MAX_WAIT_MS} ms for a paint or a photo`, () => {
    const b = browser({ parsed: true, images: [{ high: true, complete: false }] });
    b.wait(MAX_WAIT_MS - 1);
    expect(b.added).toEqual([]);
    b.wait(1);
    expect(b.added).toHaveLength(3);
  });
});
