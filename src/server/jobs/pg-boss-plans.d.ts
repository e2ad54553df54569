// pg-boss's SQL plans (no types of its own): the job queue recognises the statements it sends unawaited.
declare module "pg-boss/src/plans.js" {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
