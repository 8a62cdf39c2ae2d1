import { BackLink } from "@/components/admin/back-link";
import { RemoveRuleButton, RuleForm } from "@/components/admin/console";
import { describeMatch, type StoredFeatureRule } from "@/domain/site/feature-rules";
import { BOOLEAN_FLAGS } from "@/domain/site/features";

/** The feature rules (flags given by a site's id, slug, name, group or manufacturer), and a new rule. */
export function RulesView({ rules }: { rules: StoredFeatureRule[] }) {
  return (
    <>
      <BackLink href="/platform">All sites</BackLink>
      <h1 className="mb-1 text-2xl font-extrabold">Feature rules</h1>
      <p className="mb-5 text-neutral-700">
        A rule gives every site it fits its flags, in this order; a site&apos;s own setting wins. A new site of a group gets its
        group&apos;s flags without anyone setting them.
      </p>
      <section aria-labelledby="rules" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="rules" className="mb-3 text-lg font-bold">
          Rules ({rules.length})
        </h2>
        <ol className="space-y-3" data-testid="rules">
          {rules.map((r) => (
            <li key={r.id} className="rounded-md border border-neutral-200 p-3">
              <p className="font-semibold">{r.why}</p>
              <p className="text-sm">
                <span className="text-neutral-700">When </span>
                {describeMatch(r.match)}
                <span className="text-neutral-700">: </span>
                <span className="break-all font-mono">
                  {Object.entries(r.set)
                    .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
                    .join(", ")}
                </span>
              </p>
              {r.key ? (
                <p className="text-xs text-neutral-600">The platform&apos;s own rule ({r.key})</p>
              ) : (
                <RemoveRuleButton id={r.id} why={r.why} />
              )}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="new-rule" className="rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="new-rule" className="mb-3 text-lg font-bold">
          New rule
        </h2>
        <RuleForm flags={BOOLEAN_FLAGS} />
      </section>
    </>
  );
}
