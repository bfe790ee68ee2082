import { productFilterQuerySchema, productSearchBodySchema } from './index';

describe('catalogue schemas', () => {
  it('accepts the spec filter forms', () => {
    expect(productFilterQuerySchema.parse({ brand: 'all' })).toEqual({ brand: 'all' });
    expect(productFilterQuerySchema.parse({ brand: 'mlima-gold', category: 'maize-meal' })).toEqual({
      brand: 'mlima-gold',
      category: 'maize-meal',
    });
  });

  it('rejects malformed slugs and unknown sorts', () => {
    expect(productFilterQuerySchema.safeParse({ brand: 'Drop Table;' }).success).toBe(false);
    expect(productFilterQuerySchema.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });

  it('requires a search text with a clear message', () => {
    const result = productSearchBodySchema.safeParse({ search: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The search field is required.');
  });
});
