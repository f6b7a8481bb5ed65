import { useDocumentTitle, useLocation, useNavigate } from '@app/kit';

const ERRORS: Record<number, { title: string; message: string }> = {
  400: { title: 'Bad Request', message: "Something's off with your request. Check and try again." },
  401: { title: 'Unauthorized', message: 'You must be logged in to access this page.' },
  403: { title: 'Forbidden', message: "You don't have permission to access this." },
  404: { title: 'Not Found', message: "We couldn't find the page you're looking for." },
  408: { title: 'Request Timeout', message: 'Request took too long. Try again.' },
  500: { title: 'Server Error', message: 'Something went wrong on our end.' },
};

/** The error pages with routes; 408 has a text but no route of its own. */
export const ERROR_CODES = [400, 401, 403, 404, 500, 503] as const;

/** A code without an entry (503 among them) falls back to the 500 text, keeping its own code. */
export function errorText(code: number) {
  return ERRORS[code] ?? ERRORS[500];
}

export function ErrorPage({ code }: { code: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const { title, message } = errorText(code);
  useDocumentTitle(`${code} ${title}`);
  return (
    <main className="error-page">
      <p className="error-code">{code}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => navigate(from && from !== location.pathname ? from : '/dashboard/overview')}
      >
        Go back
      </button>
    </main>
  );
}
