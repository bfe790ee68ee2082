import { render, screen } from '@testing-library/react';
import RichTextEditor from './RichTextEditor';

// The real react-draft-wysiwyg editor in jsdom: it starts from the given HTML and shows the spec's
// toolbar (typing into draft-js needs a real browser; the conversion rules are in richText.test.ts).
it('renders the toolbar (block type, bold, italic, underline, lists, link, image) and the initial HTML', () => {
  render(<RichTextEditor label="Product Description" value="<p>Sifted <strong>maize</strong> meal</p>" onChange={() => undefined} />);
  expect(screen.getByText('Sifted')).toBeTruthy();
  expect(screen.getByText('maize')).toBeTruthy();
  for (const title of ['Bold', 'Italic', 'Underline', 'Unordered', 'Ordered', 'Link', 'Image'])
    expect(screen.getByTitle(title)).toBeTruthy();
  expect(screen.getByText('Normal')).toBeTruthy();
  expect(screen.queryByTitle('Strikethrough')).toBeNull();
  expect(screen.queryByTitle('Indent')).toBeNull();
});
