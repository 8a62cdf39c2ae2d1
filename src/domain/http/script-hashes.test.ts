import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes, inlineScripts, isInlineRunnable } from "./script-hashes";

const h = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("inlineScripts", () => {
  test.each([
    ["no script", "<p>hi</p>", []],
    ["one classic script", "<script>a()</script>", ["a()"]],
    ["a nonce'd script (Next's)", '<script nonce="abc">self.__next_f.push([1,"x"])</script>', ['self.__next_f.push([1,"x"])']],
    ["an empty inline script still runs", "<script></script>", [""]],
    ["external scripts are allowed by origin, not hash", '<script src="/_next/a.js" async=""></script>', []],
    ["JSON-LD is a data block", '<script type="application/ld+json">{"a":1}</script>', []],
    ["a module runs", '<script type="module">b()</script>', ["b()"]],
    ["text/javascript with odd case", "<SCRIPT TYPE='Text/JavaScript'>c()</SCRIPT>", ["c()"]],
    ["several, in order, across lines", "<script>1</script>\n<div></div><script id=x>\n2\n</script >", ["1", "\n2\n"]],
    ["entities are not decoded (raw text)", "<script>a&amp;&lt;b</script>", ["a&amp;&lt;b"]],
    ["a data-src attribute is not src", '<script data-src="x">d()</script>', ["d()"]],
    ["CR LF and a lone CR become LF, as the parser makes them", "<script>a\r\nb\rc</script>", ["a\nb\nc"]],
  ])("%s", (_name, html, expected) => {
    expect(inlineScripts(html)).toEqual(expected);
  });
});

describe("isInlineRunnable", () => {
  test.each([
    ["", true],
    [' nonce="n"', true],
    [' type=""', true],
    [" type=text/javascript", true],
    [' type="application/json"', false],
    [' type="text/x-template"', false],
    [' src="/x.js"', false],
    [" src=/x.js type=module", false],
  ])("attributes %j → %s", (attributes, runs) => {
    expect(isInlineRunnable(attributes)).toBe(runs);
  });
});

describe("inlineScriptHashes: only the scripts carrying the render's nonce", () => {
  test.each([
    ["none", "<p></p>", []],
    ["the base64 sha256 of the exact text", '<script nonce="N">alert(1)</script>', [h("alert(1)")]],
    ["UTF-8 text", "<script nonce=N>'café ✓'</script>", [h("'café ✓'")]],
    ["a script twice is one source", "<script nonce=N>x</script><script nonce='N'>x</script>", [h("x")]],
    ["whitespace counts", '<script nonce="N"> y</script>', [h(" y")]],
    ["CR LF is hashed as LF (what the browser hashes)", '<script nonce="N">a\r\nb</script>', [h("a\nb")]],
    ["an injected script without the nonce is not hashed", '<script nonce="N">ok()</script><script>steal()</script>', [h("ok()")]],
    ["nor one with another nonce", '<script nonce="N">ok()</script><script nonce="M">steal()</script>', [h("ok()")]],
    ["nor one whose nonce merely starts with it", '<script nonce="NN">steal()</script>', []],
    ["a nonce in another attribute's value does not count", "<script data-x=' nonce=\"N\"'>steal()</script>", []],
    ["data blocks with the nonce are still not hashed", '<script nonce="N" type="application/json">{}</script>', []],
  ])("%s", (_name, html, expected) => {
    expect(inlineScriptHashes(html, "N")).toEqual(expected);
  });

  test("without a nonce no script is trusted", () => {
    expect(inlineScriptHashes("<script>x()</script><script nonce>y()</script>", undefined)).toEqual([]);
  });

  test("a known vector: sha256 of the empty string", () => {
    expect(inlineScriptHashes('<script nonce="N"></script>', "N")).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
  });
});
