import { describe, expect, test } from "vitest";
import { isMediaType, mediaTypeOf } from "./content-type";

describe("mediaTypeOf", () => {
  test.each([
    ["application/json", "application/json"],
    ["application/json; charset=utf-8", "application/json"],
    ["Application/JSON;charset=UTF-8", "application/json"],
    ["  text/csv ; header=present", "text/csv"],
    ["multipart/form-data; boundary=----abc", "multipart/form-data"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [";charset=utf-8", ""],
  ])("%j → %j", (header, type) => expect(mediaTypeOf(header)).toBe(type));
});

describe("isMediaType", () => {
  test.each([
    ["application/json", ["application/json"], true],
    ["APPLICATION/JSON; charset=utf-8", ["application/json"], true],
    ["application/json-seq", ["application/json"], false],
    ["application/jsonx", ["application/json"], false],
    ["text/plain", ["text/csv", "text/plain"], true],
    ["text/html", ["text/csv", "text/plain"], false],
    ["application/x-www-form-urlencoded; charset=utf-8", ["application/x-www-form-urlencoded"], true],
    [null, ["application/json"], false],
  ] as const)("%j in %j → %s", (header, types, ok) => expect(isMediaType(header, ...types)).toBe(ok));
});
