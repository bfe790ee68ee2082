import { Button, Space, Typography } from 'antd';

/** The spec's pagination: Prev, Next and 'Page X of Y'. */
export function Pager({
  page,
  lastPage,
  onChange,
  disabled,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}): JSX.Element {
  const last = Math.max(1, lastPage);
  return (
    <Space className="admin-pager" style={{ marginTop: 16 }}>
      <Button onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
        Prev
      </Button>
      <Typography.Text>{`Page ${page} of ${last}`}</Typography.Text>
      <Button onClick={() => onChange(page + 1)} disabled={disabled || page >= last}>
        Next
      </Button>
    </Space>
  );
}
