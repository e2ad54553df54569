import { Link } from "react-router";
import { PATHS } from "@/shared/paths";
import { usePageMeta } from "@/web/lib/page-meta";

export function NotFoundPage() {
  usePageMeta("Page Not Found", "The page you are looking for does not exist.");
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to={PATHS.home} className="mt-6 inline-block font-medium text-blue-700 hover:underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
