import { leadFormPage } from "@/components/forms/form-page";

// GET /fleet — the fleet form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("fleet", "/fleet");
export { generateMetadata };
export default Page;
