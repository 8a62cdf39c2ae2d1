import { blogListRoute } from "../_routes/blog";

// GET /blog — the site's posts, newest first, in its blogs layout and page size (?page=N)
const route = blogListRoute("/blog");
export const generateMetadata = route.generateMetadata;
export default route.Page;
