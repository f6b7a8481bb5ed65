import { useEffect } from 'react';
import { Link, Logo, logoutCompleted, PRODUCT_TITLE, useAppDispatch, useAppSelector, useDocumentTitle } from '@app/kit';
import { screenIntent } from '../federation/screenIntent';
import { HeroBlob, HeroChart } from './HeroArt';

export function LandingPage() {
  const dispatch = useAppDispatch();
  const leftByLogout = useAppSelector((state) => state.auth.loggedOut === true);
  useDocumentTitle('Track your weight');
  useEffect(() => {
    if (leftByLogout) dispatch(logoutCompleted());
  }, [leftByLogout, dispatch]);

  return (
    <div className="landing">
      <HeroBlob />
      <header className="landing-bar">
        <Link to="/" className="brand">
          <Logo />
          <span>{PRODUCT_TITLE}</span>
        </Link>
        <nav className="landing-links" aria-label="Account">
          <Link to="/register" {...screenIntent('/register')}>
            Regiter
          </Link>
          <Link to="/login" className="button button-primary" {...screenIntent('/login')}>
            Login
          </Link>
        </nav>
      </header>
      <main className="landing-main">
        <section className="landing-hero">
          <h1>
            <span>Track your weight.</span> <span>Understand your progress.</span>
          </h1>
          <p>
            <span>Effortless logging meets powerful analytics</span> <span>so you can stay on track and actually see what's working</span>
          </p>
          <Link to="/register" className="button button-primary button-large" {...screenIntent('/register')}>
            Sign Up Today
          </Link>
        </section>
        <HeroChart />
      </main>
    </div>
  );
}
