import { blogListRoute } from "../_routes/blog";

// GET /news — the site's posts, newest first, in its blogs layout and page size (?page=N)
const route = blogListRoute("/news");
export const generateMetadata = route.generateMetadata;
export default route.Page;
