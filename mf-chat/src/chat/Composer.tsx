import { forwardRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@shop/api-types';
import { VisuallyHidden } from '@shop/storefront-ui';
import { useT } from '../i18n';
import styles from './chat.module.css';

interface ComposerProps {
  busy: boolean;
  onSend(text: string): void;
  id: string;
}

/** The text input: empty or blank messages are ignored; one message at a time. */
export const Composer = forwardRef<HTMLInputElement, ComposerProps>(function Composer({ busy, onSend, id }, ref) {
  const t = useT();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    onSend(message);
    setText('');
  };
  return (
    <form className={styles.composer} onSubmit={submit} aria-label={t('composer.label')}>
      <VisuallyHidden as="label" htmlFor={id}>
        {t('composer.inputLabel')}
      </VisuallyHidden>
      <input
        ref={ref}
        id={id}
        type="text"
        autoComplete="off"
        enterKeyHint="send"
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={styles.send} disabled={busy || text.trim() === ''}>
        {t('composer.send')}
      </button>
    </form>
  );
});
