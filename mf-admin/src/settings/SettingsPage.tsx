import { Alert, Card, Descriptions } from 'antd';
import { MINIMUM_ORDER_KSH, POINT_VALUE_KSH, POINTS_EARN_KSH_PER_POINT, SIGN_UP_POINTS } from '@shop/api-types';
import { ksh } from '../common/format';

/** /admin/settings: the shop's rules, read-only (the spec's sidebar entry had no target). */
export default function SettingsPage(): JSX.Element {
  return (
    <Card title="Shop settings">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="These rules are set in the services' configuration and apply to every order; they cannot be changed here."
      />
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label="Minimum order">{`${ksh(MINIMUM_ORDER_KSH)} after discounts`}</Descriptions.Item>
        <Descriptions.Item label="Shwari Points earned">{`1 point per KSh ${POINTS_EARN_KSH_PER_POINT} paid`}</Descriptions.Item>
        <Descriptions.Item label="Shwari Points value">{`1 point = ${ksh(POINT_VALUE_KSH)} at checkout`}</Descriptions.Item>
        <Descriptions.Item label="Sign-up bonus">{`${SIGN_UP_POINTS} points`}</Descriptions.Item>
        <Descriptions.Item label="Delivery">Free delivery across Kenya</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
