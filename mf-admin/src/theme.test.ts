import { readableTagColour } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('status tag colours', () => {
  it("are dark enough to read on the tag's light fill (WCAG AA, 4.5:1)", () => {
    // The order statuses' colours as the orders service sends them, on antd's lightest tints of them.
    const statuses: Array<[colour: string, fill: string]> = [
      ['#16a34a', '#e9fcf0'],
      ['#f59e0b', '#fef5e7'],
      ['#2563eb', '#eaf1fe'],
      ['#dc2626', '#fdecec'],
      ['#7c3aed', '#f3edfe'],
    ];
    // As the server sends them, paid (green) and pending (amber) do not read.
    expect(contrast('#16a34a', '#e9fcf0')).toBeLessThan(4.5);
    expect(contrast('#f59e0b', '#fef5e7')).toBeLessThan(4.5);
    for (const [colour, fill] of statuses) expect(contrast(readableTagColour(colour), fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour it cannot read as it is', () => {
    expect(readableTagColour('green')).toBe('green');
    expect(readableTagColour('#f59e0b')).toBe('#7b4f06');
  });
});
