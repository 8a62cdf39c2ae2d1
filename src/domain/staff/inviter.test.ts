import { describe, expect, test } from "vitest";
import { inviterName, senderName } from "./inviter";

describe("who an invitation is from", () => {
  test.each([
    [{ name: "Olive Owner", email: "owner@parksidemotorgroup.com.au" }, "Olive Owner"],
    [{ name: "op", email: "op@platform.example" }, "Dealer Platform"],
    [{ name: "OP ", email: "Op@platform.example" }, "Dealer Platform"],
    [{ name: "  ", email: "sam@example.com" }, "Dealer Platform"],
    [{ name: "Sam", email: "sam.sales@example.com" }, "Sam"],
  ])("%j → %s", (inviter, from) => expect(inviterName(inviter, "Dealer Platform")).toBe(from));

  test.each([
    ["Dealer Platform <no-reply@localhost>", "Dealer Platform"],
    ['"Parkside Motor Group" <no-reply@parksidemotorgroup.com.au>', "Parkside Motor Group"],
    ["no-reply@localhost", "The dealer platform"],
  ])("%s → %s", (from, name) => expect(senderName(from)).toBe(name));
});
