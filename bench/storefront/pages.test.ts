import { matchPath } from 'react-router-dom';
import { ADMIN_PAGES } from './pages';

// The back office's route table, required rather than imported: its lazy pages are TSX, which the
// bench's own type check does not compile; jest only needs the patterns.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { ADMIN_ROUTES } = require('../../mf-admin/src/routes') as { ADMIN_ROUTES: Array<{ pattern: string }> };

describe("the bench's back-office pages", () => {
  // axe-core runs in a real browser on the pages listed: a route left out is a page whose
  // accessibility nobody measures (a detail page's labels once failed contrast so, unseen).
  it('open every route of the back office', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThan(20);
    const unchecked = ADMIN_ROUTES.filter((route) => !ADMIN_PAGES.some((path) => matchPath(route.pattern, path)));
    expect(unchecked.map((route) => route.pattern)).toEqual([]);
  });
});
