import { render, screen } from '@testing-library/react';
import { VisuallyHidden } from './VisuallyHidden';

it('keeps hidden text for screen readers: a heading by its name, a field by its label', () => {
  render(
    <>
      <VisuallyHidden as="h1">Shwari Shop</VisuallyHidden>
      <VisuallyHidden as="label" htmlFor="message">
        Message the shopping assistant
      </VisuallyHidden>
      <input id="message" />
      <p>
        <VisuallyHidden>You: </VisuallyHidden>Hello
      </p>
    </>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Shwari Shop' })).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Message the shopping assistant' })).toBeTruthy();
  expect(screen.getByText('You:').tagName).toBe('SPAN');
  // Off screen by the one shared rule, never removed from the page.
  expect(screen.getByText('You:').className).toBe(screen.getByRole('heading', { level: 1 }).className);
  expect(screen.getByText('You:').className).not.toBe('');
});
