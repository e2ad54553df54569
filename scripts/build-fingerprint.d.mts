// Types for build-fingerprint.mjs, which the tests import to start the built server when it is current.
export function sourcesFingerprint(root: string): string;
export function isBuildOf(root: string, fingerprint: string): boolean;
export function forgetBuild(root: string): void;
export function recordBuild(root: string, fingerprint: string): void;
