import { forwardRef, useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchSuggestAnswer, SearchSuggestion } from '@shop/api-types';
import { formatKsh } from '@shop/money';
import { VisuallyHidden } from '@shop/storefront-ui';
import { useT } from '../../i18n';
import headerStyles from '../Header.module.css';
import styles from './SearchBox.module.css';

/** Suggestions start at two letters: one letter names half the shop. */
const MIN_LETTERS = 2;
/** Waits this long after the last key before asking, so a word typed quickly is asked once. */
const DEBOUNCE_MS = 150;

interface SearchBoxProps {
  /** The words the box starts with (the search page's query). */
  initial: string;
}

/**
 * The header's search: a combobox (WAI-ARIA combobox with a listbox popup) whose suggestions come
 * from the catalog's search as the shopper types, the same engine as the results page and the
 * assistant. Arrows move through the suggestions, Enter opens the one chosen (or searches the
 * words), Escape closes the list and then clears the words. Small enough to stay in the header's
 * code: no library, one fetch.
 */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox({ initial }, ref) {
  const [text, setText] = useState(initial);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const t = useT();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    const words = text.trim();
    if (words.length < MIN_LETTERS) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${window.location.origin}/api/site/search/suggest?q=${encodeURIComponent(words.slice(0, 100))}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SearchSuggestAnswer>) : null))
        .then((answer) => {
          if (!answer) return;
          setSuggestions(answer.suggestions);
          setActive(-1);
        })
        // Suggestions are a help: without them the box still searches on Enter.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const shown = open && suggestions.length > 0 && text.trim().length >= MIN_LETTERS;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (suggestion: SearchSuggestion) => {
    close();
    navigate(`/product/${encodeURIComponent(suggestion.slug)}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (!words) return;
    close();
    navigate(`/search?q=${encodeURIComponent(words)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (current + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (current <= 0 ? count - 1 : current - 1));
        return;
      case 'Enter':
        if (shown && active >= 0 && suggestions[active]) {
          event.preventDefault();
          choose(suggestions[active]);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (shown) close();
        else setText('');
        return;
    }
  };

  return (
    <form role="search" className={headerStyles.search} onSubmit={submit}>
      <div className={styles.field}>
        <input
          ref={ref}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={t('header.searchPlaceholder')}
          aria-label={t('header.searchProducts')}
        />
        <ul id={listId} role="listbox" aria-label={t('header.suggestions')} className={styles.list} hidden={!shown}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.slug}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <span className={styles.name}>{suggestion.name}</span>
              <span className={styles.price}>{formatKsh(suggestion.price)}</span>
            </li>
          ))}
        </ul>
      </div>
      <VisuallyHidden>
        <span aria-live="polite">{shown ? t('header.suggestionCount', { count: suggestions.length }) : ''}</span>
      </VisuallyHidden>
      <button type="submit">{t('header.search')}</button>
    </form>
  );
});
