import { leadFormPage } from "../_routes/form";

// GET /contact — the contact form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("contact", "/contact");
export { generateMetadata };
export default Page;
