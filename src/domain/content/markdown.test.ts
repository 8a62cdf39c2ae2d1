import { describe, expect, test } from "vitest";
import { markdownMemoSize, renderMarkdown } from "./markdown";

const plain = { blog_path_news: false, uses_pages_path: false };
const news = { blog_path_news: true, uses_pages_path: true };

describe("renderMarkdown: stored content never carries script", () => {
  test.each([
    ["a script element", "Hello <script>alert(1)</script> there", /<script|alert\(1\)/i],
    ["a script in a block", "<script>\nfetch('/steal')\n</script>\n\nText", /<script|fetch\(/i],
    ["an event handler", '<img src="/x.png" onerror="alert(1)"> <b onclick="alert(2)">bold</b>', /onerror|onclick|alert/i],
    ["a javascript: link", "[click](javascript:alert(1))", /javascript:/i],
    ["a javascript: link in HTML", '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ["an encoded javascript: link", '<a href="jav&#x09;ascript:alert(1)">x</a>', /javascript|ascript:/i],
    ["a data: URL", '<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:|<script/i],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ["a style element", "<style>body{display:none}</style>", /<style|display:none/i],
    ["an svg with script", "<svg><script>alert(1)</script></svg>", /<svg|<script|alert/i],
    ["a form", '<form action="https://evil.example"><input name="card"></form>', /<form|action=|<input(?![^>]*disabled)/i],
    ["inline style", '<p style="position:fixed;top:0">x</p>', /style=/i],
  ])("%s is removed", (_, input, forbidden) => {
    expect(renderMarkdown(input, plain)).not.toMatch(forbidden);
  });

  test.each([
    ["a paragraph and emphasis", "Hello *world*", "<p>Hello <em>world</em></p>"],
    ["a list", "- one\n- two", "<li>one</li>"],
    ["a table (GFM)", "| a | b |\n|---|---|\n| 1 | 2 |", "<td>1</td>"],
    ["pasted HTML that is harmless", "<strong>Open Saturday</strong>", "<strong>Open Saturday</strong>"],
    ["an h1 becomes an h2 (the page has the h1)", "# Title", "<h2>Title</h2>"],
    ["a tel: link", "[Call](tel:+61398701000)", 'href="tel:+61398701000"'],
    ["an off-site link without opener", "[Mazda](https://www.mazda.com.au)", 'rel="noopener noreferrer"'],
    ["a content link loses /pages", "[About](/pages/about-us)", 'href="/about-us"'],
  ])("%s survives", (_, input, expected) => {
    expect(renderMarkdown(input, plain)).toContain(expected);
  });

  test("link rules follow the site: /blog is /news, /pages kept where the site uses it", () => {
    const html = renderMarkdown("[News](/blog/rider-tips) [About](/pages/about-us)", news);
    expect(html).toContain('href="/news/rider-tips"');
    expect(html).toContain('href="/pages/about-us"');
  });

  test.each([["\0\0"], ["<<<>>>"], ["[x](<"], ["`unterminated"], ["|a|\n|-|\n" + "|x|\n".repeat(500)], ["<".repeat(10000)]])(
    "malformed content %# renders without throwing",
    (input) => {
      expect(() => renderMarkdown(input, plain)).not.toThrow();
      expect(renderMarkdown(input, plain)).not.toContain("\0");
    },
  );
});

describe("renderMarkdown keeps what it rendered", () => {
  const rules = { blog_path_news: false, uses_pages_path: false };
  test("the same words and rules give the same HTML; other rules, their own", () => {
    const body = "See [our news](/blog/launch) and [about us](/pages/about).";
    const first = renderMarkdown(body, rules);
    expect(renderMarkdown(body, rules)).toBe(first);
    expect(first).toContain('href="/blog/launch"');
    expect(first).toContain('href="/about"');
    const news = renderMarkdown(body, { blog_path_news: true, uses_pages_path: true });
    expect(news).toContain('href="/news/launch"');
    expect(news).toContain('href="/pages/about"');
    expect(renderMarkdown(body, rules)).toBe(first);
  });

  test("bounded: many different bodies keep at most 200 entries", () => {
    for (let i = 0; i < 450; i++) renderMarkdown(`Body number ${i}`, rules);
    expect(markdownMemoSize().entries).toBeLessThanOrEqual(200);
    expect(renderMarkdown("Body number 449", rules)).toBe("<p>Body number 449</p>");
    expect(renderMarkdown("Body number 0", rules)).toBe("<p>Body number 0</p>");
  });

  test("a very large body is rendered, not kept", () => {
    const before = markdownMemoSize().chars;
    const big = "word ".repeat(400_000);
    expect(renderMarkdown(big, rules).startsWith("<p>word word")).toBe(true);
    expect(markdownMemoSize().chars - before).toBeLessThan(big.length);
  });
});
