import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hmacSha256, sameSecret, signToken, tokenMacValid } from "./signed-tokens";

describe("hmacSha256", () => {
  // RFC 4231 test case 2
  test.each([
    ["hex", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"],
    ["base64url", Buffer.from("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", "hex").toString("base64url")],
  ] as const)("%s", (encoding, mac) => expect(hmacSha256("Jefe", "what do ya want for nothing?", encoding)).toBe(mac));

  test("base64url by default", () => expect(hmacSha256("k", "d")).toBe(createHmac("sha256", "k").update("d").digest("base64url")));
});

describe("sameSecret", () => {
  test.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["", "", true],
    ["", "a", false],
    ["é", "é", true],
    ["e\u0301", "é", false],
  ])("%j vs %j → %s", (a, b, same) => expect(sameSecret(a, b)).toBe(same));
});

describe("signToken / tokenMacValid", () => {
  const secret = "s3cret";
  const token = signToken(secret, "preview", "12.1790000000");
  const [id, expires, mac] = token.split(".") as [string, string, string];

  test("the token is the body, a dot and a 43-character base64url MAC of it under purpose:secret", () => {
    expect(`${id}.${expires}`).toBe("12.1790000000");
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mac).toBe(createHmac("sha256", "preview:s3cret").update("12.1790000000").digest("base64url"));
  });

  test.each([
    ["the same secret, purpose and body", secret, "preview", "12.1790000000", true],
    ["another secret", "other", "preview", "12.1790000000", false],
    ["another purpose", secret, "alerts", "12.1790000000", false],
    ["another body", secret, "preview", "13.1790000000", false],
  ])("%s → %s", (_, s, purpose, body, ok) => expect(tokenMacValid(s, purpose, body, mac)).toBe(ok));

  test.each([[mac.slice(0, -1)], [`${mac}A`], [""], [mac.toUpperCase()]])("a damaged MAC %j is refused", (bad) =>
    expect(tokenMacValid(secret, "preview", "12.1790000000", bad)).toBe(false),
  );
});
