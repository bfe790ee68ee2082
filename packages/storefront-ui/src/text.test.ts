import { truncateWords } from './text';

const words = (count: number, prefix = 'word'): string[] => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

describe('truncateWords', () => {
  it('cuts a description to 50 words with an ellipsis', () => {
    const text = truncateWords(`<p>${words(60).join(' ')}</p>`);
    const shown = text.replace(/…$/, '').split(' ');
    expect(text.endsWith('…')).toBe(true);
    expect(shown).toHaveLength(50);
    expect(shown[49]).toBe('word50');
    expect(text).not.toContain('word51');
  });

  it('cuts at the 51st word already', () => {
    expect(truncateWords(words(51).join(' '))).toBe(`${words(50).join(' ')}…`);
  });

  it('leaves a description of exactly 50 words whole, without an ellipsis', () => {
    const text = truncateWords(words(50).join(' '));
    expect(text).toBe(words(50).join(' '));
  });

  it('returns plain text: tags become spaces, entities are decoded, runs of spaces collapse', () => {
    expect(
      truncateWords(
        '<p>Maize&nbsp;meal <strong>2&nbsp;kg</strong></p><ul><li>Salt &amp; sugar</li><li>&lt;fresh&gt; &quot;Shwari&quot; &#39;best&#39;</li></ul>',
      ),
    ).toBe('Maize meal 2 kg Salt & sugar <fresh> "Shwari" \'best\'');
  });

  it('counts words across tags, not characters', () => {
    const html =
      words(30, 'a')
        .map((word) => `<em>${word}</em>`)
        .join('') + `<p>${words(30, 'b').join(' ')}</p>`;
    const text = truncateWords(html);
    expect(text).toContain('a30 b1');
    expect(text).toContain('b20…');
    expect(text).not.toContain('b21');
  });

  it('takes another limit when asked', () => {
    expect(truncateWords('one two three four', 2)).toBe('one two…');
  });
});
