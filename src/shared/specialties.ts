// Spec section 3, enumerations: what a provider company says it does. Matching reads the same list.
export const PROVIDER_SPECIALTIES = [
  "RPA",
  "Workflow Automation",
  "AI/Machine Learning",
  "System Integration",
  "Custom Development",
  "Business Intelligence",
  "Cloud Automation",
  "Data Analytics",
  "IoT Integration",
  "API Development",
] as const;
export type ProviderSpecialty = (typeof PROVIDER_SPECIALTIES)[number];

export function isProviderSpecialty(value: string): value is ProviderSpecialty {
  return (PROVIDER_SPECIALTIES as readonly string[]).includes(value);
}
