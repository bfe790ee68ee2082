import { useState } from 'react';
import type { Address, AddressBody } from '@shop/api-types';
import {
  apiErrorMessages,
  notify,
  useCreateAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  usePageMeta,
  useUpdateAddressMutation,
} from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { AddressForm } from './AddressForm';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import styles from '../profile/profile.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** /profile/addresses: cards with the saved addresses, and working Add, Edit and Delete. */
export function AddressesPage(): JSX.Element {
  const t = useT();
  const serverMessage = useServerMessage();
  usePageMeta({ title: t('addresses.title') });
  const addresses = useGetAddressesQuery();
  const [create, creating] = useCreateAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const [remove, removing] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const save = async (body: AddressBody, address?: Address) => {
    const result = address ? await update({ ...body, id: address.id }) : await create(body);
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(serverMessage(message));
      return;
    }
    notify.success(serverMessage(result.data.message));
    setEditing(null);
  };

  const confirmDelete = async (address: Address) => {
    const result = await remove(address.id);
    setConfirming(null);
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(serverMessage(message));
      return;
    }
    notify.warning(t('addresses.deleted', { name: address.name }));
  };

  if (addresses.isLoading) return <Loading label={t('addresses.loading')} />;
  if (addresses.isError) return <EmptyState title={t('addresses.loadFailed')} />;
  const list = addresses.data ?? [];

  return (
    <section>
      <div className={styles.heading}>
        <h1>{t('addresses.title')}</h1>
        {editing?.kind !== 'new' && (
          <button type="button" className={styles.primary} onClick={() => setEditing({ kind: 'new' })}>
            {t('addresses.add')}
          </button>
        )}
      </div>
      {editing?.kind === 'new' && (
        <div className={styles.panel}>
          <h2>{t('addresses.new')}</h2>
          <AddressForm saving={creating.isLoading} onSave={(body) => void save(body)} onCancel={() => setEditing(null)} />
        </div>
      )}
      {list.length === 0 && editing?.kind !== 'new' ? (
        <EmptyState title={t('addresses.none')}>{t('addresses.noneHint')}</EmptyState>
      ) : (
        <ul className={styles.cards}>
          {list.map((address) => (
            <li key={address.id} className={styles.addressCard} data-testid="address-card">
              {editing?.kind === 'edit' && editing.id === address.id ? (
                <AddressForm
                  address={address}
                  saving={updating.isLoading}
                  onSave={(body) => void save(body, address)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <h2>{address.name}</h2>
                  <dl>
                    <dt>{t('addresses.email')}</dt>
                    <dd>{address.email}</dd>
                    <dt>{t('addresses.phone')}</dt>
                    <dd>{address.phone}</dd>
                    <dt>{t('addresses.street')}</dt>
                    <dd>{address.street_address}</dd>
                    {address.apartment && (
                      <>
                        <dt>{t('addresses.apartment')}</dt>
                        <dd>{address.apartment}</dd>
                      </>
                    )}
                    <dt>{t('addresses.town')}</dt>
                    <dd>{address.town}</dd>
                    <dt>{t('addresses.county')}</dt>
                    <dd>{address.county.name}</dd>
                    <dt>{t('addresses.subCounty')}</dt>
                    <dd>{address.sub_county.name}</dd>
                  </dl>
                  {confirming === address.id ? (
                    <div className={styles.actions} role="group" aria-label={t('addresses.confirmDelete')}>
                      <span>{t('addresses.deleteQuestion')}</span>
                      <button
                        type="button"
                        className={styles.danger}
                        disabled={removing.isLoading}
                        onClick={() => void confirmDelete(address)}
                      >
                        {t('addresses.yesDelete')}
                      </button>
                      <button type="button" className={styles.secondary} onClick={() => setConfirming(null)}>
                        {t('addresses.keep')}
                      </button>
                    </div>
                  ) : (
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => setEditing({ kind: 'edit', id: address.id })}
                        aria-label={t('addresses.editLabel', { name: address.name })}
                      >
                        {t('addresses.edit')}
                      </button>
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => setConfirming(address.id)}
                        aria-label={t('addresses.deleteLabel', { name: address.name })}
                      >
                        {t('addresses.delete')}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
