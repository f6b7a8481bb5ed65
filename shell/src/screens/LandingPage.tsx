import { Link } from 'react-router-dom';
import { PRODUCT_TITLE } from '../brand';

export function LandingPage() {
  return (
    <div className="landing">
      <header className="landing-bar">
        <Link to="/" className="brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_TITLE}</span>
        </Link>
        <nav className="landing-links">
          <Link to="/register">Regiter</Link>
          <Link to="/login" className="button button-primary">
            Login
          </Link>
        </nav>
      </header>
      <main className="landing-hero">
        <h1>
          <span>Track your weight.</span> <span>Understand your progress.</span>
        </h1>
        <p>
          <span>Effortless logging meets powerful analytics</span>{' '}
          <span>so you can stay on track and actually see what's working</span>
        </p>
        <Link to="/register" className="button button-primary button-large">
          Sign Up Today
        </Link>
      </main>
    </div>
  );
}
