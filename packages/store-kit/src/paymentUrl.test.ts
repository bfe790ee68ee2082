import { safePaymentUrl } from './paymentUrl';

describe('safePaymentUrl', () => {
  it('follows http(s) payment pages, relative ones against the shop', () => {
    expect(safePaymentUrl('https://pay.example.com/page?token=abc')).toBe('https://pay.example.com/page?token=abc');
    expect(safePaymentUrl('/api/site/v1/simulator/abc')).toBe(`${window.location.origin}/api/site/v1/simulator/abc`);
  });

  it('refuses anything that could run script or is not an address', () => {
    expect(safePaymentUrl('javascript:alert(1)')).toBeNull();
    expect(safePaymentUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safePaymentUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safePaymentUrl('')).toBeNull();
    expect(safePaymentUrl(null)).toBeNull();
    expect(safePaymentUrl(42)).toBeNull();
    expect(safePaymentUrl('http://[broken')).toBeNull();
  });
});
