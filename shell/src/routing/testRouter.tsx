import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { ShopRoutes } from './routes';

/** The shop's routes in a memory router, mounted as bootstrap.tsx mounts them in the browser's. */
export interface TestRouter {
  element: JSX.Element;
  /** Goes to `to` as a link to it would. */
  navigate(to: string): void;
  /** Where the shop is now. */
  readonly location: Location;
}

export function testRouter(path: string, children: ReactNode = <ShopRoutes />): TestRouter {
  let navigate: NavigateFunction | undefined;
  let location: Location | undefined;
  function Follow(): null {
    navigate = useNavigate();
    location = useLocation();
    return null;
  }
  const mounted = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error('Render the test router’s element first');
    return value;
  };
  return {
    element: (
      <MemoryRouter initialEntries={[path]}>
        <Follow />
        {children}
      </MemoryRouter>
    ),
    navigate: (to) => mounted(navigate)(to),
    get location() {
      return mounted(location);
    },
  };
}
