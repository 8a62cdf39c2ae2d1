import type { Metadata } from "next";
import { LocationCard, locationCardContext } from "@/components/locations/location-card";
import { LeadForm } from "@/components/forms/lead-form";
import { requestNow } from "@/server/base/clock";
import { leadFormSite } from "@/domain/leads/forms";
import { contentMetadata } from "../../_routes/content";
import { refusedForm } from "../../_routes/form";
import { requireLocation, type SlugParams } from "../../_routes/site";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";

type Props = { params: SlugParams };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { ctx, location } = await requireLocation(props.params);
  return contentMetadata(ctx, {
    title: `Contact ${location.name}`,
    description: `Send ${location.name} a message, or call ${location.contactDetail.phone}.`,
    path: `/contact-us/${location.slug}`,
  });
}

// GET /contact-us/{location-slug} — contact one location: its details and the contact form
export default async function ContactLocationPage(props: Props) {
  const { ctx, location } = await requireLocation(props.params);
  return (
    <PageSection width="text">
      <PageTitle>Contact {location.name}</PageTitle>
      <p className="mt-2 text-neutral-700">Call, email or visit us: our team is happy to help.</p>
      <Panel className="mt-6">
        <LeadForm
          kind="contact"
          site={leadFormSite(ctx)}
          defaultLocationId={location.id}
          fixedLocation
          heading={`Send ${location.name} a message`}
          refused={await refusedForm(ctx, "contact")}
          submissionToken={crypto.randomUUID()}
        />
      </Panel>
      <div className="mt-6">
        <LocationCard location={location} ctx={locationCardContext(ctx, requestNow())} />
      </div>
    </PageSection>
  );
}
