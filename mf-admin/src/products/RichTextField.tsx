import { lazy, Suspense } from 'react';
import { Form, Skeleton } from 'antd';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import(/* webpackChunkName: "admin-editor" */ './RichTextEditor'));

/** A form control (value/onChange of HTML) that loads the editor on first use. */
export function RichTextField(props: Omit<RichTextEditorProps, 'invalid'>): JSX.Element {
  const { status } = Form.Item.useStatus();
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <RichTextEditor {...props} invalid={status === 'error'} />
    </Suspense>
  );
}
