/**
 * The numbered analytics events 1 to 61, each with an event name, action, category and
 * label, as one table. The spec fixes three ids (22 form submit, 39 favourite, 51 careers); the rest
 * are named after what a dealer site measures. `when` says what fires it (docs/features/analytics-chat-widgets.md's table is this).
 * No schema here: every page's script imports this file.
 */
export type EventDef = {
  id: number;
  name: string;
  action: string;
  category: string;
  /** the default label; a call may give a more specific one */
  label: string;
  when: string;
};

const e = (id: number, name: string, category: string, action: string, label: string, when: string): EventDef => ({
  id,
  name,
  action,
  category,
  label,
  when,
});

export const EVENTS: readonly EventDef[] = [
  e(1, "page_view", "Page", "View", "Page", "every route change of the app (and the first page)"),
  e(2, "search", "Search", "Search", "Keyword", "a keyword search is run"),
  e(3, "search_filter", "Search", "Filter", "Filter", "a search filter is applied"),
  e(4, "search_sort", "Search", "Sort", "Sort", "the sort order is changed"),
  e(5, "search_page", "Search", "Paginate", "Page", "another results page is opened"),
  e(6, "search_no_results", "Search", "No results", "Search", "a search finds nothing"),
  e(7, "search_saved", "Search", "Save", "Saved search", "Save this search (signed in)"),
  e(8, "vehicle_view", "Vehicle", "View", "Vehicle", "a vehicle page opens (vehicle tracking event)"),
  e(9, "vehicle_card_click", "Vehicle", "Card click", "Vehicle", "a result card is opened"),
  e(10, "gallery_open", "Vehicle", "Gallery open", "Gallery", "the photo gallery opens"),
  e(11, "gallery_next", "Vehicle", "Gallery next", "Gallery", "another photo is shown"),
  e(12, "vehicle_share", "Vehicle", "Share", "Share", "a share link is used"),
  e(13, "vehicle_print", "Vehicle", "Print", "Print", "the vehicle page is printed"),
  e(14, "finance_calculator", "Finance", "Calculate", "Calculator", "the repayment calculator is changed"),
  e(15, "call_click", "Contact", "Call click", "Phone", "a phone number is tapped"),
  e(16, "email_click", "Contact", "Email click", "Email", "an email address is clicked"),
  e(17, "directions_click", "Location", "Directions", "Directions", "Get directions is clicked"),
  e(18, "location_view", "Location", "View", "Location", "a location page opens"),
  e(19, "hours_view", "Location", "Opening hours", "Hours", "the opening hours are expanded"),
  e(20, "enquire_click", "Lead", "Enquire click", "Enquire", "an Enquire Now / Message Now button is pressed"),
  e(21, "form_start", "Lead", "Form start", "Form", "the first field of an enquiry form is changed"),
  e(22, "form_submit", "Lead", "Submit", "Form submit", "an enquiry form is sent"),
  e(23, "form_error", "Lead", "Error", "Form error", "an enquiry form fails to send"),
  e(24, "test_drive_click", "Lead", "Test drive click", "Test drive", "Book a test drive is pressed"),
  e(25, "trade_in_click", "Lead", "Trade-in click", "Trade-in", "Value my trade / Sell my car is pressed"),
  e(26, "finance_click", "Finance", "Apply click", "Finance", "a finance link is pressed"),
  e(27, "pre_approval_start", "Finance", "Pre-approval start", "Pre-approval", "the pre-approval form is started"),
  e(28, "service_booking_click", "Service", "Book click", "Service", "Book a service is pressed"),
  e(29, "parts_click", "Parts", "Enquire click", "Parts", "a parts link is pressed"),
  e(30, "brand_click", "Navigation", "Brand", "Brand", "a brand tile or menu entry is pressed"),
  e(31, "menu_open", "Navigation", "Menu open", "Menu", "the mobile menu opens"),
  e(32, "nav_click", "Navigation", "Link", "Header", "a header menu link is pressed"),
  e(33, "footer_click", "Navigation", "Footer link", "Footer", "a footer link is pressed"),
  e(34, "social_click", "Social", "Click", "Social", "a social network link is pressed"),
  e(35, "review_view", "Reviews", "View", "Reviews", "the reviews page opens"),
  e(36, "review_click", "Reviews", "Leave review", "Review", "Leave a review is pressed"),
  e(37, "offer_view", "Offers", "View", "Offer", "an offer page opens"),
  e(38, "offer_click", "Offers", "Click", "Offer", "an offer's enquiry button is pressed"),
  e(39, "favourite", "Favourites", "Toggle", "Favourite", "a car is saved or removed"),
  e(40, "favourites_view", "Favourites", "View", "Favourites", "the favourites list opens"),
  e(41, "favourite_remove_all", "Favourites", "Clear", "Favourites", "every favourite is removed"),
  e(42, "lookup_rego", "Lookup", "Step 1: rego", "Vehicle lookup", "a rego and state are looked up"),
  e(43, "lookup_found", "Lookup", "Step 2: vehicle found", "Vehicle lookup", "the lookup finds the vehicle"),
  e(44, "lookup_not_found", "Lookup", "Step 2: not found", "Vehicle lookup", "the lookup finds nothing, or is down"),
  e(45, "lookup_condition", "Lookup", "Step 3: odometer and condition", "Vehicle lookup", "odometer and condition are given"),
  e(46, "lookup_contact", "Lookup", "Step 4: contact details", "Vehicle lookup", "the contact step opens"),
  e(47, "chat_teaser_shown", "Chat", "Teaser shown", "Chat teaser", "the chat teaser pops up"),
  e(48, "chat_teaser_closed", "Chat", "Teaser closed", "Chat teaser", "the chat teaser is closed"),
  e(49, "chat_open", "Chat", "Open", "Chat", "the chat opens"),
  e(50, "chat_message", "Chat", "Message", "Chat", "a chat message is sent (and becomes a lead)"),
  e(51, "careers", "Careers", "Apply", "Careers", "a careers application is sent"),
  e(52, "sign_in", "Account", "Sign in", "Account", "a customer signs in"),
  e(53, "sign_up", "Account", "Sign up", "Account", "a customer creates an account"),
  e(54, "sign_out", "Account", "Sign out", "Account", "a customer signs out"),
  e(55, "garage_view", "Account", "Garage view", "Garage", "the garage page opens"),
  e(56, "checkout_start", "Store", "Checkout start", "Reserve online", "Reserve online is pressed"),
  e(57, "reservation_complete", "Store", "Reserved", "Reserve online", "a reservation is confirmed"),
  e(58, "blog_view", "Content", "Post view", "Blog", "a blog post opens"),
  e(59, "video_play", "Content", "Video play", "Video", "a video is played"),
  e(60, "spin_view", "Vehicle", "360 view", "360 spin", "the 360 spin viewer is opened"),
  e(61, "client_error", "Error", "Client error", "Error", "a page fails in the browser"),
];

/** The ids the app fires by name (formSubmit is 22, favourite 39, careers 51). */
export const EVENT_IDS = {
  pageView: 1,
  search: 2,
  searchFilter: 3,
  searchSort: 4,
  searchSaved: 7,
  vehicleView: 8,
  vehicleCardClick: 9,
  galleryOpen: 10,
  galleryNext: 11,
  share: 12,
  print: 13,
  financeCalculator: 14,
  callClick: 15,
  emailClick: 16,
  directions: 17,
  hoursView: 19,
  enquireClick: 20,
  formStart: 21,
  testDriveClick: 24,
  tradeInClick: 25,
  financeClick: 26,
  preApprovalStart: 27,
  serviceClick: 28,
  partsClick: 29,
  brandClick: 30,
  formSubmit: 22,
  formError: 23,
  menuOpen: 31,
  navClick: 32,
  footerClick: 33,
  socialClick: 34,
  reviewClick: 36,
  offerClick: 38,
  favourite: 39,
  lookupRego: 42,
  lookupFound: 43,
  lookupNotFound: 44,
  lookupCondition: 45,
  lookupContact: 46,
  chatTeaserShown: 47,
  chatTeaserClosed: 48,
  chatOpen: 49,
  chatMessage: 50,
  careers: 51,
  signIn: 52,
  signUp: 53,
  signOut: 54,
  checkoutStart: 56,
  locationView: 18,
  reviewView: 35,
  offerView: 37,
  favouritesView: 40,
  favouritesClear: 41,
  garageView: 55,
  reservationComplete: 57,
  blogView: 58,
  clientError: 61,
} as const satisfies Record<string, number>;

export const EVENT_COUNT = 61;

/** The event with this id, or undefined (ids are 1..61). */
export function eventById(id: number): EventDef | undefined {
  return Number.isInteger(id) && id >= 1 && id <= EVENTS.length ? EVENTS[id - 1] : undefined;
}

/** The catalogue's event of this name (an event sent without its id). */
export const eventByName = (name: string): EventDef | undefined => EVENTS.find((e) => e.name === name);

/** Where on the page a link is: the site's header, its footer, or anything between. */
export type LinkArea = "header" | "footer" | "body";

const GOOGLE_MAPS = /^https:\/\/(www\.)?google\.[a-z.]+\/maps/;

/**
 * The events a click on a link fires, what it is for first and then where it is: a phone
 * number 15, an email 16, directions 17, Book a Service 28, parts 29, a brand 30, finance 26; any link
 * of the header menu 32 and of the footer 33 as well. `href` as written in the page (a path or a URL).
 */
export function linkEvents(href: string, area: LinkArea): number[] {
  const out: number[] = [];
  const path = href.startsWith("/") && !href.startsWith("//") ? href.replace(/[?#].*$/, "").replace(/\/+$/, "") || "/" : null;
  if (href.startsWith("tel:")) out.push(EVENT_IDS.callClick);
  else if (href.startsWith("mailto:")) out.push(EVENT_IDS.emailClick);
  else if (GOOGLE_MAPS.test(href)) out.push(EVENT_IDS.directions);
  else if (path === "/service" || path === "/pages/book-a-service") out.push(EVENT_IDS.serviceClick);
  else if (path === "/vehicle-parts-and-accessories") out.push(EVENT_IDS.partsClick);
  else if (path?.startsWith("/brands/")) out.push(EVENT_IDS.brandClick);
  else if (path === "/finance" || path === "/finance-pre-approval") out.push(EVENT_IDS.financeClick);
  if (area === "header") out.push(EVENT_IDS.navClick);
  else if (area === "footer") out.push(EVENT_IDS.footerClick);
  return out;
}

/** The events endpoint takes at most 50 events, 64 KB, in one request (the browser batches to fit). */

export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_EVENTS_BODY_BYTES = 64 * 1024;
