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
import styles from '../profile/profile.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** /profile/addresses: cards with the saved addresses, and working Add, Edit and Delete. */
export function AddressesPage(): JSX.Element {
  usePageMeta({ title: 'Addresses' });
  const addresses = useGetAddressesQuery();
  const [create, creating] = useCreateAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const [remove, removing] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const save = async (body: AddressBody, address?: Address) => {
    const result = address ? await update({ ...body, id: address.id }) : await create(body);
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(message);
      return;
    }
    notify.success(result.data.message);
    setEditing(null);
  };

  const confirmDelete = async (address: Address) => {
    const result = await remove(address.id);
    setConfirming(null);
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(message);
      return;
    }
    notify.warning(`${address.name}'s address deleted`);
  };

  if (addresses.isLoading) return <Loading label="Loading your addresses…" />;
  if (addresses.isError) return <EmptyState title="We could not load your addresses just now." />;
  const list = addresses.data ?? [];

  return (
    <section>
      <div className={styles.heading}>
        <h1>Addresses</h1>
        {editing?.kind !== 'new' && (
          <button type="button" className={styles.primary} onClick={() => setEditing({ kind: 'new' })}>
            Add Address
          </button>
        )}
      </div>
      {editing?.kind === 'new' && (
        <div className={styles.panel}>
          <h2>New address</h2>
          <AddressForm saving={creating.isLoading} onSave={(body) => void save(body)} onCancel={() => setEditing(null)} />
        </div>
      )}
      {list.length === 0 && editing?.kind !== 'new' ? (
        <EmptyState title="You have no saved addresses yet.">Add one to check out faster.</EmptyState>
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
                    <dt>Email</dt>
                    <dd>{address.email}</dd>
                    <dt>Phone</dt>
                    <dd>{address.phone}</dd>
                    <dt>Street</dt>
                    <dd>{address.street_address}</dd>
                    {address.apartment && (
                      <>
                        <dt>Apartment</dt>
                        <dd>{address.apartment}</dd>
                      </>
                    )}
                    <dt>Town</dt>
                    <dd>{address.town}</dd>
                    <dt>County</dt>
                    <dd>{address.county.name}</dd>
                    <dt>Sub County</dt>
                    <dd>{address.sub_county.name}</dd>
                  </dl>
                  {confirming === address.id ? (
                    <div className={styles.actions} role="group" aria-label="Confirm delete">
                      <span>Delete this address?</span>
                      <button
                        type="button"
                        className={styles.danger}
                        disabled={removing.isLoading}
                        onClick={() => void confirmDelete(address)}
                      >
                        Yes, delete
                      </button>
                      <button type="button" className={styles.secondary} onClick={() => setConfirming(null)}>
                        Keep it
                      </button>
                    </div>
                  ) : (
                    <div className={styles.actions}>
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => setEditing({ kind: 'edit', id: address.id })}
                        aria-label={`Edit address ${address.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className={styles.secondary}
                        onClick={() => setConfirming(address.id)}
                        aria-label={`Delete address ${address.name}`}
                      >
                        Delete
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
