// Registered before Testing Library is first required, so it runs before Testing Library's own
// cleanup empties the page: every screen a test rendered is checked for WCAG 2.5.3 (label in name).
const { labelInNameMismatches } = require('./jest.label-in-name.cjs');
afterEach(() => {
  // A suite of a screen workspace may run on node (a server renderer's): no page to check.
  if (typeof document === 'undefined') return;
  const mismatches = labelInNameMismatches(document.body);
  if (mismatches.length > 0)
    throw new Error(`A control's accessible name leaves out the words it shows (WCAG 2.5.3):\n  ${mismatches.join('\n  ')}`);
});

// Every screen test waits for real (mocked) fetches and for lazily loaded parts (the toast
// library, a remote's chunk) that jest transforms on first use: on a busy two-core CI machine
// that outlasts Testing Library's 1 s default without anything being wrong.
require('@testing-library/react').configure({ asyncUtilTimeout: 3000 });

// The storefront's catalogs load per language, English too (store-kit's defineCatalog): as the
// shell's start-up does for a page, each suite starts with the English of every catalog its file
// defined loaded into the page's instance, so a screen renders in English at once. Required here,
// after the test file's imports, to be the same module its screens use.
beforeAll(async () => {
  const { loadCatalogs, pageI18n } = require('@shop/store-kit/i18n/catalog');
  await loadCatalogs(pageI18n, 'en');
});
