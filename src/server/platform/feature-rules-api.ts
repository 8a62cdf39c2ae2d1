import "server-only";
import { parseSiteId } from "@/domain/platform/contract";
import { FeatureRuleSchema, type StoredFeatureRule } from "@/domain/site/feature-rules";
import { ruleApplies, type FeatureRule } from "@/domain/site/features";
import { catalogueChanged } from "@/server/cache";
import { getDb } from "@/server/db";
import { fieldErrors, HttpError } from "@/server/http/api";
import { log } from "@/server/base/log";
import {
  createFeatureRule,
  deleteFeatureRule,
  getFeatureRule,
  listFeatureRules,
  updateFeatureRule,
} from "@/server/repositories/feature-rules";
import { listSites } from "@/server/repositories/sites";
import { bodyOf, platformRoute, requireAuth } from "./dashboard-api";

/*
 * Feature rules as data through the platform API and the console: list, add, change and
 * remove. After a change, every site the rule fits (before or after) drops its caches, here and in
 * the other processes, so its pages show the new flags at once.
 */

const NO_STORE = { "cache-control": "no-store" };

/** The sites a rule fits (before or after a change): their caches drop. */
async function touched(rules: Array<FeatureRule | null>): Promise<void> {
  const sites = await listSites(await getDb());
  const ids = sites.filter((s) => rules.some((r) => r && ruleApplies(r, s))).map((s) => s.id);
  catalogueChanged(ids);
}

const rejected = (error: Parameters<typeof fieldErrors>[0]) =>
  new HttpError(422, "Please correct the rule.", {}, fieldErrors(error, "rule"));

export const ruleJson = (r: StoredFeatureRule) => ({ id: r.id, key: r.key, position: r.position, why: r.why, match: r.match, set: r.set });

/** A new rule from its record; an HttpError 422 naming each bad field. */
export async function addRule(body: unknown, by: string): Promise<StoredFeatureRule> {
  const parsed = FeatureRuleSchema.safeParse(body);
  if (!parsed.success) throw rejected(parsed.error);
  const rule = await createFeatureRule(await getDb(), parsed.data);
  log.info({ area: "feature-rules", rule: rule.id, by }, "feature rule added");
  await touched([rule]);
  return rule;
}

export async function changeRule(id: number, body: unknown, by: string): Promise<StoredFeatureRule> {
  const parsed = FeatureRuleSchema.safeParse(body);
  if (!parsed.success) throw rejected(parsed.error);
  const db = await getDb();
  const before = await getFeatureRule(db, id);
  const rule = before ? await updateFeatureRule(db, id, parsed.data) : null;
  if (!rule) throw new HttpError(404, "Unknown rule.");
  log.info({ area: "feature-rules", rule: id, by }, "feature rule changed");
  await touched([before, rule]);
  return rule;
}

export async function removeRule(id: number, by: string): Promise<void> {
  const db = await getDb();
  const before = await getFeatureRule(db, id);
  if (!before || !(await deleteFeatureRule(db, id))) throw new HttpError(404, "Unknown rule.");
  log.info({ area: "feature-rules", rule: id, by }, "feature rule removed");
  await touched([before]);
}

function ruleId(raw: string): number {
  const m = /^(.+)\.json$/.exec(raw);
  if (!m) throw new HttpError(404, "Not found.");
  const id = parseSiteId(m[1]!);
  if (id === null) throw new HttpError(400, "The rule id must be a positive whole number.");
  return id;
}

// GET /api/v1/feature_rules — every rule in the order they apply
export const getFeatureRules = platformRoute(async (req) => {
  await requireAuth(req, "admin");
  return Response.json({ feature_rules: (await listFeatureRules(await getDb())).map(ruleJson) }, { headers: NO_STORE });
});

// POST /api/v1/feature_rules — a rule: {why, match: {id|slug|name|group|manufacturer: value | [values] | {pattern, flags}}, set: {flag: value}, position?}
export const postFeatureRule = platformRoute(async (req) => {
  await requireAuth(req, "admin");
  return Response.json(ruleJson(await addRule(await bodyOf(req), "platform-api")), { status: 201, headers: NO_STORE });
});

// PUT /api/v1/feature_rules/{id}.json — replace a rule
export const putFeatureRule = platformRoute<{ ruleId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  return Response.json(ruleJson(await changeRule(ruleId(p.ruleId), await bodyOf(req), "platform-api")), { headers: NO_STORE });
});

// DELETE /api/v1/feature_rules/{id}.json — remove a rule
export const deleteFeatureRuleRoute = platformRoute<{ ruleId: string }>(async (req, p) => {
  await requireAuth(req, "admin");
  await removeRule(ruleId(p.ruleId), "platform-api");
  return new Response(null, { status: 204, headers: NO_STORE });
});
