import { jsonLdText } from "@/domain/content/json-ld";

/** schema.org data for search engines, written so that no stored text can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
