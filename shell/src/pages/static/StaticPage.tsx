import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from './i18n';
import { FAQS, POLICIES, type PolicyPage } from './content';
import styles from './StaticPage.module.css';

function Faqs(): JSX.Element {
  const [open, setOpen] = useState<number | null>(0);
  const t = useT();
  return (
    <article className={styles.page}>
      <h1>{t('static.faqs.title')}</h1>
      <div className={styles.accordion}>
        {FAQS.map((faq, index) => {
          const expanded = open === index;
          return (
            <section key={faq.question} className={styles.item}>
              <h2>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`faq-${index}`}
                  id={`faq-q-${index}`}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  {t(faq.question)}
                  <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                </button>
              </h2>
              <div id={`faq-${index}`} role="region" aria-labelledby={`faq-q-${index}`} hidden={!expanded}>
                <p>{t(faq.answer)}</p>
              </div>
            </section>
          );
        })}
      </div>
      <p>
        {t('static.faqs.stillStuck')} <Link to="/return-policy">{t('static.faqs.stillStuckReturnPolicy')}</Link>{' '}
        {t('static.faqs.stillStuckOr')} <Link to="/terms">{t('static.faqs.stillStuckTerms')}</Link>
        {t('static.faqs.stillStuckEnd')}
      </p>
    </article>
  );
}

function Policy({ page }: { page: PolicyPage }): JSX.Element {
  const policy = POLICIES[page];
  const t = useT();
  return (
    <article className={styles.page}>
      <h1>{t(policy.title)}</h1>
      {policy.sections.map((section) => (
        <section key={section.heading}>
          <h2>{t(section.heading)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(paragraph)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export default function StaticPage({ page }: { page: 'faqs' | PolicyPage }): JSX.Element {
  return page === 'faqs' ? <Faqs /> : <Policy page={page} />;
}
