import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/renderWithStore';
import { ErrorPage, errorText } from './ErrorPage';

const routes = (code: number) => [
  { path: '/err', element: <ErrorPage code={code} /> },
  { path: '/dashboard/overview', element: <p>overview page</p> },
  { path: '/dashboard/settings', element: <p>settings page</p> },
];

describe('ErrorPage', () => {
  it.each([
    [400, 'Bad Request', "Something's off with your request. Check and try again."],
    [401, 'Unauthorized', 'You must be logged in to access this page.'],
    [403, 'Forbidden', "You don't have permission to access this."],
    [404, 'Not Found', "We couldn't find the page you're looking for."],
    [500, 'Server Error', 'Something went wrong on our end.'],
    [503, 'Server Error', 'Something went wrong on our end.'],
  ])('shows %i with its title and message', (code, title, message) => {
    renderRoutes(routes(code), '/err');
    expect(screen.getByText(String(code))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('has the 408 text and falls back to the 500 text for unknown codes', () => {
    expect(errorText(408)).toEqual({ title: 'Request Timeout', message: 'Request took too long. Try again.' });
    expect(errorText(418)).toEqual(errorText(500));
  });

  it('goes back to the overview when there is no origin', async () => {
    renderRoutes(routes(404), '/err');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('overview page')).toBeInTheDocument();
  });

  it('goes back to the page the user came from', async () => {
    const { router } = renderRoutes(routes(500), '/dashboard/overview');
    await router.navigate('/err', { state: { from: '/dashboard/settings' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });
});
