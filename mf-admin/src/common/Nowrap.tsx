import type { CSSProperties } from 'react';
import { Typography } from 'antd';
import { ksh } from './format';

/**
 * A price or a code is one word to the eye: in a table at 1366 px antd's cells break long words
 * ("KSh 135.0 / 0", a coupon code over two lines), so these never wrap and their column makes room.
 */
export const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** 'KSh 1,930.00' on one line. */
export function Money({ amount }: { amount: number | null | undefined }): JSX.Element {
  return <span style={NO_WRAP}>{ksh(amount)}</span>;
}

/** A coupon code as code, on one line, optionally with antd's copy button. */
export function CodeText({ code, copyable = false }: { code: string; copyable?: boolean }): JSX.Element {
  return (
    <Typography.Text code style={NO_WRAP} copyable={copyable ? { text: code } : false}>
      {code}
    </Typography.Text>
  );
}
