import { describe, expect, test } from "vitest";
import { ACCOUNT_MSG, ResetPasswordSchema, safeRedirect, SignInSchema, SignUpSchema } from "./forms";
import { isCommonPassword } from "./passwords";

describe("safeRedirect (finance sign-in and every other redirect)", () => {
  test.each([
    ["/personalised/finance", "/personalised/finance"],
    ["/my-garage?tab=searches#top", "/my-garage?tab=searches#top"],
    ["/search/used-cars?make=Mazda", "/search/used-cars?make=Mazda"],
    ["https://evil.example/", "/my-garage"],
    ["//evil.example/path", "/my-garage"],
    ["/\\evil.example", "/my-garage"],
    ["/\t/evil.example", "/my-garage"],
    ["javascript:alert(1)", "/my-garage"],
    ["http:/evil.example", "/my-garage"],
    ["", "/my-garage"],
    [null, "/my-garage"],
    ["/" + "a".repeat(600), "/my-garage"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("%j → %j", (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});

describe("isCommonPassword", () => {
  test.each([
    ["Password123!", true],
    ["qwertyuiop", true],
    ["1234567890", true],
    ["9876543210", true],
    ["aaaaaaaaaaaa", true],
    ["Melbourne2026", true],
    ["1111111111", true],
    ["correct horse battery", false],
    ["Tr4ctor-Mazda-Ringwood", false],
    ["my red ute is fast", false],
  ])("%j → %s", (p, expected) => {
    expect(isCommonPassword(p)).toBe(expected);
  });
});

describe("account form schemas", () => {
  test("sign-up: name, a normalised email and a strong password", () => {
    const r = SignUpSchema.safeParse({ name: " Sam ", email: " Sam@Example.COM ", password: "correct horse battery" });
    expect(r.success && r.data).toEqual({ name: "Sam", email: "sam@example.com", password: "correct horse battery" });
  });
  test.each([
    [{ name: "", email: "sam@example.com", password: "correct horse battery" }, "name", ACCOUNT_MSG.name],
    [{ name: "Sam", email: "not-an-email", password: "correct horse battery" }, "email", ACCOUNT_MSG.email],
    [{ name: "Sam", email: "sam@example.com", password: "short" }, "password", ACCOUNT_MSG.password],
    [{ name: "Sam", email: "sam@example.com", password: "x".repeat(129) }, "password", ACCOUNT_MSG.password],
    [{ name: "Sam", email: "sam@example.com", password: "Password2026" }, "password", ACCOUNT_MSG.passwordCommon],
  ])("sign-up refuses %j", (body, field, message) => {
    const r = SignUpSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
  test("sign-in needs an email and some password (its strength is not checked: old passwords still sign in)", () => {
    expect(SignInSchema.safeParse({ email: "sam@example.com", password: "x" }).success).toBe(true);
    expect(SignInSchema.safeParse({ email: "sam@example.com", password: "" }).success).toBe(false);
  });
  test("reset needs a token and a strong new password", () => {
    expect(ResetPasswordSchema.safeParse({ token: "abc", newPassword: "correct horse battery" }).success).toBe(true);
    expect(ResetPasswordSchema.safeParse({ token: "", newPassword: "correct horse battery" }).success).toBe(false);
    expect(ResetPasswordSchema.safeParse({ token: "abc", newPassword: "1234567890" }).success).toBe(false);
  });
});
