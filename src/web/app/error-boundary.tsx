import { Component, type ErrorInfo, type ReactNode } from "react";
import { PATHS } from "@/shared/paths";

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; resetKey: string };

/**
 * The last line under every page: a render error (or a page's code that failed to load after a new
 * release) shows a way on instead of a blank window. Moving to another address tries again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // biome-ignore lint/suspicious/noConsole: the browser's console is where a page's crash is looked for.
    console.error("A page failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main role="alert" className="flex min-h-screen items-center justify-center px-4">
        <div className="max-w-md text-center">
          <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
          <p className="mt-2 text-slate-600">
            This page could not be shown. Reloading often helps; if it keeps happening, start again from the home page.
          </p>
          <div className="mt-6 flex justify-center gap-4">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800"
            >
              Reload the page
            </button>
            <a href={PATHS.home} className="px-4 py-2 font-medium text-blue-700 hover:underline">
              Go to the home page
            </a>
          </div>
        </div>
      </main>
    );
  }
}
