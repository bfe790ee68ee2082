import { Alert, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { readApiError } from './errors';

export function Loading({ label = 'Loading' }: { label?: string }): JSX.Element {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 160 }} role="status" aria-label={label}>
      <Spin />
    </Flex>
  );
}

/** A failed load: the server's message (or a generic one) and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }): JSX.Element {
  const failure = readApiError(error, 'This could not be loaded. Please try again.');
  return <Alert type="error" showIcon title={failure.messages[0]} action={onRetry ? <a onClick={onRetry}>Try again</a> : undefined} />;
}

export function EmptyState({ description, children }: { description: string; children?: ReactNode }): JSX.Element {
  return (
    <Empty description={description} style={{ padding: '32px 0' }}>
      {children}
    </Empty>
  );
}
