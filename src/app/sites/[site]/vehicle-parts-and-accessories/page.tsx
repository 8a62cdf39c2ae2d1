import { leadFormPage } from "../_routes/form";

// GET /vehicle-parts-and-accessories — the parts form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("parts", "/vehicle-parts-and-accessories");
export { generateMetadata };
export default Page;
