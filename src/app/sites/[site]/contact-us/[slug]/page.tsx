import type { Metadata } from "next";
import { ContactLocationView } from "@/components/locations/location-pages";
import { contactLocationMetadata, loadContactLocation } from "../../_routes/directory";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return contactLocationMetadata(params);
}

// GET /contact-us/{location-slug} — contact one location: its details and the contact form
export default async function ContactLocationPage({ params }: Props) {
  return <ContactLocationView {...await loadContactLocation(params)} />;
}
