import { Button, Dropdown, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A table row's action menu (View, Edit, Archive…). Named by the word it shows, then the row
 * ("Action: SH-262561"), so a voice command "click Action" finds it (WCAG 2.5.3); the icon is
 * decoration, hidden so its name ("more") is not read as a word on the button.
 */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }): JSX.Element {
  const items: MenuProps['items'] = actions.map((action) => ({
    key: action.key,
    label: action.label,
    danger: action.danger,
    disabled: action.disabled,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          actions.find((action) => action.key === key)?.onClick();
        },
      }}
    >
      <Button icon={<MoreOutlined aria-hidden />} aria-label={`Action: ${label}`}>
        Action
      </Button>
    </Dropdown>
  );
}
