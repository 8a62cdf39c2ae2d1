/*
 * The operators' console forms, one file each: a new site, its record, publishing, its logo and its colours, its
 * locations and dealerships, and the feature rules. Each checks its data with the server's own
 * schema before sending, and shows the server's field messages beside the fields.
 */
export { DealershipForm, type DealershipFormValues } from "./dealership-form";
export { LocationForm, type LocationFormValues } from "./location-form";
export { LogoColours } from "./logo-colours";
export { LogoForm } from "./logo-form";
export { NewSiteForm } from "./new-site-form";
export { PublishForm } from "./publish-form";
export { RemoveRuleButton } from "./remove-rule-button";
export { RuleForm } from "./rule-form";
export { SiteRecordForm, type SiteFormValues } from "./site-record-form";
