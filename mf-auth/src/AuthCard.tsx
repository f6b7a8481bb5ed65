import type { ReactNode } from 'react';
import { Link, Logo, PRODUCT_TITLE } from '@app/kit';
import './auth.css';

/** The centred card every auth screen sits in: logo and product title, then the screen's heading. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-page" data-remote="mf_auth">
      <div className="auth-card panel">
        <Link to="/" className="brand auth-brand">
          <Logo />
          <span>{PRODUCT_TITLE}</span>
        </Link>
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer && <p className="auth-footer">{footer}</p>}
      </div>
    </main>
  );
}

/** The server's message for the whole form, above it. */
export function GeneralError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="form-error-general auth-general" role="alert">
      {message}
    </p>
  );
}
