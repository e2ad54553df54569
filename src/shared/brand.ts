// The spec names no brand; DESIGN.md decides "Automatch" with the ".io" suffix. Change it here only.
export const BRAND_NAME = "Automatch";
export const BRAND_DOMAIN = ".io";
