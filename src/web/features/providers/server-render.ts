// The two pages the server renders with their data (decision 138): which API read each needs, and the
// browser's query cache as it would be once that read answered, so that the server's render and the
// browser's first one are the same.
import type { QueryClient } from "@tanstack/react-query";
import { PUBLIC_PAGE_META, providerProfileMeta } from "@/shared/page-meta";
import { PATHS, providerPath } from "@/shared/paths";
import type { DirectoryPage, ProviderProfilePage } from "@/shared/providers";
import type { ServerRenderedPage } from "@/shared/server-render";
import { providerProfileData } from "@/shared/structured-data";
import { directoryQueryOptions, profileApiUrl, providerProfileQueryOptions } from "./api";
import { directoryApiUrl, directorySearch, readDirectoryParams } from "./directory-params";

type ProviderPageAddress = { page: "directory"; search: URLSearchParams } | { page: "profile"; slug: string };

/** The directory or a profile at `url` (a path with its query), as the browser's routes read it. */
export function providerPageAt(url: string): ProviderPageAddress | null {
  const parsed = new URL(url, "http://localhost");
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") : parsed.pathname;
  if (path === PATHS.providers) return { page: "directory", search: parsed.searchParams };
  const prefix = `${PATHS.providers}/`;
  if (!path.startsWith(prefix) || path.indexOf("/", prefix.length) !== -1) return null;
  try {
    // Decoded as React Router decodes a parameter.
    return { page: "profile", slug: decodeURIComponent(path.slice(prefix.length)) };
  } catch {
    return null;
  }
}

export function providerPageApiRead(url: string): string | null {
  const address = providerPageAt(url);
  if (!address) return null;
  if (address.page === "profile") return profileApiUrl(address.slug);
  const params = readDirectoryParams(address.search);
  return directoryApiUrl(params, params.cursor ?? null, true);
}

/** Puts the API's answer where the page reads it; the page's meta and its one address. */
export function seedProviderPage(
  queryClient: QueryClient,
  url: string,
  answer: unknown,
): Pick<ServerRenderedPage, "meta" | "canonicalPath" | "structuredData"> {
  const address = providerPageAt(url);
  if (!address) throw new Error(`${url} is not a provider page`);
  if (address.page === "profile") {
    const profile = answer as ProviderProfilePage;
    queryClient.setQueryData(providerProfileQueryOptions(address.slug).queryKey, profile);
    const canonicalPath = providerPath(profile.slug);
    return {
      meta: providerProfileMeta(profile.name, profile.description),
      canonicalPath,
      structuredData: providerProfileData(profile, canonicalPath),
    };
  }
  const params = readDirectoryParams(address.search);
  queryClient.setQueryData(directoryQueryOptions(params).queryKey, {
    pages: [answer as DirectoryPage],
    pageParams: [params.cursor ?? null],
  });
  return { meta: PUBLIC_PAGE_META[PATHS.providers], canonicalPath: `${PATHS.providers}${directorySearch(params)}` };
}
