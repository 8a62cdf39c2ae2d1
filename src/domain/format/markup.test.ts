import { expect, test } from "vitest";
import { attrUrl, escapeMarkup } from "./markup";

test.each([
  ["/images/a.jpg?w=640&auto=format&q=75", "/images/a.jpg?w=640&auto=format&q=75"],
  [
    "/images/a.jpg?w=640&auto=format&q=75 640w, /b.jpg?w=828&q=75 828w",
    "/images/a.jpg?w=640&auto=format&q=75 640w, /b.jpg?w=828&q=75 828w",
  ],
  // everything else stays escaped: quotes, angle brackets, an & that does not start a parameter
  ['/x.jpg?w=1" onerror="alert(1)', "/x.jpg?w=1&#34; onerror=&#34;alert(1)"],
  ["/x.jpg?a=<script>", "/x.jpg?a=&#60;script&#62;"],
  ["/x.jpg?a=1& b=2", "/x.jpg?a=1&#38; b=2"],
  ["/x.jpg?a=1&#38;b=2", "/x.jpg?a=1&#38;#38;b=2"],
  ["/x.jpg?a=1&lt;b=2", "/x.jpg?a=1&#38;lt;b=2"],
])("attrUrl(%j) → %j", (url, out) => {
  expect(attrUrl(url)).toBe(out);
});

test("escapeMarkup escapes the five characters markup reads", () => {
  expect(escapeMarkup(`<a href="x" title='y'>&</a>`)).toBe("&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;");
});
