// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { nameCheck } from "@/domain/platform/domain-check";
import { DomainCheck } from "./domain-check";

/* The console's domain section renders what the server found: each name's DNS and certificate, a refusal, or only the link. */

const parse = (el: React.ReactElement) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(el)}</body>`, "text/html");
const door = { addresses: ["203.0.113.10"], hosts: [] };
const texts = (doc: Document, id: string) => [...doc.querySelectorAll(`[data-testid="${id}"]`)].map((e) => e.textContent?.trim());

test.each([
  [
    "checked",
    {
      names: [
        nameCheck("smith.com.au", { kind: "found", addresses: ["203.0.113.10"], cname: null }, { kind: "none" }, door, false),
        nameCheck("www.smith.com.au", { kind: "missing" }, null, door, false),
      ],
    },
    ["✓ Points to us.", "✗ No DNS record: point it at 203.0.113.10."],
    ["✗ No certificate yet: it is issued on the first visit once published.", "… Not checked: the name does not point to us yet."],
    "Check again",
  ],
  ["refused", { refused: "Checked too often: wait a minute and check again." }, [], [], "Check again"],
  ["not asked", null, [], [], "Check the domain"],
])("%s", (_, result, dns, certificates, link) => {
  const doc = parse(<DomainCheck siteId={1042} domain="smith.com.au" result={result} />);
  expect(texts(doc, "domain-dns")).toEqual(dns);
  expect(texts(doc, "domain-certificate")).toEqual(certificates);
  const a = doc.querySelector('[data-testid="domain-check-link"]')!;
  expect([a.textContent, a.getAttribute("href")]).toEqual([link, "/platform/sites/1042?check=domain#domain"]);
  expect(doc.querySelector('[role="alert"]')?.textContent ?? null).toBe(result && "refused" in result ? result.refused : null);
});

test("no domain yet: says where to give one, and nothing to check", () => {
  const doc = parse(<DomainCheck siteId={1042} domain={null} result={null} />);
  expect(doc.body.textContent).toContain("No domain yet");
  expect(doc.querySelector('[data-testid="domain-check-link"]')).toBeNull();
});
