/*
 * The operators' console forms, one file each: a new site, its record, publishing, its logo and its colours, its
 * locations and dealerships, the dealer's own settings (the back-office's forms), and the feature rules. Each checks its data with the server's own
 * schema before sending, and shows the server's field messages beside the fields.
 */
export { DealershipForm, type DealershipFormValues } from "./dealership-form";
export { LocationForm, type LocationFormValues } from "./location-form";
export { LogoColours } from "./logo-colours";
export { LogoForm } from "./logo-form";
export { NewSiteForm } from "./new-site-form";
export { PublishChecklist } from "./publish-checklist";
export { PublishForm } from "./publish-form";
export { RemoveRuleButton } from "./remove-rule-button";
export { RuleForm } from "./rule-form";
export { SiteRecordForm, type SiteFormValues } from "./site-record-form";
export { ConsoleSettings, type ConsoleSettingsValues } from "./dealer-settings";
export { DomainCheck } from "./domain-check";
