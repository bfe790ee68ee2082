import { discountLabel, imageProblem, IMAGE_MESSAGES, offerPercent } from './productForm';

describe('product form rules', () => {
  it('offer_percent = (price - offer) / price × 100, 2 decimals, exact in cents', () => {
    expect(offerPercent(235, 199.99)).toBe(14.9);
    expect(offerPercent(560, 499.99)).toBe(10.72);
    expect(offerPercent(1930.5, 1700)).toBe(11.94);
    expect(offerPercent(0.3, 0.1)).toBe(66.67);
    expect(discountLabel(offerPercent(200, 150)!)).toBe('25.00% off');
  });

  it('has no discount without a valid offer', () => {
    expect(offerPercent(235, null)).toBeNull();
    expect(offerPercent(null, 100)).toBeNull();
    expect(offerPercent(0, 0)).toBeNull();
    expect(offerPercent(100, 100)).toBeNull();
    expect(offerPercent(100, 120)).toBeNull();
  });

  it('takes JPEG, PNG and WebP up to 2 MB', () => {
    expect(imageProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe(IMAGE_MESSAGES.type);
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(IMAGE_MESSAGES.size);
  });
});
