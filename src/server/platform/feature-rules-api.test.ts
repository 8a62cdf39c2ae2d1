import { randomBytes } from "node:crypto";
import { like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { FEATURE_RULES } from "@/domain/site/features";
import { getSiteContext } from "@/server/site/context";
import { deleteRunSites, setupAppDatabase } from "@/server/testing/app-database";
import { callPlatform } from "@/server/testing/requests";
import { deleteFeatureRuleRoute, getFeatureRules, postFeatureRule, putFeatureRule } from "./feature-rules-api";
import { getWebsite, postWebsite } from "./websites-api";

/*
 * Feature rules as data through the platform API's handlers: the spec's and the demo's
 * rules are there from the start, a group's rule gives a new site of the group its flags with their
 * source, a change reaches the site's pages at once, and bad rules are 422 per field.
 */
const run = randomBytes(3).toString("hex");
const GROUP = `Rule Group ${run}`;

const db = setupAppDatabase({
  after: async () => {
    await db.delete(t.featureRules).where(like(t.featureRules.why, `%${run}%`));
    await deleteRunSites(db, run);
  },
});

const send = callPlatform;
const groupRule = {
  why: `The group's sites offer reviews and a garage (${run})`,
  match: { group: GROUP },
  set: { reviews: true, garage_enabled: true },
};

describe("a NUL in a rule's text: 422 naming the field, never a 500", () => {
  test.each([
    ["its reason", { ...groupRule, why: "Buys\u0000cars" }, "why"],
    ["a value it matches", { ...groupRule, match: { group: "Kappa\u0000Group" } }, "match.group"],
    ["a pattern", { ...groupRule, match: { name: { pattern: "^a\u0000" } } }, "match.name.pattern"],
  ])("%s", async (_, body, field) => {
    const res = await send(postFeatureRule, {}, "POST", body);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
  });
});

describe("GET and POST /api/v1/feature_rules", () => {
  test("the spec's rules and the demo's are there from the start, in order", async () => {
    const res = await send(getFeatureRules, {}, "GET");
    expect(res.status).toBe(200);
    const keys = ((await res.json()) as { feature_rules: Array<{ key: string | null }> }).feature_rules.map((r) => r.key);
    expect(keys.slice(0, 5)).toEqual(["spec:pre-owned-group", "spec:news-brand", "spec:rv-sales", "spec:360-finance", "spec:mock-leads"]);
    expect(keys).toContain("demo:parkside-group");
  });

  test("the platform's first rules say what the code's rules say, in words (no section numbers)", async () => {
    const res = await send(getFeatureRules, {}, "GET");
    const rules = ((await res.json()) as { feature_rules: Array<{ key: string | null; why: string }> }).feature_rules;
    const stored = rules.filter((r) => r.key?.startsWith("spec:")).map((r) => r.why);
    expect(stored).toEqual(FEATURE_RULES.map((r) => r.why));
    for (const why of rules.map((r) => r.why)) expect(why).not.toMatch(/§/);
  });

  test("a group's rule gives a new site of the group its flags, with where they came from; the site's own setting wins", async () => {
    const created = await send(postFeatureRule, {}, "POST", groupRule);
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule).toMatchObject({ why: groupRule.why, match: { group: GROUP }, set: { reviews: true, garage_enabled: true }, key: null });

    const site = await (
      await send(postWebsite, {}, "POST", {
        name: "Rule Motors",
        slug: `rule-motors-${run}`,
        template: "default",
        domain_name: `rule-${run}.com.au`,
        dealership_group: GROUP,
        features: { reviews: false },
      })
    ).json();
    const { features } = await (await send(getWebsite, { siteId: `${site.id}.json` }, "GET")).json();
    expect(features.garage_enabled).toEqual({ value: true, source: `rule: ${groupRule.why}` });
    expect(features.reviews).toEqual({ value: false, source: "this site" });
    expect((await getSiteContext(`rule-motors-${run}`))!.features.garage_enabled).toBe(true);

    // a change reaches the site at once; a removed rule takes its flags with it
    const changed = await send(putFeatureRule, { ruleId: `${rule.id}.json` }, "PUT", {
      ...groupRule,
      set: { garage_enabled: false, blog: true },
    });
    expect(changed.status).toBe(200);
    expect((await getSiteContext(`rule-motors-${run}`))!.features).toMatchObject({ garage_enabled: false, blog: true });
    expect((await send(deleteFeatureRuleRoute, { ruleId: `${rule.id}.json` }, "DELETE")).status).toBe(204);
    expect((await getSiteContext(`rule-motors-${run}`))!.features.blog).toBe(false);
    expect((await send(deleteFeatureRuleRoute, { ruleId: `${rule.id}.json` }, "DELETE")).status).toBe(404);
    expect((await send(putFeatureRule, { ruleId: `${rule.id}.json` }, "PUT", groupRule)).status).toBe(404);
  });

  test.each([
    ["no match", { ...groupRule, match: {} }, "match", /at least one/],
    ["an unknown field", { ...groupRule, match: { colour: "red" } }, "match.colour", /^Unknown field: check its name, or leave it out\.$/],
    ["a pattern that does not compile", { ...groupRule, match: { slug: { pattern: "(" } } }, "match.slug.pattern", /Not a valid pattern/],
    ["an unknown flag", { ...groupRule, set: { teleport: true } }, "set.teleport", /Unknown flag "teleport"/],
    ["a flag of the wrong type", { ...groupRule, set: { reviews: "yes" } }, "set.reviews", /true or false/],
    ["nothing set", { ...groupRule, set: {} }, "set", /at least one flag/],
    ["no reason", { ...groupRule, why: "" }, "why", /Say why/],
  ])("422 for %s", async (_, body, field, message) => {
    const res = await send(postFeatureRule, {}, "POST", body);
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toMatch(message);
  });

  test("401 without the administrator's credentials; 400 and 404 for bad ids", async () => {
    expect((await send(postFeatureRule, {}, "POST", groupRule, null)).status).toBe(401);
    expect((await send(getFeatureRules, {}, "GET", undefined, null)).status).toBe(401);
    expect((await send(putFeatureRule, { ruleId: "x.json" }, "PUT", groupRule)).status).toBe(400);
    expect((await send(putFeatureRule, { ruleId: "12" }, "PUT", groupRule)).status).toBe(404);
  });
});
