import { render } from '@testing-library/react';
// The check every screen suite runs after each test (jest.testing-library.cjs), tested here once.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file of the jest setup, outside every workspace
const { labelInNameMismatches } = require('../../../jest.label-in-name.cjs') as {
  labelInNameMismatches(root: HTMLElement): string[];
};

const mismatchesOf = (ui: JSX.Element): string[] => {
  const { container, unmount } = render(ui);
  const found = labelInNameMismatches(container);
  // Unmounted here, so the check after this test does not fail on the faults planted on purpose.
  unmount();
  return found;
};

const moreIcon = (hidden: boolean) => <span role="img" aria-label="more" aria-hidden={hidden || undefined} />;

describe('label in name (WCAG 2.5.3), as every screen test checks it', () => {
  it('finds a control whose name leaves out the words it shows', () => {
    expect(mismatchesOf(<button aria-label="Remove item">Delete</button>)).toEqual(['<button> shows "Delete" but is named "Remove item"']);
    expect(
      mismatchesOf(
        <a href="/cart" aria-label="Your basket">
          Cart
        </a>,
      ),
    ).toHaveLength(1);
  });

  it('takes the shown words as whole words: "Action" is not in "Actions for SH-1"', () => {
    expect(mismatchesOf(<button aria-label="Actions for SH-1">Action</button>)).toHaveLength(1);
    expect(mismatchesOf(<button aria-label="Action: SH-1">{moreIcon(true)}Action</button>)).toEqual([]);
  });

  it('accepts a name that begins with or holds the shown words, whatever their case and punctuation', () => {
    expect(mismatchesOf(<button aria-label="Add to Cart: Mlima Gold 1kg">Add to cart</button>)).toEqual([]);
    expect(
      mismatchesOf(
        <a href="/admin/orders/1" aria-label="View order SH-1">
          View
        </a>,
      ),
    ).toEqual([]);
  });

  it('reads a name given by aria-labelledby', () => {
    const ui = (
      <div>
        <span id="which">Mlima Gold 1kg</span>
        <button aria-labelledby="which">Add to Cart</button>
      </div>
    );
    expect(mismatchesOf(ui)).toEqual(['<button> shows "Add to Cart" but is named "Mlima Gold 1kg"']);
  });

  it('leaves out what nobody reads as words: icons, one character, hidden lists, non-controls', () => {
    expect(mismatchesOf(<button aria-label="Increase value">{moreIcon(false)}</button>)).toEqual([]);
    expect(mismatchesOf(<button aria-label="Add one more Mlima Gold 1kg">+</button>)).toEqual([]);
    const screenReaderList = (
      <div role="listbox" style={{ width: 0, height: 0, overflow: 'hidden' }}>
        <div role="option" aria-label="Price: Low to High" aria-selected="false">
          price-low-high
        </div>
      </div>
    );
    expect(mismatchesOf(screenReaderList)).toEqual([]);
    expect(mismatchesOf(<section aria-label="Today's offers">Offers</section>)).toEqual([]);
  });
});
