import { DataTable, type Column } from "@/components/admin/data-table";
import type { DomainCheckResult, NameCheck } from "@/domain/platform/domain-check";

/*
 * Before a custom domain is published: whether the site's domain and its www. name point to the
 * platform's front door, and whether it holds their certificates (docs/features/onboarding.md, "On its
 * own domain, over HTTPS"). The check runs on the server when the link asks for it (a plain link:
 * works without JavaScript), since a DNS look-up and a handshake may take a few seconds.
 */

const mark = (ok: boolean, pending: boolean) => (ok ? "✓" : pending ? "…" : "✗");
const tone = (ok: boolean, pending: boolean) => (ok ? "text-green-700" : pending ? "text-amber-700" : "text-red-700");

const COLUMNS: Array<Column<NameCheck>> = [
  { header: "Name", rowHeader: true, className: "break-all font-mono font-normal", cell: (n) => n.name },
  {
    header: "DNS",
    cell: (n) => (
      <span data-testid="domain-dns" data-state={n.dns.state}>
        <span aria-hidden className={tone(n.dns.state === "ours", n.dns.state === "unknown")}>
          {mark(n.dns.state === "ours", n.dns.state === "unknown")}
        </span>{" "}
        {n.dns.text}
      </span>
    ),
  },
  {
    header: "Certificate",
    cell: (n) => (
      <span data-testid="domain-certificate" data-state={n.certificate.state}>
        <span aria-hidden className={tone(n.certificate.state === "issued", n.certificate.state !== "none")}>
          {mark(n.certificate.state === "issued", n.certificate.state !== "none")}
        </span>{" "}
        {n.certificate.text}
      </span>
    ),
  },
];

export function DomainCheck({ siteId, domain, result }: { siteId: number; domain: string | null; result: DomainCheckResult | null }) {
  const href = `/platform/sites/${siteId}?check=domain#domain`;
  return (
    <section aria-labelledby="domain" className="mb-6 rounded-lg border border-neutral-200 bg-white p-5" data-testid="domain-check">
      <h2 id="domain" className="mb-3 text-lg font-bold">
        Its own domain
      </h2>
      {!domain ? (
        <p className="text-sm text-neutral-700">No domain yet: give one in the site record below.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-neutral-700">
            Before publishing, the dealer points <strong>{domain}</strong> and its www. name at the platform. The check asks the DNS and the
            front door from this server; a certificate is issued on the first visit once the site is published.
          </p>
          {result && "refused" in result && (
            <p role="alert" className="mb-3 font-semibold text-red-800">
              {result.refused}
            </p>
          )}
          {result && "names" in result && (
            <DataTable
              columns={COLUMNS}
              rows={result.names}
              rowKey={(n) => n.name}
              caption="Where each name points"
              captionHidden
              testId="domain-names"
              rowTestId="domain-name"
            />
          )}
          <a href={href} className="mt-3 inline-block text-sm font-semibold text-blue-800 underline" data-testid="domain-check-link">
            {result ? "Check again" : "Check the domain"}
          </a>
        </>
      )}
    </section>
  );
}
