import { leadFormPage } from "../_routes/form";

// GET /sell-my-car — the sell-my-car form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("sell-my-car", "/sell-my-car");
export { generateMetadata };
export default Page;
