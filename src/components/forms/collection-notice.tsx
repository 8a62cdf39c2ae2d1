/**
 * What the Privacy Act's collection notice (APP 5) asks a form to say where it takes personal details:
 * who collects them, why, and where the rest is written (the site's privacy policy). Plain markup beside
 * the Send button, so it shows before and without the page's script.
 */
export function CollectionNotice({ siteName, purpose = "answer your enquiry" }: { siteName: string; purpose?: string }) {
  return (
    <p className="text-sm text-neutral-700" data-testid="collection-notice">
      {siteName} collects these details to {purpose}. Our{" "}
      <a href="/privacy-policy" className="font-semibold text-brand underline">
        privacy policy
      </a>{" "}
      says how we use and share them, how you can see or correct them, and how to make a complaint.
    </p>
  );
}
