import { requestIds } from './requestIds';

describe('request ids', () => {
  it('are UUID-shaped, distinct within a gateway and between gateways', () => {
    const next = requestIds();
    const other = requestIds();
    const ids = Array.from({ length: 1000 }, () => next());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(other());
  });
});
