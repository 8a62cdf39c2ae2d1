import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, test } from "vitest";
import { REDACT_PATHS, safeError } from "./log";

describe("logs never carry personal data in clear", () => {
  test("a failed insert is logged without its parameters", () => {
    const e = new Error(
      `Failed query: insert into "leads" ("id", "payload") values ($1, $2)\nparams: 0b0c…,{"first_name":"Mary","email":"mary@example.com","phone":"0412 345 678"}`,
    );
    (e as { cause?: unknown }).cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const out = JSON.stringify(safeError(e));
    expect(out).toContain('insert into \\"leads\\"');
    expect(out).toContain("22021");
    expect(out).not.toMatch(/Mary|mary@example\.com|0412/);
  });

  test("personal fields are redacted wherever they sit", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: safeError } }, sink);
    logger.info(
      {
        lead: {
          first_name: "Mary",
          email: "mary@example.com",
          phone: "0412 345 678",
          message: "call me at home",
          category: "General Enquiry",
        },
        email: "x@y.z",
      },
      "lead",
    );
    logger.error({ err: new Error("connect ECONNREFUSED 127.0.0.1:5432") }, "db");
    expect(lines.join("")).not.toMatch(/Mary|mary@example\.com|0412|x@y\.z|call me/);
    expect(lines.join("")).toContain("General Enquiry");
    expect(lines.join("")).toContain("ECONNREFUSED"); // an error's own message is kept
  });
});
