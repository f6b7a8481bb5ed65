// The router every app uses, reached only through kit: kit is one instance on the page, so there is one router and
// one router context, and only what the apps use of react-router ships (shared on its own it would ship whole).
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
