import { matchPath } from 'react-router-dom';
import { ADMIN_PAGES } from '../../bench/storefront/pages';
import { ADMIN_ROUTES } from './routes';

describe('the route table', () => {
  // The bench runs axe-core on the pages it lists, in a real browser: a page left out of that list
  // is a page whose accessibility nobody measures (a detail page's labels once failed contrast so).
  it("is opened whole by the bench's accessibility check", () => {
    const unchecked = ADMIN_ROUTES.filter((route) => !ADMIN_PAGES.some((path) => matchPath(route.pattern, path)));
    expect(unchecked.map((route) => route.pattern)).toEqual([]);
  });
});
